/**
 * What the Pedidos board computes from the orders it reads (pure, tested in order-board.test.ts):
 * which orders are still being worked on, how the 'Todos' tab's pages join, and how an order's
 * time, delivery and payment read. The lists' order is the server's (newest first); the counters
 * are the server's too (GET /api/orders/summary).
 */
import { ACTIVE_STATUSES } from '@/shared/order-list'
import type { Order } from '@/shared/schemas'
import { STORE_TIMEZONE, zonedToIso } from '@/shared/store-hours'

export const isActive = (order: Order): boolean => ACTIVE_STATUSES.includes(order.status)

/** When an order for later is for, as an instant (ms); null for as soon as possible. */
export function scheduledAt(order: Pick<Order, 'scheduledFor'>): number | null {
  if (!order.scheduledFor) return null
  const iso = zonedToIso(order.scheduledFor)
  return iso ? Date.parse(iso) : null
}

/**
 * The active orders split for the board (decision 024): orders for later wait under
 * 'Programados' (soonest first) until they are due within the preparation time; then they
 * lead 'Activos', soonest first, before the orders for as soon as possible (newest first,
 * as the server sends them).
 */
export function splitScheduled(orders: readonly Order[], now: number, preparationMinutes: number): { active: Order[]; upcoming: Order[] } {
  const lead = preparationMinutes * 60_000
  const byTime = (a: Order, b: Order) => (scheduledAt(a) ?? 0) - (scheduledAt(b) ?? 0)
  const scheduled = orders.filter((o) => scheduledAt(o) !== null)
  const upcoming = scheduled.filter((o) => (scheduledAt(o) ?? 0) - lead > now).sort(byTime)
  const due = scheduled.filter((o) => (scheduledAt(o) ?? 0) - lead <= now).sort(byTime)
  return { active: [...due, ...orders.filter((o) => scheduledAt(o) === null)], upcoming }
}

// Times are the restaurant's wall clock, whatever zone the owner's laptop is set to; 'Hoy' is the restaurant's today.
const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
const time = new Intl.DateTimeFormat('es-GT', { timeZone: STORE_TIMEZONE, hour: 'numeric', minute: '2-digit' })
const dayAndTime = new Intl.DateTimeFormat('es-GT', { timeZone: STORE_TIMEZONE, day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' })

const sameStoreDay = (a: Date, b: Date) => dayKey.format(a) === dayKey.format(b)

/** The restaurant's today as "YYYY-MM-DD" (the day picker's latest day; en-CA writes dates that way). */
export const storeToday = (now: Date = new Date()): string => dayKey.format(now)

/** What the 'Todos' tab has loaded, newest first; `more` when an older page may exist. */
export type OrderHistory = { orders: Order[]; more: boolean }

/**
 * The 'Todos' tab after a new read of its first page (the newest `limit` orders), which is
 * all a live event refetches. The older pages loaded with 'Mostrar más' are kept when the new
 * page reaches down into them (orders are numbered in sequence, so nothing between is missed);
 * when more than a page of orders arrived since, they no longer join and are let go.
 */
export function withNewestPage(page: Order[], limit: number, loaded?: OrderHistory): OrderHistory {
  const last = page.at(-1)
  if (!last || page.length < limit) return { orders: page, more: false } // the page is all there is
  const newestLoaded = loaded?.orders[0]
  // Joined when the page ends at or below the number right after the newest loaded one.
  if (!loaded || !newestLoaded || last.number > newestLoaded.number + 1) return { orders: page, more: true }
  return { orders: [...page, ...loaded.orders.filter((o) => o.number < last.number)], more: loaded.more }
}

/**
 * The 'Todos' tab after 'Mostrar más' read the page numbered below `before`. Dropped when the
 * list no longer ends there (a refetch of the first page let the older pages go meanwhile).
 */
export function withOlderPage(history: OrderHistory, page: Order[], before: number, limit: number): OrderHistory {
  if (history.orders.at(-1)?.number !== before) return history
  return { orders: [...history.orders, ...page], more: page.length >= limit }
}

/** "8:35 p. m." today; "23 nov, 8:35 p. m." another day (es-GT, the restaurant's clock). */
export function formatOrderTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return '—'
  return sameStoreDay(date, now) ? time.format(date) : dayAndTime.format(date)
}

// How an order's delivery, customer and payment read: shared with the kitchen ticket (server).
export { SOURCE_LABELS, customerText, fulfilmentText, paymentText } from '@/shared/order-display'
