import { Bike, Clock, Store } from 'lucide-react'
import type { DeliveryZone } from '../../../shared/checkout'
import { formatQ } from '../../../shared/money'
import type { PickupPlace } from '../../../shared/store-profile'
import { PickupPlaceLine } from './pickup-place'

/**
 * 'Zonas de entrega' (the footer links here): the active zones with their fee and time, from Zonas in the admin,
 * and where to pick an order up when the owner gave the address ('Tu restaurante').
 */
export function DeliveryZonesSection({ zones, pickup = null }: { zones: readonly DeliveryZone[]; pickup?: PickupPlace | null }) {
  return (
    <section id="zonas" aria-labelledby="zonas-title" className="scroll-mt-20 bg-muted py-14">
      <div className="mx-auto max-w-6xl px-4">
        <div className="mb-8 text-center">
          <h2 id="zonas-title" className="font-display text-3xl font-bold sm:text-4xl">
            Zonas de entrega
          </h2>
          <p className="mt-2 text-muted-foreground">
            {zones.length > 0 ? 'Te lo llevamos calientito a estas zonas. También puedes pasar a recogerlo.' : 'Por ahora no hacemos entregas a domicilio.'}
          </p>
        </div>
        {zones.length > 0 ? (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="delivery-zones">
            {zones.map((zone) => (
              <li key={zone.id} className="flex items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-sm">
                <Bike aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <div className="min-w-0">
                  <p className="font-semibold">{zone.name}</p>
                  <p className="text-sm text-muted-foreground">{`Costo de envío ${formatQ(zone.deliveryCost)}`}</p>
                  {zone.estimatedTime && (
                    <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
                      <Clock aria-hidden="true" className="size-3.5" /> {`Tiempo estimado ${zone.estimatedTime}`}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mx-auto flex max-w-md items-center justify-center gap-2 rounded-xl border border-border bg-card p-4 text-center">
            <Store aria-hidden="true" className="size-5 shrink-0 text-primary" /> Pasa a recoger tu pedido al local.
          </p>
        )}
        {pickup && (
          <div className="mt-6 flex justify-center">
            <PickupPlaceLine place={pickup} className="max-w-xl rounded-xl border border-border bg-card px-4 py-2" />
          </div>
        )}
      </div>
    </section>
  )
}
