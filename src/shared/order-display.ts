/**
 * How an order reads to the staff: its delivery, its customer, its payment. Shared by the
 * admin's Pedidos board and the kitchen ticket the server prints (ticket/). No zod.
 */
import { FULFILMENT_LABELS, PAYMENT_LABELS } from './checkout'
import { formatQ } from './money'
import type { Order } from './schemas/order'

export const SOURCE_LABELS: Record<Order['source'], string> = { storefront: 'Tienda en línea', pos: 'Punto de venta' }

/** "Recoger en el local", "A domicilio · Zona 10", or "Punto de venta" for a POS order (no delivery recorded). */
export function fulfilmentText(order: Order): string {
  if (order.fulfilment === null) return SOURCE_LABELS[order.source]
  if (order.fulfilment === 'delivery') return order.zoneName ? `${FULFILMENT_LABELS.delivery} · ${order.zoneName}` : FULFILMENT_LABELS.delivery
  // A table's order (issue #45) is known by its table: 'En mesa · Mesa 5' on the board and the ticket.
  if (order.fulfilment === 'mesa') return order.tableName ? `${FULFILMENT_LABELS.mesa} · ${order.tableName}` : FULFILMENT_LABELS.mesa
  return FULFILMENT_LABELS.pickup
}

// A table's order without a name is known by its table (issue #45).
export const customerText = (order: Order): string => order.customerName ?? order.tableName ?? 'Cliente sin nombre'

/** "Efectivo · paga con Q200 (cambio Q105)", "Tarjeta"…; null when the order recorded none (POS). */
export function paymentText(order: Order): string | null {
  if (order.payment === null) return null
  const label = PAYMENT_LABELS[order.payment]
  if (order.payment !== 'efectivo' || order.cashAmount === null) return label
  const change = order.cashAmount - order.total
  return `${label} · paga con ${formatQ(order.cashAmount)} (${change > 0 ? `cambio ${formatQ(change)}` : 'exacto'})`
}
