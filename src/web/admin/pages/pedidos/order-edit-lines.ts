/**
 * 'Editar pedido' (issue #34): the lines being edited, and the new total shown before saving.
 * Pure, tested in order-editor.test.tsx.
 *
 * A line is what the checkout names (an EditItem: ids, size, choices, quantity) with what the row
 * shows. A line with the same product, size and choices as one of the order's (`itemIdentity`,
 * the server's own match) continues it and keeps its recorded unit price, as PATCH
 * /api/orders/{id} does; a new one is priced by today's menu.
 *
 * The new total is the server's own (use-edit-preview.ts): PATCH /api/orders/{id}?dryRun=1 prices
 * the edit by the very code that saves it (kept lines at their recorded prices, the order's
 * promotions, its phone for a code that asks for one), so no figure here is worked out twice.
 */
import { type AddInput, plateTotal, SIZE_LABELS } from '@/shared/cart'
import { type EditItem, itemIdentity, itemOf } from '@/shared/order-changes'
import { optionPhrases } from '@/shared/options'
import type { CheckoutData, Order, OrderEditData, OrderLine } from '@/shared/schemas'
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

/** The lines as the checkout's schema reads them (its options always a list). */
export const checkoutItemsOf = (lines: readonly EditorLine[]): CheckoutData['items'] =>
  itemsOf(lines).map((item) => ({ ...item, options: [...(item.options ?? [])] }))

/**
 * What PATCH /api/orders/{id}?dryRun=1 is asked to price: what the edit changes of the lines, how
 * and where the order goes (the address with a delivery: the server wants one), never the notes
 * or the reason (they change no price, and typing them asks nothing). Null: nothing that changes
 * a price (then the total stays) or nothing to ask yet.
 */
export function previewEditOf(edit: OrderEditData | null): OrderEditData | null {
  if (edit === null || (edit.items === undefined && edit.fulfilment === undefined && edit.zoneId === undefined)) return null
  const { notes: _notes, reason: _reason, ...priced } = edit
  return priced
}

/** Each line's unit price as the server would charge it (kept lines: recorded; new: today's), by key, from the previewed order. */
export function previewPrices(lines: readonly EditorLine[], preview: Pick<Order, 'items'>): ReadonlyMap<string, number> {
  const unused = [...preview.items]
  const prices = new Map<string, number>()
  for (const line of lines) {
    const i = unused.findIndex((l) => {
      const item = itemOf(l)
      return item !== null && itemIdentity(item) === line.identity
    })
    const priced = i >= 0 ? unused.splice(i, 1)[0] : undefined
    if (priced) prices.set(line.key, priced.price)
  }
  return prices
}
