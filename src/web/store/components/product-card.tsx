import { Check, Plus } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { unitPrice, type Size } from '../../../shared/cart'
import { responsiveImage } from '../../../shared/images'
import { formatQ } from '../../../shared/money'
import { Button } from '../../ui/button'
import { Card } from '../../ui/card'
import { cn } from '../../ui/cn'
import type { StoreProduct } from '../../../shared/landing-data'
import { loadDrawer, opensDrawer } from '../customisable'
import { fewLeftLabel, leftOf, useRemaining } from '../remaining-store'
import { SizeSelector } from './size-selector'

/** SPEC: descriptions longer than this get a read more / read less toggle on phones. */
const READ_MORE_THRESHOLD = 80

export const PLACEHOLDER_IMAGE = '/images/products/placeholder.svg'
/** Card width: one column on phones, two from sm, three (≤ 370 px) from lg (menu-section.tsx). */
const CARD_IMAGE_SIZES = '(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw'

type Props = {
  product: StoreProduct
  /** Images of the first row load eagerly; the rest lazily. */
  eager?: boolean
  onAdd: (product: StoreProduct, size: Size) => void
  onViewImage: (product: StoreProduct) => void
  /** The dish's hours, 'Disponible de 7:00 a 11:00' (issue #31); none: whenever open. */
  hours?: string
  /** Outside its hours at the time an order placed now is for: shown, not addable. */
  outsideHours?: boolean
}

export function ProductCard({ product, eager, onAdd, onViewImage, hours, outsideHours = false }: Props) {
  const [size, setSize] = useState<Size>('mediano')
  const [expanded, setExpanded] = useState(false)
  const [justAdded, setJustAdded] = useState(false)
  const descriptionId = useId()
  const long = product.description.length > READ_MORE_THRESHOLD
  // Chilaquiles (the SPEC's customisation) and any product with option groups open the drawer.
  const customisable = opensDrawer(product)
  // Portions per day (issue #31): known after hydration; none left is sold out until tomorrow.
  const left = leftOf(useRemaining(), product.id)
  const fewLeft = fewLeftLabel(left)
  // Sold out: still on the menu (customers see what the restaurant makes), greyed, nothing to add.
  const soldOut = !product.available || left === 0

  useEffect(() => {
    if (!justAdded) return
    const timer = setTimeout(() => setJustAdded(false), 1500)
    return () => clearTimeout(timer)
  }, [justAdded])

  const add = () => {
    if (outsideHours) return
    onAdd(product, size)
    if (!customisable) setJustAdded(true)
  }

  const photo = responsiveImage(product.image ?? PLACEHOLDER_IMAGE)
  return (
    <Card className="relative flex h-full flex-col overflow-hidden" data-testid="product-card" data-product-id={product.id} data-sold-out={soldOut || undefined} data-portions-left={left} data-outside-hours={outsideHours || undefined}>
      {soldOut && (
        <span className="absolute top-3 left-3 z-10 rounded-full bg-night px-3 py-1 text-xs font-bold tracking-wide text-night-foreground uppercase shadow">
          Agotado
        </span>
      )}
      {fewLeft && !soldOut && (
        <span className="absolute top-3 left-3 z-10 rounded-full bg-primary px-3 py-1 text-xs font-bold tracking-wide text-primary-foreground uppercase shadow" data-testid="portions-left" role="status">
          {fewLeft}
        </span>
      )}
      <button
        type="button"
        onClick={() => onViewImage(product)}
        aria-label={`Ver imagen grande de ${product.name}`}
        className={cn('block aspect-[4/3] cursor-zoom-in overflow-hidden bg-accent', (soldOut || outsideHours) && 'opacity-60 grayscale')}
      >
        <img
          src={photo.src}
          srcSet={photo.srcSet}
          sizes={photo.srcSet ? CARD_IMAGE_SIZES : undefined}
          alt=""
          width={photo.width ?? 400}
          height={photo.height ?? 300}
          loading={eager ? 'eager' : 'lazy'}
          className="size-full object-cover transition-transform duration-300 hover:scale-105"
        />
      </button>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className={cn('font-display text-xl leading-tight font-bold', soldOut && 'text-muted-foreground')}>{product.name}</h3>
        {hours && !soldOut && (
          <p className={cn('-mt-1 text-sm font-semibold', outsideHours ? 'text-muted-foreground' : 'text-primary')} data-testid="product-hours">
            {hours}
          </p>
        )}
        <div>
          <p id={descriptionId} className={cn('text-sm text-muted-foreground', long && !expanded && 'line-clamp-2 md:line-clamp-none')}>
            {product.description}
          </p>
          {long && (
            <button
              type="button"
              onClick={() => setExpanded((v) => !v)}
              aria-expanded={expanded}
              aria-controls={descriptionId}
              // A finger's target (44 px tall) though the words are small.
              className="-mb-2 inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-primary underline-offset-4 hover:underline md:hidden"
            >
              {expanded ? 'Ver menos' : 'Ver más'}
            </button>
          )}
        </div>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
          {product.priceGrande != null && !soldOut ? (
            <SizeSelector name={`size-${product.id}`} label={`Tamaño de ${product.name}`} value={size} onChange={setSize} />
          ) : (
            <span />
          )}
          <p className={cn('font-display text-2xl font-bold', soldOut ? 'text-muted-foreground line-through' : 'text-primary')} data-testid="product-price">
            {formatQ(unitPrice(product, size))}
          </p>
        </div>
        {soldOut ? (
          <p className="rounded-md border border-dashed border-input py-2 text-center text-sm font-semibold text-muted-foreground">Agotado por hoy</p>
        ) : outsideHours ? (
          <p className="rounded-md border border-dashed border-input py-2 text-center text-sm font-semibold text-muted-foreground" role="status">
            Fuera de horario
          </p>
        ) : (
          <Button
            onClick={add}
            // The drawer's chunk starts downloading as the finger lands, before the tap ends.
            onPointerDown={customisable ? () => void loadDrawer().catch(() => {}) : undefined}
            aria-label={`Agregar ${product.name}`}
            className="w-full"
            variant={justAdded ? 'success' : 'default'}
          >
            {justAdded ? <Check aria-hidden="true" /> : <Plus aria-hidden="true" />}
            {justAdded ? 'Agregado' : 'Agregar'}
          </Button>
        )}
      </div>
    </Card>
  )
}
