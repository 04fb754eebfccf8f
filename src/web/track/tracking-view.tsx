/**
 * The customer's tracking page (/pedido/<token>), as the server renders it. Rendered on
 * the server only, for every request and every live update (the page's script swaps in
 * the newly rendered #tracking, web/track/live.ts): one renderer, no React in the browser.
 * It shows only what `Tracking` carries: never a phone, a name or a street address.
 */
import { Check, MessageCircle, Pencil, X } from 'lucide-react'
import { SIZE_LABELS } from '../../shared/cart'
import { FULFILMENT_LABELS } from '../../shared/checkout'
import { whatsappLink } from '../../shared/chat-link'
import { formatQ } from '../../shared/money'
import { optionPhrases } from '../../shared/options'
import type { OrderStatus } from '../../shared/order-status'
import { isFinalStatus } from '../../shared/order-status'
import type { PickupPlace } from '../../shared/store-profile'
import { TRACKING_STEPS, type Tracking, clockTime, customerStatusLabel, expectation, stepTimes, writeToRestaurantText } from '../../shared/tracking'
import { Fragment } from 'react'
import { Badge } from '../ui/badge'
import { buttonVariants } from '../ui/button'
import { Card } from '../ui/card'
import { cn } from '../ui/cn'
import { PickupPlaceLine } from '../store/components/pickup-place'

export type TrackingViewProps = {
  tracking: Tracking
  token: string
  /** The restaurant's order number (digits), for 'Escribir al restaurante'. */
  whatsappNumber: string
  /** When this view was rendered: the status is as of then. */
  renderedAt: Date
  /** Where to pick a pickup order up ('Tu restaurante'), when the owner gave the address. */
  pickup?: PickupPlace | null
}

const STATUS_BADGE: Record<OrderStatus, 'muted' | 'secondary' | 'success' | 'destructive' | 'default'> = {
  pending: 'muted',
  confirmed: 'secondary',
  preparing: 'secondary',
  ready: 'success',
  delivered: 'success',
  cancelled: 'destructive',
}

export function TrackingView({ tracking, token, whatsappNumber, renderedAt, pickup = null }: TrackingViewProps) {
  const { status, fulfilment } = tracking
  const label = customerStatusLabel(status, fulfilment)
  const expected = expectation(tracking, renderedAt)
  const final = isFinalStatus(status)
  return (
    <main
      id="tracking"
      data-token={token}
      data-status={status}
      data-final={final ? 'true' : 'false'}
      className="mx-auto flex w-full max-w-lg flex-col gap-4 px-4 py-6"
    >
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-bold">Pedido #{tracking.number}</h1>
        <p className="flex flex-wrap items-center gap-2" aria-live="polite">
          <span className="sr-only">Estado:</span>
          <Badge variant={STATUS_BADGE[status]} className="px-3 py-1 text-base" data-testid="tracking-status">
            {label}
          </Badge>
          {expected && <span className="text-sm font-semibold text-foreground">{expected}</span>}
        </p>
      </header>

      {status === 'cancelled' ? (
        <div role="alert" className="rounded-xl border border-destructive/30 bg-destructive/10 p-4 text-destructive" data-testid="tracking-cancelled">
          <p className="flex items-center gap-2 font-bold">
            <X aria-hidden="true" className="size-5" /> Este pedido fue cancelado
          </p>
          <p className="mt-1 text-sm text-foreground">Si no esperabas esto, escríbenos y lo resolvemos.</p>
        </div>
      ) : null}

      <Card className="p-4">
        <h2 className="sr-only">Seguimiento</h2>
        <Timeline tracking={tracking} />
      </Card>

      <Card className="p-4">
        <h2 className="mb-2 font-bold">Tu pedido</h2>
        <Changes changes={tracking.changes} />
        <ul className="divide-y divide-border" data-testid="tracking-lines">
          {tracking.items.map((line, index) => (
            <li key={`${index}-${line.name}`} className="flex justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-semibold">
                  {line.quantity} × {line.name}
                  {line.size && <span className="font-normal text-muted-foreground"> ({SIZE_LABELS[line.size]})</span>}
                </p>
                <LineDetails line={line} />
              </div>
              <p className="shrink-0 font-semibold">{formatQ(line.lineTotal)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t border-border pt-2 text-sm" data-testid="tracking-totals">
          {(tracking.deliveryFee > 0 || tracking.discounts.length > 0) && (
            <>
              <dt className="text-muted-foreground">Subtotal</dt>
              <dd className="text-right">{formatQ(tracking.subtotal)}</dd>
            </>
          )}
          {tracking.deliveryFee > 0 && (
            <>
              <dt className="text-muted-foreground">Envío</dt>
              <dd className="text-right">{formatQ(tracking.deliveryFee)}</dd>
            </>
          )}
          {/* As the chat text says them: 'Descuento (MARTES) -Q20'; an automatic promotion by its name. */}
          {tracking.discounts.map((d, i) => (
            <Fragment key={`${i}-${d.code ?? d.name}`}>
              <dt className="font-semibold text-success">Descuento ({d.code ?? d.name})</dt>
              <dd className="text-right font-semibold text-success" data-testid="tracking-discount">-{formatQ(d.amount)}</dd>
            </Fragment>
          ))}
          <dt className="text-base font-bold">Total</dt>
          <dd className="text-right font-display text-xl font-bold text-primary">{formatQ(tracking.total)}</dd>
        </dl>
      </Card>

      <Card className="p-4">
        <h2 className="mb-1 font-bold">Entrega</h2>
        <p data-testid="tracking-fulfilment">
          {fulfilment === 'delivery' ? `${FULFILMENT_LABELS.delivery}${tracking.zoneName ? ` · ${tracking.zoneName}` : ''}` : FULFILMENT_LABELS.pickup}
        </p>
        {fulfilment !== 'delivery' && pickup && (
          <PickupPlaceLine place={pickup} className="mt-1" testId="tracking-pickup" />
        )}
      </Card>

      <a
        href={whatsappLink(whatsappNumber, writeToRestaurantText(tracking.number))}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonVariants({ variant: 'success', size: 'lg' })}
      >
        <MessageCircle aria-hidden="true" /> Escribir al restaurante
      </a>

      <p className="text-center text-xs text-muted-foreground" data-testid="tracking-as-of">
        {final ? `Estado a las ${clockTime(renderedAt.toISOString())}.` : `Estado a las ${clockTime(renderedAt.toISOString())}. Esta página se actualiza sola.`}
      </p>
    </main>
  )
}

/** Every step of an order that goes well, with the time it was reached; a cancelled order ends at the cancellation. */
function Timeline({ tracking }: { tracking: Tracking }) {
  const times = stepTimes(tracking.statusHistory)
  const cancelled = tracking.status === 'cancelled'
  const reachedIndex = cancelled ? -1 : TRACKING_STEPS.indexOf(tracking.status)
  const steps = cancelled ? TRACKING_STEPS.filter((step) => times[step]) : TRACKING_STEPS
  return (
    <ol className="flex flex-col" data-testid="tracking-timeline">
      {steps.map((step, i) => {
        const at = times[step]
        const reached = cancelled || TRACKING_STEPS.indexOf(step) <= reachedIndex
        const current = !cancelled && step === tracking.status
        return (
          <Step key={step} label={customerStatusLabel(step, tracking.fulfilment)} at={reached && at ? clockTime(at) : null} reached={reached} current={current} last={!cancelled && i === steps.length - 1} />
        )
      })}
      {cancelled && <Step label="Cancelado" at={times.cancelled ? clockTime(times.cancelled) : null} reached current cancelled last />}
    </ol>
  )
}

function Step({ label, at, reached, current, cancelled = false, last }: { label: string; at: string | null; reached: boolean; current: boolean; cancelled?: boolean; last: boolean }) {
  return (
    <li className="relative flex gap-3 pb-4 last:pb-0" data-step={label} data-reached={reached ? 'true' : 'false'} aria-current={current ? 'step' : undefined}>
      {!last && <span aria-hidden="true" className={cn('absolute top-7 left-3 h-[calc(100%-1.75rem)] w-0.5 -translate-x-1/2', reached ? 'bg-success' : 'bg-border')} />}
      <span
        aria-hidden="true"
        className={cn(
          'relative z-10 flex size-6 shrink-0 items-center justify-center rounded-full border-2',
          cancelled ? 'border-destructive bg-destructive text-destructive-foreground' : reached ? 'border-success bg-success text-success-foreground' : 'border-input bg-card',
        )}
      >
        {cancelled ? <X className="size-3.5" /> : reached ? <Check className="size-3.5" /> : null}
      </span>
      <p className={cn('flex flex-1 items-baseline justify-between gap-2', reached ? 'text-foreground' : 'text-muted-foreground', current && 'font-bold')}>
        <span>
          {label}
          {!reached && <span className="sr-only"> (pendiente)</span>}
        </span>
        <span className="text-sm tabular-nums">{at ?? ''}</span>
      </p>
    </li>
  )
}

/**
 * What staff changed after the order was placed (issue #34): 'Actualizado 12:10' (the last
 * change, on the restaurant's clock), and each change's summary, oldest first. Nothing when
 * the order is as it was placed.
 */
function Changes({ changes }: { changes: Tracking['changes'] }) {
  const last = changes[changes.length - 1]
  if (!last) return null
  return (
    <div className="mb-3 rounded-lg border border-secondary bg-accent p-3 text-accent-foreground" data-testid="tracking-changes">
      <p className="flex items-center gap-2 font-bold">
        <Pencil aria-hidden="true" className="size-4 shrink-0" /> Actualizado {clockTime(last.at)}
      </p>
      <ul className="mt-1 flex flex-col gap-1 text-sm">
        {changes.map((change, i) => (
          <li key={`${i}-${change.at}`}>
            {changes.length > 1 && <span className="font-semibold tabular-nums">{clockTime(change.at)} · </span>}
            {change.summary}
          </li>
        ))}
      </ul>
    </div>
  )
}

function LineDetails({ line }: { line: Tracking['items'][number] }) {
  const c = line.customization
  const rows = [
    c?.sauce && `Salsa: ${c.sauce.name}${c.sauceOnSide ? ' (por aparte)' : ''}`,
    c && c.extras.length > 0 && `Extras: ${c.extras.map((e) => e.name).join(', ')}`,
    c && c.removed.length > 0 && `Sin: ${c.removed.map((r) => r.name).join(', ')}`,
    // Option groups (issue #32), as ordered: 'Leche: Almendra (+Q5)'.
    ...optionPhrases(line.options ?? []),
  ].filter((row): row is string => typeof row === 'string')
  if (rows.length === 0) return null
  return (
    <>
      {rows.map((row) => (
        <p key={row} className="text-sm text-muted-foreground">
          {row}
        </p>
      ))}
    </>
  )
}

/** Shown for a key that opens nothing (or too many tries): the same page frame, no order. */
export function TrackingMissing({ message }: { message: string }) {
  return (
    <main id="tracking" data-final="true" className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="font-display text-3xl font-bold">Pedido no encontrado</h1>
      <p className="text-muted-foreground">{message}</p>
      <a href="/" className={buttonVariants({ variant: 'default' })}>
        Ver el menú
      </a>
    </main>
  )
}
