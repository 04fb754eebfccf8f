/**
 * 'Tus pedidos' (decision 023): the orders placed from this device, kept in localStorage
 * (the newest RECENT_KEPT), each with what its tracking link and 'Repetir pedido' need.
 * Nothing about the customer is kept but what they ordered. A stored value that does not
 * parse is dropped entry by entry: a corrupt list never breaks the page.
 */
import type { Size } from '../../shared/cart'
import type { OrderLineOption } from '../../shared/options'
import type { CheckoutAnswer } from '../../shared/tracking'
import { storedValue } from './stored-value'

export const RECENT_ORDERS_KEY = 'tus-pedidos'
export const RECENT_KEPT = 10

type Named = { id: number; name: string }

export type RecentLine = {
  productId: number
  name: string
  size: Size
  quantity: number
  sauce: Named | null
  sauceOnSide: boolean
  removed: Named[]
  extras: Named[]
  /** Whether the plate was customised in the drawer (chilaquiles) or added as it comes. */
  customized: boolean
  /** Option groups' choices as ordered, by id with their names (issue #32); empty for none. */
  options: OrderLineOption[]
}

export type RecentOrder = { number: number; token: string; createdAt: string; total: number; lines: RecentLine[] }

/** What the device keeps of a recorded order (point-of-sale lines, without a product, cannot be repeated and are left out). */
export function recentFromAnswer(order: CheckoutAnswer): RecentOrder | null {
  if (!order.trackingToken) return null
  const lines: RecentLine[] = []
  for (const line of order.items) {
    if (line.productId === undefined) continue
    const c = line.customization
    lines.push({
      productId: line.productId,
      name: line.name,
      size: line.size ?? 'mediano',
      quantity: line.quantity,
      sauce: c?.sauce ?? null,
      sauceOnSide: c?.sauceOnSide ?? false,
      removed: c?.removed ?? [],
      extras: (c?.extras ?? []).map(({ id, name }) => ({ id, name })),
      customized: Boolean(c),
      options: (line.options ?? []).map(({ groupId, optionId, group, name, price }) => ({ groupId, optionId, group, name, price })),
    })
  }
  return { number: order.number, token: order.trackingToken, createdAt: order.createdAt, total: order.total, lines }
}

// ---- Reading back, checked by hand (no zod in the landing bundle).

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0
const named = (v: unknown): Named | null => (isObject(v) && isId(v.id) && typeof v.name === 'string' ? { id: v.id, name: v.name } : null)
const namedList = (v: unknown): Named[] => (Array.isArray(v) ? v.map(named).filter((n): n is Named => n !== null) : [])
const lineOption = (v: unknown): OrderLineOption | null =>
  isObject(v) && isId(v.groupId) && isId(v.optionId) && typeof v.group === 'string' && typeof v.name === 'string' && typeof v.price === 'number'
    ? { groupId: v.groupId, optionId: v.optionId, group: v.group, name: v.name, price: v.price }
    : null
/** A list kept before options were (no field): none. */
const optionList = (v: unknown): OrderLineOption[] => (Array.isArray(v) ? v.map(lineOption).filter((o): o is OrderLineOption => o !== null) : [])

function line(v: unknown): RecentLine | null {
  if (!isObject(v) || !isId(v.productId) || typeof v.name !== 'string') return null
  if (!isId(v.quantity) || v.quantity > 50) return null
  return {
    productId: v.productId,
    name: v.name,
    size: v.size === 'grande' ? 'grande' : 'mediano',
    quantity: v.quantity,
    sauce: named(v.sauce),
    sauceOnSide: v.sauceOnSide === true,
    removed: namedList(v.removed),
    extras: namedList(v.extras),
    customized: v.customized === true,
    options: optionList(v.options),
  }
}

function order(v: unknown): RecentOrder | null {
  if (!isObject(v) || !isId(v.number) || typeof v.token !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(v.token)) return null
  if (typeof v.createdAt !== 'string' || Number.isNaN(Date.parse(v.createdAt)) || typeof v.total !== 'number') return null
  const lines = Array.isArray(v.lines) ? v.lines.map(line).filter((l): l is RecentLine => l !== null) : []
  return { number: v.number, token: v.token, createdAt: v.createdAt, total: v.total, lines }
}

export function parseRecentOrders(raw: string | null): RecentOrder[] {
  if (!raw) return []
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return []
  }
  return Array.isArray(value) ? value.map(order).filter((o): o is RecentOrder => o !== null).slice(0, RECENT_KEPT) : []
}

const recent = storedValue<RecentOrder[]>(RECENT_ORDERS_KEY, parseRecentOrders, [])

export const useRecentOrders = recent.use

/** After the server recorded an order: first in the list, the oldest beyond RECENT_KEPT forgotten. */
export function rememberOrder(answer: CheckoutAnswer): void {
  const entry = recentFromAnswer(answer)
  if (!entry) return
  recent.set([entry, ...recent.get().filter((o) => o.token !== entry.token)].slice(0, RECENT_KEPT))
}
