/**
 * 'Editar pedido' (issue #34): the lines being edited, and the new total shown before saving.
 * Pure, tested in order-editor.test.tsx.
 *
 * A line is what the checkout names (an EditItem: ids, size, choices, quantity) with what the row
 * shows. A line with the same product, size and choices as one of the order's (`itemIdentity`,
 * the server's own match) continues it and keeps its recorded unit price, as PATCH
 * /api/orders/{id} does; a new one is priced by today's menu.
 *
 * The new total: POST /api/checkout/quote prices the edited lines with the checkout's rule, but at
 * today's prices. When every kept line's recorded price is today's price too (the usual case) and
 * the order's code still applies, that is exactly the figure the edit will record; otherwise the
 * difference of the kept lines is put back and the figure is only an estimate, and says so.
 */
import { type AddInput, plateTotal, SIZE_LABELS } from '@/shared/cart'
import { type Fulfilment, QUOTE_ADDRESS } from '@/shared/checkout'
import { type EditItem, itemIdentity, itemOf } from '@/shared/order-changes'
import { optionPhrases } from '@/shared/options'
import type { CheckoutData, Order, OrderDiscount, OrderLine } from '@/shared/schemas'
import type { CheckoutQuote } from '@/shared/schemas/responses'
import { cartLineDetails, cartLineName } from '@/web/store/components/line-row'

/** The states an order may still be changed in (the server's EDITABLE_STATUSES, order-edit.service.server.ts). */
export const EDITABLE_STATUSES: readonly Order['status'][] = ['pending', 'confirmed', 'preparing']

export const isEditable = (order: Pick<Order, 'status'>): boolean => EDITABLE_STATUSES.includes(order.status)

/** A point-of-sale order's lines are the point of sale's own (the server refuses to change them here). */
export const linesEditable = (order: Pick<Order, 'source'>): boolean => order.source !== 'pos'

export type EditorLine = {
  /** React's key: unique in the list. */
  key: string
  /** What the checkout would call the same line (itemIdentity): two lines never share one. */
  identity: string
  item: EditItem
  name: string
  details: string[]
  /** The unit price known here: the recorded one for a line the order had, today's menu's for a new one. */
  price: number
  /** The order's line this one continues (it keeps that line's price), or null for a new line. */
  recorded: OrderLine | null
}

/** A recorded line's choices in the cart's words (the row is the storefront's): 'Salsa: Verde (por aparte)', 'Extras: …', 'Sin: …', options. */
export function recordedLineDetails(line: OrderLine): string[] {
  const c = line.customization
  const details: string[] = []
  if (c?.sauce) details.push(`Salsa: ${c.sauce.name}${c.sauceOnSide ? ' (por aparte)' : ''}`)
  else if (c?.sauceOnSide) details.push('Salsa por aparte')
  if (c && c.extras.length > 0) details.push(`Extras: ${c.extras.map((e) => e.name).join(', ')}`)
  if (c && c.removed.length > 0) details.push(`Sin: ${c.removed.map((r) => r.name).join(', ')}`)
  details.push(...optionPhrases(line.options ?? []))
  return details
}

export const recordedLineName = (line: Pick<OrderLine, 'name' | 'size'>): string => (line.size ? `${line.name} (${SIZE_LABELS[line.size]})` : line.name)

/** The order's recorded line named by `identity`, if it had one. */
const recordedOf = (order: Pick<Order, 'items'>, identity: string): OrderLine | null =>
  order.items.find((line) => {
    const item = itemOf(line)
    return item !== null && itemIdentity(item) === identity
  }) ?? null

/** The order's lines as the editor starts with them (a point-of-sale line without a product has no place here). */
export function linesOfOrder(order: Pick<Order, 'items'>): EditorLine[] {
  return order.items.flatMap((line, i) => {
    const item = itemOf(line)
    if (!item) return []
    return [{ key: `r${i}`, identity: itemIdentity(item), item, name: recordedLineName(line), details: recordedLineDetails(line), price: line.price, recorded: line }]
  })
}

/** What the drawer (or a tap on a plain product) chose, as the checkout names it. */
export function itemOfAdd(input: AddInput): EditItem {
  const c = input.customization
  return {
    productId: input.product.id,
    size: input.size,
    quantity: 1,
    customization: c ? { sauceId: c.sauceId, sauceOnSide: c.sauceOnSide, removedIngredientIds: [...c.removedIngredients], extraIds: c.addedExtras.map((e) => e.id) } : null,
    options: (input.options ?? []).map(({ groupId, optionId }) => ({ groupId, optionId })),
  }
}

let added = 0

/** One more of what was chosen: into the same line when there is one, else a new line (the order's recorded one when it had it). */
export function addLine(lines: readonly EditorLine[], input: AddInput, order: Pick<Order, 'items'>): EditorLine[] {
  const item = itemOfAdd(input)
  const identity = itemIdentity(item)
  if (lines.some((l) => l.identity === identity)) return lines.map((l) => (l.identity === identity ? { ...l, item: { ...l.item, quantity: l.item.quantity + 1 } } : l))
  const recorded = recordedOf(order, identity)
  const price = recorded?.price ?? plateTotal(input.product, input.size, input.customization?.addedExtras, input.options)
  return [...lines, { key: `n${++added}`, identity, item, name: cartLineName(input), details: cartLineDetails(input), price, recorded }]
}

/** A line's new quantity; 0 or less takes it out. */
export function setLineQuantity(lines: readonly EditorLine[], key: string, quantity: number): EditorLine[] {
  if (quantity <= 0) return lines.filter((l) => l.key !== key)
  return lines.map((l) => (l.key === key ? { ...l, item: { ...l.item, quantity: Math.floor(quantity) } } : l))
}

/** The lines as PATCH /api/orders/{id} and the quote take them. */
export const itemsOf = (lines: readonly EditorLine[]): EditItem[] => lines.map((l) => l.item)

/** Whether the lines say what the order already has (then `items` is not sent: nothing to replace). */
export function sameLines(order: Pick<Order, 'items'>, lines: readonly EditorLine[]): boolean {
  const said = (items: readonly EditItem[]) => items.map((i) => `${itemIdentity(i)}×${i.quantity}`).sort().join('\n')
  return said(order.items.map(itemOf).filter((i): i is EditItem => i !== null)) === said(itemsOf(lines))
}

/** The code the order was given (the edit holds it to its rules again), or null. */
export const orderCode = (order: Pick<Order, 'discounts'>): string | null => order.discounts.find((d) => d.code !== null)?.code ?? null

/** Where and how the edited order goes: what decides its delivery fee. */
export type EditedDelivery = { fulfilment: Fulfilment; zoneId: number | null }

/** The lines as the checkout's schema reads them (its options always a list). */
export const checkoutItemsOf = (lines: readonly EditorLine[]): CheckoutData['items'] =>
  itemsOf(lines).map((item) => ({ ...item, options: [...(item.options ?? [])] }))

/**
 * The body of POST /api/checkout/quote for the edited order, or null when it cannot be priced yet
 * (no lines; a delivery without a zone). Only what a price depends on: no name, notes or phone
 * (a code limited per phone then reads as an estimate: estimateOf).
 */
export function quoteBody(order: Pick<Order, 'scheduledFor' | 'discounts'>, lines: readonly EditorLine[], delivery: EditedDelivery): CheckoutData | null {
  if (lines.length === 0) return null
  const home = delivery.fulfilment === 'delivery'
  if (home && delivery.zoneId === null) return null
  return {
    items: checkoutItemsOf(lines),
    fulfilment: delivery.fulfilment,
    zoneId: home ? delivery.zoneId : null,
    // The schema wants an address with a delivery; the price never reads it.
    address: home ? QUOTE_ADDRESS : null,
    addressReference: null,
    customerName: null,
    notes: null,
    customerPhone: null,
    scheduledFor: order.scheduledFor,
    promoCode: orderCode(order),
  }
}

export type Estimate = {
  subtotal: number
  deliveryFee: number
  discounts: OrderDiscount[]
  total: number
  /** True when this is the very figure the edit will record; false: an estimate ('aprox.'). */
  exact: boolean
  /** Why it is an estimate, in words, or null. */
  why: string | null
  /** Each line's unit price as it will be charged (kept lines: recorded; new: the quote's), by key. */
  prices: ReadonlyMap<string, number>
}

/** The new total from the quote (its lines in the order sent), kept lines at their recorded prices. */
export function estimateOf(lines: readonly EditorLine[], quote: CheckoutQuote, order: Pick<Order, 'discounts'>): Estimate {
  let back = 0
  let repriced = false
  const prices = new Map<string, number>()
  lines.forEach((line, i) => {
    const today = quote.items[i]?.price ?? line.price
    const price = line.recorded ? line.recorded.price : today
    prices.set(line.key, price)
    if (line.recorded && today !== line.recorded.price) {
      repriced = true
      back += (line.recorded.price - today) * line.item.quantity
    }
  })
  const code = orderCode(order)
  const codeLost = code !== null && quote.codeRefusal !== null
  const why = repriced
    ? 'Los productos que ya estaban conservan el precio que se le dijo al cliente; el menú cambió desde entonces.'
    : codeLost
      ? `El código ${code} se revisa de nuevo al guardar (${quote.codeRefusal}).`
      : null
  return {
    subtotal: quote.subtotal + back,
    deliveryFee: quote.deliveryFee,
    discounts: quote.discounts,
    total: Math.max(quote.deliveryFee, quote.total + back),
    exact: why === null,
    why,
    prices,
  }
}
