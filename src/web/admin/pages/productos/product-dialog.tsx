import { resourceDialog } from '../../components/form/resource-dialog'
import { ProductForm } from './product-form'

/** 'Nuevo Producto' / 'Editar Producto'; the form remounts on every open. */
export const ProductDialog = resourceDialog(ProductForm, 'product', {
  create: 'Nuevo Producto',
  edit: 'Editar Producto',
  description: 'Datos del producto tal como aparecen en el menú.',
  className: 'max-w-2xl',
})
