/**
 * The live orders stream, GET /api/orders/events (server-sent events): what the
 * server sends and how the admin board reads it. No zod: the admin board imports it.
 *
 *   event: order
 *   data: {"type":"created","id":7,"number":7,"status":"pending"}
 *
 * Events are small on purpose: a listener refetches the bounded reads it shows
 * (GET /api/orders/summary and slices of GET /api/orders, the one source of every
 * order's content and of the lists' order) on each one and after every reconnection,
 * so an event missed while disconnected costs nothing.
 */
import { TABLE_CALLS, type TableCall } from './dining-table'
import { isOrderStatus, type OrderStatus } from './order-status'

/** The SSE `event:` name of every order event. */
export const ORDER_EVENT_NAME = 'order'

/** 'created': a new order (storefront checkout or point-of-sale); 'status': an order moved; 'changed': staff edited it (issue #34). */
export type OrderEventType = 'created' | 'status' | 'changed' | 'call'

/**
 * 'call' (issue #45): a table asks for the waiter or the bill. It names no order: `id` and
 * `number` are 0 (no order has them, so no tracking stream, routed by order id, ever gets it)
 * and `table` says which table and what; the board rings as for a new order.
 */
export type TableCallEvent = { tableId: number; name: string; call: TableCall }

export type OrderEvent = { type: OrderEventType; id: number; number: number; status: OrderStatus; table?: TableCallEvent }

/** The event in an SSE `data:` line, or null when it is not one (never throws). */
export function parseOrderEvent(data: string): OrderEvent | null {
  let value: unknown
  try {
    value = JSON.parse(data)
  } catch {
    return null
  }
  if (!value || typeof value !== 'object') return null
  const { type, id, number, status, table } = value as Record<string, unknown>
  if (type !== 'created' && type !== 'status' && type !== 'changed' && type !== 'call') return null
  if (!Number.isInteger(id) || !Number.isInteger(number) || !isOrderStatus(status)) return null
  if (type === 'call') {
    const call = tableCallOf(table)
    return call ? { type, id: 0, number: 0, status, table: call } : null
  }
  return { type, id: id as number, number: number as number, status }
}

function tableCallOf(value: unknown): TableCallEvent | null {
  if (!value || typeof value !== 'object') return null
  const { tableId, name, call } = value as Record<string, unknown>
  if (!Number.isInteger(tableId) || typeof name !== 'string' || !(TABLE_CALLS as readonly unknown[]).includes(call)) return null
  return { tableId: tableId as number, name, call: call as TableCall }
}
