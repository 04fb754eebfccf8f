/**
 * What a code's link says (issue 40 item 2, DESIGN "Selling more"): `/?codigo=MARTES` says
 * 'aplicado' only when the cart would apply the code now, otherwise plainly when it applies, in
 * the cart's own words. GET /api/promotions/code/{code} judges what does not depend on the cart
 * (its dates, its hours at the time an order placed now is for, its uses in all) with the rule
 * the checkout uses (shared/promotions.ts `codeProblemAt`); with something in the cart the
 * storefront asks the quote, whose `codeNeedsPhone` also says when the WhatsApp is required
 * (item 11). Both engines (`bun test` and `bun scripts/test-pg.ts`).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Order, Product } from '../../shared/schemas'
import type { PromotionCodeAnswer } from '../../shared/schemas/promotion-responses'
import type { CheckoutQuote } from '../../shared/schemas/responses'
import { createTestApp } from '../testing.server'

// Friday 2026-11-27, 16:00 in Guatemala (UTC-6); no opening hours saved: always open. Preparation: 20 minutes.
const FRIDAY = Date.parse('2026-11-27T16:00:00-06:00')
let clock = FRIDAY
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let admin: string
let plate: Product
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'

let peers = 0
const peer = () => `10.41.${Math.floor(++peers / 250)}.${peers % 250}`
const lookup = async (code: string) => {
  const res = await t.request(`/api/promotions/code/${code}`, { peer: peer() })
  return { status: res.status, body: (await res.json()) as PromotionCodeAnswer | { message: string } }
}
const item = () => ({ productId: plate.id, size: 'mediano', quantity: 1 })
const quote = async (json: Record<string, unknown>) => {
  const res = await t.request('/api/checkout/quote', { method: 'POST', peer: peer(), json: { fulfilment: 'pickup', items: [item()], ...json } })
  expect(res.status).toBe(200)
  return (await res.json()) as CheckoutQuote
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  admin = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: admin } })).status).toBe(201)
  plate = ((await (await t.request('/api/products')).json()) as Product[]).find((p) => p.name === 'Chilaquiles Clásicos')!
  const promotions = [
    { name: 'Martes', code: 'MARTES', kind: 'percent', value: 10, windows: [{ days: [2], from: '00:00', to: '23:59' }] },
    { name: 'Tarde', code: 'TARDE', kind: 'percent', value: 10, windows: [{ days: [5], from: '15:00', to: '18:00' }] },
    { name: 'Uno solo', code: 'UNO', kind: 'amount', value: 5, maxUses: 1 },
    { name: 'Por teléfono', code: 'HOLA', kind: 'percent', value: 10, maxUsesPerPhone: 1 },
  ]
  for (const json of promotions) expect((await t.request('/api/promotions', { method: 'POST', headers: { cookie: admin }, json })).status).toBe(201)
})
afterAll(() => t.cleanup())

describe(`a code's link (${engine})`, () => {
  test("MARTES on a Friday: not 'aplicado'; when it applies, in the words the cart will say", async () => {
    clock = FRIDAY
    expect(await lookup('martes')).toEqual({
      status: 200,
      body: {
        code: 'MARTES',
        summary: '10% en todo el pedido',
        description: '10% en todo el pedido los martes',
        message: 'Código MARTES: 10% en todo el pedido',
        appliesNow: false,
        reason: 'Ese código vale los martes',
        needsPhone: false,
      },
    })
    // The cart, with a dish in it, says the same.
    expect(await quote({ promoCode: 'MARTES' })).toMatchObject({ codeRefusal: 'Ese código vale los martes', discounts: [] })
  })

  test("MARTES on a Tuesday: 'aplicado', and the cart gives it", async () => {
    clock = Date.parse('2026-11-24T16:00:00-06:00')
    expect(await lookup('MARTES')).toMatchObject({ status: 200, body: { message: 'Código MARTES aplicado: 10% en todo el pedido', appliesNow: true, reason: null } })
    expect(await quote({ promoCode: 'MARTES' })).toMatchObject({ codeRefusal: null, promoCode: 'MARTES' })
    clock = FRIDAY
  })

  test('hours are judged at the time an order placed now is for (now + preparation), as the cart judges them', async () => {
    clock = Date.parse('2026-11-27T14:45:00-06:00') // 15:05 with the 20 minutes of preparation
    expect(await lookup('TARDE')).toMatchObject({ status: 200, body: { appliesNow: true } })
    clock = Date.parse('2026-11-27T17:45:00-06:00') // 18:05
    expect(await lookup('TARDE')).toMatchObject({ status: 200, body: { appliesNow: false, reason: 'Ese código vale los viernes de 15:00 a 18:00', message: 'Código TARDE: 10% en todo el pedido' } })
    expect((await quote({ promoCode: 'TARDE' })).codeRefusal).toBe('Ese código vale los viernes de 15:00 a 18:00')
    clock = FRIDAY
  })

  test('used up: 409 with the reason (the link leaves the cart without it); a cancelled order gives it back', async () => {
    expect(await lookup('UNO')).toMatchObject({ status: 200, body: { appliesNow: true } })
    const res = await t.request('/api/checkout', { method: 'POST', peer: peer(), json: { fulfilment: 'pickup', items: [item()], promoCode: 'UNO' } })
    expect(res.status).toBe(201)
    expect(await lookup('UNO')).toEqual({ status: 409, body: { message: 'Ese código ya se agotó' } })
    const order = (await res.json()) as Order
    expect((await t.request(`/api/orders/${order.id}/status`, { method: 'PATCH', headers: { cookie: admin }, json: { status: 'cancelled' } })).status).toBe(200)
    expect(await lookup('UNO')).toMatchObject({ status: 200, body: { appliesNow: true } })
  })

  test("the look-up and the quote say when the code needs the customer's WhatsApp, with or without one typed (item 11)", async () => {
    expect(await lookup('HOLA')).toMatchObject({ status: 200, body: { appliesNow: true, needsPhone: true } })
    expect(await quote({ promoCode: 'HOLA' })).toMatchObject({ codeRefusal: 'Ese código pide tu WhatsApp', codeNeedsPhone: true })
    expect(await quote({ promoCode: 'hola', customerPhone: '55551234' })).toMatchObject({ codeRefusal: null, codeNeedsPhone: true })
    clock = Date.parse('2026-11-24T16:00:00-06:00')
    expect(await quote({ promoCode: 'MARTES' })).toMatchObject({ codeNeedsPhone: false })
    clock = FRIDAY
    expect(await quote({})).toMatchObject({ codeNeedsPhone: false })
    expect(await quote({ promoCode: 'NOEXISTE' })).toMatchObject({ codeNeedsPhone: false })
  })
})
