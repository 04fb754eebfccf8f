import { Fragment } from 'react'
import { formatQ } from '../../../shared/money'
import { cn } from '../../ui/cn'
import type { CartFigures } from '../cart-figures'

/**
 * The foot of 'Tu Pedido': Subtotal and Envío when there is a fee, each discount ('Código
 * MARTES -Q20', or an automatic promotion by its name), and the total. The figures are the
 * server's quote when it has answered (cart-figures.ts); while it is being asked, the total
 * is dimmed and marked busy.
 */
export function CartTotals({ figures, busy }: { figures: CartFigures; busy: boolean }) {
  const { subtotal, deliveryFee, discounts, total } = figures
  return (
    <>
      {(deliveryFee > 0 || discounts.length > 0) && (
        <dl className="grid grid-cols-[1fr_auto] gap-x-3 text-sm text-muted-foreground">
          <dt>Subtotal</dt>
          <dd className="text-right" data-testid="cart-subtotal">{formatQ(subtotal)}</dd>
          {deliveryFee > 0 && (
            <>
              <dt>Envío</dt>
              <dd className="text-right" data-testid="cart-fee">{formatQ(deliveryFee)}</dd>
            </>
          )}
          {discounts.map((d, i) => (
            <Fragment key={`${i}-${d.code ?? d.name}`}>
              <dt className="font-semibold text-success">{d.code ? `Código ${d.code}` : d.name}</dt>
              <dd className="text-right font-semibold text-success" data-testid="cart-discount">-{formatQ(d.amount)}</dd>
            </Fragment>
          ))}
        </dl>
      )}
      <p className="flex items-baseline justify-between text-lg font-bold" aria-busy={busy || undefined}>
        Total
        <span className={cn('font-display text-2xl text-primary transition-opacity', busy && 'opacity-50')} data-testid="cart-total">
          {formatQ(total)}
        </span>
      </p>
    </>
  )
}
