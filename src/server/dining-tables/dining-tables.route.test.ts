/**
 * Eating at the table (issue #45): the tables and their QR tokens, the checkout from a table,
 * its own limit, the calls to the board and their limits, the bill and 'Cerrar mesa'. Runs on
 * both engines (bun test / bun scripts/test-pg.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { TABLE_REFUSED } from '../../shared/dining-table'
import type { Order, Product } from '../../shared/schemas'
import type { DiningTable, TableBill } from '../../shared/schemas/dining-table'
import type { CheckoutAnswer } from '../../shared/tracking'
import { createOrderEvents } from '../orders/order-events.server'
import { createTestApp } from '../testing.server'
import { sse } from '../testing-sse.server'
import { TABLE_ORDER_LIMIT } from '../checkout/checkout.route'
import { CALL_LIMIT_PER_ADDRESS, CALL_LIMIT_PER_TABLE } from './dining-tables.route'

const events = createOrderEvents({ heartbeatMs: 1_000 })
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let admin: string
let staff: string
let horchata: Product

beforeAll(async () => {
  t = await createTestApp({ orderEvents: events })
  admin = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: admin } })).status).toBe(201)
  const products = (await (await t.request('/api/products')).json()) as Product[]
  const found = products.find((p) => p.name === 'Horchata')
  if (!found) throw new Error('seed has no Horchata')
  horchata = found
  const made = await t.request('/api/admin/users', { method: 'POST', headers: { cookie: admin }, json: { username: 'cocina', password: 'cocina-1234', role: 'staff', active: true } })
  expect(made.status).toBe(201)
  staff = await t.signIn('cocina', 'cocina-1234')
}, 30_000) // two accounts' password hashes on a shared machine
afterAll(async () => {
  events.closeAll()
  await t.cleanup()
})

let peers = 0
const nextPeer = () => `10.9.${Math.floor(++peers / 250)}.${peers % 250}`
const newTable = async (name: string, active = true) => {
  const res = await t.request('/api/tables', { method: 'POST', headers: { cookie: admin }, json: { name, active } })
  expect(res.status).toBe(201)
  return (await res.json()) as DiningTable
}
const atTable = (token: string, extra: Record<string, unknown> = {}) => ({ items: [{ productId: horchata.id, size: 'mediano', quantity: 2 }], fulfilment: 'mesa', tableToken: token, payment: 'efectivo', ...extra })
const order = (json: unknown, peer = nextPeer()) => t.request('/api/checkout', { method: 'POST', json, peer })
const call = (token: string, which: 'mesero' | 'cuenta', peer = nextPeer()) => t.request('/api/tables/calls', { method: 'POST', json: { token, call: which }, peer })
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message

describe('tables and their tokens', () => {
  test('an admin creates a table with a random token of at least 16 characters, not its number; staff read them; anyone else gets 401', async () => {
    const mesa5 = await newTable('Mesa 5')
    expect(mesa5).toMatchObject({ name: 'Mesa 5', active: true })
    expect(mesa5.token.length).toBeGreaterThanOrEqual(16)
    expect(mesa5.token).not.toBe('5')
    expect((await newTable('Mesa 6')).token).not.toBe(mesa5.token)
    const list = (await (await t.request('/api/tables', { headers: { cookie: staff } })).json()) as DiningTable[]
    expect(list.map((x) => x.name)).toContain('Mesa 5')
    expect((await t.request('/api/tables')).status).toBe(401)
    // Staff read tables and bills, but only an admin creates, renames or renews them.
    expect((await t.request('/api/tables', { method: 'POST', headers: { cookie: staff }, json: { name: 'Mesa 9' } })).status).toBe(403)
    expect((await t.request('/api/tables', { method: 'POST', headers: { cookie: admin }, json: { name: '' } })).status).toBe(400)
  })

  test('renewing the token refuses the old one from then on (visit, checkout, calls) and the new one works', async () => {
    const mesa = await newTable('Mesa 7')
    expect((await t.request(`/api/tables/visit/${mesa.token}`)).status).toBe(200)
    const renewed = (await (await t.request(`/api/tables/${mesa.id}/token`, { method: 'POST', headers: { cookie: admin } })).json()) as DiningTable
    expect(renewed.token).not.toBe(mesa.token)
    const old = await t.request(`/api/tables/visit/${mesa.token}`)
    expect(old.status).toBe(409)
    expect(await messageOf(old)).toBe(TABLE_REFUSED)
    const refused = await order(atTable(mesa.token))
    expect(refused.status).toBe(409)
    expect(await messageOf(refused)).toBe(TABLE_REFUSED)
    expect((await call(mesa.token, 'mesero')).status).toBe(409)
    expect(await ((await t.request(`/api/tables/visit/${renewed.token}`)).json())).toEqual({ token: renewed.token, name: 'Mesa 7' })
    expect((await order(atTable(renewed.token))).status).toBe(201)
  })

  test('an inactive table and an unknown token are refused with 409 and the Spanish message; nothing is written', async () => {
    const off = await newTable('Terraza 1', false)
    const before = ((await (await t.request('/api/orders', { headers: { cookie: admin } })).json()) as Order[]).length
    for (const token of [off.token, 'AAAAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await order(atTable(token))
      expect(res.status).toBe(409)
      expect(await messageOf(res)).toBe('Esta mesa ya no recibe pedidos; pide ayuda al personal')
    }
    expect(((await (await t.request('/api/orders', { headers: { cookie: admin } })).json()) as Order[]).length).toBe(before)
    // 'mesa' without a token, or with one that is not a token, is a 400.
    expect((await order({ ...atTable('x'), tableToken: undefined })).status).toBe(400)
    expect((await order(atTable('5'))).status).toBe(400)
  })
})

describe('the checkout from a table', () => {
  test("an order is recorded as 'mesa' under the table's name, with no fee, no phone, no address, its tracking page and the board's event", async () => {
    const mesa = await newTable('Mesa 5B')
    const board = sse(await t.request('/api/orders/events', { headers: { cookie: staff } }))
    const res = await order(atTable(mesa.token, { zoneId: 999, address: 'no se usa', customerName: 'Ana' }))
    expect(res.status).toBe(201)
    const placed = (await res.json()) as CheckoutAnswer
    expect(placed).toMatchObject({ fulfilment: 'mesa', tableId: mesa.id, tableName: 'Mesa 5B', deliveryFee: 0, zoneId: null, address: null, customerPhone: '', total: horchata.price * 2 })
    expect(await board.nextEvent()).toEqual({ type: 'created', id: placed.id, number: placed.number, status: 'pending' })
    await board.cancel()
    const listed = ((await (await t.request('/api/orders', { headers: { cookie: staff } })).json()) as Order[]).find((o) => o.id === placed.id)
    expect(listed).toMatchObject({ fulfilment: 'mesa', tableName: 'Mesa 5B' })
    const tracking = await t.request(new URL(placed.trackingUrl).pathname.replace('/pedido/', '/api/track/'))
    expect(tracking.status).toBe(200)
    expect(await tracking.json()).toMatchObject({ number: placed.number, fulfilment: 'mesa', tableName: 'Mesa 5B', deliveryFee: 0 })
    // The kitchen ticket names the table.
    const ticket = await t.request(`/admin/pedidos/${placed.id}/ticket`, { headers: { cookie: staff } })
    expect(await ticket.text()).toContain('MESA 5B')
  })

  test('a table is limited by itself, not by the address: one address places more than 5, the table stops at its own limit', async () => {
    const mesa = await newTable('Mesa 8')
    const other = await newTable('Mesa 9')
    const wifi = '192.0.2.45'
    for (let i = 0; i < TABLE_ORDER_LIMIT; i++) expect((await order(atTable(mesa.token), wifi)).status).toBe(201)
    expect((await order(atTable(mesa.token), wifi)).status).toBe(429)
    // Another table on the same Wi-Fi still orders.
    expect((await order(atTable(other.token), wifi)).status).toBe(201)
  })

  test('an order for later is not a table order (400)', async () => {
    const mesa = await newTable('Mesa 10')
    expect((await order(atTable(mesa.token, { scheduledFor: '2030-01-01T12:00' }))).status).toBe(400)
  })

  test('a paused restaurant refuses a table too (409)', async () => {
    const mesa = await newTable('Mesa 11')
    const week = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }
    const always = { open: '00:00', close: '23:59' }
    const open = Object.fromEntries(Object.keys(week).map((d) => [d, [always]]))
    const put = (paused: boolean) => t.request('/api/opening-hours', { method: 'PUT', headers: { cookie: admin }, json: { timezone: 'America/Guatemala', week: open, closedDates: [], paused } })
    expect((await put(true)).status).toBe(200)
    try {
      expect((await order(atTable(mesa.token))).status).toBe(409)
    } finally {
      expect((await put(false)).status).toBe(200)
    }
  })
})

describe('calls to the board', () => {
  test("'Pedir la cuenta' reaches the board as a call event naming the table; calls are limited per table and per address", async () => {
    const mesa = await newTable('Mesa 12')
    const board = sse(await t.request('/api/orders/events', { headers: { cookie: staff } }))
    const res = await call(mesa.token, 'cuenta')
    expect(res.status).toBe(200)
    expect(await board.nextEvent()).toEqual({ type: 'call', id: 0, number: 0, status: 'pending', table: { tableId: mesa.id, name: 'Mesa 12', call: 'cuenta' } })
    await board.cancel()
    // Limited per kind: a table that called the waiter its fill can still ask for the bill.
    for (let i = 0; i < CALL_LIMIT_PER_TABLE; i++) expect((await call(mesa.token, 'mesero')).status).toBe(200)
    expect((await call(mesa.token, 'mesero')).status).toBe(429)
    for (let i = 1; i < CALL_LIMIT_PER_TABLE; i++) expect((await call(mesa.token, 'cuenta')).status).toBe(200)
    expect((await call(mesa.token, 'cuenta')).status).toBe(429)

    // One address calling from many tables is stopped by its own limit.
    const peer = '192.0.2.77'
    const tables = await Promise.all(Array.from({ length: CALL_LIMIT_PER_ADDRESS + 1 }, (_, i) => newTable(`Barra ${i + 1}`)))
    for (const table of tables.slice(0, CALL_LIMIT_PER_ADDRESS)) expect((await call(table.token, 'mesero', peer)).status).toBe(200)
    expect((await call(tables[CALL_LIMIT_PER_ADDRESS]?.token ?? '', 'mesero', peer)).status).toBe(429)
  })
})

describe("the table's bill and 'Cerrar mesa'", () => {
  test('the bill lists the orders since the last close with their lines and total; closing marks them delivered and starts the next bill', async () => {
    const mesa = await newTable('Mesa 20')
    const first = (await (await order(atTable(mesa.token))).json()) as Order
    const second = (await (await order(atTable(mesa.token, { items: [{ productId: horchata.id, size: 'mediano', quantity: 1 }] }))).json()) as Order
    const cancelled = (await (await order(atTable(mesa.token))).json()) as Order
    expect((await t.request(`/api/orders/${cancelled.id}/status`, { method: 'PATCH', headers: { cookie: staff }, json: { status: 'cancelled' } })).status).toBe(200)

    const bill = (await (await t.request(`/api/tables/${mesa.id}/bill`, { headers: { cookie: staff } })).json()) as TableBill
    expect(bill.orders.map((o) => o.number)).toEqual([first.number, second.number])
    expect(bill.orders[0]?.items[0]).toMatchObject({ name: 'Horchata', quantity: 2 })
    expect(bill.total).toBe(first.total + second.total)
    expect((await t.request(`/api/tables/${mesa.id}/bill`)).status).toBe(401)

    const closed = await t.request(`/api/tables/${mesa.id}/close`, { method: 'POST', headers: { cookie: staff } })
    expect(closed.status).toBe(200)
    expect(((await closed.json()) as TableBill).total).toBe(bill.total)
    const orders = (await (await t.request('/api/orders', { headers: { cookie: staff } })).json()) as Order[]
    expect(orders.find((o) => o.id === first.id)?.status).toBe('delivered')
    expect(orders.find((o) => o.id === second.id)?.statusHistory.at(-1)).toMatchObject({ status: 'delivered', by: 'cocina' })
    expect(orders.find((o) => o.id === cancelled.id)?.status).toBe('cancelled')

    const empty = (await (await t.request(`/api/tables/${mesa.id}/bill`, { headers: { cookie: staff } })).json()) as TableBill
    expect(empty).toMatchObject({ orders: [], total: 0 })
    const next = (await (await order(atTable(mesa.token))).json()) as Order
    const nextBill = (await (await t.request(`/api/tables/${mesa.id}/bill`, { headers: { cookie: staff } })).json()) as TableBill
    expect(nextBill.orders.map((o) => o.id)).toEqual([next.id])
  })
})

describe("reports count 'En mesa' apart", () => {
  test("the sales by zone have an 'En mesa' row with the tables' orders, apart from 'Recoger en el local'", async () => {
    const mesa = await newTable('Mesa 30')
    const placed = (await (await order(atTable(mesa.token))).json()) as Order
    const pickup = await order({ items: [{ productId: horchata.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup' })
    expect(pickup.status).toBe(201)
    const day = new Date(placed.createdAt).toLocaleDateString('en-CA', { timeZone: 'America/Guatemala' })
    const res = await t.request(`/api/reports/sales?from=${day}&to=${day}&groupBy=zone`, { headers: { cookie: admin } })
    expect(res.status).toBe(200)
    const report = (await res.json()) as { rows: { key: string; label: string; orders: number }[] }
    const tables = report.rows.find((r) => r.key === 'mesa')
    expect(tables?.label).toBe('En mesa')
    const all = ((await (await t.request('/api/orders?limit=500', { headers: { cookie: admin } })).json()) as Order[]).filter((o) => o.status !== 'cancelled')
    expect(tables?.orders).toBe(all.filter((o) => o.fulfilment === 'mesa').length)
    expect(report.rows.find((r) => r.key === 'pickup')?.orders).toBe(all.filter((o) => o.fulfilment === 'pickup').length)
  })
})
