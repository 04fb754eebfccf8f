/**
 * The life of an order, as pure data and functions: the server's
 * PATCH /api/orders/:id/status and the admin's Pedidos board apply the same rule.
 * No zod here, so any bundle may import it.
 *
 *   pending -> confirmed -> preparing -> ready -> delivered
 *   any state but delivered or cancelled -> cancelled
 *
 * Nothing else: no going back, no skipping a step, no staying put.
 */

import type { OrderFulfilment } from './checkout'

export const ORDER_STATUSES = ['pending', 'confirmed', 'preparing', 'ready', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Each state in words when how the order leaves is unknown; `statusLabel` is what people read. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pendiente',
  confirmed: 'Confirmado',
  preparing: 'En preparación',
  ready: 'Listo',
  delivered: 'Entregado',
  cancelled: 'Cancelado',
}

/** The one step forward of each state (null for the final ones). */
const FORWARD: Record<OrderStatus, OrderStatus | null> = {
  pending: 'confirmed',
  confirmed: 'preparing',
  preparing: 'ready',
  ready: 'delivered',
  delivered: null,
  cancelled: null,
}

/**
 * Each state in the one set of words the board, its buttons ('Marcar como En camino'), the
 * tracking page and the customer's recent orders all use, so the owner and the customer say
 * the same thing at the same moment: a delivery that is ready has left ('En camino').
 */
export function statusLabel(status: OrderStatus, fulfilment: OrderFulfilment | null): string {
  if (status === 'ready' && fulfilment === 'delivery') return 'En camino'
  return ORDER_STATUS_LABELS[status] ?? status // a value written by hand reads as itself
}

export const isOrderStatus = (value: unknown): value is OrderStatus => (ORDER_STATUSES as readonly unknown[]).includes(value)

/** Delivered and cancelled orders never move again. */
export const isFinalStatus = (status: OrderStatus): boolean => FORWARD[status] === null

/** Where an order in `status` may go: the next step, then 'cancelled' (empty for a final state). */
export function nextStatuses(status: OrderStatus): OrderStatus[] {
  const forward = FORWARD[status] as OrderStatus | null | undefined // undefined: a value written by hand
  return forward ? [forward, 'cancelled'] : []
}

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return nextStatuses(from).includes(to)
}

/** The refusal text for a move `canMove` refuses: 'No se puede pasar de "Listo" a "Pendiente"', in the order's own words. */
export const moveRefusal = (from: OrderStatus, to: OrderStatus, fulfilment: OrderFulfilment | null = null): string =>
  `No se puede pasar de "${statusLabel(from, fulfilment)}" a "${statusLabel(to, fulfilment)}"`
