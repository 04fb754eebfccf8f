import { formatQ } from '../../../shared/money'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog'
import type { StoreProduct } from '../page-data'
import { PLACEHOLDER_IMAGE } from './product-card'

type Props = { product: StoreProduct | null; onClose: () => void }

/** Enlarged view of a product photo. */
export function ImageDialog({ product, onClose }: Props) {
  return (
    <Dialog open={product !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl gap-3 p-3 sm:p-4">
        {product && (
          <>
            <img src={product.image ?? PLACEHOLDER_IMAGE} alt={product.name} width="800" height="600" className="aspect-[4/3] w-full rounded-lg bg-accent object-cover" />
            <DialogHeader className="px-1 pb-1">
              <DialogTitle className="font-display text-2xl">{product.name}</DialogTitle>
              <DialogDescription>
                {product.priceGrande != null ? `Mediano ${formatQ(product.price)} · Grande ${formatQ(product.priceGrande)}` : formatQ(product.price)}
              </DialogDescription>
            </DialogHeader>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
