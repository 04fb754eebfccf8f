import { MapPin } from 'lucide-react'
import type { PickupPlace } from '../../../shared/store-profile'

/**
 * Where a pickup customer goes: the restaurant's address and its map link ('Tu restaurante',
 * issue #41). Shown by the pickup choice in Tu Pedido, 'Zonas de entrega', 'Nosotros' and the
 * tracking page.
 */
export function PickupPlaceLine({ place, className = '', testId = 'pickup-place' }: { place: PickupPlace; className?: string; testId?: string }) {
  return (
    <p className={`grid grid-cols-[auto_1fr] items-start gap-x-2 ${className}`} data-testid={testId}>
      <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0" />
      <span>{`Recoger en: ${place.address}`}</span>
      {place.mapUrl && (
        <a href={place.mapUrl} target="_blank" rel="noopener noreferrer" className="col-start-2 inline-flex min-h-11 w-fit items-center font-semibold underline underline-offset-4">
          Ver en el mapa
        </a>
      )}
    </p>
  )
}
