import { resourceDialog } from '../../components/form/resource-dialog'
import { OptionGroupForm } from './option-group-form'

/** 'Nuevo Grupo de Opciones' / 'Editar Grupo de Opciones'; the form remounts on every open. */
export const OptionGroupDialog = resourceDialog(OptionGroupForm, 'group', {
  create: 'Nuevo Grupo de Opciones',
  edit: 'Editar Grupo de Opciones',
  description: 'Lo que el cliente elige al pedir un platillo (la leche de un café, la proteína de un plato). Un grupo sirve para varios productos.',
  className: 'max-w-2xl',
})
