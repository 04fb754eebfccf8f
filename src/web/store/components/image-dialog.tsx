import { useState } from 'react'
import { responsiveImage } from '../../../shared/images'
import { formatQ } from '../../../shared/money'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog'
import type { StoreProduct } from '../../../shared/landing-data'
import { PLACEHOLDER_IMAGE } from './product-card'

type Props = { product: StoreProduct | null; onClose: () => void }

/** Enlarged view of a product photo. */
export function ImageDialog({ product, onClose }: Props) {
  // Keep the last product while the dialog animates closed, so it always has its title.
  const [shown, setShown] = useState(product)
  if (product !== null && product !== shown) setShown(product)
  const photo = responsiveImage(shown?.image ?? PLACEHOLDER_IMAGE)
  return (
    <Dialog open={product !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl gap-3 p-3 sm:p-4">
        {shown && (
          <>
            <img
              src={photo.src}
              srcSet={photo.srcSet}
              sizes={photo.srcSet ? '(min-width: 42rem) 640px, 100vw' /* max-w-2xl less padding */ : undefined}
              alt={shown.name}
              width={photo.width ?? 800}
              height={photo.height ?? 600}
              className="aspect-[4/3] w-full rounded-lg bg-accent object-cover"
            />
            <DialogHeader className="px-1 pb-1">
              <DialogTitle className="font-display text-2xl">{shown.name}</DialogTitle>
              <DialogDescription>
                {shown.priceGrande != null ? `Mediano ${formatQ(shown.price)} · Grande ${formatQ(shown.priceGrande)}` : formatQ(shown.price)}
              </DialogDescription>
            </DialogHeader>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
