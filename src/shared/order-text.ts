/**
 * The chat checkout: the order written as the text of a WhatsApp message, and
 * the wa.me link that opens it. Pure, shared by the storefront and its tests.
 *
 * One writer (`orderText`) for two sources of the same order:
 *  - the order the server recorded (`fromRecordedOrder`): its number, and every price
 *    as the server charged it;
 *  - the cart and the sheet's details (`fromCart`): when the server could not be reached,
 *    so the customer is never blocked (no number then).
 * A discount (issue #33) is a row of its own before the total: 'Descuento (MARTES): -Q20'.
 */
import type { PickupPlace } from './store-profile'
import { cartTotal, SIZE_LABELS, type Cart } from './cart'
import { chosenZone, FULFILMENT_LABELS, PAYMENT_LABELS, type CheckoutDetails, type DeliveryZone, type OrderFulfilment, type PaymentMethod } from './checkout'
import { EMPTY_ORDER_TEXT, ORDER_GREETING } from './chat-link'
import { formatQ } from './money'
import { optionPrice, optionPhrases } from './options'
import type { Order } from './schemas/order'
import { scheduledLabel } from './order-slots'
import { followLine } from './tracking'

export { EMPTY_ORDER_TEXT, INFO_REQUEST_TEXT, ORDER_GREETING, whatsappLink } from './chat-link'

export type OrderTextLine = {
  name: string
  size: keyof typeof SIZE_LABELS
  quantity: number
  /** Unit price × quantity. */
  lineTotal: number
  sauce: string | null
  sauceOnSide: boolean
  extras: string[]
  removed: string[]
  /** The option groups' choices as said, one per group: 'Leche: Almendra (+Q5)' (issue #32); absent or empty for none. */
  options?: string[]
}

/** A promotion given, as the message names it: by its code, or by its name when it has none. */
export type OrderTextDiscount = { name: string; code: string | null; amount: number }

/** Everything the message says. Without `delivery` (the specification's message) it is lines and total only. */
export type OrderTextInput = {
  lines: OrderTextLine[]
  total: number
  /** The promotions given (issue #33), in the order applied; absent or empty: none, and the totals read as before. */
  discounts?: OrderTextDiscount[]
  number?: number | null
  /** The tracking page's address (recorded orders only): the message ends with it. */
  trackingUrl?: string | null
  /** When an order for later is for, in words ('hoy 19:30'); absent: as soon as possible. */
  scheduledLabel?: string | null
  /** Where a pickup order is picked up ('Tu restaurante'): 'Recoger en: …' with the map link; absent: not said. */
  pickupPlace?: PickupPlace | null
  delivery?: {
    fulfilment: OrderFulfilment
    /** With 'mesa' (issue #45): the table's name, 'Mesa 5'. */
    tableName?: string | null
    zoneName: string | null
    address: string | null
    addressReference: string | null
    customerName: string | null
    payment: PaymentMethod | null
    cashAmount: number | null
    notes: string | null
    subtotal: number
    deliveryFee: number
  }
}

function lineBlock(line: OrderTextLine, index: number): string {
  const rows = [`${index + 1}. ${line.name} (${SIZE_LABELS[line.size]})`]
  if (line.sauce) rows.push(`   Salsa: ${line.sauce}`)
  if (line.extras.length > 0) rows.push(`   Extras: ${line.extras.join(', ')}`)
  if (line.removed.length > 0) rows.push(`   Sin: ${line.removed.join(', ')}`)
  if (line.sauceOnSide) rows.push('   Salsa por aparte')
  for (const phrase of line.options ?? []) rows.push(`   ${phrase}`)
  rows.push(`   Cantidad: ${line.quantity}`)
  rows.push(`   Precio: ${formatQ(line.lineTotal)}`)
  return rows.join('\n')
}

/** 'Recoger en: 5a avenida 3-20, zona 1 (https://maps.app.goo.gl/…)'. */
export const pickupRow = (place: PickupPlace): string => `Recoger en: ${place.address}${place.mapUrl ? ` (${place.mapUrl})` : ''}`

function paymentRow(payment: PaymentMethod, cashAmount: number | null, total: number): string {
  if (payment !== 'efectivo' || cashAmount === null) return `Pago: ${PAYMENT_LABELS[payment]}`
  const change = cashAmount - total
  return `Pago: Efectivo, pago con ${formatQ(cashAmount)}${change > 0 ? ` (cambio: ${formatQ(change)})` : ' (exacto)'}`
}

/**
 * The message: greeting, one block per line (the specification's rows, and a line's options
 * after its customisation: 'Leche: Almendra (+Q5)'), then the order's
 * number and how it is delivered and paid, then the totals. A blank line between blocks.
 */
export function orderText(order: OrderTextInput): string {
  if (order.lines.length === 0) return EMPTY_ORDER_TEXT
  const blocks = [ORDER_GREETING, ...order.lines.map(lineBlock)]
  const d = order.delivery
  const about: string[] = []
  if (order.number != null) about.push(`Pedido #${order.number}`)
  if (order.scheduledLabel) about.push(`Para: ${order.scheduledLabel}`)
  if (d) {
    if (d.fulfilment === 'delivery') {
      about.push(`Entrega: ${FULFILMENT_LABELS.delivery}${d.zoneName ? `, ${d.zoneName}` : ''}`)
      if (d.address) about.push(`Dirección: ${d.address}`)
      if (d.addressReference) about.push(`Referencia: ${d.addressReference}`)
    } else if (d.fulfilment === 'mesa') {
      about.push(`${FULFILMENT_LABELS.mesa}: ${d.tableName ?? 'mesa'}`)
    } else {
      about.push(`Entrega: ${FULFILMENT_LABELS.pickup}`)
      if (order.pickupPlace) about.push(pickupRow(order.pickupPlace))
    }
    if (d.customerName) about.push(`Nombre: ${d.customerName}`)
    if (d.payment) about.push(paymentRow(d.payment, d.cashAmount, order.total))
    if (d.notes) about.push(`Notas: ${d.notes}`)
  }
  if (about.length > 0) blocks.push(about.join('\n'))
  blocks.push([...totalRows(order), `Total: ${formatQ(order.total)}`].join('\n'))
  if (order.trackingUrl) blocks.push(followLine(order.trackingUrl))
  return blocks.join('\n\n')
}

/** The rows above the total: Subtotal and Envío when there is a fee, then each discount ('Descuento (MARTES): -Q20'), which needs the Subtotal above it. */
function totalRows(order: OrderTextInput): string[] {
  const discounts = order.discounts ?? []
  const fee = order.delivery?.deliveryFee ?? 0
  if (fee === 0 && discounts.length === 0) return []
  const subtotal = order.delivery?.subtotal ?? order.lines.reduce((sum, line) => sum + line.lineTotal, 0)
  return [
    `Subtotal: ${formatQ(subtotal)}`,
    ...(fee > 0 ? [`Envío: ${formatQ(fee)}`] : []),
    ...discounts.map((d) => `Descuento (${d.code ?? d.name}): -${formatQ(d.amount)}`),
  ]
}

/** A cart line's options as the message (and the cart sheet) say them, each at the line's size: 'Leche: Almendra (+Q7)'. */
export function cartOptionPhrases(line: Pick<Cart[number], 'options' | 'size'>): string[] {
  return optionPhrases((line.options ?? []).map((o) => ({ ...o, price: optionPrice(o, line.size) })))
}

/** The cart's lines as the message names them. */
function cartLines(cart: Cart): OrderTextLine[] {
  return cart.map((line) => ({
    name: line.product.name,
    size: line.size,
    quantity: line.quantity,
    lineTotal: line.price * line.quantity,
    sauce: line.customization?.sauce ?? null,
    sauceOnSide: line.customization?.sauceOnSide ?? false,
    extras: line.customization?.addedExtras.map((e) => e.name) ?? [],
    removed: line.customization?.removedNames ?? [],
    // Each option at the line's size, as the cart charged it.
    options: cartOptionPhrases(line),
  }))
}

const trimmed = (text: string) => text.trim() || null

/**
 * The message from the cart alone (no number). With details, it also says how the order
 * is delivered and paid, and the fee of the chosen zone is added to the total. `discounts`:
 * what the server's quote of this very cart gave (the cart showed them), taken off the total.
 */
export function fromCart(cart: Cart, checkout?: { details: CheckoutDetails; zones: readonly DeliveryZone[]; discounts?: readonly OrderTextDiscount[] }): OrderTextInput {
  const subtotal = cartTotal(cart)
  if (!checkout) return { lines: cartLines(cart), total: subtotal }
  const { details } = checkout
  const zone = chosenZone(details, checkout.zones)
  const delivery = details.fulfilment === 'delivery'
  const deliveryFee = zone?.deliveryCost ?? 0
  const discounts = (checkout.discounts ?? []).map(({ name, code, amount }) => ({ name, code, amount }))
  const discount = discounts.reduce((sum, d) => sum + d.amount, 0)
  return {
    lines: cartLines(cart),
    scheduledLabel: details.scheduledFor ? scheduledLabel(details.scheduledFor, new Date()) : null,
    total: Math.max(0, subtotal + deliveryFee - discount),
    ...(discounts.length > 0 ? { discounts } : {}),
    delivery: {
      fulfilment: details.fulfilment,
      zoneName: zone?.name ?? null,
      address: delivery ? trimmed(details.address) : null,
      addressReference: delivery ? trimmed(details.addressReference) : null,
      customerName: trimmed(details.customerName),
      payment: details.payment,
      cashAmount: details.payment === 'efectivo' ? details.cashAmount : null,
      notes: trimmed(details.notes),
      subtotal,
      deliveryFee,
    },
  }
}

/** The message from the order the server recorded: its number, its prices, and the link to follow it. */
export function fromRecordedOrder(order: Order, trackingUrl: string | null = null): OrderTextInput {
  return {
    number: order.number,
    trackingUrl,
    // 'hoy' and 'mañana' as of when it was ordered: the moment the message is written.
    scheduledLabel: order.scheduledFor ? scheduledLabel(order.scheduledFor, new Date(order.createdAt)) : null,
    lines: order.items.map((line) => ({
      name: line.name,
      size: line.size ?? 'mediano',
      quantity: line.quantity,
      lineTotal: line.lineTotal,
      sauce: line.customization?.sauce?.name ?? null,
      sauceOnSide: line.customization?.sauceOnSide ?? false,
      extras: line.customization?.extras.map((e) => e.name) ?? [],
      removed: line.customization?.removed.map((r) => r.name) ?? [],
      // Names and prices as they were when ordered (the server froze them on the line).
      options: optionPhrases(line.options ?? []),
    })),
    discounts: order.discounts.map(({ name, code, amount }) => ({ name, code, amount })),
    total: order.total,
    delivery: {
      fulfilment: order.fulfilment ?? 'pickup',
      tableName: order.tableName ?? null,
      zoneName: order.zoneName,
      address: order.address,
      addressReference: order.addressReference,
      customerName: order.customerName,
      payment: order.payment,
      cashAmount: order.cashAmount,
      notes: order.notes,
      subtotal: order.subtotal,
      deliveryFee: order.deliveryFee,
    },
  }
}

/** The specification's message: each line, then the total. */
export function buildOrderText(cart: Cart): string {
  return orderText(fromCart(cart))
}
