import type { Ingredient, Product, ProductData } from '@/shared/schemas'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/ui/dialog'
import { ProductForm } from './product-form'

type Props = {
  open: boolean
  product: Product | null
  ingredients: Ingredient[]
  ingredientsLoading: boolean
  saving: boolean
  onOpenChange: (open: boolean) => void
  onSubmit: (data: ProductData) => void
}

/** 'Nuevo Producto' / 'Editar Producto'; the form remounts on every open. */
export function ProductDialog({ open, product, onOpenChange, ...rest }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{product ? 'Editar Producto' : 'Nuevo Producto'}</DialogTitle>
          <DialogDescription>Datos del producto tal como aparecen en el menú.</DialogDescription>
        </DialogHeader>
        <ProductForm key={product?.id ?? 'new'} product={product} {...rest} />
      </DialogContent>
    </Dialog>
  )
}
