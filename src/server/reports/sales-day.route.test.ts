/**
 * The day a sale counts on (DESIGN, "Knowing the business"): the restaurant day the order is
 * for, its scheduled day or else the day it was placed; what still waits to be confirmed is
 * reported apart, cancelled orders only in `cancelled`. And the range is read from indexes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { CompiledQuery, sql } from 'kysely'
import type { SalesReport } from '../../shared/reports'
import type { Order, Product } from '../../shared/schemas'
import { createTestApp } from '../testing.server'
import { forDays } from './sales.repo.server'

let clock = 0
const at = (gt: string) => {
  clock = Date.parse(`${gt}:00-06:00`)
}
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let horchata: Product
let peers = 0

const checkout = async (quantity: number, scheduledFor?: string) => {
  const json = { items: [{ productId: horchata.id, size: 'mediano', quantity }], fulfilment: 'pickup', ...(scheduledFor ? { scheduledFor } : {}) }
  const res = await t.request('/api/checkout', { method: 'POST', peer: `10.4.0.${++peers}`, json })
  expect(res.status).toBe(201)
  return (await res.json()) as Order
}
const move = async (order: Order, status: 'confirmed' | 'cancelled') =>
  expect((await t.request(`/api/orders/${order.id}/status`, { method: 'PATCH', headers: { cookie }, json: { status } })).status).toBe(200)
const report = async (query: string) => {
  const res = await t.request(`/api/reports/sales?${query}`, { headers: { cookie } })
  expect(res.status).toBe(200)
  return (await res.json()) as SalesReport
}
const price = (n: number) => n * horchata.price

beforeAll(async () => {
  at('2026-11-20T08:00')
  t = await createTestApp({ now: () => clock })
  cookie = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })).status).toBe(201)
  horchata = ((await (await t.request('/api/products')).json()) as Product[]).find((p) => p.name === 'Horchata')!
  const settings = await t.request('/api/order-settings', { method: 'PUT', headers: { cookie }, json: { scheduling: { enabled: true, daysAhead: 2, slotMinutes: 15, maxOrdersPerSlot: null } } })
  expect(settings.status).toBe(200)

  // Sunday 22, 20:00: an order for Monday morning, confirmed.
  at('2026-11-22T20:00')
  await move(await checkout(1, '2026-11-23T09:00'), 'confirmed')
  // Monday 23: one for now, still pending; one for now, confirmed.
  at('2026-11-23T10:00')
  await checkout(2)
  at('2026-11-23T11:00')
  await move(await checkout(3), 'confirmed')
  // Monday 23: one for tomorrow, pending; one for tomorrow, cancelled.
  at('2026-11-23T12:00')
  await checkout(4, '2026-11-24T12:00')
  await move(await checkout(5, '2026-11-24T13:00'), 'cancelled')
})
afterAll(() => t.cleanup())

describe('a sale counts on the day it is for', () => {
  test("Monday: today's orders and Sunday's order for Monday; not Monday's orders for tomorrow", async () => {
    const { totals } = await report('from=2026-11-23&to=2026-11-23')
    expect(totals).toEqual({
      orders: 3,
      revenue: price(1 + 2 + 3),
      deliveryFees: 0,
      discounts: 0,
      averageTicket: Math.round(price(6) / 3),
      cancelled: 0,
      pending: { orders: 1, revenue: price(2), deliveryFees: 0, discounts: 0 },
    })
  })

  test('Tuesday: the order for tomorrow counts there, pending apart; the cancelled one only in cancelled', async () => {
    const { totals } = await report('from=2026-11-24&to=2026-11-24')
    expect(totals).toEqual({ orders: 1, revenue: price(4), deliveryFees: 0, discounts: 0, averageTicket: price(4), cancelled: 1, pending: { orders: 1, revenue: price(4), deliveryFees: 0, discounts: 0 } })
  })

  test('per day: Sunday sold nothing (its order is for Monday); each day with its pending part', async () => {
    const { rows } = await report('from=2026-11-22&to=2026-11-24&groupBy=day')
    expect(rows.map((r) => [r.key, r.orders, r.quantity, r.revenue, r.pending])).toEqual([
      ['2026-11-22', 0, 0, 0, { orders: 0, quantity: 0, revenue: 0, discounts: 0 }],
      ['2026-11-23', 3, 6, price(6), { orders: 1, quantity: 2, revenue: price(2), discounts: 0 }],
      ['2026-11-24', 1, 4, price(4), { orders: 1, quantity: 4, revenue: price(4), discounts: 0 }],
    ])
  })

  test('per product and per payment: the same days, the same pending part', async () => {
    const byProduct = await report('from=2026-11-23&to=2026-11-23&groupBy=product')
    expect(byProduct.rows).toEqual([
      { key: String(horchata.id), label: 'Horchata', orders: 3, quantity: 6, revenue: price(6), discounts: null, pending: { orders: 1, quantity: 2, revenue: price(2), discounts: null } },
    ])
    const byPayment = await report('from=2026-11-24&to=2026-11-24&groupBy=payment')
    expect(byPayment.rows.map((r) => [r.orders, r.revenue, r.pending.revenue])).toEqual([[1, price(4), price(4)]])
  })

  test('the CSV says what the screen says: sales without what waits to be confirmed', async () => {
    const text = await (await t.request('/api/reports/sales?from=2026-11-23&to=2026-11-24&groupBy=day&format=csv', { headers: { cookie } })).text()
    expect(text.trimEnd().split('\r\n').slice(1)).toEqual([`"2026-11-23","2026-11-23",2,4,${price(4)},0,1,2,${price(2)},0`, `"2026-11-24","2026-11-24",0,0,0,0,1,4,${price(4)},0`])
  })
})

describe('the cost of a report does not grow with the history', () => {
  /** The plan of `select count(*) from orders where forDays(...)`, and of the lines joined to it, as the engine means to run them. */
  async function plans(): Promise<string> {
    const { db, store } = t.ctx
    const queries = [
      db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where(forDays('2026-11-23', '2026-11-24')).compile(),
      db
        .selectFrom('order_lines')
        .innerJoin('orders', 'orders.id', 'order_lines.order_id')
        .select((eb) => eb.fn.sum('order_lines.quantity').as('q'))
        .where(forDays('2026-11-23', '2026-11-24'))
        .compile(),
    ]
    if (store.engine === 'sqlite') {
      const lines = await Promise.all(queries.map(async (q) => (await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${q.sql}`, [...q.parameters]))).rows.map((r) => r.detail)))
      return lines.flat().join('\n')
    }
    // A test database is tiny, so PostgreSQL would rightly scan it: forbidding that shows whether an index can serve the query.
    return db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx)
      const lines = await Promise.all(queries.map(async (q) => (await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${q.sql}`, [...q.parameters]))).rows.map((r) => r['QUERY PLAN'])))
      return lines.flat().join('\n')
    })
  }

  test('the days are read from the store_day and scheduled_for indexes, never by scanning every order', async () => {
    const plan = await plans()
    expect(plan).toContain('orders_store_day')
    expect(plan).toContain('orders_scheduled_for')
    expect(plan).not.toMatch(/SCAN orders\b|Seq Scan on orders/)
  })
})
