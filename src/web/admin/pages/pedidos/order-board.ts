/**
 * What the Pedidos board computes from the orders it reads (pure, tested in order-board.test.ts):
 * which orders are still being worked on, which wait for later, how the 'Todos' tab's pages
 * join, and how an order's time, delivery and payment read. The lists' order is the server's
 * (newest first); the counters are the server's too (GET /api/orders/summary, `boardCounts`).
 */
import { ACTIVE_STATUSES, isUpcoming } from '@/shared/order-list'
import type { Order } from '@/shared/schemas'
import { STORE_TIMEZONE, zonedToIso } from '@/shared/store-hours'
import { clockTime, formatDateTime } from '@/shared/date-time'

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
 * as the server sends them). The summary counts them apart by the same rule (`isUpcoming`),
 * so the counters agree with the tabs.
 */
export function splitScheduled(orders: readonly Order[], now: number, preparationMinutes: number): { active: Order[]; upcoming: Order[] } {
  const at = new Date(now)
  const byTime = (a: Order, b: Order) => (scheduledAt(a) ?? 0) - (scheduledAt(b) ?? 0)
  const waits = (o: Order) => isUpcoming(o.scheduledFor, at, preparationMinutes)
  const upcoming = orders.filter(waits).sort(byTime)
  const due = orders.filter((o) => o.scheduledFor !== null && !waits(o)).sort(byTime)
  return { active: [...due, ...orders.filter((o) => o.scheduledFor === null)], upcoming }
}

/** When the soonest order for later becomes due (ms), so the board moves it at that moment; null when none waits. */
export function nextDueAt(upcoming: readonly Order[], preparationMinutes: number): number | null {
  const times = upcoming.map(scheduledAt).filter((at): at is number => at !== null)
  return times.length ? Math.min(...times) - preparationMinutes * 60_000 : null
}

// Times are the restaurant's wall clock, whatever zone the owner's laptop is set to; 'Hoy' is the restaurant's today.
const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

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
  // The admin's one clock (shared/date-time.ts): 24-hour, as the slots read.
  return sameStoreDay(date, now) ? clockTime(iso) : formatDateTime(iso, now)
}

// How an order's delivery, customer and payment read: shared with the kitchen ticket (server).
export { SOURCE_LABELS, customerText, fulfilmentText, paymentText } from '@/shared/order-display'
