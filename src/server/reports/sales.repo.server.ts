/**
 * The sales report, computed by the database (decision 025): grouped queries over
 * orders.store_day (the restaurant's day, indexed) and order_lines, on both engines. The
 * answer's size is the number of groups, never the number of orders; JavaScript only
 * joins two small grouped results and fills the days without sales.
 */
import { type ExpressionBuilder, sql } from 'kysely'
import { FULFILMENT_LABELS, PAYMENT_LABELS, type PaymentMethod } from '../../shared/checkout'
import type { SalesReportQuery } from '../../shared/schemas'
import type { SalesReport, SalesRow, SalesTotals } from '../../shared/reports'
import type { Db } from '../db/database.server'
import { asNumber } from '../db/rows.server'
import type { Tables } from '../db/tables.server'

type Orders = ExpressionBuilder<Tables, 'orders'>

const live = (eb: Orders) => eb('orders.status', '!=', 'cancelled')
/** sum(<column> of the orders not cancelled) */
const liveSum = (eb: Orders, column: 'orders.total' | 'orders.delivery_fee') =>
  eb.fn.sum<number | string>(eb.case().when(live(eb)).then(eb.ref(column)).else(0).end())
const liveCount = (eb: Orders) => eb.fn.sum<number | string>(eb.case().when(live(eb)).then(1).else(0).end())

export async function salesTotals(db: Db, from: string, to: string): Promise<SalesTotals> {
  const row = await db
    .selectFrom('orders')
    .where('store_day', '>=', from)
    .where('store_day', '<=', to)
    .select((eb) => [
      liveCount(eb).as('orders'),
      liveSum(eb, 'orders.total').as('revenue'),
      liveSum(eb, 'orders.delivery_fee').as('fees'),
      eb.fn.sum<number | string>(eb.case().when('orders.status', '=', 'cancelled').then(1).else(0).end()).as('cancelled'),
    ])
    .executeTakeFirst()
  const orders = asNumber(row?.orders)
  const revenue = asNumber(row?.revenue)
  return { orders, revenue, deliveryFees: asNumber(row?.fees), averageTicket: orders === 0 ? 0 : Math.round(revenue / orders), cancelled: asNumber(row?.cancelled) }
}

type Grouped = { key: string; label: string; orders: number; revenue: number }

/** Orders and revenue per group key (orders not cancelled, in the range). */
async function ordersBy(db: Db, q: SalesReportQuery): Promise<Grouped[]> {
  const base = db.selectFrom('orders').where('store_day', '>=', q.from).where('store_day', '<=', q.to).where('status', '!=', 'cancelled')
  const counts = (eb: Orders) => [eb.fn.countAll<number | string>().as('orders'), eb.fn.sum<number | string>('total').as('revenue')] as const
  const n = (r: { orders: number | string; revenue: number | string | null }) => ({ orders: asNumber(r.orders), revenue: asNumber(r.revenue) })
  switch (q.groupBy) {
    case 'day': {
      const rows = await base.select((eb) => ['store_day', ...counts(eb)]).groupBy('store_day').execute()
      return rows.map((r) => ({ key: r.store_day, label: r.store_day, ...n(r) }))
    }
    case 'zone': {
      const rows = await base.select((eb) => ['fulfilment', 'zone_name', ...counts(eb)]).groupBy(['fulfilment', 'zone_name']).execute()
      return rows.map((r) => {
        const key = r.fulfilment === 'delivery' ? `zona:${r.zone_name ?? ''}` : (r.fulfilment ?? 'pos')
        const label = r.fulfilment === 'delivery' ? (r.zone_name ?? FULFILMENT_LABELS.delivery) : r.fulfilment === 'pickup' ? FULFILMENT_LABELS.pickup : 'Punto de venta'
        return { key, label, ...n(r) }
      })
    }
    case 'payment': {
      const rows = await base.select((eb) => ['payment', ...counts(eb)]).groupBy('payment').execute()
      return rows.map((r) => ({ key: r.payment ?? 'sin-dato', label: r.payment ? PAYMENT_LABELS[r.payment as PaymentMethod] : 'Sin dato (punto de venta)', ...n(r) }))
    }
    case 'product':
      return [] // per line, see linesBy
  }
}

/** The key of a line's product: its id, or its name for a point-of-sale line without one. */
const productKey = sql<string>`coalesce(cast(order_lines.product_id as text), 'pos:' || order_lines.name)`

/** Items sold per group key, and for products their orders and revenue (lines of orders not cancelled, in the range). */
async function linesBy(db: Db, q: SalesReportQuery): Promise<(Grouped & { quantity: number })[]> {
  const base = db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .where('orders.store_day', '>=', q.from)
    .where('orders.store_day', '<=', q.to)
    .where('orders.status', '!=', 'cancelled')
  const key =
    q.groupBy === 'day'
      ? sql<string>`orders.store_day`
      : q.groupBy === 'zone'
        ? sql<string>`case when orders.fulfilment = 'delivery' then 'zona:' || coalesce(orders.zone_name, '') else coalesce(orders.fulfilment, 'pos') end`
        : q.groupBy === 'payment'
          ? sql<string>`coalesce(orders.payment, 'sin-dato')`
          : productKey
  const rows = await base
    .select((eb) => [
      key.as('key'),
      eb.fn.max('order_lines.name').as('label'),
      eb.fn.sum<number | string>('order_lines.quantity').as('quantity'),
      eb.fn.sum<number | string>('order_lines.line_total').as('revenue'),
      eb.fn.count<number | string>('order_lines.order_id').distinct().as('orders'),
    ])
    .groupBy(key)
    .execute()
  return rows.map((r) => {
    const key = String(r.key)
    // A point-of-sale line names no product: said so, beside the product of the same name.
    const label = q.groupBy === 'product' && key.startsWith('pos:') ? `${String(r.label ?? '')} (punto de venta)` : String(r.label ?? '')
    return { key, label, quantity: asNumber(r.quantity), revenue: asNumber(r.revenue), orders: asNumber(r.orders) }
  })
}

/** Every day of the range, "YYYY-MM-DD" (the chart shows the days without sales too). */
function daysOf(from: string, to: string): string[] {
  const out: string[] = []
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10))
  return out
}

export async function salesReport(db: Db, q: SalesReportQuery): Promise<SalesReport> {
  const [totals, grouped, lines] = await Promise.all([salesTotals(db, q.from, q.to), ordersBy(db, q), linesBy(db, q)])
  let rows: SalesRow[]
  if (q.groupBy === 'product') {
    rows = lines.map(({ key, label, orders, quantity, revenue }) => ({ key, label, orders, quantity, revenue })).sort((a, b) => b.revenue - a.revenue || a.label.localeCompare(b.label))
  } else {
    const quantities = new Map(lines.map((l) => [l.key, l.quantity]))
    rows = grouped.map((g) => ({ ...g, quantity: quantities.get(g.key) ?? 0 }))
    if (q.groupBy === 'day') {
      const byDay = new Map(rows.map((r) => [r.key, r]))
      rows = daysOf(q.from, q.to).map((day) => byDay.get(day) ?? { key: day, label: day, orders: 0, quantity: 0, revenue: 0 })
    } else {
      rows.sort((a, b) => b.revenue - a.revenue || a.label.localeCompare(b.label))
    }
  }
  return { from: q.from, to: q.to, groupBy: q.groupBy, totals, rows }
}
