import { Clock, ImageOff, Utensils } from 'lucide-react'
import { responsiveImage } from '@/shared/images'
import { formatQ } from '@/shared/money'
import type { Product } from '@/shared/schemas'
import { windowsLabel } from '@/shared/service-windows'
import { Badge } from '@/web/ui/badge'
import { Card } from '@/web/ui/card'
import { Switch } from '@/web/ui/switch'
import { EditDeleteActions } from '../../components/edit-delete-actions'

type Props = {
  product: Product
  deleting: boolean
  /** Absent for a 'Cocina / caja' account: it may only switch 'Agotado'. */
  onEdit?: () => void
  onDelete?: () => void
  onAvailable: (available: boolean) => void
  /** The names of the option groups it asks for, in order (issue #32). */
  optionGroupNames?: readonly string[]
  /** Portions left today (GET /api/menu/remaining); undefined without a limit or until it is known. */
  left?: number
}
/** The list is 1, 2 (sm) or 3 (xl) columns wide (productos-page.tsx). */
const CARD_IMAGE_SIZES = '(min-width: 1280px) 33vw, (min-width: 640px) 50vw, 100vw'

/** 'Quedan 2 de 3 hoy', 'Agotado por hoy'; '3 por día' until today's count is known. */
function portionsText(dailyLimit: number, left: number | undefined): string {
  if (left === undefined) return `${dailyLimit} por día`
  return left <= 0 ? 'Agotado por hoy' : `${left === 1 ? 'Queda' : 'Quedan'} ${left} de ${dailyLimit} hoy`
}

/**
 * A dish as the owner manages it, saying what the storefront says of it (issue #40): its
 * portions left today, 'Agotado por hoy' when none are, and its own hours when it has them.
 * The switch stays the owner's own 'Agotado', which holds past today: while today's portions
 * are gone it is on but says 'Vuelve mañana', never a green 'Disponible' the store does not show.
 */
export function ProductCard({ product, deleting, onEdit, onDelete, onAvailable, optionGroupNames = [], left }: Props) {
  const limited = product.dailyLimit !== null && product.dailyLimit !== undefined
  const soldOutToday = product.available && limited && left !== undefined && left <= 0
  const status = !product.available ? 'Agotado' : soldOutToday ? 'Vuelve mañana' : 'Disponible'
  const hours = product.windows ? windowsLabel(product.windows) : ''
  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid="admin-product-card">
      {product.image ? (
        <img {...responsiveImage(product.image)} sizes={CARD_IMAGE_SIZES} alt="" className="h-40 w-full object-cover" loading="lazy" />
      ) : (
        <div className="flex h-40 items-center justify-center bg-muted text-muted-foreground">
          <ImageOff aria-hidden="true" className="size-8" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-bold leading-tight">{product.name}</h3>
          {!product.available ? <Badge variant="destructive">Agotado</Badge> : null}
        </div>
        <p className="line-clamp-3 text-sm text-muted-foreground">{product.description}</p>
        <dl className="grid gap-0.5 text-sm">
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Precio Mediano</dt>
            <dd className="font-semibold">{formatQ(product.price)}</dd>
          </div>
          {product.priceGrande !== null ? (
            <div className="flex justify-between gap-2">
              <dt className="text-muted-foreground">Precio Grande</dt>
              <dd className="font-semibold">{formatQ(product.priceGrande)}</dd>
            </div>
          ) : null}
        </dl>
        {limited || hours ? (
          <ul className="grid gap-1 text-sm">
            {limited ? (
              <li className={soldOutToday ? 'flex items-start gap-2 font-semibold text-destructive' : 'flex items-start gap-2'}>
                <Utensils aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span data-testid="product-portions">{portionsText(product.dailyLimit ?? 0, left)}</span>
              </li>
            ) : null}
            {hours ? (
              <li className="flex items-start gap-2">
                <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span data-testid="product-hours">{hours}</span>
              </li>
            ) : null}
          </ul>
        ) : null}
        {optionGroupNames.length > 0 ? (
          <p className="text-sm">
            <span className="text-muted-foreground">Opciones: </span>
            {optionGroupNames.join(', ')}
          </p>
        ) : null}
        <label className="mt-auto flex items-center gap-2 pt-2 text-sm font-medium">
          <Switch checked={product.available} onCheckedChange={onAvailable} aria-label={`${product.name} disponible`} />
          <span data-testid="product-status">{status}</span>
        </label>
        {onEdit && onDelete ? <EditDeleteActions name={product.name} onEdit={onEdit} onDelete={onDelete} deleting={deleting} /> : null}
      </div>
    </Card>
  )
}
