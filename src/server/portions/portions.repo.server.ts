/**
 * Portions per day (issue #31): a product with `dailyLimit` sells at most that many units in
 * the orders of one restaurant day that are not cancelled; an order counts on the day it is
 * for (its `scheduled_for` day, else the day it was placed: the reports' rule, `saleDay`).
 *
 * The count reads the day's orders from the orders_store_day / orders_scheduled_for indexes
 * (`forDays`) and their lines by order_lines' primary key (order_id, position), restricted to
 * the limited products asked about: its cost is one day's orders, never the history.
 *
 * A sale is decided under the order-number lock (insertOrder's `underLock`): every order
 * insert, on every instance, waits for that row, so the count sees every order committed
 * before this one and the last portion is sold once (decisions 024, 030).
 */
import type { Db } from '../db/database.server'
import { PRODUCTS } from '../db/tables.server'
import { asNumber } from '../db/rows.server'
import { storeDay } from '../orders/orders.repo.server'
import { forDays } from '../reports/sales.repo.server'

/** A limited product and the units of it one order asks for (its lines added up). */
export type PortionDemand = { productId: number; name: string; limit: number; quantity: number }

/** What the lines of an order ask of the limited products among `products` (others are not counted). */
export function demandOf(
  items: readonly { productId?: number | null; quantity: number }[],
  products: ReadonlyMap<number, { name: string; dailyLimit: number | null }>,
): PortionDemand[] {
  const demand = new Map<number, PortionDemand>()
  for (const item of items) {
    if (item.productId == null) continue
    const product = products.get(item.productId)
    if (!product || product.dailyLimit === null) continue
    const seen = demand.get(item.productId)
    if (seen) seen.quantity += item.quantity
    else demand.set(item.productId, { productId: item.productId, name: product.name, limit: product.dailyLimit, quantity: item.quantity })
  }
  return [...demand.values()]
}

/** The units of `productIds` in the orders (not cancelled) for the restaurant day `day` ("YYYY-MM-DD"). */
export async function unitsOn(db: Db, day: string, productIds: readonly number[]): Promise<Map<number, number>> {
  const units = new Map<number, number>()
  if (productIds.length === 0) return units
  const rows = await db
    .selectFrom('orders')
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .where(forDays(day, day))
    .where('orders.status', '!=', 'cancelled')
    .where('order_lines.product_id', 'in', [...productIds])
    .select((eb) => ['order_lines.product_id', eb.fn.sum<number | string | null>('order_lines.quantity').as('units')])
    .groupBy('order_lines.product_id')
    .execute()
  for (const row of rows) if (row.product_id !== null) units.set(row.product_id, asNumber(row.units))
  return units
}

/** The names and limits of the products of `ids` that have a daily limit (the point of sale's lines). */
export async function limitsOf(db: Db, ids: readonly number[]): Promise<Map<number, { name: string; dailyLimit: number | null }>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom(PRODUCTS).select(['id', 'name', 'daily_limit']).where('id', 'in', [...ids]).where('daily_limit', 'is not', null).execute()
  return new Map(rows.map((row) => [row.id, { name: row.name, dailyLimit: row.daily_limit }]))
}

/** 'Solo quedan 2 Chilaquiles Supremos hoy', 'Solo queda 1 … hoy', 'Ya no quedan … hoy' ('para ese día' for another day). */
export function portionsMessage(name: string, left: number, today: boolean): string {
  const when = today ? 'hoy' : 'para ese día'
  if (left <= 0) return `Ya no quedan ${name} ${when}`
  return left === 1 ? `Solo queda 1 ${name} ${when}` : `Solo quedan ${left} ${name} ${when}`
}

/**
 * Why the order cannot have its limited units on `day`, or null when every one is left. Run
 * it under the order-number lock so that what it counts includes every order committed before.
 */
export async function portionsRefusal(db: Db, demand: readonly PortionDemand[], day: string, now: Date): Promise<string | null> {
  if (demand.length === 0) return null
  const sold = await unitsOn(db, day, demand.map((d) => d.productId))
  for (const d of demand) {
    const left = Math.max(0, d.limit - (sold.get(d.productId) ?? 0))
    if (d.quantity > left) return portionsMessage(d.name, left, day === storeDay(now))
  }
  return null
}

/** The day an order counts on: its scheduled day, else the restaurant's day at `now`. */
export const portionDay = (scheduledFor: string | null, now: Date) => scheduledFor?.slice(0, 10) ?? storeDay(now)

/** GET /api/menu/remaining: `{ "<productId>": unitsLeft }` today, for the limited products only. Two small queries. */
export async function remainingOn(db: Db, day: string): Promise<Record<string, number>> {
  const limited = await db.selectFrom(PRODUCTS).select(['id', 'daily_limit']).where('daily_limit', 'is not', null).execute()
  const sold = await unitsOn(db, day, limited.map((p) => p.id))
  const remaining: Record<string, number> = {}
  for (const p of limited) remaining[String(p.id)] = Math.max(0, (p.daily_limit ?? 0) - (sold.get(p.id) ?? 0))
  return remaining
}
