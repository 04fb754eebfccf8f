import { resourceDialog } from '../../components/form/resource-dialog'
import { ZoneForm } from './zone-form'

/** 'Nueva Zona' / 'Editar Zona'. The form remounts on every open, so closing resets it. */
export const ZoneDialog = resourceDialog(ZoneForm, 'zone', {
  create: 'Nueva Zona',
  edit: 'Editar Zona',
  description: 'Zona de entrega a domicilio y su costo de envío.',
})
