/**
 * Following an order after the tap (decision 023): the tracking page's address, what it
 * may show (never the customer's phone or street address), the status in the customer's
 * words, and the message the restaurant sends with 'Avisar por WhatsApp'.
 * No zod here: the storefront, the board and the tracking page's script all import it.
 */
import type { OrderFulfilment } from './checkout'
import { clockTime } from './date-time'
import { formatQ } from './money'
import { ORDER_STATUSES, type OrderStatus, isFinalStatus, statusLabel } from './order-status'
import type { Order, OrderLine, OrderStatusChange } from './schemas/order'
import type { OrderChange } from './schemas/order-edit'
import { scheduledLabel } from './order-slots'

export const TRACKING_PREFIX = '/pedido/'

/** The tracking page's path for a key: /pedido/<token>. */
export const trackingPath = (token: string): string => `${TRACKING_PREFIX}${token}`

/** The absolute address the customer keeps: `origin` is the site as the browser reached it. */
export const trackingUrl = (origin: string, token: string): string => `${origin}${trackingPath(token)}`

/** The tracking line the chat text and the restaurant's notice end with. */
export const followLine = (url: string): string => `Sigue tu pedido: ${url}`

/** Minutes a plate takes once confirmed, until preparation time becomes a setting (orders for later). */
export const DEFAULT_PREPARATION_MINUTES = 20

/** GET /api/track/<token>: an order as its customer may see it. */
export type Tracking = {
  number: number
  status: OrderStatus
  statusHistory: OrderStatusChange[]
  /** The lines as charged; a point-of-sale line's kitchen notes are left out. */
  items: Omit<OrderLine, 'notes'>[]
  subtotal: number
  deliveryFee: number
  /** The promotions given (issue #33). */
  discounts: { name: string; code: string | null; amount: number }[]
  total: number
  /** What staff changed after it was placed (issue #34), oldest first: the page says 'Actualizado 12:10'. */
  changes: { at: string; summary: string }[]
  fulfilment: OrderFulfilment | null
  /** The table's name (issue #45: 'Mesa 5'); null otherwise. */
  tableName?: string | null
  zoneName: string | null
  /** The zone's 'Tiempo estimado' when ordered (delivery only). */
  zoneEstimatedTime: string | null
  /** When the order is for ("YYYY-MM-DDTHH:MM", restaurant time); null: as soon as possible. */
  scheduledFor: string | null
  createdAt: string
}

/** POST /api/checkout's 201: the stored order and the address of its tracking page. */
export type CheckoutAnswer = Order & { trackingUrl: string }

/**
 * The edits as the customer may read them (DESIGN "When the order changes in the chat"): each one's
 * `customerSummary` (lines, fulfilment, time, total), never the staff's `summary` with its notes and
 * reason; an edit with nothing for the customer (a notes edit) is left out.
 */
export function customerChanges(changes: readonly Pick<OrderChange, 'at' | 'customerSummary'>[]): Tracking['changes'] {
  return changes.flatMap(({ at, customerSummary }) => (customerSummary ? [{ at, summary: customerSummary }] : []))
}

/** Only what the customer may see: no phone, no address, no name, no notes, no staff names. */
export function trackingOf(order: Order): Tracking {
  return {
    number: order.number,
    status: order.status,
    // When each step happened, not who on the staff did it.
    statusHistory: order.statusHistory.map(({ status, at }) => ({ status, at })),
    items: order.items.map(({ notes: _notes, ...line }) => line),
    subtotal: order.subtotal,
    deliveryFee: order.deliveryFee,
    discounts: order.discounts.map(({ name, code, amount }) => ({ name, code, amount })),
    total: order.total,
    // What changed in the order and when: never the staff's notes, the reason or who (issue #39).
    changes: customerChanges(order.changes),
    fulfilment: order.fulfilment,
    // Only a table's order says its table (issue #45): the others' answer stays as it was.
    ...(order.tableName ? { tableName: order.tableName } : {}),
    zoneName: order.zoneName,
    zoneEstimatedTime: order.zoneEstimatedTime,
    scheduledFor: order.scheduledFor,
    createdAt: order.createdAt,
  }
}

/** The steps of an order that goes well, in order (cancelled is not a step: it ends the line). */
export const TRACKING_STEPS: readonly OrderStatus[] = ORDER_STATUSES.filter((s) => s !== 'cancelled')

/** Each state as the customer reads it: the board's own words (one word for one moment, shared/order-status.ts). */
export const customerStatusLabel = statusLabel

/** The sentence of the restaurant's notice: 'Tu pedido #12 está listo para recoger'. */
export function statusSentence(order: { number: number; status: OrderStatus; fulfilment: OrderFulfilment | null }): string {
  const n = `#${order.number}`
  switch (order.status) {
    case 'pending':
      return `Recibimos tu pedido ${n}`
    case 'confirmed':
      return `Tu pedido ${n} está confirmado`
    case 'preparing':
      return `Tu pedido ${n} está en preparación`
    case 'ready':
      return order.fulfilment === 'delivery' ? `Tu pedido ${n} va en camino` : `Tu pedido ${n} está listo para recoger`
    case 'delivered':
      return `Tu pedido ${n} fue entregado. ¡Gracias!`
    case 'cancelled':
      return `Tu pedido ${n} fue cancelado`
  }
}

/** A change's summary without its 'total Q85 → Q105' (the notice says the total on a line of its own). */
const withoutTotal = (summary: string): string => summary.replace(/(^|; )total Q\d+ → Q\d+/, '')

/**
 * What staff changed since the order last moved (issue #34), in the customer's words, or null
 * when nothing did: 'agregó 1 Horchata (Mediano); quitó Cebolla de Chilaquiles Clásicos'.
 */
function changedSince(order: Pick<Order, 'status' | 'statusHistory' | 'changes'>): string | null {
  if (isFinalStatus(order.status)) return null
  const moved = order.statusHistory.at(-1)?.at ?? ''
  const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)
  // The customer's words of each change: the staff's notes and reason stay with the staff.
  const since = customerChanges(order.changes.filter((c) => c.at >= moved)).map((c) => lower(withoutTotal(c.summary)))
  return since.length === 0 ? null : since.join('; ')
}

/**
 * 'Avisar por WhatsApp': the sentence, or, when staff changed the order since it last moved,
 * what changed ('Tu pedido #12 cambió: agregó 1 Horchata (Mediano)'); for an order for later
 * still open, when it is for, in the chat text's own words ('Para: mañana 19:30', restaurant
 * time, as of `now`); the total as it is now (not for a cancelled order); then the tracking
 * link when the order has one.
 */
export function notifyText(
  order: Pick<Order, 'number' | 'status' | 'fulfilment' | 'trackingToken' | 'scheduledFor' | 'total' | 'statusHistory' | 'changes'>,
  origin: string,
  now: Date = new Date(),
): string {
  const changed = changedSince(order)
  const headline = changed ? `Tu pedido #${order.number} cambió: ${changed}` : statusSentence(order)
  const when = order.scheduledFor && !isFinalStatus(order.status) ? `\nPara: ${scheduledLabel(order.scheduledFor, now)}` : ''
  const total = order.status === 'cancelled' ? '' : `\nTotal: ${formatQ(order.total)}`
  const sentence = `${headline}${when}${total}`
  return order.trackingToken ? `${sentence}\n\n${followLine(trackingUrl(origin, order.trackingToken))}` : sentence
}

/** "12:03": an instant on the restaurant's clock (the one rule lives in date-time.ts). */
export { clockTime }

/** When each step was reached: the last time the history entered it (its time, or undefined). */
export function stepTimes(history: readonly OrderStatusChange[]): Partial<Record<OrderStatus, string>> {
  const times: Partial<Record<OrderStatus, string>> = {}
  for (const change of history) times[change.status] = change.at
  return times
}

/**
 * What the customer is told to expect while the order is open; null once it is delivered or
 * cancelled. An order for later says when it is for ('Programado para hoy 19:30'), in words
 * as of `now`.
 */
export function expectation(tracking: Pick<Tracking, 'status' | 'fulfilment' | 'zoneEstimatedTime' | 'createdAt' | 'scheduledFor'>, now: Date = new Date()): string | null {
  if (tracking.status === 'delivered' || tracking.status === 'cancelled') return null
  if (tracking.scheduledFor && tracking.status !== 'ready') return `Programado para ${scheduledLabel(tracking.scheduledFor, now)}`
  if (tracking.fulfilment === 'delivery') {
    if (tracking.status === 'ready') return 'Tu pedido va en camino'
    return tracking.zoneEstimatedTime ? `Entrega estimada: ${tracking.zoneEstimatedTime}` : null
  }
  if (tracking.status === 'ready') return 'Listo para recoger en el local'
  const readyAt = new Date(Date.parse(tracking.createdAt) + DEFAULT_PREPARATION_MINUTES * 60_000).toISOString()
  return `Listo hacia las ${clockTime(readyAt)} (unos ${DEFAULT_PREPARATION_MINUTES} min)`
}

/** The message 'Escribir al restaurante' opens the chat with. */
export const writeToRestaurantText = (number: number): string => `Hola, les escribo por mi Pedido #${number}`
