/**
 * The checkout's rules that both sides apply: what the customer chooses in 'Tu Pedido'
 * besides the lines (pickup or delivery, zone, address, name, notes, payment), what
 * delivery requires, what the fee is, and the request the storefront sends to
 * POST /api/checkout. The server's zod schema (schemas/checkout.ts) calls the same
 * functions, so the sheet's inline errors and the server's 400s cannot disagree.
 * No zod here: this module ships in the landing bundle.
 */
import type { Cart } from './cart'
import { formatQ } from './money'
import { PHONE_RULE, canonicalPhone } from './phone'

/** What the customer chooses in the cart, the point of sale and an edit: pickup or delivery. */
export const FULFILMENTS = ['pickup', 'delivery'] as const
export type Fulfilment = (typeof FULFILMENTS)[number]

/**
 * How an order is served: a chosen fulfilment, or 'mesa', an order placed from a table's QR
 * (issue #45). 'mesa' is never chosen: it comes with the table's token (shared/dining-table.ts).
 */
export const ORDER_FULFILMENTS = [...FULFILMENTS, 'mesa'] as const
export type OrderFulfilment = (typeof ORDER_FULFILMENTS)[number]

export const FULFILMENT_LABELS: Record<OrderFulfilment, string> = { pickup: 'Recoger en el local', delivery: 'A domicilio', mesa: 'En mesa' }

export const PAYMENT_METHODS = ['efectivo', 'tarjeta', 'transferencia'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const PAYMENT_LABELS: Record<PaymentMethod, string> = { efectivo: 'Efectivo', tarjeta: 'Tarjeta', transferencia: 'Transferencia' }

/** Longest text the server stores for each field (the sheet's inputs use the same). */
export const CHECKOUT_TEXT_LIMITS = { customerName: 80, address: 300, addressReference: 200, notes: 500 } as const

/** A coverage zone as the storefront offers it (active zones only). */
export type DeliveryZone = {
  id: number
  name: string
  deliveryCost: number
  estimatedTime: string | null
  /** Smallest subtotal (before the fee) delivered to this zone; null for none. */
  minimumOrder?: number | null
}

/** What the customer fills in 'Tu Pedido'. Texts are kept as typed; blank means not given. */
export type CheckoutDetails = {
  fulfilment: Fulfilment
  zoneId: number | null
  address: string
  addressReference: string
  customerName: string
  notes: string
  payment: PaymentMethod
  /** '¿Con cuánto pagas?' (efectivo only); null when not given. */
  cashAmount: number | null
  /** 'Tu WhatsApp (para avisarte)', as typed; blank when not given. */
  customerPhone: string
  /** '¿Cuándo?': a slot "YYYY-MM-DDTHH:MM" (restaurant time), or null for as soon as possible. Never kept past a reload. */
  scheduledFor: string | null
}

export const DEFAULT_CHECKOUT_DETAILS: CheckoutDetails = {
  fulfilment: 'pickup',
  zoneId: null,
  address: '',
  addressReference: '',
  customerName: '',
  notes: '',
  payment: 'efectivo',
  cashAmount: null,
  customerPhone: '',
  scheduledFor: null,
}

export type CheckoutProblem = { path: 'zoneId' | 'address' | 'cashAmount' | 'customerPhone'; message: string }

export { PHONE_RULE }

/** A customer's WhatsApp number as stored: its one canonical form (phone.ts), null when it is not a phone. */
export const customerPhoneDigits = canonicalPhone

export const CHECKOUT_MESSAGES = {
  zone: 'Elige la zona de entrega',
  address: 'Escribe la dirección de entrega',
} as const

const blank = (text: string | null | undefined) => text == null || text.trim() === ''

/** Delivery needs a zone and an address; pickup needs neither. */
export function deliveryProblems(order: { fulfilment: OrderFulfilment; zoneId?: number | null; address?: string | null }): CheckoutProblem[] {
  if (order.fulfilment !== 'delivery') return []
  const problems: CheckoutProblem[] = []
  if (order.zoneId == null) problems.push({ path: 'zoneId', message: CHECKOUT_MESSAGES.zone })
  if (blank(order.address)) problems.push({ path: 'address', message: CHECKOUT_MESSAGES.address })
  return problems
}

/** Cash that does not cover the total (fee included) cannot give change: the message says so, else null. */
export function cashShortfall(payment: PaymentMethod | null | undefined, cashAmount: number | null | undefined, total: number): string | null {
  if (payment !== 'efectivo' || cashAmount == null || cashAmount >= total) return null
  return `El efectivo (${formatQ(cashAmount)}) no cubre el total del pedido (${formatQ(total)})`
}

/** A delivery whose subtotal (before the fee) is below the zone's minimum: the message says so, else null. */
export function minimumOrderShortfall(zone: Pick<DeliveryZone, 'name' | 'minimumOrder'>, subtotal: number): string | null {
  if (zone.minimumOrder == null || subtotal >= zone.minimumOrder) return null
  return `Pedido mínimo para ${zone.name}: ${formatQ(zone.minimumOrder)}`
}

/** The zone a delivery goes to, if it is still offered. */
export function chosenZone(details: Pick<CheckoutDetails, 'fulfilment' | 'zoneId'>, zones: readonly DeliveryZone[]): DeliveryZone | null {
  if (details.fulfilment !== 'delivery' || details.zoneId === null) return null
  return zones.find((zone) => zone.id === details.zoneId) ?? null
}

/**
 * The problems the sheet shows before sending anything (the server checks them again).
 * `discount`: what the server's quote takes off (issue #33): cash is checked on the total
 * after it, the minimum order on the subtotal before it, as the server does.
 */
export function checkoutProblems(details: CheckoutDetails, zones: readonly DeliveryZone[], subtotal: number, discount = 0): CheckoutProblem[] {
  const zone = chosenZone(details, zones)
  const problems = deliveryProblems({ ...details, zoneId: zone?.id ?? null })
  const minimum = zone && minimumOrderShortfall(zone, subtotal)
  if (minimum) problems.push({ path: 'zoneId', message: minimum })
  const total = subtotal + (zone?.deliveryCost ?? 0) - discount
  const cash = cashShortfall(details.payment, details.cashAmount, total)
  if (cash) problems.push({ path: 'cashAmount', message: cash })
  if (!blank(details.customerPhone) && customerPhoneDigits(details.customerPhone) === null) problems.push({ path: 'customerPhone', message: PHONE_RULE })
  return problems
}

/** The body of POST /api/checkout: ids and choices only; the server prices everything. */
export type CheckoutRequest = {
  items: {
    productId: number
    size: 'mediano' | 'grande'
    quantity: number
    customization?: { sauceId?: number | null; sauceOnSide: boolean; removedIngredientIds: number[]; extraIds: number[] }
  }[]
  fulfilment: OrderFulfilment
  /** With fulfilment 'mesa': the token of the table's QR (issue #45). */
  tableToken?: string
  zoneId?: number
  address?: string
  addressReference?: string
  customerName?: string
  notes?: string
  payment: PaymentMethod
  cashAmount?: number
  customerPhone?: string
  scheduledFor?: string
  /** 'Código' (issue #33), upper-case; absent: none. */
  promoCode?: string
}

/** A text field as the request carries it: trimmed, or absent when blank. */
const given = <K extends string>(key: K, text: string): Partial<Record<K, string>> =>
  blank(text) ? {} : ({ [key]: text.trim() } as Record<K, string>)

/**
 * Builds the request from the cart and the details. `sauceIdOf` names the sauce id of a
 * line whose cart entry has only the name (carts stored before ids were kept). `promoCode`:
 * the code the cart holds, sent as it is stored (upper-case); null: none.
 */
export function checkoutRequest(
  cart: Cart,
  details: CheckoutDetails,
  sauceIdOf: (name: string) => number | null = () => null,
  promoCode: string | null = null,
): CheckoutRequest {
  const delivery = details.fulfilment === 'delivery'
  return {
    items: cart.map((line) => {
      const c = line.customization
      // Options by id only (issue #32): the server prices them and checks each group's min and max.
      const options = (line.options ?? []).map(({ groupId, optionId }) => ({ groupId, optionId }))
      const item = { productId: line.product.id, size: line.size, quantity: line.quantity, ...(options.length > 0 ? { options } : {}) }
      if (!c) return item
      const sauceId = c.sauceId ?? (c.sauce ? sauceIdOf(c.sauce) : null)
      return { ...item, customization: { sauceId, sauceOnSide: c.sauceOnSide, removedIngredientIds: [...c.removedIngredients], extraIds: c.addedExtras.map((extra) => extra.id) } }
    }),
    fulfilment: details.fulfilment,
    ...(delivery && details.zoneId !== null ? { zoneId: details.zoneId } : {}),
    ...(delivery ? { ...given('address', details.address), ...given('addressReference', details.addressReference) } : {}),
    ...given('customerName', details.customerName),
    ...given('notes', details.notes),
    payment: details.payment,
    ...(details.payment === 'efectivo' && details.cashAmount !== null ? { cashAmount: details.cashAmount } : {}),
    ...given('customerPhone', details.customerPhone),
    ...(details.scheduledFor ? { scheduledFor: details.scheduledFor } : {}),
    ...(promoCode ? { promoCode } : {}),
  }
}

/** Stands in for a delivery's address in a quote: the schema asks for one, the price never reads it. */
export const QUOTE_ADDRESS = 'cotización'

/**
 * The body of POST /api/checkout/quote (issue #33): the checkout's, with only what a price
 * depends on (lines, pickup or delivery and its zone, the time, the phone a code may be
 * limited by, the code). The name, the notes, the address and the cash are never sent: a
 * quote is asked for while they are typed, and none of them changes a figure (cash that does
 * not cover the total would only make the quote a 400). Null when no quote can be asked for
 * yet: a delivery without a zone.
 */
export function quoteRequest(cart: Cart, details: CheckoutDetails, promoCode: string | null, sauceIdOf?: (name: string) => number | null): CheckoutRequest | null {
  const delivery = details.fulfilment === 'delivery'
  if (cart.length === 0 || (delivery && details.zoneId === null)) return null
  const phone = customerPhoneDigits(details.customerPhone)
  const full = checkoutRequest(cart, { ...details, customerName: '', notes: '', cashAmount: null, customerPhone: phone ?? '' }, sauceIdOf, promoCode)
  const { address: _address, addressReference: _reference, ...priced } = full
  return delivery ? { ...priced, address: QUOTE_ADDRESS } : priced
}

// ---- Restoring from storage: checked by hand, field by field, so a bad value never breaks the page. ----

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback
const textOf = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '')
const idOf = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null)
const cashOf = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1_000_000 ? value : null)

/** Reads stored details: anything missing or malformed falls back to its default, field by field. */
export function parseCheckoutDetails(raw: string | null): CheckoutDetails {
  if (!raw) return DEFAULT_CHECKOUT_DETAILS
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    return DEFAULT_CHECKOUT_DETAILS
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return DEFAULT_CHECKOUT_DETAILS
  const v = data as Record<string, unknown>
  return {
    fulfilment: pick(v.fulfilment, FULFILMENTS, 'pickup'),
    zoneId: idOf(v.zoneId),
    address: textOf(v.address, CHECKOUT_TEXT_LIMITS.address),
    addressReference: textOf(v.addressReference, CHECKOUT_TEXT_LIMITS.addressReference),
    customerName: textOf(v.customerName, CHECKOUT_TEXT_LIMITS.customerName),
    notes: textOf(v.notes, CHECKOUT_TEXT_LIMITS.notes),
    payment: pick(v.payment, PAYMENT_METHODS, 'efectivo'),
    cashAmount: cashOf(v.cashAmount),
    customerPhone: textOf(v.customerPhone, 30),
    // A time picked on another visit may have passed or filled up: the sheet asks again.
    scheduledFor: null,
  }
}
