/**
 * 'Tus pedidos': the orders placed from this device, newest first, each with its status as
 * the restaurant has it now (GET /api/track/<token>), its tracking page, and 'Repetir pedido'
 * (repeat-order.ts), which says plainly what could not come back. In the overlays' chunk.
 */
import { formatDateTime } from '../../../shared/date-time'
import { useEffect, useState } from 'react'
import { formatQ } from '../../../shared/money'
import type { StoreProduct } from '../../../shared/landing-data'
import { type Tracking, customerStatusLabel, trackingPath } from '../../../shared/tracking'
import { Button, buttonVariants } from '../../ui/button'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '../../ui/sheet'
import { cartActions } from '../cart-store'
import { loadIngredients } from '../ingredients'
import { loadOptionGroups } from '../option-groups'
import { type RecentOrder, useRecentOrders } from '../recent-orders-store'
import { repeatOrder } from '../repeat-order'

type Props = { open: boolean; onOpenChange: (open: boolean) => void; menu: readonly StoreProduct[] | null; onOpenCart: () => void }

type Status = { kind: 'loading' } | { kind: 'known'; label: string } | { kind: 'gone' } | { kind: 'offline' }
type Outcome = { number: number; added: number; leftOut: string[]; changed: string[] }


function useStatuses(orders: RecentOrder[], open: boolean): Record<string, Status> {
  const [statuses, setStatuses] = useState<Record<string, Status>>({})
  useEffect(() => {
    if (!open) return
    const controller = new AbortController()
    for (const order of orders) {
      setStatuses((s) => ({ ...s, [order.token]: s[order.token] ?? { kind: 'loading' } }))
      fetch(`/api/track/${encodeURIComponent(order.token)}`, { cache: 'no-store', signal: controller.signal })
        .then(async (res) => {
          const status: Status =
            res.status === 404 ? { kind: 'gone' } : res.ok ? { kind: 'known', label: labelOf((await res.json()) as Tracking) } : { kind: 'offline' }
          setStatuses((s) => ({ ...s, [order.token]: status }))
        })
        .catch(() => !controller.signal.aborted && setStatuses((s) => ({ ...s, [order.token]: { kind: 'offline' } })))
    }
    return () => controller.abort()
  }, [orders, open])
  return statuses
}

const labelOf = (t: Tracking) => customerStatusLabel(t.status, t.fulfilment)

/** The menu as it is now (a dish may have sold out since the page loaded); the page's copy if the server cannot say. */
async function todaysMenu(fallback: readonly StoreProduct[] | null): Promise<readonly StoreProduct[]> {
  try {
    const res = await fetch('/api/products', { cache: 'no-cache' })
    if (res.ok) return (await res.json()) as StoreProduct[]
  } catch {
    // offline: judged on what the page knows
  }
  return fallback ?? []
}

export function RecentOrdersSheet({ open, onOpenChange, menu, onOpenCart }: Props) {
  const orders = useRecentOrders()
  const statuses = useStatuses(orders, open)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [repeating, setRepeating] = useState<number | null>(null)

  const repeat = async (order: RecentOrder) => {
    setRepeating(order.number)
    try {
      const [today, ingredients, groups] = await Promise.all([todaysMenu(menu), loadIngredients(), loadOptionGroups().catch(() => null)])
      // The option groups are needed only when a line had options or its dish has groups now (issue #32).
      const needsGroups = order.lines.some((l) => l.options.length > 0 || (today.find((p) => p.id === l.productId)?.optionGroupIds?.length ?? 0) > 0)
      if (needsGroups && !groups) throw new Error('sin grupos de opciones')
      const result = repeatOrder(order, today, ingredients, groups ?? undefined)
      cartActions.addMany(result.lines)
      setOutcome({ number: order.number, added: result.lines.reduce((n, l) => n + l.quantity, 0), leftOut: result.leftOut, changed: result.changed })
    } catch {
      setOutcome({ number: order.number, added: 0, leftOut: ['No pudimos revisar el menú de hoy. Revisa tu conexión e inténtalo de nuevo.'], changed: [] })
    } finally {
      setRepeating(null)
    }
  }

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => {
        if (!next) setOutcome(null)
        onOpenChange(next)
      }}
    >
      <SheetContent side="right" className="gap-0" data-testid="recent-orders">
        <SheetHeader className="border-b border-border">
          <SheetTitle className="font-display text-2xl">Tus pedidos</SheetTitle>
          <SheetDescription>Los pedidos que hiciste desde este teléfono.</SheetDescription>
        </SheetHeader>
        <div className="flex flex-1 flex-col gap-3 overflow-y-auto p-4">
          {outcome && <RepeatOutcome outcome={outcome} onOpenCart={onOpenCart} />}
          {orders.length === 0 ? (
            <p className="text-muted-foreground">Todavía no has hecho pedidos desde este teléfono.</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Tus pedidos">
              {orders.map((order) => (
                <li key={order.token} className="rounded-xl border border-border bg-card p-4" data-testid="recent-order">
                  <div className="flex items-baseline justify-between gap-2">
                    <p className="font-display text-xl font-bold">Pedido #{order.number}</p>
                    <p className="font-semibold">{formatQ(order.total)}</p>
                  </div>
                  <p className="text-sm text-muted-foreground">{formatDateTime(order.createdAt)}</p>
                  <p className="mt-1 text-sm" data-testid="recent-order-status">
                    <StatusText status={statuses[order.token] ?? { kind: 'loading' }} />
                  </p>
                  <p className="mt-1 text-sm text-muted-foreground">{order.lines.map((l) => `${l.quantity} × ${l.name}${l.options.length > 0 ? ` (${l.options.map((o) => o.name).join(', ')})` : ''}`).join(', ')}</p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <a href={trackingPath(order.token)} className={buttonVariants({ variant: 'outline', className: 'h-11' })}>
                      Ver seguimiento
                    </a>
                    <Button className="h-11" disabled={repeating !== null || order.lines.length === 0} onClick={() => void repeat(order)}>
                      {repeating === order.number ? 'Agregando…' : 'Repetir pedido'}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      </SheetContent>
    </Sheet>
  )
}

function StatusText({ status }: { status: Status }) {
  if (status.kind === 'loading') return <span className="text-muted-foreground">Consultando estado…</span>
  if (status.kind === 'gone') return <span className="text-muted-foreground">El restaurante ya no tiene este pedido</span>
  if (status.kind === 'offline') return <span className="text-muted-foreground">Sin conexión para ver el estado</span>
  return (
    <>
      Estado: <strong>{status.label}</strong>
    </>
  )
}

function RepeatOutcome({ outcome, onOpenCart }: { outcome: Outcome; onOpenCart: () => void }) {
  const none = outcome.added === 0
  return (
    <div role="status" className={none ? 'rounded-lg bg-destructive/10 p-3 text-sm' : 'rounded-lg bg-accent p-3 text-sm'} data-testid="repeat-outcome">
      <p className="font-semibold">
        {none ? `No pudimos agregar nada del pedido #${outcome.number}.` : `Agregamos ${outcome.added} ${outcome.added === 1 ? 'producto' : 'productos'} del pedido #${outcome.number} a tu carrito, con los precios de hoy.`}
      </p>
      {outcome.leftOut.length > 0 && <p className="mt-1 text-destructive">No agregamos: {outcome.leftOut.join('; ')}.</p>}
      {outcome.changed.length > 0 && <p className="mt-1">Cambió: {outcome.changed.join('; ')}.</p>}
      {!none && (
        <Button size="sm" className="mt-2" onClick={onOpenCart}>
          Ver carrito
        </Button>
      )}
    </div>
  )
}
