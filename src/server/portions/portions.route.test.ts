import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Order, Product } from '../../shared/schemas'
import { insertOrder } from '../orders/orders.repo.server'
import { createTestApp } from '../testing.server'
import { unitsOn } from './portions.repo.server'

// Monday 2026-11-23, 12:00 in Guatemala (UTC-6); no opening hours saved: always open.
let clock = Date.parse('2026-11-23T12:00:00-06:00')
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let supremos: Product
let horchata: Product
let dessert: Product
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'

let peers = 0
const nextPeer = () => `10.7.${Math.floor(++peers / 250)}.${peers % 250}`
const line = (product: Product, quantity = 1, size: 'mediano' | 'grande' = 'mediano') => ({ productId: product.id, size, quantity })
const checkout = (items: unknown[], over: Record<string, unknown> = {}) =>
  t.request('/api/checkout', { method: 'POST', peer: nextPeer(), json: { items, fulfilment: 'pickup', ...over } })
const remaining = async () => (await (await t.request('/api/menu/remaining')).json()) as Record<string, number>
const errorOf = async (res: Response) => ((await res.json()) as { message: string }).message

async function setLimit(product: Product, dailyLimit: number | null): Promise<Product> {
  const { id, ...body } = (await (await t.request(`/api/products/${product.id}`)).json()) as Product
  const res = await t.request(`/api/products/${id}`, { method: 'PUT', headers: { cookie }, json: { ...body, dailyLimit } })
  expect(res.status).toBe(200)
  return (await res.json()) as Product
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  cookie = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })).status).toBe(201)
  const products = (await (await t.request('/api/products')).json()) as Product[]
  supremos = products.find((p) => p.name === 'Chilaquiles Supremos')!
  horchata = products.find((p) => p.name === 'Horchata')!
  dessert = products.find((p) => p.category === 'postres')!
})
afterAll(() => t.cleanup())

describe(`Porciones por día (${engine})`, () => {
  test('products carry dailyLimit (null by default); 0 or a fraction is 400 in Spanish', async () => {
    expect(supremos.dailyLimit).toBeNull()
    const { id, ...body } = supremos
    const zero = await t.request(`/api/products/${id}`, { method: 'PUT', headers: { cookie }, json: { ...body, dailyLimit: 0 } })
    expect(zero.status).toBe(400)
    expect(JSON.stringify(await zero.json())).toContain('De 1 a 10000 porciones por día, o vacío para no poner límite')
    expect((await t.request(`/api/products/${id}`, { method: 'PUT', headers: { cookie }, json: { ...body, dailyLimit: 2.5 } })).status).toBe(400)
    expect(await remaining()).toEqual({})
  })

  test('GET /api/menu/remaining: public, no-store, only the limited products', async () => {
    supremos = await setLimit(supremos, 5)
    expect(supremos.dailyLimit).toBe(5)
    const res = await t.request('/api/menu/remaining')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ [supremos.id]: 5 })
  })

  test('an order takes its units (its lines added up); more than what is left is 409 with the count; unlimited products keep selling', async () => {
    const first = await checkout([line(supremos, 1), line(supremos, 2), line(horchata, 4)])
    if (first.status !== 201) console.log(await first.text())
    expect(first.status).toBe(201)
    expect(await remaining()).toEqual({ [supremos.id]: 2 })
    const over = await checkout([line(supremos, 3)])
    expect(over.status).toBe(409)
    expect(await errorOf(over)).toBe('Solo quedan 2 Chilaquiles Supremos hoy')
    expect((await checkout([line(horchata, 10)])).status).toBe(201)
    expect((await checkout([line(supremos, 1)])).status).toBe(201)
    expect(await errorOf(await checkout([line(supremos, 2)]))).toBe('Solo queda 1 Chilaquiles Supremos hoy')
    expect((await checkout([line(supremos, 1)])).status).toBe(201)
    const none = await checkout([line(supremos, 1), line(horchata, 1)])
    expect(none.status).toBe(409)
    expect(await errorOf(none)).toBe('Ya no quedan Chilaquiles Supremos hoy')
    expect(await remaining()).toEqual({ [supremos.id]: 0 })
  })

  test('a cancelled order gives its units back', async () => {
    const orders = (await (await t.request('/api/orders?limit=50', { headers: { cookie } })).json()) as Order[]
    const firstOne = orders.find((o) => o.items.some((i) => i.productId === supremos.id && i.quantity === 2))!
    const res = await t.request(`/api/orders/${firstOne.id}/status`, { method: 'PATCH', headers: { cookie }, json: { status: 'cancelled' } })
    expect(res.status).toBe(200)
    expect(await remaining()).toEqual({ [supremos.id]: 3 })
  })

  test('the point of sale consumes portions and is refused (409) past them; lines without a productId are not counted', async () => {
    const pos = (quantity: number) =>
      t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { customerName: 'Caja', items: [{ productId: supremos.id, name: 'Chilaquiles Supremos', quantity, price: 55 }, { name: 'Café', quantity: 9, price: 10 }] } })
    const over = await pos(4)
    expect(over.status).toBe(409)
    expect(await errorOf(over)).toBe('Solo quedan 3 Chilaquiles Supremos hoy')
    expect((await pos(2)).status).toBe(201)
    expect(await remaining()).toEqual({ [supremos.id]: 1 })
  })

  test('an order for later counts on its day, not today', async () => {
    const units = await unitsOn(t.ctx.db, '2026-11-24', [supremos.id])
    expect(units.get(supremos.id) ?? 0).toBe(0)
    await insertOrder(t.ctx.db, {
      source: 'storefront', status: 'pending', customerName: null, customerPhone: '', fulfilment: 'pickup', zoneId: null, zoneName: null, zoneEstimatedTime: null,
      scheduledFor: '2026-11-24T09:00', address: null, addressReference: null, payment: null, cashAmount: null,
      items: [{ productId: supremos.id, name: 'Chilaquiles Supremos', size: 'mediano', quantity: 4, unitPrice: 55, lineTotal: 220 } as unknown as Order['items'][number]],
      subtotal: 220, deliveryFee: 0, discounts: [], total: 220, notes: null,
    }, new Date(clock), { engine: t.ctx.store.engine })
    expect((await unitsOn(t.ctx.db, '2026-11-24', [supremos.id])).get(supremos.id)).toBe(4)
    expect(await remaining()).toEqual({ [supremos.id]: 1 })
  })

  test('back by itself the next day', async () => {
    const today = clock
    clock = Date.parse('2026-11-24T07:00:00-06:00')
    expect(await remaining()).toEqual({ [supremos.id]: 1 }) // 4 of the order for later are tomorrow's
    clock = Date.parse('2026-11-25T07:00:00-06:00')
    expect(await remaining()).toEqual({ [supremos.id]: 5 })
    clock = today
  })

  test('the last portion is sold once: 12 customers at once for 3 portions → three 201, nine 409', async () => {
    dessert = await setLimit(dessert, 3)
    const racers = await Promise.all(Array.from({ length: 12 }, () => checkout([line(dessert, 1)])))
    const statuses = racers.map((r) => r.status).sort()
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409, 409, 409])
    for (const r of racers.filter((r) => r.status === 409)) expect(await errorOf(r)).toBe(`Ya no quedan ${dessert.name} hoy`)
    expect((await remaining())[String(dessert.id)]).toBe(0)
    console.log(`portions race (${engine}): 12 racers for 3 portions → ${statuses.join(' ')}`)
  })

  test('no limit again: the product leaves /api/menu/remaining', async () => {
    dessert = await setLimit(dessert, null)
    expect(String(dessert.id) in (await remaining())).toBe(false)
    expect((await checkout([line(dessert, 1)])).status).toBe(201)
  })
})
