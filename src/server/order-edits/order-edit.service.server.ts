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
 * Everything is decided under the lock every order insert takes (lockOrders): the order is read
 * there, so two edits at once are applied one after the other, each on what the other left; a
 * client that says which version it edited (If-Match) is refused when another edit came first,
 * rather than silently undoing it.
 */
import { type CheckoutDetails, deliveryProblems } from '../../shared/checkout'
import { changeSummary, itemIdentity, itemOf, type EditItem } from '../../shared/order-changes'
import { type PricingLine, priceOrder } from '../../shared/pricing'
import { hasCap } from '../../shared/promotions'
import type { CheckoutData, Order, OrderEditData, OrderStatus } from '../../shared/schemas'
import { orderMinute, orderWindowsRefusal } from '../../shared/service-windows'
import { CheckoutRefusal, readCheckout, refuseOverPortions, refuseUnbookable } from '../checkout/checkout.service.server'
import type { PageCache } from '../cache/page-cache.server'
import { type Db, inTransaction } from '../db/database.server'
import { discountRows, getOrder, lineRows, lockOrders } from '../orders/orders.repo.server'
import { type PortionDemand, demandOf, portionDay } from '../portions/portions.repo.server'
import { capsUsed } from '../promotions/promotions.repo.server'

/** The states an order may still be changed in: the kitchen has not finished it. */
export const EDITABLE_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'preparing']

/** The version a client edits from (If-Match / ETag): how many edits the order has had. */
export const orderVersion = (order: Pick<Order, 'changes'>): string => `"${order.changes.length}"`

export const EDIT_MESSAGES = {
  done: 'Este pedido ya está listo; ya no se puede cambiar',
  cancelled: 'Este pedido está cancelado; ya no se puede cambiar',
  stale: 'Alguien más cambió este pedido mientras lo editabas; revisa el pedido y vuelve a intentarlo',
  pos: 'Los productos de un pedido del punto de venta se cambian en el punto de venta',
} as const

export type EditOutcome = { kind: 'edited'; order: Order } | { kind: 'unchanged'; order: Order } | { kind: 'notFound' }

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
    // The code the order was given, held to its rules again.
    promoCode: order.discounts.find((d) => d.code !== null)?.code ?? null,
  }
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
 * Applies `edit` to order `id` by `by` at `now`; `ifMatch` (the version the client edited from)
 * refuses a stale edit. Refusals are CheckoutRefusals (409/400, in Spanish); nothing is written then.
 */
export async function editOrder(
  db: Db,
  id: number,
  edit: OrderEditData,
  by: string | null,
  now: Date,
  ifMatch: string | null = null,
  cache?: PageCache,
): Promise<EditOutcome> {
  return inTransaction(db, async (trx) => {
    await lockOrders(trx)
    const order = await getOrder(trx, id)
    if (!order) return { kind: 'notFound' }
    if (ifMatch !== null && ifMatch !== '*' && ifMatch !== orderVersion(order)) throw refuse(EDIT_MESSAGES.stale)
    const refusal = editRefusal(order.status)
    if (refusal) throw refuse(refusal)
    if (order.source === 'pos' && (edit.items || edit.fulfilment || edit.zoneId !== undefined || edit.address !== undefined || edit.scheduledFor !== undefined)) throw refuse(EDIT_MESSAGES.pos)

    const items = edit.items ?? order.items.map(itemOf).filter((item): item is EditItem => item !== null)
    const input = editedInput(order, edit, items)
    for (const problem of deliveryProblems(input as Pick<CheckoutDetails, 'fulfilment' | 'zoneId' | 'address'>)) throw new CheckoutRefusal('invalid', problem.message)

    const { menu, schedule, categories } = await readCheckout(trx, input, cache)
    const capped = (menu.promotions ?? []).filter(hasCap)
    // This order's own use does not count against it.
    const promotionUses = capped.length > 0 ? await capsUsed(trx, capped, input.customerPhone, order.id) : undefined
    const at = orderMinute({ scheduledFor: input.scheduledFor, now, settings: schedule.settings })
    const lines = linesToPrice(order, items)
    const pricing = priceOrder({ ...menu, ...(promotionUses ? { promotionUses } : {}) }, { ...input, items: lines, at })
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
    const after = {
      items: priced.items,
      fulfilment: order.source === 'pos' ? order.fulfilment : input.fulfilment,
      zoneName: zone?.name ?? null,
      address: zone ? input.address : null,
      scheduledFor: input.scheduledFor,
      notes: input.notes,
      total: priced.total,
    }
    const summary = changeSummary(order, after, edit.reason)
    if (summary === null) return { kind: 'unchanged', order }

    const updated = await trx
      .updateTable('orders')
      .set({
        items: JSON.stringify(priced.items),
        subtotal: priced.subtotal,
        delivery_fee: priced.deliveryFee,
        total: priced.total,
        fulfilment: after.fulfilment,
        zone_id: zone?.id ?? null,
        zone_name: after.zoneName,
        zone_estimated_time: zone?.estimatedTime ?? null,
        address: after.address,
        address_reference: zone ? input.addressReference : null,
        scheduled_for: after.scheduledFor,
        notes: after.notes,
        cash_amount: order.cashAmount !== null && order.cashAmount >= priced.total ? order.cashAmount : null,
      })
      .where('id', '=', order.id)
      .where('status', 'in', EDITABLE_STATUSES)
      .executeTakeFirst()
    // A status move does not take the lock: it may have finished the order meanwhile.
    if (Number(updated.numUpdatedRows) === 0) throw refuse(EDIT_MESSAGES.done)
    await trx.deleteFrom('order_lines').where('order_id', '=', order.id).execute()
    await trx.insertInto('order_lines').values(lineRows(priced.items).map((line) => ({ ...line, order_id: order.id }))).execute()
    await trx.deleteFrom('order_discounts').where('order_id', '=', order.id).execute()
    const discounts = discountRows(priced.discounts)
    if (discounts.length > 0) await trx.insertInto('order_discounts').values(discounts.map((d) => ({ ...d, order_id: order.id }))).execute()
    await trx.insertInto('order_changes').values({ order_id: order.id, position: order.changes.length, at: now.toISOString(), changed_by: by, summary }).execute()
    const saved = await getOrder(trx, order.id)
    if (!saved) throw new Error(`el pedido ${order.id} desapareció al editarlo`)
    return { kind: 'edited', order: saved }
  })
}
