/**
 * The storefront's order, checked and priced from the database (no HTTP here:
 * the route maps a refusal's kind to 400 or 409).
 *
 * Prices: every line's unit price is `plateTotal` (shared/cart.ts, the rule the
 * storefront shows): the product's price at the size plus the chosen extras'
 * prices, all read here; nothing the client says about money is used.
 *
 * What is allowed mirrors the storefront's drawer (web/store/customize-options.ts):
 * a sauce must be a salsa-type ingredient and, when the product lists sauces, one of
 * them; extras likewise with extra-type ingredients; removed ingredients likewise
 * with base-type ones. An empty list on the product allows every ingredient of the type.
 *
 * Refusals are of two kinds:
 *   conflict (409)  the store is not taking orders (closed by its hours or a closed date,
 *                   or paused: shared/store-hours.ts, decision 014), or the menu changed
 *                   under the customer: a product, sauce, extra or zone that is gone or
 *                   switched off (a product marked 'Agotado'), or a delivery below the
 *                   zone's minimum order;
 *   invalid  (400)  something the storefront never sends: a size the product has no price
 *                   for, an ingredient of the wrong type or not offered with the product,
 *                   cash that does not cover the total.
 */
import { SIZE_LABELS, plateTotal } from '../../shared/cart'
import { minimumOrderShortfall } from '../../shared/checkout'
import { formatQ } from '../../shared/money'
import { scheduleRefusal } from '../../shared/order-slots'
import type { CheckoutData, CheckoutItemData, Ingredient, OrderLine, Product } from '../../shared/schemas'
import { PAUSED_MESSAGE, storeStatus } from '../../shared/store-hours'
import { getZone } from '../coverage-zones/coverage-zones.repo.server'
import type { Db } from '../db/database.server'
import { getIngredient } from '../ingredients/ingredients.repo.server'
import { getOpeningHours } from '../opening-hours/opening-hours.repo.server'
import type { NewOrder } from '../orders/orders.repo.server'
import { getProduct } from '../products/products.repo.server'
import { getOrderSettings } from '../scheduling/order-settings.repo.server'
import { bookedOn } from '../scheduling/slot-counts.repo.server'

export class CheckoutRefusal extends Error {
  constructor(
    readonly kind: 'invalid' | 'conflict',
    message: string,
  ) {
    super(message)
  }
}

const invalid = (message: string) => new CheckoutRefusal('invalid', message)
const conflict = (message: string) => new CheckoutRefusal('conflict', message)

type Choice = 'salsa' | 'extra'

/** The Spanish refusals of a chosen sauce or extra. */
const REFUSALS: Record<Choice, { gone: string; wrongType: string; notOffered: string; unavailable: string }> = {
  salsa: { gone: 'la salsa', wrongType: 'una salsa', notOffered: 'La salsa', unavailable: 'La salsa' },
  extra: { gone: 'el extra', wrongType: 'un extra', notOffered: 'El extra', unavailable: 'El extra' },
}

/** Whether the product's list allows `id`: an empty list allows every ingredient of the type. */
const offered = (allowedIds: number[], id: number) => allowedIds.length === 0 || allowedIds.includes(id)

/** A sauce or extra of the right type, offered with the product and on the menu. */
async function chosenIngredient(db: Db, id: number, type: Choice, allowedIds: number[], product: Product, line: number): Promise<Ingredient> {
  const words = REFUSALS[type]
  const ingredient = await getIngredient(db, id)
  if (!ingredient) throw conflict(`Línea ${line}: ${words.gone} #${id} ya no existe`)
  if (ingredient.type !== type) throw invalid(`"${ingredient.name}" no es ${words.wrongType}`)
  if (!offered(allowedIds, id)) throw invalid(`${words.notOffered} "${ingredient.name}" no se ofrece con "${product.name}"`)
  if (!ingredient.available) throw conflict(`${words.unavailable} "${ingredient.name}" no está disponible`)
  return ingredient
}

/**
 * A base ingredient the customer asked to leave out: it must be one of the product's
 * (400 otherwise, unknown ids included). One that is off the menu may still be left out.
 */
async function removedIngredient(db: Db, id: number, product: Product, line: number): Promise<Ingredient> {
  const ingredient = await getIngredient(db, id)
  if (!ingredient) throw invalid(`Línea ${line}: el ingrediente #${id} no es un ingrediente de "${product.name}"`)
  if (ingredient.type !== 'base' || !offered(product.baseIngredientIds, id)) {
    throw invalid(`"${ingredient.name}" no es un ingrediente de "${product.name}"`)
  }
  return ingredient
}

async function priceLine(db: Db, item: CheckoutItemData, line: number): Promise<OrderLine> {
  const product = await getProduct(db, item.productId)
  if (!product) throw conflict(`Línea ${line}: el producto #${item.productId} ya no existe`)
  if (!product.available) throw conflict(`El producto "${product.name}" no está disponible`)
  if (item.size === 'grande' && product.priceGrande === null) {
    throw invalid(`Línea ${line}: "${product.name}" no tiene tamaño ${SIZE_LABELS.grande}`)
  }

  const c = item.customization
  const sauce = c?.sauceId != null ? await chosenIngredient(db, c.sauceId, 'salsa', product.availableSauces, product, line) : null
  const removed: Ingredient[] = []
  for (const id of c?.removedIngredientIds ?? []) removed.push(await removedIngredient(db, id, product, line))
  const extras: Ingredient[] = []
  for (const id of c?.extraIds ?? []) extras.push(await chosenIngredient(db, id, 'extra', product.extraIngredientIds, product, line))

  const price = plateTotal(product, item.size, extras)
  return {
    productId: product.id,
    name: product.name,
    size: item.size,
    quantity: item.quantity,
    price,
    lineTotal: price * item.quantity,
    customization: c
      ? {
          sauce: sauce ? { id: sauce.id, name: sauce.name } : null,
          sauceOnSide: sauce !== null && c.sauceOnSide,
          removed: removed.map((i) => ({ id: i.id, name: i.name })),
          extras: extras.map((i) => ({ id: i.id, name: i.name, price: i.price })),
        }
      : null,
  }
}

/**
 * Refuses (409) while the store takes no orders at `now`, with the line the storefront
 * shows: 'Cerrado · abrimos mañana a las 8:00', or for a pause the owner's message.
 * No schedule saved: always open. Point-of-sale orders (POST /api/orders) never come here.
 */
export async function refuseWhenClosed(db: Db, now: Date): Promise<void> {
  const status = storeStatus(await getOpeningHours(db), now)
  if (status.open) return
  const ownerMessage = status.state === 'paused' && status.message !== PAUSED_MESSAGE
  throw conflict(ownerMessage ? `Pedidos en pausa: ${status.message}` : status.message)
}

/**
 * Refuses (409, the reason in Spanish) an order for later whose time is not an available
 * slot at `now` (shared/order-slots.ts): scheduling off, too far ahead, too soon, not a
 * slot, or full. Run under the order-number lock (insertOrder's `underLock`), so the count
 * of the slot's bookings includes every order committed before this one, on any instance.
 * A slot open later is accepted while the restaurant is closed now.
 */
export async function refuseUnbookable(db: Db, scheduledFor: string, now: Date): Promise<void> {
  const date = scheduledFor.slice(0, 10)
  const [hours, settings, taken] = await Promise.all([getOpeningHours(db), getOrderSettings(db), bookedOn(db, date)])
  const refusal = scheduleRefusal(scheduledFor, { hours, settings, now, taken })
  if (refusal) throw conflict(refusal)
}

/**
 * The order to store for a checkout, priced from the database, or a CheckoutRefusal
 * naming what is wrong. Reads only: the caller writes (inside its transaction).
 * `now` is when the order is placed (the store's hours are checked against it).
 */
export async function priceCheckout(db: Db, input: CheckoutData, now: Date = new Date()): Promise<NewOrder> {
  // An order for later is checked against its slot instead (refuseUnbookable, under the order lock).
  if (input.scheduledFor === null) await refuseWhenClosed(db, now)
  // One line after another: the first refusal is the one reported, as the storefront lists them.
  const items: OrderLine[] = []
  for (const [i, item] of input.items.entries()) items.push(await priceLine(db, item, i + 1))
  const subtotal = items.reduce((sum, line) => sum + line.lineTotal, 0)

  let zone: { id: number; name: string; fee: number; estimatedTime: string | null } | null = null
  if (input.fulfilment === 'delivery') {
    // The schema makes zoneId and address required for a delivery.
    const found = input.zoneId == null ? null : await getZone(db, input.zoneId)
    if (!found) throw conflict('La zona de entrega ya no existe')
    if (!found.available) throw conflict(`La zona "${found.name}" no tiene entregas disponibles`)
    // The storefront's own rule (shared/checkout.ts), so the sheet and the refusal say the same.
    const belowMinimum = minimumOrderShortfall(found, subtotal)
    if (belowMinimum) throw conflict(belowMinimum)
    zone = { id: found.id, name: found.name, fee: found.deliveryCost, estimatedTime: found.estimatedTime }
  }
  const deliveryFee = zone?.fee ?? 0
  const total = subtotal + deliveryFee

  const payment = input.payment ?? null
  const cashAmount = payment === 'efectivo' ? (input.cashAmount ?? null) : null
  if (cashAmount !== null && cashAmount < total) {
    throw invalid(`El efectivo (${formatQ(cashAmount)}) no cubre el total del pedido (${formatQ(total)})`)
  }

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
    items,
    subtotal,
    deliveryFee,
    total,
    notes: input.notes,
  }
}
