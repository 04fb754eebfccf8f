/**
 * Money has bounds (issue #39 item 10; DESIGN "Data rules"): a point-of-sale line worth
 * Q1,000,000 × 1,000 answered 500 on PostgreSQL (past its integer columns) and was stored as
 * Q3,000,000,000 on SQLite. Now an order's total is at most Q100,000, a line's quantity at most
 * 999 and every price the menu or a promotion carries at most Q100,000, refused with 400 and a
 * Spanish message on every path (point of sale, checkout, quote, edit) and on both engines.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ORDER_TOTAL_MAX } from '../../shared/money'
import type { Order, Product } from '../../shared/schemas'
import { createTestApp } from '../testing.server'

const clock = Date.parse('2026-11-23T12:00:00-06:00')
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let admin: string
let plate: Product
let peers = 0
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'
const TOTAL_RULE = 'El total del pedido no puede pasar de Q100,000'

const send = (method: string, path: string, json: unknown) => t.request(path, { method, headers: { cookie: admin }, json })
const pos = (items: unknown[], over: Record<string, unknown> = {}) => send('POST', '/api/orders', { customerName: 'Mostrador', items, ...over })
const storefront = (path: string, items: unknown[]) => t.request(path, { method: 'POST', peer: `10.39.10.${++peers}`, json: { fulfilment: 'pickup', items } })
const line = (quantity: number) => ({ productId: plate.id, size: 'mediano', quantity })
const orderCount = async () => ((await (await t.request('/api/orders/summary', { headers: { cookie: admin } })).json()) as { total: number }).total

/** 400 with the Spanish `message` in the body (the message itself, or a field's). */
async function refused(res: Response, message: string): Promise<void> {
  expect(res.status).toBe(400)
  expect(JSON.stringify(await res.json())).toContain(message)
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  admin = await t.signIn()
  expect((await send('POST', '/api/admin/initialize-database', undefined)).status).toBe(201)
  plate = ((await (await t.request('/api/products')).json()) as Product[]).find((p) => p.name === 'Chilaquiles Clásicos')!
})
afterAll(() => t.cleanup())

describe(`Límites del dinero (${engine})`, () => {
  test('the point of sale: the issue’s Q1,000,000 × 1,000 lines are a 400, not a 500 or Q3,000,000,000 stored', async () => {
    const before = await orderCount()
    const huge = { name: 'Banquete', quantity: 1000, price: 1_000_000 }
    const res = await pos([huge, huge, huge])
    expect(res.status).toBe(400)
    expect(await orderCount()).toBe(before)
  })

  test('the point of sale: a quantity over 999, a price over Q100,000, a total sent over it, and lines adding up over it', async () => {
    await refused(await pos([{ name: 'Café', quantity: 1000, price: 10 }]), 'La cantidad máxima es 999')
    await refused(await pos([{ name: 'Café', quantity: 1, price: 100_001 }]), 'Q100,000')
    await refused(await pos([{ name: 'Café', quantity: 1, price: 10 }], { total: 100_001 }), 'Q100,000')
    await refused(await pos([{ name: 'Banquete', quantity: 2, price: 60_000 }]), TOTAL_RULE)
    await refused(await pos([{ name: 'Uno', quantity: 1, price: 60_000 }, { name: 'Otro', quantity: 1, price: 60_000 }]), TOTAL_RULE)
    // At the bound it is taken, and reads back whole.
    const at = await pos([{ name: 'Banquete', quantity: 999, price: 100 }, { name: 'Postre', quantity: 1, price: ORDER_TOTAL_MAX - 99_900 }])
    expect(at.status).toBe(201)
    expect(((await at.json()) as Order).total).toBe(ORDER_TOTAL_MAX)
  })

  test('the menu’s prices, extras, options, zone fees and promotions are bounded too', async () => {
    const { id, ...body } = plate
    await refused(await send('PUT', `/api/products/${id}`, { ...body, price: 100_001 }), 'Q100,000')
    await refused(await send('POST', '/api/ingredients', { name: 'Oro', type: 'extra', price: 100_001 }), 'Q100,000')
    await refused(await send('POST', '/api/coverage-zones', { name: 'Lejos', deliveryCost: 100_001 }), 'Q100,000')
    await refused(await send('POST', '/api/option-groups', { name: 'Lujo', options: [{ name: 'Caviar', price: 100_001 }] }), 'Q100,000')
    await refused(await send('POST', '/api/promotions', { name: 'Regalo', code: 'REGALO', kind: 'amount', value: 100_001 }), 'Q100,000')
    await refused(await send('POST', '/api/promotions', { name: 'Mínimo', code: 'MINIMO', kind: 'percent', value: 10, minSubtotal: 100_001 }), 'Q100,000')
  })

  test('the checkout, its quote and an edit refuse an order over Q100,000 (400, nothing stored)', async () => {
    const { id, ...body } = plate
    const put = await send('PUT', `/api/products/${id}`, { ...body, price: 40_000 })
    expect(put.status).toBe(200)
    const before = await orderCount()
    await refused(await storefront('/api/checkout/quote', [line(3)]), TOTAL_RULE)
    await refused(await storefront('/api/checkout', [line(3)]), TOTAL_RULE)
    expect(await orderCount()).toBe(before)

    const placed = await storefront('/api/checkout', [line(2)])
    expect(placed.status).toBe(201)
    const order = (await placed.json()) as Order
    expect(order.total).toBe(80_000)
    await refused(await send('PATCH', `/api/orders/${order.id}`, { items: [line(3)] }), TOTAL_RULE)
    const kept = (await (await t.request(`/api/orders?limit=5`, { headers: { cookie: admin } })).json()) as Order[]
    expect(kept.find((o) => o.id === order.id)?.total).toBe(80_000)
  })
})
