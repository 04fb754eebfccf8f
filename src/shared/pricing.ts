/**
 * The price of an order: one pure rule (no I/O, no zod: it may ship to the browser)
 * that the checkout calls once it has read the menu rows the order names
 * (`menuIdsOf`: one query per table, server/checkout/checkout-menu.server.ts).
 *
 * Every line's unit price is `plateTotal` (cart.ts, the rule the storefront shows): the
 * product's price at the size plus the chosen extras' prices, from the rows given here;
 * nothing the client says about money is used.
 *
 * What is allowed mirrors the storefront's drawer (web/store/customize-options.ts): a
 * sauce must be a salsa-type ingredient and, when the product lists sauces, one of them;
 * extras likewise with extra-type ingredients; removed ingredients likewise with base-type
 * ones. An empty list on the product allows every ingredient of the type.
 *
 * Options (issue #32, shared/options.ts): each chosen option must be one of a group the product
 * names (invalid otherwise); each of the product's groups is counted against its min and max
 * (invalid, naming the group: the drawer never sends it); a sold-out option is a conflict ('Ya
 * no tenemos Almendra (Leche)'). Their names and prices at the line's size are frozen on the line.
 *
 * Promotions (issue #33, shared/promotions.ts) come last, on the priced lines: the code typed
 * and the automatic ones in force at the order's time (`at`, service-windows' orderMinute), with
 * their uses so far. The total is subtotal + delivery fee - discounts (never below the fee).
 *
 * A line an edit leaves as it was (issue #34) comes with its `recorded` line: it keeps its
 * recorded prices and names and is not checked against today's menu (a dish sold out since is
 * still what the customer ordered); only its quantity may differ.
 *
 * Refusals are of two kinds, the first one met reported (line after line, as the
 * storefront lists them):
 *   conflict  the menu changed under the customer: a product, sauce, extra or zone that
 *             is gone or switched off (a product marked 'Agotado'), or a delivery below
 *             the zone's minimum order;
 *   invalid   something the storefront never sends: a size the product has no price for,
 *             an ingredient of the wrong type or not offered with the product, cash that
 *             does not cover the total.
 */
import { SIZE_LABELS, type Size, plateTotal } from './cart'
import { type OrderFulfilment, type PaymentMethod, minimumOrderShortfall } from './checkout'
import { ORDER_TOTAL_MAX, ORDER_TOTAL_RULE, formatQ } from './money'
import { type OptionChoice, type OptionGroup, type OrderLineOption, blocksProduct, groupProblem, groupsOf, optionPrice } from './options'
import { type Promotion, type PromotionRefusalReason, type PromotionUses, applyPromotions } from './promotions'
import type { CoverageZone, Ingredient, OrderDiscount, OrderLine, Product } from './schemas'

export type { OrderDiscount } from './schemas'

/** One line as the order names it: ids only. */
export type PricingLine = {
  productId: number
  size: Size
  quantity: number
  customization?: { sauceId?: number | null; sauceOnSide: boolean; removedIngredientIds: number[]; extraIds: number[] } | null
  /** Option groups' choices (issue #32). */
  options?: readonly OptionChoice[]
  /** An edited order's line left as it was (issue #34): priced as recorded, its quantity aside. */
  recorded?: OrderLine
}

/** What is priced: the lines and what decides the fee and the change. */
export type PricingInput = {
  items: PricingLine[]
  fulfilment: OrderFulfilment
  zoneId?: number | null
  payment?: PaymentMethod | null
  cashAmount?: number | null
  /** The code typed (issue #33), or null. */
  promoCode?: string | null
  /** The customer's WhatsApp digits: a promotion limited per phone counts by it. */
  customerPhone?: string | null
  /** The time the order is for, as a wall-clock minute (service-windows' orderMinute): promotions' dates and windows. */
  at?: number
}

/** The rows the order names, as read (a missing id is simply absent). */
export type PricingMenu = {
  products: ReadonlyMap<number, Product>
  ingredients: ReadonlyMap<number, Ingredient>
  /** The zone named by a delivery, or null (none named, or gone). */
  zone: CoverageZone | null
  /** The option groups (issue #32): every group, read with one query (a menu has a handful). */
  optionGroups: ReadonlyMap<number, OptionGroup>
  /** The active promotions (issue #33), read with one query; absent: none. */
  promotions?: readonly Promotion[]
  /** Their uses so far by orders not cancelled (total, and by this order's phone); counted again under the order's lock. */
  promotionUses?: ReadonlyMap<number, PromotionUses>
}

/**
 * Why, for the operator's counts: `gone` (a product, ingredient or zone deleted), `unavailable`
 * (switched off: 'Agotado', a zone without deliveries), `minimum` (below the zone's minimum
 * order), `invalid` (what the storefront never sends).
 */
export type PricingReason = 'gone' | 'unavailable' | 'minimum' | 'invalid' | 'promotion'

export type PricingRefusal = {
  kind: 'invalid' | 'conflict'
  reason: PricingReason
  message: string
  /** A code's refusal: why (the checkout counts 'unknown' and 'used' as guesses, server/promotions/code-guesses.server.ts). */
  promotion?: PromotionRefusalReason
}


export type PricedOrder = {
  items: OrderLine[]
  subtotal: number
  /** The zone's fee (before a free delivery, which is one of the discounts). */
  deliveryFee: number
  /** Each promotion given (issue #33), in the order applied. */
  discounts: OrderDiscount[]
  /** The code that applies (upper-case), or null. */
  promoCode: string | null
  /** subtotal + deliveryFee - the discounts. */
  total: number
  /** The delivery's zone as ordered; null for a pickup. */
  zone: { id: number; name: string; fee: number; estimatedTime: string | null } | null
  payment: PaymentMethod | null
  /** Kept for cash payments only. */
  cashAmount: number | null
}

export type Pricing = { ok: true; order: PricedOrder } | { ok: false; refusal: PricingRefusal }

/**
 * Money's bound on an order (DESIGN "Data rules", shared/money.ts): its subtotal and its total are
 * at most ORDER_TOTAL_MAX. The message (a 400) when `amount` is over it, else null; priceOrder
 * applies it, and the point of sale to its own lines (orders/pos-lines.server.ts).
 */
export const orderTotalProblem = (amount: number): string | null => (amount > ORDER_TOTAL_MAX ? ORDER_TOTAL_RULE : null)

/** The ids of each table an order names: what the checkout reads, one query per table. */
export function menuIdsOf(input: PricingInput): { productIds: number[]; ingredientIds: number[]; zoneId: number | null } {
  const products = new Set<number>()
  const ingredients = new Set<number>()
  for (const item of input.items) {
    products.add(item.productId)
    const c = item.customization
    if (c?.sauceId != null) ingredients.add(c.sauceId)
    for (const id of c?.removedIngredientIds ?? []) ingredients.add(id)
    for (const id of c?.extraIds ?? []) ingredients.add(id)
  }
  return { productIds: [...products], ingredientIds: [...ingredients], zoneId: input.fulfilment === 'delivery' ? (input.zoneId ?? null) : null }
}

class Refused extends Error {
  constructor(readonly refusal: PricingRefusal) {
    super(refusal.message)
  }
}
const invalid = (message: string) => new Refused({ kind: 'invalid', reason: 'invalid', message })
const gone = (message: string) => new Refused({ kind: 'conflict', reason: 'gone', message })
const unavailable = (message: string) => new Refused({ kind: 'conflict', reason: 'unavailable', message })

type Choice = 'salsa' | 'extra'

/** The Spanish refusals of a chosen sauce or extra. */
const WORDS: Record<Choice, { gone: string; wrongType: string; named: string }> = {
  salsa: { gone: 'la salsa', wrongType: 'una salsa', named: 'La salsa' },
  extra: { gone: 'el extra', wrongType: 'un extra', named: 'El extra' },
}

/** Whether the product's list allows `id`: an empty list allows every ingredient of the type. */
const offered = (allowedIds: readonly number[], id: number) => allowedIds.length === 0 || allowedIds.includes(id)

/** A sauce or extra of the right type, offered with the product and on the menu. */
function chosen(menu: PricingMenu, id: number, type: Choice, allowedIds: readonly number[], product: Product, line: number): Ingredient {
  const words = WORDS[type]
  const ingredient = menu.ingredients.get(id)
  if (!ingredient) throw gone(`Línea ${line}: ${words.gone} #${id} ya no existe`)
  if (ingredient.type !== type) throw invalid(`"${ingredient.name}" no es ${words.wrongType}`)
  if (!offered(allowedIds, id)) throw invalid(`${words.named} "${ingredient.name}" no se ofrece con "${product.name}"`)
  if (!ingredient.available) throw unavailable(`${words.named} "${ingredient.name}" no está disponible`)
  return ingredient
}

/**
 * A base ingredient the customer asked to leave out: it must be one of the product's
 * (invalid otherwise, unknown ids included). One that is off the menu may still be left out.
 */
function removed(menu: PricingMenu, id: number, product: Product, line: number): Ingredient {
  const ingredient = menu.ingredients.get(id)
  if (!ingredient) throw invalid(`Línea ${line}: el ingrediente #${id} no es un ingrediente de "${product.name}"`)
  if (ingredient.type !== 'base' || !offered(product.baseIngredientIds, id)) throw invalid(`"${ingredient.name}" no es un ingrediente de "${product.name}"`)
  return ingredient
}

function priceLine(menu: PricingMenu, item: PricingLine, line: number): OrderLine {
  if (item.recorded) return { ...item.recorded, quantity: item.quantity, lineTotal: item.recorded.price * item.quantity }
  const product = menu.products.get(item.productId)
  if (!product) throw gone(`Línea ${line}: el producto #${item.productId} ya no existe`)
  if (!product.available) throw unavailable(`El producto "${product.name}" no está disponible`)
  if (item.size === 'grande' && product.priceGrande === null) throw invalid(`Línea ${line}: "${product.name}" no tiene tamaño ${SIZE_LABELS.grande}`)

  const c = item.customization
  const sauce = c?.sauceId != null ? chosen(menu, c.sauceId, 'salsa', product.availableSauces, product, line) : null
  const left = (c?.removedIngredientIds ?? []).map((id) => removed(menu, id, product, line))
  const extras = (c?.extraIds ?? []).map((id) => chosen(menu, id, 'extra', product.extraIngredientIds, product, line))

  const options = chosenOptions(menu, product, item.options ?? [], item.size)
  const price = plateTotal(product, item.size, extras) + options.reduce((sum, o) => sum + o.price, 0)
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
          removed: left.map((i) => ({ id: i.id, name: i.name })),
          extras: extras.map((i) => ({ id: i.id, name: i.name, price: i.price })),
        }
      : null,
    ...(options.length > 0 ? { options } : {}),
  }
}

/**
 * The options a line chose, checked against the product's groups (in the product's order, then
 * the group's), priced at the line's size. Every group of the product is counted, chosen from or not.
 */
function chosenOptions(menu: Pick<PricingMenu, 'optionGroups'>, product: Product, choices: readonly OptionChoice[], size: PricingLine['size']): OrderLineOption[] {
  const groups = groupsOf(product, menu.optionGroups)
  // A required group with nothing left to choose sells the dish out (the storefront shows 'Agotado').
  if (groups.some(blocksProduct)) throw unavailable(`El producto "${product.name}" no está disponible`)
  const named = new Set(groups.map((g) => g.id))
  for (const choice of choices) {
    if (!named.has(choice.groupId)) throw invalid(`"${product.name}" no tiene el grupo de opciones #${choice.groupId}`)
  }
  const picked: OrderLineOption[] = []
  for (const group of groups) {
    const mine = choices.filter((c) => c.groupId === group.id)
    // An option of another group sent under this one is what the storefront never sends (invalid);
    // one that exists nowhere was deleted while it sat in a cart (gone: the menu changed).
    const unknown = mine.find((c) => !group.options.some((o) => o.id === c.optionId))
    if (unknown) {
      const elsewhere = [...menu.optionGroups.values()].some((g) => g.options.some((o) => o.id === unknown.optionId))
      throw elsewhere ? invalid(`Esa opción no es de ${group.name}`) : gone(`${group.name}: esa opción ya no existe`)
    }
    const problem = groupProblem(group, mine.length)
    if (problem) throw invalid(problem)
    for (const option of group.options) {
      if (!mine.some((c) => c.optionId === option.id)) continue
      if (!option.available) throw unavailable(`Ya no tenemos ${option.name} (${group.name})`)
      picked.push({ groupId: group.id, optionId: option.id, group: group.name, name: option.name, price: optionPrice(option, size) })
    }
  }
  return picked
}

/**
 * One line's options by the same rule, for a line priced elsewhere: the point of sale's (POST
 * /api/orders), whose own price is the unit price before options. The options as they will be
 * frozen on the line, or the refusal (kind and reason as priceOrder's).
 */
export function priceOptions(
  optionGroups: ReadonlyMap<number, OptionGroup>,
  product: Product,
  choices: readonly OptionChoice[],
  size: Size,
): { ok: true; options: OrderLineOption[] } | { ok: false; refusal: PricingRefusal } {
  try {
    return { ok: true, options: chosenOptions({ optionGroups }, product, choices, size) }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal }
    throw error
  }
}

function price(menu: PricingMenu, input: PricingInput): PricedOrder {
  const items = input.items.map((item, i) => priceLine(menu, item, i + 1))
  const subtotal = items.reduce((sum, line) => sum + line.lineTotal, 0)
  // Money's bound (issue #39): judged before the promotions, so it says nothing about a code.
  const overSubtotal = orderTotalProblem(subtotal)
  if (overSubtotal) throw invalid(overSubtotal)

  let zone: PricedOrder['zone'] = null
  if (input.fulfilment === 'delivery') {
    const found = input.zoneId != null && menu.zone?.id === input.zoneId ? menu.zone : null
    if (!found) throw gone('La zona de entrega ya no existe')
    if (!found.available) throw unavailable(`La zona "${found.name}" no tiene entregas disponibles`)
    // The storefront's own rule (checkout.ts), so the sheet and the refusal say the same.
    const belowMinimum = minimumOrderShortfall(found, subtotal)
    if (belowMinimum) throw new Refused({ kind: 'conflict', reason: 'minimum', message: belowMinimum })
    zone = { id: found.id, name: found.name, fee: found.deliveryCost, estimatedTime: found.estimatedTime }
  }
  const deliveryFee = zone?.fee ?? 0

  const promotions = menu.promotions ?? []
  let discounts: OrderDiscount[] = []
  let promoCode: string | null = null
  let total = subtotal + deliveryFee
  if (promotions.length > 0 || input.promoCode) {
    const result = applyPromotions({
      lines: items.map((line) => ({ ...line, category: line.productId === undefined ? null : (menu.products.get(line.productId)?.category ?? null) })),
      deliveryFee,
      fulfilment: input.fulfilment,
      at: input.at ?? 0,
      phone: input.customerPhone ?? null,
      code: input.promoCode ?? null,
      promotions,
      uses: menu.promotionUses ?? new Map(),
    })
    if (!result.ok) throw new Refused({ kind: 'conflict', reason: 'promotion', message: result.refusal.message, promotion: result.refusal.reason })
    discounts = result.discounts.map((d) => ({ promotionId: d.promotionId, name: d.name, code: d.code, amount: d.amount }))
    promoCode = result.code
    total = result.totals.total
  }

  const payment = input.payment ?? null
  const cashAmount = payment === 'efectivo' ? (input.cashAmount ?? null) : null
  const overTotal = orderTotalProblem(total)
  if (overTotal) throw invalid(overTotal)
  if (cashAmount !== null && cashAmount < total) throw invalid(`El efectivo (${formatQ(cashAmount)}) no cubre el total del pedido (${formatQ(total)})`)
  return { items, subtotal, deliveryFee, discounts, promoCode, total, zone, payment, cashAmount }
}

/** The priced order, or the first refusal met. Pure: the same rows and input always give the same answer. */
export function priceOrder(menu: PricingMenu, input: PricingInput): Pricing {
  try {
    return { ok: true, order: price(menu, input) }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal }
    throw error
  }
}
