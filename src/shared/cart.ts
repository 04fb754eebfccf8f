/**
 * The cart's rules (SPEC section 4) as pure functions over an immutable list,
 * so the storefront's store hook, the order text and the tests share one truth.
 * No zod here: this module ships in the landing bundle.
 */

import { choicesKey, optionPrice } from './options'
import type { Size } from './sizes'

export { SIZE_LABELS, type Size } from './sizes'

/** The slice of a product the cart keeps (enough to price and name a line). */
export type CartProduct = { id: number; name: string; price: number; priceGrande?: number | null }

export type CartExtra = { id: number; name: string; price: number }

/**
 * An option chosen in the drawer (issue #32), with its names for the chat text and both of its
 * prices (the line's size picks one: optionPrice). Part of the line's identity by ids.
 */
export type CartOption = { groupId: number; optionId: number; group: string; name: string; price: number; priceGrande: number | null }

export type Customization = {
  /** Name of the chosen sauce (one is required in the drawer; null for none offered). */
  sauce: string | null
  /**
   * Its ingredient id, which the checkout sends (the server prices and records by id).
   * Null for none, and in carts stored before ids were kept (the checkout then looks the name up).
   */
  sauceId: number | null
  sauceOnSide: boolean
  /** Ids of base ingredients the customer removed... */
  removedIngredients: number[]
  /** ...and their names, so the chat order can say what to leave out. */
  removedNames: string[]
  addedExtras: CartExtra[]
  /** Unit price, always plateTotal(product, size, addedExtras): set by addItem, never by a caller. */
  totalPrice: number
}

/** What the drawer chooses; the price follows from it (plateTotal). */
export type CustomizationInput = Omit<Customization, 'totalPrice'>

export type CartItem = {
  product: CartProduct
  size: Size
  quantity: number
  /** Unit price actually charged. */
  price: number
  customization?: Customization
  /** Option groups' choices (issue #32); absent or empty when none. */
  options?: CartOption[]
}

export type Cart = readonly CartItem[]

export const emptyCart: Cart = []

/** Price of one unit at a size: Grande only when the product has that price. */
export function unitPrice(product: CartProduct, size: Size): number {
  return size === 'grande' && product.priceGrande != null ? product.priceGrande : product.price
}

/**
 * The price of one plate (SPEC 9): the product's price at the size plus the sum
 * of the chosen extras' prices, plus the chosen options at that size (issue #32).
 * The drawer shows it, addItem charges it, and the server's pricing uses it too.
 */
export function plateTotal(
  product: CartProduct,
  size: Size,
  extras: readonly Pick<CartExtra, 'price'>[] = [],
  options: readonly Pick<CartOption, 'price' | 'priceGrande'>[] = [],
): number {
  const withExtras = extras.reduce((sum, extra) => sum + extra.price, unitPrice(product, size))
  return options.reduce((sum, option) => sum + optionPrice(option, size), withExtras)
}

function customizationKey(c: CustomizationInput | undefined): string {
  if (!c) return ''
  const ids = (xs: number[]) => [...xs].sort((a, b) => a - b).join(',')
  return [c.sauce ?? '', c.sauceOnSide ? 1 : 0, ids(c.removedIngredients), ids(c.addedExtras.map((e) => e.id))].join('|')
}

/**
 * Identity of a line. SPEC identifies lines by product id + size; two plates of
 * the same product and size with different sauces must stay apart, so the key
 * also carries the customisation (and equals id+size for plain products).
 */
export function lineKey(item: { product: Pick<CartProduct, 'id'>; size: Size; customization?: CustomizationInput; options?: readonly Pick<CartOption, 'groupId' | 'optionId'>[] }): string {
  const options = choicesKey(item.options)
  return `${item.product.id}:${item.size}:${customizationKey(item.customization)}${options ? `:${options}` : ''}`
}

export type AddInput = {
  product: CartProduct
  size: Size
  customization?: CustomizationInput
  options?: CartOption[]
}

/** Adds one unit: merges into an identical line, else appends a new line of quantity 1 priced by plateTotal. */
export function addItem(cart: Cart, input: AddInput): Cart {
  const price = plateTotal(input.product, input.size, input.customization?.addedExtras, input.options)
  const key = lineKey(input)
  const index = cart.findIndex((line) => lineKey(line) === key)
  if (index >= 0) return cart.map((line, i) => (i === index ? { ...line, quantity: line.quantity + 1 } : line))
  const product: CartProduct = { id: input.product.id, name: input.product.name, price: input.product.price, priceGrande: input.product.priceGrande ?? null }
  const line: CartItem = { product, size: input.size, quantity: 1, price }
  if (input.customization) line.customization = { ...input.customization, totalPrice: price }
  if (input.options && input.options.length > 0) line.options = input.options.map((o) => ({ ...o }))
  return [...cart, line]
}

/** Adds `quantity` units at once (a repeated order's line): addItem's rule, then the count. */
export function addItems(cart: Cart, input: AddInput, quantity: number): Cart {
  const key = lineKey(input)
  const before = cart.find((line) => lineKey(line) === key)?.quantity ?? 0
  return setQuantity(addItem(cart, input), key, before + Math.max(1, Math.floor(quantity)))
}

/** Sets a line's quantity; 0 or less removes it. */
export function setQuantity(cart: Cart, key: string, quantity: number): Cart {
  if (quantity <= 0) return removeItem(cart, key)
  return cart.map((line) => (lineKey(line) === key ? { ...line, quantity: Math.floor(quantity) } : line))
}

export function removeItem(cart: Cart, key: string): Cart {
  return cart.filter((line) => lineKey(line) !== key)
}

export function clearCart(): Cart {
  return emptyCart
}

/** Sum of unit price times quantity. */
export function cartTotal(cart: Cart): number {
  return cart.reduce((sum, line) => sum + line.price * line.quantity, 0)
}

/** Number of units (the nav badge). */
export function cartCount(cart: Cart): number {
  return cart.reduce((sum, line) => sum + line.quantity, 0)
}

// ---- Restoring from storage: checked by hand (no zod in the landing bundle). ----

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isMoney = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1_000_000
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0
const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 500

function parseExtra(v: unknown): CartExtra | null {
  if (!isRecord(v) || !isId(v.id) || !isText(v.name) || !isMoney(v.price)) return null
  return { id: v.id, name: v.name, price: v.price }
}

function parseOption(v: unknown): CartOption | null {
  if (!isRecord(v) || !isId(v.groupId) || !isId(v.optionId) || !isText(v.group) || !isText(v.name) || !isMoney(v.price)) return null
  if (!(v.priceGrande === null || v.priceGrande === undefined || isMoney(v.priceGrande))) return null
  return { groupId: v.groupId, optionId: v.optionId, group: v.group, name: v.name, price: v.price, priceGrande: v.priceGrande ?? null }
}

function parseCustomization(v: unknown): Customization | null {
  if (!isRecord(v)) return null
  const extras = Array.isArray(v.addedExtras) ? v.addedExtras.map(parseExtra) : null
  const removed = Array.isArray(v.removedIngredients) ? v.removedIngredients : null
  if (!extras || extras.some((e) => e === null) || !removed || !removed.every(isId)) return null
  if (!(v.sauce === null || isText(v.sauce)) || typeof v.sauceOnSide !== 'boolean' || !isMoney(v.totalPrice)) return null
  const names = Array.isArray(v.removedNames) && v.removedNames.every(isText) ? (v.removedNames as string[]) : []
  return {
    sauce: v.sauce,
    sauceId: isId(v.sauceId) ? v.sauceId : null,
    sauceOnSide: v.sauceOnSide,
    removedIngredients: removed,
    removedNames: names,
    addedExtras: extras as CartExtra[],
    totalPrice: v.totalPrice,
  }
}

function parseItem(v: unknown): CartItem | null {
  if (!isRecord(v) || !isRecord(v.product)) return null
  const p = v.product
  if (!isId(p.id) || !isText(p.name) || !isMoney(p.price) || !(p.priceGrande == null || isMoney(p.priceGrande))) return null
  if ((v.size !== 'mediano' && v.size !== 'grande') || !isMoney(v.price)) return null
  if (typeof v.quantity !== 'number' || !Number.isInteger(v.quantity) || v.quantity < 1 || v.quantity > 1000) return null
  const product: CartProduct = { id: p.id, name: p.name, price: p.price, priceGrande: p.priceGrande ?? null }
  let options: CartOption[] = []
  if (v.options !== undefined) {
    const parsed = Array.isArray(v.options) && v.options.length <= 60 ? v.options.map(parseOption) : null
    if (!parsed || parsed.some((o) => o === null)) return null
    options = parsed as CartOption[]
  }
  const item: CartItem = { product, size: v.size, quantity: v.quantity, price: plateTotal(product, v.size, [], options) }
  if (options.length > 0) item.options = options
  if (v.customization !== undefined && v.customization !== null) {
    const c = parseCustomization(v.customization)
    if (!c) return null
    item.price = plateTotal(product, v.size, c.addedExtras, options)
    item.customization = { ...c, totalPrice: item.price }
  }
  return item
}

/**
 * Reads a stored cart. Anything that is not valid JSON or not a list gives an
 * empty cart; malformed lines (an older format, a hand edit) are dropped one by
 * one, so a bad value never breaks the page. Prices are recomputed with
 * plateTotal, never taken from storage.
 */
export function parseCart(raw: string | null): Cart {
  if (!raw) return emptyCart
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    return emptyCart
  }
  if (!Array.isArray(data)) return emptyCart
  return data.map(parseItem).filter((item): item is CartItem => item !== null).slice(0, 200)
}
