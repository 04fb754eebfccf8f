/**
 * What the Pedidos board computes from GET /api/orders (pure, tested in order-board.test.ts):
 * the three counters, which orders are still being worked on, and how an order's time,
 * delivery and payment read. The list's order is the server's (newest first).
 */
import { FULFILMENT_LABELS, PAYMENT_LABELS } from '@/shared/checkout'
import { formatQ } from '@/shared/money'
import type { OrderStatus } from '@/shared/order-status'
import type { Order } from '@/shared/schemas'
import { STORE_TIMEZONE } from '@/shared/store-hours'

/** Being worked on: received and not yet delivered or cancelled. */
export const ACTIVE_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'preparing', 'ready']
/** The spec's 'En Proceso': accepted and not yet handed over. */
const IN_PROGRESS: readonly OrderStatus[] = ['confirmed', 'preparing', 'ready']

export const isActive = (order: Order): boolean => ACTIVE_STATUSES.includes(order.status)

// Times are the restaurant's wall clock, whatever zone the owner's laptop is set to; 'Hoy' is the restaurant's today.
const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
const time = new Intl.DateTimeFormat('es-GT', { timeZone: STORE_TIMEZONE, hour: 'numeric', minute: '2-digit' })
const dayAndTime = new Intl.DateTimeFormat('es-GT', { timeZone: STORE_TIMEZONE, day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' })

const sameStoreDay = (a: Date, b: Date) => dayKey.format(a) === dayKey.format(b)

/** When the order reached `status` (its last such entry), or null. */
export function reachedAt(order: Order, status: OrderStatus): string | null {
  for (let i = order.statusHistory.length - 1; i >= 0; i--) {
    const change = order.statusHistory[i]
    if (change?.status === status) return change.at
  }
  return null
}

export type OrderCounters = { pending: number; inProgress: number; completedToday: number }

/** 'Pedidos Pendientes', 'En Proceso' and 'Completados Hoy' (delivered on the restaurant's today). */
export function orderCounters(orders: readonly Order[], now: Date = new Date()): OrderCounters {
  let pending = 0
  let inProgress = 0
  let completedToday = 0
  for (const order of orders) {
    if (order.status === 'pending') pending++
    else if (IN_PROGRESS.includes(order.status)) inProgress++
    else if (order.status === 'delivered') {
      const at = new Date(reachedAt(order, 'delivered') ?? order.createdAt)
      if (sameStoreDay(at, now)) completedToday++
    }
  }
  return { pending, inProgress, completedToday }
}

/** "8:35 p. m." today; "23 nov, 8:35 p. m." another day (es-GT, the restaurant's clock). */
export function formatOrderTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return '—'
  return sameStoreDay(date, now) ? time.format(date) : dayAndTime.format(date)
}

export const SOURCE_LABELS: Record<Order['source'], string> = { storefront: 'Tienda en línea', pos: 'Punto de venta' }

/** "Recoger en el local", "A domicilio · Zona 10", or "Punto de venta" for a POS order (no delivery recorded). */
export function fulfilmentText(order: Order): string {
  if (order.fulfilment === null) return SOURCE_LABELS[order.source]
  if (order.fulfilment === 'delivery') return order.zoneName ? `${FULFILMENT_LABELS.delivery} · ${order.zoneName}` : FULFILMENT_LABELS.delivery
  return FULFILMENT_LABELS.pickup
}

export const customerText = (order: Order): string => order.customerName ?? 'Cliente sin nombre'

/** "Efectivo · paga con Q200 (cambio Q105)", "Tarjeta"…; null when the order recorded none (POS). */
export function paymentText(order: Order): string | null {
  if (order.payment === null) return null
  const label = PAYMENT_LABELS[order.payment]
  if (order.payment !== 'efectivo' || order.cashAmount === null) return label
  const change = order.cashAmount - order.total
  return `${label} · paga con ${formatQ(order.cashAmount)} (${change > 0 ? `cambio ${formatQ(change)}` : 'exacto'})`
}
