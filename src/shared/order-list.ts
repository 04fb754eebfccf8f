/**
 * The bounded order list and the board's counts: GET /api/orders and
 * GET /api/orders/summary. No zod here: the admin board imports it (the query's
 * schema, with its Spanish messages, is `orderListQuerySchema` in schemas/order.ts).
 *
 *   GET /api/orders                      the newest 100 orders, newest first
 *   GET /api/orders?limit=20             at most 500
 *   GET /api/orders?before=120           the ones numbered below 120 (the next page back)
 *   GET /api/orders?status=pending,ready only those statuses
 *   GET /api/orders?from=2026-11-01&to=2026-11-07   placed on those days (restaurant time, both included)
 *
 * A page is full (`limit` orders) when there may be more: ask again with `before`
 * set to the number of its last order.
 */
import { type OrderStatus, ORDER_STATUSES } from './order-status'
import { isoToZoned } from './store-hours'

export const ORDER_PAGE_DEFAULT = 100
export const ORDER_PAGE_MAX = 500

/** Being worked on: received and not yet delivered or cancelled. */
export const ACTIVE_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'preparing', 'ready']
/** The spec's 'En Proceso': accepted and not yet handed over. */
export const IN_PROGRESS_STATUSES: readonly OrderStatus[] = ['confirmed', 'preparing', 'ready']

export type OrderListQuery = {
  limit?: number
  before?: number
  status?: readonly OrderStatus[]
  /** A customer's orders: their WhatsApp digits. */
  phone?: string
  /** "YYYY-MM-DD", restaurant time, included. */
  from?: string
  /** "YYYY-MM-DD", restaurant time, included. */
  to?: string
}

/** GET /api/orders/summary: counted by the database over every order ever placed. */
export type OrderSummary = {
  /** Every order ever recorded (the dashboard's 'Pedidos Totales'). */
  total: number
  byStatus: Record<OrderStatus, number>
  /** Active orders for later not due yet (the board's 'Programados', see `isUpcoming`); also counted in `byStatus`. */
  upcoming: number
  upcomingByStatus: Record<OrderStatus, number>
  /** Delivered on the restaurant's today ('Completados Hoy'). */
  completedToday: number
}

const zeroByStatus = () => Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>

/** A summary with every count at zero (the shape, for tests and empty states). */
export const emptySummary = (): OrderSummary => ({ total: 0, byStatus: zeroByStatus(), upcoming: 0, upcomingByStatus: zeroByStatus(), completedToday: 0 })

/**
 * The latest time ("YYYY-MM-DDTHH:MM", restaurant time) an order for later may be for and be
 * due at `now`: its preparation has to start (decision 024).
 */
export const dueUntil = (now: Date, preparationMinutes: number): string => isoToZoned(new Date(now.getTime() + preparationMinutes * 60_000).toISOString())

/**
 * Whether an order for later still waits under 'Programados' rather than in 'Activos'. One rule
 * for the board's lists and the summary's counts: the database compares the same strings
 * (both are restaurant wall-clock times written alike, so their order is the times' order).
 */
export const isUpcoming = (scheduledFor: string | null, now: Date, preparationMinutes: number): boolean =>
  scheduledFor !== null && scheduledFor > dueUntil(now, preparationMinutes)

/** The board's counters, each over what its tab holds. */
export type BoardCounts = {
  /** 'Pedidos Pendientes': the pending orders in 'Activos'. */
  pending: number
  /** 'En Proceso': the accepted orders in 'Activos'. */
  inProgress: number
  /** 'Programados': orders for later not due yet, counted apart from the two above. */
  upcoming: number
  completedToday: number
  total: number
}

/** A summary from an instance older than the `upcoming` counts (rolling upgrade): nothing is counted apart. */
type AnySummary = Omit<OrderSummary, 'upcoming' | 'upcomingByStatus'> & Partial<Pick<OrderSummary, 'upcoming' | 'upcomingByStatus'>>

/**
 * The counters as the board shows them: the orders for later that wait under 'Programados'
 * are not counted as pending or in progress, so 'Pedidos Pendientes 1' sits over the one
 * pending card of 'Activos', not over three of which two are for tomorrow.
 */
export function boardCounts(summary: AnySummary): BoardCounts {
  const forNow = (status: OrderStatus) => summary.byStatus[status] - (summary.upcomingByStatus?.[status] ?? 0)
  return {
    pending: forNow('pending'),
    inProgress: IN_PROGRESS_STATUSES.reduce((n, status) => n + forNow(status), 0),
    upcoming: summary.upcoming ?? 0,
    completedToday: summary.completedToday,
    total: summary.total,
  }
}
