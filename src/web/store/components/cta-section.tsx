import { MessageCircle } from 'lucide-react'
import type { StoreStatus } from '../../../shared/store-hours'
import { Button } from '../../ui/button'

/** `deliveryPromise`: the zones' real range (shared/delivery-estimate.ts); null when only pickup is offered. */
export function CtaSection({ onOrder, status, deliveryPromise }: { onOrder: () => void; status: StoreStatus; deliveryPromise: string | null }) {
  return (
    <section aria-labelledby="cta-title" className="bg-secondary py-14 text-secondary-foreground">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 text-center">
        <h2 id="cta-title" className="font-display text-3xl font-bold text-balance sm:text-4xl">
          ¿Ya se te antojaron?
        </h2>
        <p className="max-w-xl text-lg">
          Arma tu pedido y mándanoslo por WhatsApp. {deliveryPromise ? `${deliveryPromise} a domicilio, o pasa` : 'Pasa'} a recogerlo calientito.
        </p>
        <Button size="lg" onClick={onOrder} className="rounded-full px-8" disabled={!status.open} aria-describedby={status.open ? undefined : 'cta-closed'}>
          <MessageCircle aria-hidden="true" className="size-5!" /> Ordenar por WhatsApp
        </Button>
        {!status.open && (
          <p id="cta-closed" className="font-semibold">
            {status.message}
          </p>
        )}
      </div>
    </section>
  )
}
