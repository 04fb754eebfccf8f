/**
 * The sales report, computed by the database (decision 025): grouped queries over orders
 * and order_lines, on both engines. The answer's size is the number of groups, never the
 * number of orders; JavaScript only joins two small grouped results and fills the days
 * without sales.
 *
 * An order counts on the restaurant day it is for: its `scheduled_for` day, else the day it
 * was placed (`store_day`). Discounts (issue #33) are read from `order_discounts`, the amounts
 * the orders were given, joined to the orders of the range and grouped the same way; the
 * orders' totals are already net of them. Both columns are indexed, and `forDays` is written so that each
 * engine reads the range from those two indexes (no migration: an older release writing
 * orders beside this one is counted the same way).
 */
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely'
import { FULFILMENT_LABELS, PAYMENT_LABELS, type PaymentMethod } from '../../shared/checkout'
import type { SalesReportQuery } from '../../shared/schemas'
import type { SalesReport, SalesRow, SalesTotals } from '../../shared/reports'
import type { Db } from '../db/database.server'
import { asNumber } from '../db/rows.server'
import type { Tables } from '../db/tables.server'

type Orders = ExpressionBuilder<Tables, 'orders'>
type Sum = number | string | null

/** The day after `day` ("YYYY-MM-DD"). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

/** The restaurant day an order is for ("YYYY-MM-DD"; scheduled_for is "YYYY-MM-DDTHH:MM" in restaurant time). */
export const saleDay = sql<string>`coalesce(substr(orders.scheduled_for, 1, 10), orders.store_day)`

/**
 * The orders for the days `from`..`to`: placed then for as soon as possible, or scheduled
 * for one of them. Each side of the OR is a range of one index (orders_store_day,
 * orders_scheduled_for). "Not scheduled" is written `coalesce(...) = ''` rather than
 * `is null` on purpose: SQLite would otherwise read that side from the scheduled_for index,
 * whose NULL entries are every order for as soon as possible, the whole history.
 */
export const forDays = (from: string, to: string) =>
  sql<SqlBool>`((coalesce(orders.scheduled_for, '') = '' and orders.store_day >= ${from} and orders.store_day <= ${to}) or (orders.scheduled_for >= ${from} and orders.scheduled_for < ${nextDay(to)}))`

const sumWhen = (eb: Orders, status: 'live' | 'pending' | 'cancelled', value: 'orders.total' | 'orders.delivery_fee' | 1) => {
  const when = status === 'live' ? eb('orders.status', '!=', 'cancelled') : eb('orders.status', '=', status)
  return eb.fn.sum<Sum>(eb.case().when(when).then(value === 1 ? sql.lit(1) : eb.ref(value)).else(sql.lit(0)).end())
}

/**
 * The totals. `revenue` sums the orders' totals, which the checkout stores NET of their
 * discounts (what the customer pays); `discounts` sums the discount rows of the same orders
 * (not cancelled), so revenue + discounts is what the orders came to before promotions.
 */
export async function salesTotals(db: Db, from: string, to: string): Promise<SalesTotals> {
  const [row, given] = await Promise.all([
    db
      .selectFrom('orders')
      .where(forDays(from, to))
      .select((eb) => [
        sumWhen(eb, 'live', 1).as('orders'),
        sumWhen(eb, 'live', 'orders.total').as('revenue'),
        sumWhen(eb, 'live', 'orders.delivery_fee').as('fees'),
        sumWhen(eb, 'cancelled', 1).as('cancelled'),
        sumWhen(eb, 'pending', 1).as('pendingOrders'),
        sumWhen(eb, 'pending', 'orders.total').as('pendingRevenue'),
        sumWhen(eb, 'pending', 'orders.delivery_fee').as('pendingFees'),
      ])
      .executeTakeFirst(),
    discountsOfRange(db, from, to)
      .select([sql<Sum>`sum(order_discounts.amount)`.as('amount'), sql<Sum>`sum(case when ${pending} then order_discounts.amount else 0 end)`.as('pendingAmount')])
      .executeTakeFirst(),
  ])
  const orders = asNumber(row?.orders)
  const revenue = asNumber(row?.revenue)
  return {
    orders,
    revenue,
    deliveryFees: asNumber(row?.fees),
    discounts: asNumber(given?.amount),
    averageTicket: orders === 0 ? 0 : Math.round(revenue / orders),
    cancelled: asNumber(row?.cancelled),
    pending: { orders: asNumber(row?.pendingOrders), revenue: asNumber(row?.pendingRevenue), deliveryFees: asNumber(row?.pendingFees), discounts: asNumber(given?.pendingAmount) },
  }
}

/** The discount rows of the orders not cancelled for the range's days (read from the orders' day indexes, then each order's rows). */
const discountsOfRange = (db: Db, from: string, to: string) =>
  db.selectFrom('order_discounts').innerJoin('orders', 'orders.id', 'order_discounts.order_id').where(forDays(from, to)).where('orders.status', '!=', 'cancelled')

type Grouped = { key: string; label: string; orders: number; revenue: number; pendingOrders: number; pendingRevenue: number }

/** Orders and revenue per group key (orders not cancelled, for the range's days). */
async function ordersBy(db: Db, q: SalesReportQuery): Promise<Grouped[]> {
  const base = db.selectFrom('orders').where(forDays(q.from, q.to)).where('status', '!=', 'cancelled')
  const counts = (eb: Orders) =>
    [eb.fn.countAll<number | string>().as('orders'), eb.fn.sum<Sum>('total').as('revenue'), sumWhen(eb, 'pending', 1).as('pendingOrders'), sumWhen(eb, 'pending', 'orders.total').as('pendingRevenue')] as const
  const n = (r: { orders: number | string; revenue: Sum; pendingOrders: Sum; pendingRevenue: Sum }) => ({
    orders: asNumber(r.orders),
    revenue: asNumber(r.revenue),
    pendingOrders: asNumber(r.pendingOrders),
    pendingRevenue: asNumber(r.pendingRevenue),
  })
  switch (q.groupBy) {
    case 'day': {
      const rows = await base.select((eb) => [saleDay.as('day'), ...counts(eb)]).groupBy(saleDay).execute()
      return rows.map((r) => ({ key: r.day, label: r.day, ...n(r) }))
    }
    case 'zone': {
      const rows = await base.select((eb) => [zoneKey.as('key'), eb.fn.max('zone_name').as('zone_name'), ...counts(eb)]).groupBy(zoneKey).execute()
      return rows.map((r) => {
        const label = r.key.startsWith('zona:') ? (r.zone_name ?? FULFILMENT_LABELS.delivery) : r.key === 'pickup' ? FULFILMENT_LABELS.pickup : r.key === 'mesa' ? FULFILMENT_LABELS.mesa : 'Punto de venta'
        return { key: r.key, label, ...n(r) }
      })
    }
    case 'payment': {
      const rows = await base.select((eb) => ['payment', ...counts(eb)]).groupBy('payment').execute()
      return rows.map((r) => ({ key: r.payment ?? 'sin-dato', label: r.payment ? PAYMENT_LABELS[r.payment as PaymentMethod] : 'Sin dato (punto de venta)', ...n(r) }))
    }
    case 'product':
    case 'promotion':
      return [] // per line, see linesBy; per discount, see promotionRows
  }
}

type Given = { amount: number; pendingAmount: number }

/** What promotions took off the orders of each group (day, zone, payment): one grouped query over the range's discount rows. */
async function discountsBy(db: Db, q: SalesReportQuery, groupBy: 'day' | 'zone' | 'payment'): Promise<Map<string, Given>> {
  const key = orderKey(groupBy)
  const rows = await discountsOfRange(db, q.from, q.to)
    .select([key.as('key'), sql<Sum>`sum(order_discounts.amount)`.as('amount'), sql<Sum>`sum(case when ${pending} then order_discounts.amount else 0 end)`.as('pendingAmount')])
    .groupBy(key)
    .execute()
  return new Map(rows.map((r) => [String(r.key), { amount: asNumber(r.amount), pendingAmount: asNumber(r.pendingAmount) }]))
}

/** A promotion's key: its id, or the name given for a discount that names none. */
const promotionKey = sql<string>`coalesce(cast(order_discounts.promotion_id as text), 'nombre:' || order_discounts.name)`

/**
 * One row per promotion given in the range (orders not cancelled): its orders, its uses, those
 * orders' totals and what it took off. Labelled by the promotion's name and code as they are
 * now, or as the orders recorded them when it was deleted since. One grouped query.
 */
async function promotionRows(db: Db, q: SalesReportQuery): Promise<SalesRow[]> {
  const rows = await discountsOfRange(db, q.from, q.to)
    .leftJoin('promotions', 'promotions.id', 'order_discounts.promotion_id')
    .select((eb) => [
      promotionKey.as('key'),
      eb.fn.max('promotions.name').as('name'),
      eb.fn.max('promotions.code').as('code'),
      eb.fn.max('order_discounts.name').as('givenName'),
      eb.fn.max('order_discounts.code').as('givenCode'),
      eb.fn.count<number | string>('order_discounts.order_id').distinct().as('orders'),
      eb.fn.countAll<number | string>().as('uses'),
      sql<Sum>`sum(orders.total)`.as('revenue'),
      sql<Sum>`sum(order_discounts.amount)`.as('amount'),
      sql<number | string>`count(distinct case when ${pending} then order_discounts.order_id end)`.as('pendingOrders'),
      sql<Sum>`sum(case when ${pending} then 1 else 0 end)`.as('pendingUses'),
      sql<Sum>`sum(case when ${pending} then orders.total else 0 end)`.as('pendingRevenue'),
      sql<Sum>`sum(case when ${pending} then order_discounts.amount else 0 end)`.as('pendingAmount'),
    ])
    .groupBy(promotionKey)
    .execute()
  return rows
    .map((r) => {
      const name = r.name ?? r.givenName ?? ''
      const code = r.name !== null ? r.code : r.givenCode
      return {
        key: String(r.key),
        label: code ? `${name} (${code})` : name,
        orders: asNumber(r.orders),
        quantity: asNumber(r.uses),
        revenue: asNumber(r.revenue),
        discounts: asNumber(r.amount),
        pending: { orders: asNumber(r.pendingOrders), quantity: asNumber(r.pendingUses), revenue: asNumber(r.pendingRevenue), discounts: asNumber(r.pendingAmount) },
      }
    })
    .sort((a, b) => (b.discounts ?? 0) - (a.discounts ?? 0) || a.label.localeCompare(b.label))
}

/** The key of a line's product: its id, or its name for a point-of-sale line without one. */
const productKey = sql<string>`coalesce(cast(order_lines.product_id as text), 'pos:' || order_lines.name)`
const pending = sql<SqlBool>`orders.status = 'pending'`

/**
 * An order's fulfilment group: 'zona:<name>', 'pickup', 'mesa' (an order placed at a table, issue
 * #45: stored as 'pickup' with its order_tables row, decision 044) or 'pos'.
 */
const zoneKey = sql<string>`case when exists (select 1 from order_tables where order_tables.order_id = orders.id) then 'mesa' when orders.fulfilment = 'delivery' then 'zona:' || coalesce(orders.zone_name, '') else coalesce(orders.fulfilment, 'pos') end`

/** An order's group key for the groupings of whole orders, as ordersBy labels them. */
const orderKey = (groupBy: 'day' | 'zone' | 'payment') =>
  groupBy === 'day'
    ? saleDay
    : groupBy === 'zone'
      ? zoneKey
      : sql<string>`coalesce(orders.payment, 'sin-dato')`

type Lines = Grouped & { quantity: number; pendingQuantity: number }

/** Items sold per group key, and for products their orders and revenue (lines of orders not cancelled, for the range's days). */
async function linesBy(db: Db, q: SalesReportQuery): Promise<Lines[]> {
  const base = db.selectFrom('order_lines').innerJoin('orders', 'orders.id', 'order_lines.order_id').where(forDays(q.from, q.to)).where('orders.status', '!=', 'cancelled')
  const key = q.groupBy === 'day' || q.groupBy === 'zone' || q.groupBy === 'payment' ? orderKey(q.groupBy) : productKey
  const rows = await base
    .select((eb) => [
      key.as('key'),
      eb.fn.max('order_lines.name').as('label'),
      eb.fn.sum<Sum>('order_lines.quantity').as('quantity'),
      eb.fn.sum<Sum>('order_lines.line_total').as('revenue'),
      eb.fn.count<number | string>('order_lines.order_id').distinct().as('orders'),
      sql<Sum>`sum(case when ${pending} then order_lines.quantity else 0 end)`.as('pendingQuantity'),
      sql<Sum>`sum(case when ${pending} then order_lines.line_total else 0 end)`.as('pendingRevenue'),
      sql<number | string>`count(distinct case when ${pending} then order_lines.order_id end)`.as('pendingOrders'),
    ])
    .groupBy(key)
    .execute()
  return rows.map((r) => {
    const key = String(r.key)
    // A point-of-sale line names no product: said so, beside the product of the same name.
    const label = q.groupBy === 'product' && key.startsWith('pos:') ? `${String(r.label ?? '')} (punto de venta)` : String(r.label ?? '')
    return {
      key,
      label,
      quantity: asNumber(r.quantity),
      revenue: asNumber(r.revenue),
      orders: asNumber(r.orders),
      pendingQuantity: asNumber(r.pendingQuantity),
      pendingRevenue: asNumber(r.pendingRevenue),
      pendingOrders: asNumber(r.pendingOrders),
    }
  })
}

/** Every day of the range, "YYYY-MM-DD" (the chart shows the days without sales too). */
function daysOf(from: string, to: string): string[] {
  const out: string[] = []
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10))
  return out
}

const noSales = (day: string): SalesRow => ({ key: day, label: day, orders: 0, quantity: 0, revenue: 0, discounts: 0, pending: { orders: 0, quantity: 0, revenue: 0, discounts: 0 } })

export async function salesReport(db: Db, q: SalesReportQuery): Promise<SalesReport> {
  const groupBy = q.groupBy
  if (groupBy === 'promotion') {
    const [totals, rows] = await Promise.all([salesTotals(db, q.from, q.to), promotionRows(db, q)])
    return { from: q.from, to: q.to, groupBy, totals, rows }
  }
  if (groupBy === 'product') {
    const [totals, lines] = await Promise.all([salesTotals(db, q.from, q.to), linesBy(db, q)])
    const rows = lines
      .map(({ key, label, orders, quantity, revenue, pendingOrders, pendingQuantity, pendingRevenue }) => ({
        key,
        label,
        orders,
        quantity,
        revenue,
        discounts: null,
        pending: { orders: pendingOrders, quantity: pendingQuantity, revenue: pendingRevenue, discounts: null },
      }))
      .sort((a, b) => b.revenue - a.revenue || a.label.localeCompare(b.label))
    return { from: q.from, to: q.to, groupBy, totals, rows }
  }
  const [totals, grouped, lines, given] = await Promise.all([salesTotals(db, q.from, q.to), ordersBy(db, q), linesBy(db, q), discountsBy(db, q, groupBy)])
  const quantities = new Map(lines.map((l) => [l.key, l]))
  const rows: SalesRow[] = grouped.map(({ key, label, orders, revenue, pendingOrders, pendingRevenue }) => {
    const line = quantities.get(key)
    const discount = given.get(key)
    return {
      key,
      label,
      orders,
      quantity: line?.quantity ?? 0,
      revenue,
      discounts: discount?.amount ?? 0,
      pending: { orders: pendingOrders, quantity: line?.pendingQuantity ?? 0, revenue: pendingRevenue, discounts: discount?.pendingAmount ?? 0 },
    }
  })
  if (groupBy === 'day') {
    const byDay = new Map(rows.map((r) => [r.key, r]))
    return { from: q.from, to: q.to, groupBy, totals, rows: daysOf(q.from, q.to).map((day) => byDay.get(day) ?? noSales(day)) }
  }
  rows.sort((a, b) => b.revenue - a.revenue || a.label.localeCompare(b.label))
  return { from: q.from, to: q.to, groupBy, totals, rows }
}
