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
  /** Delivered on the restaurant's today ('Completados Hoy'). */
  completedToday: number
}

/** A summary with every count at zero (the shape, for tests and empty states). */
export const emptySummary = (): OrderSummary => ({
  total: 0,
  byStatus: Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>,
  completedToday: 0,
})
