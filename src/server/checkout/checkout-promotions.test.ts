import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Order, Product } from '../../shared/schemas'
import type { CheckoutQuote } from '../../shared/schemas/responses'
import { createTestApp } from '../testing.server'

// Tuesday 2026-11-24, 16:00 in Guatemala; no opening hours saved: always open.
const clock = Date.parse('2026-11-24T16:00:00-06:00')
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let admin: string
let horchata: Product
let plate: Product
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'

let peers = 0
const nextPeer = () => `10.8.${Math.floor(++peers / 250)}.${peers % 250}`
const line = (product: Product, quantity = 1) => ({ productId: product.id, size: 'mediano' as const, quantity })
const checkout = (json: Record<string, unknown>) => t.request('/api/checkout', { method: 'POST', peer: nextPeer(), json: { fulfilment: 'pickup', ...json } })
const quote = (json: Record<string, unknown>, peer = nextPeer()) => t.request('/api/checkout/quote', { method: 'POST', peer, json: { fulfilment: 'pickup', ...json } })
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message

async function promotion(json: Record<string, unknown>): Promise<{ id: number }> {
  const res = await t.request('/api/promotions', { method: 'POST', headers: { cookie: admin }, json })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: number }
}
const orderCount = async () => ((await (await t.request('/api/orders/summary', { headers: { cookie: admin } })).json()) as { total: number }).total

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  admin = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: admin } })).status).toBe(201)
  const products = (await (await t.request('/api/products')).json()) as Product[]
  horchata = products.find((p) => p.name === 'Horchata')!
  plate = products.find((p) => p.name === 'Chilaquiles Clásicos')!
})
afterAll(() => t.cleanup())

describe(`Promociones en el checkout (${engine})`, () => {
  test('the quote prices like the checkout and records nothing; a code that does not apply is told apart', async () => {
    await promotion({ name: '2x1 en bebidas', code: 'MARTES', kind: 'buyXgetY', buy: 2, free: 1, appliesTo: { categories: ['bebidas'], productIds: [] }, windows: [{ days: [2], from: '15:00', to: '18:00' }] })
    const before = await orderCount()
    const res = await quote({ items: [line(horchata, 2), line(plate)], promoCode: 'martes' })
    expect(res.status).toBe(200)
    const q = (await res.json()) as CheckoutQuote
    expect(q.promoCode).toBe('MARTES')
    expect(q.codeRefusal).toBeNull()
    expect(q.discounts).toEqual([expect.objectContaining({ name: '2x1 en bebidas', code: 'MARTES', amount: horchata.price })])
    expect(q.total).toBe(horchata.price * 2 + plate.price - horchata.price)
    expect(await orderCount()).toBe(before)

    const unknown = (await (await quote({ items: [line(horchata)], promoCode: 'NOEXISTE' })).json()) as CheckoutQuote
    expect(unknown).toMatchObject({ promoCode: null, codeRefusal: 'Ese código no existe', discounts: [], total: horchata.price })

    // The order recorded carries what the quote said.
    const placed = await checkout({ items: [line(horchata, 2), line(plate)], promoCode: 'MARTES' })
    expect(placed.status).toBe(201)
    const order = (await placed.json()) as Order
    expect(order.discounts).toEqual([expect.objectContaining({ name: '2x1 en bebidas', code: 'MARTES', amount: horchata.price })])
    expect(order.total).toBe(q.total)
    expect(order.subtotal - order.discounts.reduce((s, d) => s + d.amount, 0) + order.deliveryFee).toBe(order.total)
    // The checkout refuses a code that does not apply (409, the reason), and changes nothing.
    const refused = await checkout({ items: [line(horchata)], promoCode: 'NOEXISTE' })
    expect(refused.status).toBe(409)
    expect(await messageOf(refused)).toBe('Ese código no existe')
  })

  test('the last use is given once: 12 customers race for a code with 1 use; a cancelled order gives it back', async () => {
    await promotion({ name: 'Último', code: 'ULTIMO', kind: 'amount', value: 5, maxUses: 1 })
    const results = await Promise.all(Array.from({ length: 12 }, () => checkout({ items: [line(horchata)], promoCode: 'ULTIMO' })))
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(11)
    const refused = results.find((r) => r.status === 409)!
    expect(await messageOf(refused)).toBe('Ese código ya se agotó')
    const winner = (await results.find((r) => r.status === 201)!.json()) as Order
    expect(winner.discounts[0]).toMatchObject({ code: 'ULTIMO', amount: 5 })

    const cancel = await t.request(`/api/orders/${winner.id}/status`, { method: 'PATCH', headers: { cookie: admin }, json: { status: 'cancelled' } })
    expect(cancel.status).toBe(200)
    expect((await checkout({ items: [line(horchata)], promoCode: 'ULTIMO' })).status).toBe(201)
    expect((await checkout({ items: [line(horchata)], promoCode: 'ULTIMO' })).status).toBe(409)
  })

  test('uses per phone: the phone is required, and a second use by the same phone is refused', async () => {
    await promotion({ name: 'Bienvenida', code: 'HOLA', kind: 'percent', value: 10, maxUsesPerPhone: 1 })
    const noPhone = await checkout({ items: [line(plate)], promoCode: 'HOLA' })
    expect(noPhone.status).toBe(409)
    expect(await messageOf(noPhone)).toBe('Ese código pide tu WhatsApp')
    const first = await checkout({ items: [line(plate)], promoCode: 'HOLA', customerPhone: '55551234' })
    expect(first.status).toBe(201)
    expect(((await first.json()) as Order).discounts[0]?.amount).toBe(Math.floor(plate.price / 10))
    const again = await checkout({ items: [line(plate)], promoCode: 'HOLA', customerPhone: '55551234' })
    expect(again.status).toBe(409)
    expect(await messageOf(again)).toBe('Ya usaste este código')
    expect((await checkout({ items: [line(plate)], promoCode: 'HOLA', customerPhone: '55559876' })).status).toBe(201)
  })

  test('the quote is throttled loosely: 60 a minute from one address, then 429', async () => {
    const peer = '10.99.0.1'
    const answers = await Promise.all(Array.from({ length: 61 }, () => quote({ items: [line(horchata)] }, peer)))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(60)
    expect(answers.filter((r) => r.status === 429)).toHaveLength(1)
  })
})
