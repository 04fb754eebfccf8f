/**
 * The storefront's order, checked and priced from the database (no HTTP here: the route
 * maps a refusal's kind to 400 or 409).
 *
 * What it reads, it reads once and all at once (issue #29): the products, the ingredients
 * and the zone the order names with one query per table, the two settings rows (opening
 * hours, order settings) with one more, and the option groups with their options with one
 * joined query (issue #32), in parallel and outside the order's transaction.
 * The price itself is one pure rule, shared/pricing.ts. Under the order's lock only what
 * must see every order committed before it is read: the slot's bookings (refuseUnbookable).
 *
 * Besides pricing's refusals (conflict: the menu changed; invalid: what the storefront never
 * sends), the store refuses (409) while it takes no orders: closed by its hours or a closed
 * date, or paused (shared/store-hours.ts, decision 014).
 */
import type { OrderSettings } from '../../shared/order-slots'
import { scheduleRefusal } from '../../shared/order-slots'
import { type PricedOrder, type PricingInput, type PricingMenu, type PricingReason, menuIdsOf, priceOrder } from '../../shared/pricing'
import { type Promotion, type PromotionRefusalReason, codeNeedsPhone, hasCap } from '../../shared/promotions'
import { activePromotionsKept, capsUsed } from '../promotions/promotions.repo.server'
import type { CheckoutData, OpeningHours } from '../../shared/schemas'
import { PAUSED_MESSAGE, storeStatus } from '../../shared/store-hours'
import { getZone } from '../coverage-zones/coverage-zones.repo.server'
import type { Db } from '../db/database.server'
import { menuMemo } from '../cache/menu-memo.server'
import type { PageCache } from '../cache/page-cache.server'
import { ingredientsByIds } from '../ingredients/ingredients.repo.server'
import { OPENING_HOURS_KEY, openingHoursFrom } from '../opening-hours/opening-hours.repo.server'
import type { NewOrder } from '../orders/orders.repo.server'
import { type PortionDemand, demandOf, portionDay, portionsRefusal } from '../portions/portions.repo.server'
import { productsByIds } from '../products/products.repo.server'
import { categoriesOfProducts } from '../categories/categories.repo.server'
import type { Category } from '../../shared/schemas/category'
import { orderMinute, orderWindowsRefusal } from '../../shared/service-windows'
import { hiddenDishRefusal } from '../../shared/menu'
import { ORDER_SETTINGS_KEY, orderSettingsFrom } from '../scheduling/order-settings.repo.server'
import { bookedOn } from '../scheduling/slot-counts.repo.server'
import { optionGroupsById } from '../option-groups/option-groups.repo.server'
import { getSettings } from '../settings/settings.repo.server'

/** Why a checkout was refused: pricing's reasons, the store being closed, or the slot (for the metrics). */
export type CheckoutReason = PricingReason | 'closed' | 'slot' | 'portions' | 'window'

export class CheckoutRefusal extends Error {
  constructor(
    readonly kind: 'invalid' | 'conflict',
    message: string,
    readonly reason: CheckoutReason = kind === 'invalid' ? 'invalid' : 'unavailable',
    /** A code's refusal: why (code-guesses.server.ts counts 'unknown' and 'used'). */
    readonly promotion?: PromotionRefusalReason,
  ) {
    super(message)
  }
}

/** The store's schedule as a checkout reads it: when it is open, and how orders for later are taken. */
export type StoreSchedule = { hours: OpeningHours | null; settings: OrderSettings }

/**
 * A checkout priced: the order to store, the schedule it read, the units of limited products it
 * asks for, and, when it was given a promotion with a cap, what to price again under the lock.
 */
export type PricedCheckout = {
  order: NewOrder
  schedule: StoreSchedule
  portions: PortionDemand[]
  recount: { menu: PricingMenu; input: PricingInput; capped: Promotion[] } | null
}

/** Whether the code typed asks for the customer's WhatsApp (limited per phone): read as a checkout reads the promotions, no query while kept. */
export async function codeAsksForPhone(db: Db, code: string | null, cache?: PageCache): Promise<boolean> {
  if (!code) return false
  return codeNeedsPhone(await activePromotionsKept(db, cache), code)
}

/** Everything a checkout reads before its transaction: one query per table, whatever the order's size. */
export async function readCheckout(
  db: Db,
  input: CheckoutData,
  cache?: PageCache,
): Promise<{ menu: PricingMenu; schedule: StoreSchedule; categories: Map<string, Category> }> {
  // Read whole and changed only by an administrator's write: kept as long as the page cache (menu-memo.server.ts).
  const whole = <T>(key: string, load: () => Promise<T>) => (cache ? menuMemo(cache, key, load) : load())
  const ids = menuIdsOf(input)
  const [products, ingredients, zone, settings, categories, optionGroups, promotions] = await Promise.all([
    productsByIds(db, ids.productIds),
    ingredientsByIds(db, ids.ingredientIds),
    ids.zoneId === null ? null : getZone(db, ids.zoneId),
    getSettings(db, [OPENING_HOURS_KEY, ORDER_SETTINGS_KEY]),
    // The categories of the products it names (their service windows, issue #31): one query.
    categoriesOfProducts(db, ids.productIds),
    // Every option group with its options (issue #32): one joined query, never one per option. All
    // of them, read beside the products rather than after: a menu has a handful, and a line that
    // chose nothing must still be held to its product's required groups.
    whole('checkout:option-groups', () => optionGroupsById(db)),
    // The active promotions (issue #33): one query; their uses only when one has a cap (priceCheckout).
    activePromotionsKept(db, cache),
  ])
  return {
    categories,
    menu: { products, ingredients, zone, optionGroups, promotions },
    schedule: { hours: openingHoursFrom(settings.get(OPENING_HOURS_KEY)?.value), settings: orderSettingsFrom(settings.get(ORDER_SETTINGS_KEY)?.value) },
  }
}

/**
 * Refuses (409) while the store takes no orders at `now`, with the line the storefront
 * shows: 'Cerrado · abrimos mañana a las 8:00', or for a pause the owner's message.
 * No schedule saved: always open. Point-of-sale orders (POST /api/orders) never come here.
 */
function refuseWhenClosed(hours: OpeningHours | null, now: Date): void {
  const status = storeStatus(hours, now)
  if (status.open) return
  const ownerMessage = status.state === 'paused' && status.message !== PAUSED_MESSAGE
  throw new CheckoutRefusal('conflict', ownerMessage ? `Pedidos en pausa: ${status.message}` : status.message, 'closed')
}

/**
 * Refuses (409, the reason in Spanish) an order for later whose time is not an available
 * slot at `now` (shared/order-slots.ts): scheduling off, too far ahead, too soon, not a
 * slot, or full. Run under the order-number lock (insertOrder's `underLock`), so the count
 * of the slot's bookings includes every order committed before this one, on any instance;
 * that count is the one query made there. A slot open later is accepted while the
 * restaurant is closed now.
 */
export async function refuseUnbookable(db: Db, scheduledFor: string, now: Date, schedule: StoreSchedule): Promise<void> {
  const taken = await bookedOn(db, scheduledFor.slice(0, 10))
  const refusal = scheduleRefusal(scheduledFor, { hours: schedule.hours, settings: schedule.settings, now, taken })
  if (refusal) throw new CheckoutRefusal('conflict', refusal, 'slot')
}

/**
 * Refuses (409 'Solo quedan 2 Chilaquiles Supremos hoy') an order asking more of a limited
 * product than is left on the day it is for (portions/). Run under the order-number lock
 * (insertOrder's `underLock`), like the slot's count: the last portion is sold once.
 */
export async function refuseOverPortions(db: Db, portions: readonly PortionDemand[], scheduledFor: string | null, now: Date): Promise<void> {
  const refusal = await portionsRefusal(db, portions, portionDay(scheduledFor, now), now)
  if (refusal) throw new CheckoutRefusal('conflict', refusal, 'portions')
}

/**
 * The order to store for a checkout, priced from the database, or a CheckoutRefusal
 * naming what is wrong; with the schedule it read (an order for later is checked against
 * it under the lock) and the units of limited products it asks for (`portions`, counted under
 * the lock too: refuseOverPortions). Reads only: the caller writes. `now` is when the order is placed.
 */
export async function priceCheckout(db: Db, input: CheckoutData, now: Date = new Date(), cache?: PageCache, { phoneUses = true }: { phoneUses?: boolean } = {}): Promise<PricedCheckout> {
  const { menu, schedule, categories } = await readCheckout(db, input, cache)
  // An order for later is checked against its slot instead (refuseUnbookable, under the order lock).
  if (input.scheduledFor === null) refuseWhenClosed(schedule.hours, now)
  // A hidden category's dish is not offered online (shared/menu.ts), refused like a sold-out one.
  const hidden = hiddenDishRefusal(input.items, menu.products, categories)
  if (hidden) throw new CheckoutRefusal('conflict', hidden, 'unavailable')
  const at = orderMinute({ scheduledFor: input.scheduledFor, now, settings: schedule.settings })
  // Uses matter only to a promotion with a cap: counted here for the answer, and again under the order's lock.
  const capped = (menu.promotions ?? []).filter(hasCap)
  // `phoneUses: false` (the quote): this phone's own uses are not read, so the quote cannot tell whether a number used a code (issue #39).
  const priced: PricingMenu = capped.length > 0 ? { ...menu, promotionUses: await capsUsed(db, capped, phoneUses ? input.customerPhone : null) } : menu
  const pricingInput: PricingInput = { ...input, at }
  const order = newOrderOf(input, priceOrThrow(priced, pricingInput))
  // A dish served only at some hours, judged at the time the order is for (shared/service-windows.ts).
  const outside = orderWindowsRefusal(input.items, menu.products, categories, at)
  if (outside) throw new CheckoutRefusal('conflict', outside, 'window')
  const givesCapped = order.discounts.some((d) => capped.some((p) => p.id === d.promotionId))
  // The limited products it asks for: counted under the order's lock (refuseOverPortions).
  return { order, schedule, portions: demandOf(order.items, menu.products), recount: givesCapped ? { menu, input: pricingInput, capped } : null }
}

/** The priced order, or the refusal as a CheckoutRefusal (409 when the menu or a promotion says no, else 400). */
function priceOrThrow(menu: PricingMenu, input: PricingInput): PricedOrder {
  const pricing = priceOrder(menu, input)
  if (!pricing.ok) throw new CheckoutRefusal(pricing.refusal.kind, pricing.refusal.message, pricing.refusal.reason, pricing.refusal.promotion)
  return pricing.order
}

/**
 * Under the order's lock (issue #33): the uses of the capped promotions the order was given,
 * counted again now that every order committed before this one is seen, and the order priced
 * with them. So the last use is given once, on any instance; a refusal ('Ese código ya se agotó')
 * rolls the order back. Without a capped promotion, the order as priced.
 */
export async function repriceUnderLock(locked: Db, priced: PricedCheckout): Promise<NewOrder> {
  if (!priced.recount) return priced.order
  const { menu, input, capped } = priced.recount
  const uses = await capsUsed(locked, capped, input.customerPhone ?? null)
  return { ...priced.order, ...totalsOf(priceOrThrow({ ...menu, promotionUses: uses }, input)) }
}

/** The figures of a priced order as a NewOrder carries them. */
const totalsOf = (p: PricedOrder) => ({ items: p.items, subtotal: p.subtotal, deliveryFee: p.deliveryFee, discounts: p.discounts, total: p.total })

/** The storefront's order as stored, from its input and its price. */
function newOrderOf(input: CheckoutData, pricing: PricedOrder): NewOrder {
  const { zone, payment, cashAmount } = pricing
  return {
    source: 'storefront',
    status: 'pending',
    customerName: input.customerName,
    customerPhone: input.customerPhone ?? '',
    fulfilment: input.fulfilment,
    zoneId: zone?.id ?? null,
    zoneName: zone?.name ?? null,
    zoneEstimatedTime: zone?.estimatedTime ?? null,
    scheduledFor: input.scheduledFor,
    address: zone ? input.address : null,
    addressReference: zone ? input.addressReference : null,
    payment,
    cashAmount,
    ...totalsOf(pricing),
    notes: input.notes,
  }
}
