import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ArrowRight, CalendarClock, MapPin, MessageCircle, Pencil, Phone, Printer } from 'lucide-react'
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { SIZE_LABELS } from '@/shared/cart'
import { formatQ } from '@/shared/money'
import { optionPhrases } from '@/shared/options'
import { type OrderStatus, nextStatuses, statusLabel } from '@/shared/order-status'
import type { Order, OrderLine } from '@/shared/schemas'
import { whatsappLink } from '@/shared/chat-link'
import { scheduledLabel } from '@/shared/order-slots'
import { formatPhone, telHref } from '@/shared/phone'
import { notifyText } from '@/shared/tracking'
import { Badge } from '@/web/ui/badge'
import { Button, buttonVariants } from '@/web/ui/button'
import { SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '@/web/ui/sheet'
import { toast } from '@/web/ui/use-toast'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { api, call, serverMessage } from '../../lib/api'
import { ORDERS_KEY } from '../../lib/query-keys'
import { SOURCE_LABELS, customerText, formatOrderTime, fulfilmentText, paymentText } from './order-board'
import { isEditable } from './order-edit-lines'
import { replaceCachedOrder } from './order-queries'
import { OrderStatusBadge } from './order-status-badge'
import { printTicket } from './print-ticket'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-1.5 border-t border-border pt-4">
      <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h3>
      {children}
    </section>
  )
}

function LineItem({ line }: { line: OrderLine }) {
  const c = line.customization
  // The option groups' choices first ('Leche: Almendra (+Q5)'), as the chat text says them; names and prices as ordered.
  const details: string[] = optionPhrases(line.options ?? [])
  if (c?.sauce) details.push(`Salsa: ${c.sauce.name}${c.sauceOnSide ? ' (por aparte)' : ''}`)
  else if (c?.sauceOnSide) details.push('Salsa por aparte')
  if (c && c.extras.length > 0) details.push(`Extras: ${c.extras.map((e) => (e.price > 0 ? `${e.name} (+${formatQ(e.price)})` : e.name)).join(', ')}`)
  if (c && c.removed.length > 0) details.push(`Sin: ${c.removed.map((r) => r.name).join(', ')}`)
  if (line.notes) details.push(`Nota: ${line.notes}`)
  return (
    <li className="grid gap-0.5">
      <div className="flex items-baseline justify-between gap-3">
        <span className="font-medium">
          {line.quantity} × {line.name}
          {line.size ? ` (${SIZE_LABELS[line.size]})` : ''}
        </span>
        <span className="shrink-0 font-semibold">{formatQ(line.lineTotal)}</span>
      </div>
      {details.map((d) => (
        <p key={d} className="text-sm text-muted-foreground">
          {d}
        </p>
      ))}
    </li>
  )
}

/**
 * PATCH /api/orders/:id/status; the answer replaces every cached copy of the order at once.
 * The counters and the active list follow with this move's own event (the server sends it
 * to every open board, this one too).
 */
function useMoveOrder(order: Order) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (status: OrderStatus) => call(api.orders({ id: order.id }).status.patch({ status })),
    // No toast on success: the badge and the buttons change in front of the owner's eyes.
    onSuccess: (moved) => replaceCachedOrder(queryClient, moved),
    onError: (error) => {
      // Someone else may have moved it first (409): show the order as it is now (the sheet's own read is among those refetched).
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY })
      toast({ title: 'Error', description: serverMessage(error, 'No se pudo cambiar el estado del pedido'), variant: 'destructive' })
    },
  })
}

// Its own chunk (the storefront's drawer and rows come with it): loaded when staff first edit an order.
const OrderEditor = lazy(() => import('./order-editor').then((m) => ({ default: m.OrderEditor })))

/**
 * The inside of the order's sheet: the order's detail, or 'Editar pedido' (issue #34) in its
 * place while staff change it; back on the detail, focus returns to 'Editar pedido'.
 */
export function OrderDetail({ order, now }: { order: Order; now?: Date }) {
  // Each editing session starts from the order as it is then ('Empezar de nuevo' starts another).
  const [editing, setEditing] = useState<number | null>(null)
  const editButton = useRef<HTMLButtonElement>(null)
  const wasEditing = useRef(false)
  useEffect(() => {
    if (editing === null && wasEditing.current) editButton.current?.focus()
    wasEditing.current = editing !== null
  }, [editing])

  if (editing !== null) {
    return (
      <Suspense
        fallback={
          <SheetHeader>
            <SheetTitle>Editar pedido #{order.number}</SheetTitle>
            <SheetDescription role="status">Cargando…</SheetDescription>
          </SheetHeader>
        }
      >
        <OrderEditor key={editing} order={order} onClose={() => setEditing(null)} onRestart={() => setEditing((n) => (n ?? 0) + 1)} />
      </Suspense>
    )
  }
  return <OrderView order={order} now={now} editButton={editButton} onEdit={() => setEditing(1)} />
}

/** Who changed the order, when and what (issue #34), oldest first as the history reads. */
function Changes({ order, now }: { order: Order; now?: Date }) {
  return (
    <Section title="Cambios">
      <ol aria-label="Cambios del pedido" className="grid gap-2 text-sm">
        {order.changes.map((change, i) => (
          <li key={`${i}-${change.at}`} className="grid gap-0.5" data-testid="order-change">
            <p className="flex justify-between gap-3 text-muted-foreground">
              <span>{change.by ?? 'Sin nombre'}</span>
              <time dateTime={change.at}>{formatOrderTime(change.at, now)}</time>
            </p>
            <p>{change.summary}</p>
          </li>
        ))}
      </ol>
    </Section>
  )
}

function OrderView({ order, now, editButton, onEdit }: { order: Order; now?: Date; editButton: RefObject<HTMLButtonElement | null>; onEdit: () => void }) {
  const move = useMoveOrder(order)
  const [confirmCancel, setConfirmCancel] = useState(false)
  const next = nextStatuses(order.status)
  const forward = next.find((s) => s !== 'cancelled')
  const canCancel = next.includes('cancelled')
  const payment = paymentText(order)
  const lastChange = order.changes.at(-1)

  return (
    <>
      <SheetHeader className="border-b border-border">
        <div className="flex flex-wrap items-center gap-2">
          <SheetTitle>Pedido #{order.number}</SheetTitle>
          <OrderStatusBadge status={order.status} fulfilment={order.fulfilment} />
          {lastChange ? (
            <Badge variant="secondary" data-testid="changed-badge">
              Modificado {formatOrderTime(lastChange.at, now)}
            </Badge>
          ) : null}
        </div>
        <SheetDescription>
          {formatOrderTime(order.createdAt, now)} · {SOURCE_LABELS[order.source]}
        </SheetDescription>
        {order.scheduledFor ? (
          <p className="flex items-center gap-1.5 font-semibold text-primary" data-testid="scheduled-for">
            <CalendarClock aria-hidden="true" className="size-4" />
            Para: {scheduledLabel(order.scheduledFor, now ?? new Date())}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2 pt-1">
          {isEditable(order) ? (
            <Button ref={editButton} variant="outline" size="sm" onClick={onEdit}>
              <Pencil aria-hidden="true" /> Editar pedido
            </Button>
          ) : null}
          <Button variant="outline" size="sm" onClick={() => printTicket(order.id)}>
            <Printer aria-hidden="true" /> Imprimir
          </Button>
          {order.customerPhone ? (
            <a
              href={whatsappLink(order.customerPhone, notifyText(order, window.location.origin, now))}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'success', size: 'sm' })}
            >
              <MessageCircle aria-hidden="true" /> Avisar por WhatsApp
            </a>
          ) : null}
        </div>
      </SheetHeader>

      {/* Scrolls on a phone: focusable, so a keyboard can scroll it too. */}
      <div className="grid flex-1 content-start gap-4 overflow-y-auto px-5 py-4" tabIndex={0} role="region" aria-label="Detalle del pedido">
        <section className="grid gap-1">
          <h3 className="sr-only">Cliente</h3>
          <p className="text-lg font-semibold">{customerText(order)}</p>
          {order.customerPhone ? (
            <a href={telHref(order.customerPhone)} className="inline-flex items-center gap-1.5 text-sm text-primary underline-offset-4 hover:underline">
              <Phone aria-hidden="true" className="size-4" />
              {formatPhone(order.customerPhone)}
            </a>
          ) : null}
        </section>

        <Section title="Entrega">
          <p className="flex items-center gap-1.5 font-medium">
            <MapPin aria-hidden="true" className="size-4 text-primary" />
            {fulfilmentText(order)}
          </p>
          {order.address ? <p>{order.address}</p> : null}
          {order.addressReference ? <p className="text-sm text-muted-foreground">Referencia: {order.addressReference}</p> : null}
        </Section>

        <Section title="Productos">
          <ul className="grid gap-3">
            {order.items.map((line, i) => (
              <LineItem key={`${i}-${line.name}`} line={line} />
            ))}
          </ul>
          <dl className="mt-2 grid gap-1 border-t border-dashed border-border pt-2 text-sm">
            {order.deliveryFee > 0 || order.discounts.length > 0 ? (
              <div className="flex justify-between">
                <dt className="text-muted-foreground">Subtotal</dt>
                <dd>{formatQ(order.subtotal)}</dd>
              </div>
            ) : null}
            {order.deliveryFee > 0 ? (
              <div className="flex justify-between">
                <dt className="text-muted-foreground">Envío</dt>
                <dd>{formatQ(order.deliveryFee)}</dd>
              </div>
            ) : null}
            {/* The promotions given (issue #33), as the chat text and the ticket name them. */}
            {order.discounts.map((d, i) => (
              <div key={`${i}-${d.name}`} className="flex justify-between" data-testid="order-discount">
                <dt className="text-muted-foreground">Descuento ({d.code ?? d.name})</dt>
                <dd>-{formatQ(d.amount)}</dd>
              </div>
            ))}
            <div className="flex justify-between text-base font-bold">
              <dt>Total</dt>
              <dd>{formatQ(order.total)}</dd>
            </div>
          </dl>
        </Section>

        {order.changes.length > 0 ? <Changes order={order} now={now} /> : null}

        {payment ? (
          <Section title="Pago">
            <p>{payment}</p>
          </Section>
        ) : null}

        {order.notes ? (
          <Section title="Notas">
            <p className="whitespace-pre-line">{order.notes}</p>
          </Section>
        ) : null}

        <Section title="Historial">
          <ol aria-label="Historial" className="grid gap-1 text-sm">
            {order.statusHistory.map((change, i) => (
              <li key={`${i}-${change.status}`} className="flex justify-between gap-3">
                <span>
                  {statusLabel(change.status, order.fulfilment)}
                  {change.by ? <span className="text-muted-foreground"> · {change.by}</span> : null}
                </span>
                <time dateTime={change.at} className="text-muted-foreground">
                  {formatOrderTime(change.at, now)}
                </time>
              </li>
            ))}
          </ol>
        </Section>
      </div>

      {forward || canCancel ? (
        <SheetFooter className="border-t border-border">
          {forward ? (
            <Button size="lg" disabled={move.isPending} onClick={() => move.mutate(forward)}>
              Marcar como {statusLabel(forward, order.fulfilment)}
              <ArrowRight aria-hidden="true" />
            </Button>
          ) : null}
          {canCancel ? (
            <Button variant="outline" disabled={move.isPending} onClick={() => setConfirmCancel(true)}>
              Cancelar pedido
            </Button>
          ) : null}
        </SheetFooter>
      ) : null}

      {/* 'No, volver': a 'Cancelar' button would read as "cancel the order". */}
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={`¿Cancelar el pedido #${order.number}?`}
        description="Un pedido cancelado ya no puede pasar a ningún otro estado."
        cancelLabel="No, volver"
        confirmLabel="Sí, cancelar pedido"
        busy={move.isPending}
        onConfirm={() => {
          setConfirmCancel(false)
          move.mutate('cancelled')
        }}
      />
    </>
  )
}
