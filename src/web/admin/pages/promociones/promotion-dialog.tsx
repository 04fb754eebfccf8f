import { resourceDialog } from '../../components/form/resource-dialog'
import { PromotionForm } from './promotion-form'

/** 'Nueva Promoción' / 'Editar Promoción'; the form remounts on every open. */
export const PromotionDialog = resourceDialog(PromotionForm, 'promotion', {
  create: 'Nueva Promoción',
  edit: 'Editar Promoción',
  description: 'Un código que tus clientes escriben o abren con su enlace, o una promoción automática que se aplica sola.',
  // scroll-pb: a field focused near the bottom scrolls clear of the sticky preview and buttons.
  className: 'max-w-2xl scroll-pb-40',
})
