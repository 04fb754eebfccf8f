/**
 * An edit of a placed order (issue #34, DESIGN "When the order changes in the chat"): the chat
 * goes on ('agrégale una horchata', 'mejor sin cebolla', 'lo paso a recoger yo') and the record
 * follows it, so the kitchen, the ticket, the tracking page and the reports tell one story.
 *
 * The edit is priced by the checkout's own rule (shared/pricing.ts): a line left as it was keeps
 * its recorded prices (`recorded`: what the customer was told), a new or changed line takes
 * today's and is checked like a checkout's (sold out, options, windows). The zone's fee and
 * minimum, the portions per day, the slot and the promotions are checked again.
 *
 * An edit that changes no line, fulfilment, zone or time (notes, the address) changes no price
 * and rewrites no line (issue #39): it is not priced at all, so a point-of-sale order's free-text
 * lines and its total stay as they were sent. Promotions stay the order's own: an edit that is
 * priced applies the ones the order was placed with (whatever their dates, windows, uses or
 * switch say now) to its new lines by the same rule, and none other; one whose minimum or
 * fulfilment the edited order no longer meets leaves it.
 *
 * Everything is decided under the lock every order insert takes (lockOrders): the order is read
 * there, so two edits at once are applied one after the other, each on what the other left; a
 * client that says which version it edited (If-Match) is refused when another edit came first,
 * rather than silently undoing it. A preview (`dryRun`) does all of it, reads the order back and
 * rolls back: it answers exactly what saving would, and leaves nothing.
 */
import { type CheckoutDetails, deliveryProblems } from '../../shared/checkout'
import { describeChange, itemIdentity, itemOf, type EditableOrder, type EditItem } from '../../shared/order-changes'
import { type PricedOrder, type PricingLine, priceOrder } from '../../shared/pricing'
import type { Promotion } from '../../shared/promotions'
import type { CheckoutData, Order, OrderEditData, OrderStatus } from '../../shared/schemas'
import { orderMinute, orderWindowsRefusal } from '../../shared/service-windows'
import { CheckoutRefusal, readCheckout, refuseOverPortions, refuseUnbookable } from '../checkout/checkout.service.server'
import type { PageCache } from '../cache/page-cache.server'
import { type Db, inTransaction } from '../db/database.server'
import { discountRows, getOrder, lineRows, lockOrders, storedFulfilment } from '../orders/orders.repo.server'
import { type PortionDemand, demandOf, portionDay } from '../portions/portions.repo.server'
import { promotionsByIds } from './order-edits.repo.server'

/** The states an order may still be changed in: the kitchen has not finished it. */
export const EDITABLE_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'preparing']

/**
 * The changes an order keeps at most (issue #39): every read of the order carries them all, so a
 * script alternating its notes must not grow it without end. A chat changes an order a few times.
 */
export const MAX_ORDER_CHANGES = 50

/** The version a client edits from (If-Match / ETag): how many edits the order has had. */
export const orderVersion = (order: Pick<Order, 'changes'>): string => `"${order.changes.length}"`

export const EDIT_MESSAGES = {
  done: 'Este pedido ya está listo; ya no se puede cambiar',
  cancelled: 'Este pedido está cancelado; ya no se puede cambiar',
  stale: 'Alguien más cambió este pedido mientras lo editabas; revisa el pedido y vuelve a intentarlo',
  pos: 'Los productos de un pedido del punto de venta se cambian en el punto de venta',
  table: 'Un pedido de mesa se queda en su mesa; cambia sus productos o sus notas',
  tooMany: `Este pedido ya tiene demasiados cambios (${MAX_ORDER_CHANGES}); si hace falta otro, cancélalo y haz uno nuevo`,
} as const

/** `previewed`: what a dry run would have saved (nothing was). */
export type EditOutcome = { kind: 'edited'; order: Order } | { kind: 'previewed'; order: Order } | { kind: 'unchanged'; order: Order } | { kind: 'notFound' }

export type EditOptions = {
  /** The version the client edited from (If-Match): another version is refused. */
  ifMatch?: string | null
  cache?: PageCache
  /** Answer what saving would, and save nothing (`?dryRun=1`). */
  dryRun?: boolean
}

const refuse = (message: string, reason: ConstructorParameters<typeof CheckoutRefusal>[2] = 'unavailable') => new CheckoutRefusal('conflict', message, reason)

/** Why an order in `status` cannot be changed, or null when it can. */
export function editRefusal(status: OrderStatus): string | null {
  if (EDITABLE_STATUSES.includes(status)) return null
  return status === 'cancelled' ? EDIT_MESSAGES.cancelled : EDIT_MESSAGES.done
}

/** The order as the checkout would have been sent, with the edit applied (fields left out stay). */
function editedInput(order: Order, edit: OrderEditData, items: EditItem[]): CheckoutData {
  const fulfilment = edit.fulfilment ?? order.fulfilment ?? 'pickup'
  const delivery = fulfilment === 'delivery'
  const pick = <T>(edited: T | undefined, current: T): T => (edited === undefined ? current : edited)
  return {
    items: items.map((item) => ({ ...item, customization: item.customization ?? null, options: [...(item.options ?? [])] })),
    fulfilment,
    // A table's order is priced as one (no fee); its table was checked when it was placed.
    tableToken: null,
    zoneId: delivery ? pick(edit.zoneId, order.zoneId) : null,
    address: delivery ? pick(edit.address, order.address) : null,
    addressReference: delivery ? pick(edit.addressReference, order.addressReference) : null,
    customerName: order.customerName,
    notes: pick(edit.notes, order.notes),
    payment: order.payment,
    // Kept only while it still covers the new total (below): the customer is told the new total.
    cashAmount: null,
    scheduledFor: pick(edit.scheduledFor, order.scheduledFor),
    customerPhone: order.customerPhone || null,
    // The order's own code, if it had one (ownPromotions): not the one the client may think of.
    promoCode: null,
  }
}

/** The lines as the checkout names them, each with its quantity, in any order: equal when no line changed. */
const linesKey = (named: readonly (EditItem | null)[]) =>
  named
    .map((item) => (item === null ? '\u0000pos' : `${itemIdentity(item)}×${item.quantity}`))
    .sort()
    .join('\n')

/**
 * Whether the edit changes what the order costs: a line (product, size, choices, quantity), the
 * fulfilment, the zone of a delivery or the time. Anything else (notes, the address) is not priced.
 */
function changesPrice(order: Order, edit: OrderEditData): boolean {
  if (edit.items !== undefined && linesKey(edit.items) !== linesKey(order.items.map(itemOf))) return true
  if (edit.fulfilment !== undefined && edit.fulfilment !== order.fulfilment) return true
  const delivery = (edit.fulfilment ?? order.fulfilment) === 'delivery'
  if (delivery && edit.zoneId !== undefined && edit.zoneId !== order.zoneId) return true
  return edit.scheduledFor !== undefined && edit.scheduledFor !== order.scheduledFor
}

/** The lines to price: each recorded line the edit keeps (same product, size and choices) with its recorded prices. */
function linesToPrice(order: Order, items: readonly EditItem[]): PricingLine[] {
  const unused = [...order.items]
  return items.map((item) => {
    const i = unused.findIndex((line) => {
      const named = itemOf(line)
      return named !== null && itemIdentity(named) === itemIdentity(item)
    })
    const recorded = i >= 0 ? unused.splice(i, 1)[0] : undefined
    return { ...item, customization: item.customization ?? null, ...(recorded ? { recorded } : {}) }
  })
}

/** What the edit asks more of limited products than the order already held on its day. */
function extraDemand(before: Order, after: PortionDemand[], sameDay: boolean): PortionDemand[] {
  if (!sameDay) return after
  return after
    .map((d) => ({ ...d, quantity: d.quantity - before.items.filter((l) => l.productId === d.productId).reduce((sum, l) => sum + l.quantity, 0) }))
    .filter((d) => d.quantity > 0)
}

/**
 * The promotions the order was placed with (DESIGN "When the order changes in the chat"), as the
 * rule applies them to its new lines: read by id whether or not they are still switched on, their
 * dates, windows and caps lifted (they held when it was placed, and its use is already counted),
 * their minimum, fulfilment and what they apply to judged again. One deleted since cannot be
 * applied and leaves. Its code (if it had one) as the promotion's code now reads.
 */
async function ownPromotions(db: Db, order: Order): Promise<{ promotions: Promotion[]; code: string | null }> {
  const ids = [...new Set(order.discounts.flatMap((d) => (d.promotionId === null ? [] : [d.promotionId])))]
  const rows = await promotionsByIds(db, ids)
  const promotions = rows.map((p) => ({ ...p, active: true, startsOn: null, endsOn: null, windows: [], maxUses: null, maxUsesPerPhone: null }))
  const coded = promotions.find((p) => p.code !== null && order.discounts.some((d) => d.code !== null && d.promotionId === p.id))
  return { promotions, code: coded?.code ?? null }
}

/** What the edited order will be: its figures and the parts an edit may change. */
type Outcome = {
  priced: Pick<PricedOrder, 'items' | 'subtotal' | 'deliveryFee' | 'discounts' | 'total'> | null
  after: EditableOrder & { zoneId: number | null; zoneEstimatedTime: string | null; addressReference: string | null }
}

/** An edit that changes no price: the notes, and a delivery's address; every figure and line as it was. */
function unpriced(order: Order, edit: OrderEditData): Outcome {
  const input = editedInput(order, edit, [])
  for (const problem of deliveryProblems(input as Pick<CheckoutDetails, 'fulfilment' | 'zoneId' | 'address'>)) throw new CheckoutRefusal('invalid', problem.message)
  const delivery = order.fulfilment === 'delivery'
  return {
    priced: null,
    after: {
      items: order.items,
      fulfilment: order.fulfilment,
      zoneName: order.zoneName,
      zoneId: order.zoneId,
      zoneEstimatedTime: order.zoneEstimatedTime,
      address: delivery ? input.address : order.address,
      addressReference: delivery ? input.addressReference : order.addressReference,
      scheduledFor: order.scheduledFor,
      notes: input.notes,
      total: order.total,
    },
  }
}

/** An edit that changes a line, the fulfilment, the zone or the time: priced by the checkout's rule, checked like a checkout. */
async function repriced(trx: Db, order: Order, edit: OrderEditData, now: Date, cache?: PageCache): Promise<Outcome> {
  const items = edit.items ?? order.items.map(itemOf).filter((item): item is EditItem => item !== null)
  const input = editedInput(order, edit, items)
  for (const problem of deliveryProblems(input as Pick<CheckoutDetails, 'fulfilment' | 'zoneId' | 'address'>)) throw new CheckoutRefusal('invalid', problem.message)

  const [{ menu, schedule, categories }, own] = await Promise.all([readCheckout(trx, input, cache), ownPromotions(trx, order)])
  const at = orderMinute({ scheduledFor: input.scheduledFor, now, settings: schedule.settings })
  const lines = linesToPrice(order, items)
  const ownMenu = { ...menu, promotions: own.promotions, promotionUses: new Map() }
  let pricing = priceOrder(ownMenu, { ...input, items: lines, at, promoCode: own.code })
  // The order's code no longer holds for the edited order (its minimum, pickup or delivery): it leaves, the edit stands.
  if (!pricing.ok && pricing.refusal.reason === 'promotion') pricing = priceOrder(ownMenu, { ...input, items: lines, at, promoCode: null })
  if (!pricing.ok) throw new CheckoutRefusal(pricing.refusal.kind, pricing.refusal.message, pricing.refusal.reason)
  const priced = pricing.order

  // Windows, for what is new: a line kept was ordered when it was served.
  const fresh = lines.filter((line) => !line.recorded)
  const outside = orderWindowsRefusal(fresh, menu.products, categories, at)
  if (outside) throw refuse(outside, 'window')
  if (input.scheduledFor && input.scheduledFor !== order.scheduledFor) await refuseUnbookable(trx, input.scheduledFor, now, schedule)
  const sameDay = portionDay(input.scheduledFor, now) === portionDay(order.scheduledFor, new Date(order.createdAt))
  await refuseOverPortions(trx, extraDemand(order, demandOf(priced.items, menu.products), sameDay), input.scheduledFor, now)

  const zone = priced.zone
  return {
    priced,
    after: {
      items: priced.items,
      fulfilment: order.source === 'pos' ? order.fulfilment : input.fulfilment,
      zoneName: zone?.name ?? null,
      zoneId: zone?.id ?? null,
      zoneEstimatedTime: zone?.estimatedTime ?? null,
      address: zone ? input.address : null,
      addressReference: zone ? input.addressReference : null,
      scheduledFor: input.scheduledFor,
      notes: input.notes,
      total: priced.total,
    },
  }
}

/** Thrown to roll a preview back once it has read what it would have saved. */
class Preview extends Error {
  constructor(readonly order: Order) {
    super('vista previa')
  }
}

/**
 * Applies `edit` to order `id` by `by` at `now`; `ifMatch` (the version the client edited from)
 * refuses a stale edit. Refusals are CheckoutRefusals (409/400, in Spanish); nothing is written then.
 */
export async function editOrder(db: Db, id: number, edit: OrderEditData, by: string | null, now: Date, options: EditOptions = {}): Promise<EditOutcome> {
  const { ifMatch = null, cache, dryRun = false } = options
  try {
    return await inTransaction(db, async (trx): Promise<EditOutcome> => {
      await lockOrders(trx)
      const order = await getOrder(trx, id)
      if (!order) return { kind: 'notFound' }
      if (ifMatch !== null && ifMatch !== '*' && ifMatch !== orderVersion(order)) throw refuse(EDIT_MESSAGES.stale)
      const refusal = editRefusal(order.status)
      if (refusal) throw refuse(refusal)
      if (order.changes.length >= MAX_ORDER_CHANGES) throw refuse(EDIT_MESSAGES.tooMany)
      if (order.source === 'pos' && (edit.items || edit.fulfilment || edit.zoneId !== undefined || edit.address !== undefined || edit.scheduledFor !== undefined)) throw refuse(EDIT_MESSAGES.pos)
      // A table's order (issue #45) stays at its table: its lines and notes may change, not how it is served.
      if (order.fulfilment === 'mesa' && edit.fulfilment !== undefined) throw refuse(EDIT_MESSAGES.table)

      const { priced, after } = changesPrice(order, edit) ? await repriced(trx, order, edit, now, cache) : unpriced(order, edit)
      const words = describeChange(order, after, edit.reason)
      if (words === null) return { kind: 'unchanged', order }

      const updated = await trx
        .updateTable('orders')
        .set({
          ...(priced ? { items: JSON.stringify(priced.items), subtotal: priced.subtotal, delivery_fee: priced.deliveryFee, total: priced.total } : {}),
          fulfilment: storedFulfilment(after.fulfilment),
          zone_id: after.zoneId,
          zone_name: after.zoneName,
          zone_estimated_time: after.zoneEstimatedTime,
          address: after.address,
          address_reference: after.addressReference,
          scheduled_for: after.scheduledFor,
          notes: after.notes,
          cash_amount: order.cashAmount !== null && order.cashAmount >= after.total ? order.cashAmount : null,
        })
        .where('id', '=', order.id)
        .where('status', 'in', EDITABLE_STATUSES)
        .executeTakeFirst()
      // A status move does not take the lock: it may have finished the order meanwhile.
      if (Number(updated.numUpdatedRows) === 0) throw refuse(EDIT_MESSAGES.done)
      // Lines and discounts are rewritten only by an edit that was priced (a notes edit leaves them as they were).
      if (priced) {
        await trx.deleteFrom('order_lines').where('order_id', '=', order.id).execute()
        const lines = lineRows(priced.items)
        if (lines.length > 0) await trx.insertInto('order_lines').values(lines.map((line) => ({ ...line, order_id: order.id }))).execute()
        await trx.deleteFrom('order_discounts').where('order_id', '=', order.id).execute()
        const discounts = discountRows(priced.discounts)
        if (discounts.length > 0) await trx.insertInto('order_discounts').values(discounts.map((d) => ({ ...d, order_id: order.id }))).execute()
      }
      await trx
        .insertInto('order_changes')
        .values({ order_id: order.id, position: order.changes.length, at: now.toISOString(), changed_by: by, summary: words.summary, customer_summary: words.forCustomer })
        .execute()
      const saved = await getOrder(trx, order.id)
      if (!saved) throw new Error(`el pedido ${order.id} desapareció al editarlo`)
      if (dryRun) throw new Preview(saved)
      return { kind: 'edited', order: saved }
    })
  } catch (error) {
    if (error instanceof Preview) return { kind: 'previewed', order: error.order }
    throw error
  }
}
