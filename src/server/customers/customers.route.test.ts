import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Customer, CustomerSummary } from '../../shared/customers'
import type { Order, Product } from '../../shared/schemas'
import { createTestApp } from '../testing.server'

let clock = Date.parse('2026-11-02T10:00:00-06:00')
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let horchata: Product
let peers = 0

const checkout = async (over: Record<string, unknown>) => {
  const res = await t.request('/api/checkout', {
    method: 'POST',
    peer: `10.4.0.${++peers}`,
    json: { items: [{ productId: horchata.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup', ...over },
  })
  expect(res.status).toBe(201)
  return (await res.json()) as Order
}
const get = async <R>(path: string) => {
  const res = await t.request(path, { headers: { cookie } })
  expect(res.status).toBe(200)
  return (await res.json()) as R
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  cookie = await t.signIn()
})
afterAll(() => t.cleanup())

describe('customers from the orders', () => {
  test("an empty database: no customers, counters at 0", async () => {
    expect(await get<Customer[]>('/api/customers')).toEqual([])
    expect(await get<CustomerSummary>('/api/customers/summary')).toEqual({ total: 0, newThisMonth: 0, active: 0 })
  })

  test('grouped by phone: newest name, orders and spending without cancelled ones; no phone, no customer', async () => {
    expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })).status).toBe(201)
    horchata = ((await (await t.request('/api/products')).json()) as Product[]).find((p) => p.name === 'Horchata')!
    clock = Date.parse('2026-09-10T10:00:00-06:00')
    await checkout({ customerPhone: '5555 1111', customerName: 'Ana' })
    clock = Date.parse('2026-11-20T10:00:00-06:00')
    cookie = await t.signIn() // sessions last a week of the app's clock
    await checkout({ customerPhone: '+502 5555-1111', customerName: 'Ana López' })
    const cancelled = await checkout({ customerPhone: '55551111' })
    await t.request(`/api/orders/${cancelled.id}/status`, { method: 'PATCH', headers: { cookie }, json: { status: 'cancelled' } })
    clock = Date.parse('2026-11-21T10:00:00-06:00')
    await checkout({ customerPhone: '5555 2222', customerName: 'Luis' })
    await checkout({ customerName: 'Sin teléfono' })
    // A point-of-sale order with a phone makes a customer too.
    expect((await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { customerName: 'Mesa 3', customerPhone: '14155550100', items: [{ name: 'Café', quantity: 1, price: 25 }], total: 25 } })).status).toBe(201)

    clock = Date.parse('2026-11-25T10:00:00-06:00')
    cookie = await t.signIn()
    const customers = await get<Customer[]>('/api/customers')
    expect(customers.map((c) => [c.phone, c.name, c.orders, c.totalSpent])).toEqual([
      ['14155550100', 'Mesa 3', 1, 25],
      ['50255552222', 'Luis', 1, horchata.price],
      ['50255551111', 'Ana López', 2, 2 * horchata.price],
    ])
    expect(customers[2]?.firstOrderAt).toBe('2026-09-10T16:00:00.000Z')
    // Ana's first order is from September: not new this month; all three ordered within 30 days.
    expect(await get<CustomerSummary>('/api/customers/summary')).toEqual({ total: 3, newThisMonth: 2, active: 3 })
  })

  test('search by name or number, pages, and a customer\'s orders', async () => {
    expect((await get<Customer[]>('/api/customers?search=lópez')).map((c) => c.phone)).toEqual(['50255551111'])
    expect((await get<Customer[]>('/api/customers?search=2222')).map((c) => c.phone)).toEqual(['50255552222'])
    expect((await get<Customer[]>('/api/customers?search=%25')).length).toBe(0) // a % is a character, not a wildcard
    expect((await get<Customer[]>('/api/customers?limit=1&offset=1')).map((c) => c.phone)).toEqual(['50255552222'])
    const orders = await get<Order[]>('/api/orders?phone=50255551111')
    expect(orders.map((o) => o.status)).toEqual(['cancelled', 'pending', 'pending'])
  })

  test('CSV: the page with a header; a name that looks like a formula stays text', async () => {
    clock = Date.parse('2026-11-25T11:00:00-06:00')
    await checkout({ customerPhone: '5555 3333', customerName: '=HYPERLINK("http://x.example","clic")' })
    const res = await t.request('/api/customers?format=csv', { headers: { cookie } })
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const [header, first] = (await res.text()).trimEnd().split('\r\n')
    expect(header).toBe('"telefono","nombre","pedidos","total_gastado","primer_pedido","ultimo_pedido"')
    expect(first).toStartWith(`"50255553333","'=HYPERLINK(""http://x.example"",""clic"")",1,`)
  })

  test('bad input is 400 in Spanish; signed out 401', async () => {
    const res = await t.request('/api/customers?limit=0', { headers: { cookie } })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { issues: { message: string }[] }).issues[0]?.message).toBe('El límite mínimo es 1')
    expect((await t.request('/api/orders?phone=12', { headers: { cookie } })).status).toBe(400)
    expect((await t.request('/api/customers')).status).toBe(401)
  })
})
