/**
 * What a push says of an order (issue #43): 'Pedido #42 · Q95', its lines in brief, pickup or
 * delivery and when; tag `pedido-42` (a later push of the same order replaces it on the phone);
 * a click opens `/admin/pedidos?pedido=42`. Short: a lock screen shows two or three lines.
 */
import { formatQ } from '../../shared/money'
import { fulfilmentText } from '../../shared/order-display'
import { scheduledLabel } from '../../shared/order-slots'
import type { Order } from '../../shared/schemas'
import type { PushPayload } from '../../shared/schemas/push'

/** Lines named before '+ 3 más' (a lock screen cuts the rest anyway). */
const LINES_SHOWN = 3

/** '2× Chilaquiles Verdes, 1× Café + 2 más' */
export function linesInBrief(order: Pick<Order, 'items'>): string {
  const named = order.items.slice(0, LINES_SHOWN).map((line) => `${line.quantity}× ${line.name}`)
  const more = order.items.length - named.length
  return more > 0 ? `${named.join(', ')} + ${more} más` : named.join(', ')
}

/** 'Recoger en el local · lo antes posible', 'A domicilio · Zona 10 · para mañana 8:00'. */
export function whenText(order: Pick<Order, 'scheduledFor'>, now: Date): string {
  return order.scheduledFor ? `para ${scheduledLabel(order.scheduledFor, now)}` : 'lo antes posible'
}

export const orderTag = (number: number) => `pedido-${number}`
export const orderUrl = (number: number) => `/admin/pedidos?pedido=${number}`

/** The push of a new order (storefront or point of sale). */
export function newOrderPayload(order: Order, now: Date): PushPayload {
  return {
    title: `Pedido #${order.number} · ${formatQ(order.total)}`,
    body: `${linesInBrief(order)}\n${fulfilmentText(order)} · ${whenText(order, now)}`,
    tag: orderTag(order.number),
    url: orderUrl(order.number),
    number: order.number,
  }
}

/** The push 15 minutes before an order for later is due. */
export function reminderPayload(order: Order, now: Date): PushPayload {
  return {
    title: `En 15 min: Pedido #${order.number} · ${formatQ(order.total)}`,
    body: `${linesInBrief(order)}\n${fulfilmentText(order)} · ${whenText(order, now)}`,
    tag: orderTag(order.number),
    url: orderUrl(order.number),
    number: order.number,
  }
}
