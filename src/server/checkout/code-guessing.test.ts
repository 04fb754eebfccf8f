/**
 * Guessing promotion codes (issue #39 item 4; DESIGN "Auth and accounts", "Data rules"): a wrong
 * code counts the same on the code lookup, the quote and the checkout, one count per client
 * address (an IPv6 client by its /64), kept in the database like the sign-in limits; past the
 * limit all three answer 429 with Retry-After whatever the code, so a real code is not told from
 * a wrong one by what comes after the code's check (the cash). Whether a phone already used a
 * code is told at the checkout only. Both engines (`bun test` and `bun scripts/test-pg.ts`).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Order, Product } from '../../shared/schemas'
import type { CheckoutQuote } from '../../shared/schemas/responses'
import { WRONG_CODE_LIMIT } from '../promotions/code-guesses.server'
import { createTestApp } from '../testing.server'

// Tuesday 2026-11-24, 16:00 in Guatemala; no opening hours saved: always open.
const clock = Date.parse('2026-11-24T16:00:00-06:00')
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let admin: string
let plate: Product
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'

const line = (product: Product, quantity = 1) => ({ productId: product.id, size: 'mediano' as const, quantity })
const post = (path: string, peer: string, json: Record<string, unknown>) => t.request(path, { method: 'POST', peer, json: { fulfilment: 'pickup', items: [line(plate)], ...json } })
const checkout = (peer: string, json: Record<string, unknown>) => post('/api/checkout', peer, json)
const quote = (peer: string, json: Record<string, unknown>) => post('/api/checkout/quote', peer, json)
const lookup = (peer: string, code: string) => t.request(`/api/promotions/code/${encodeURIComponent(code)}`, { peer })
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message
/** Cash that covers nothing: a checkout that can never be placed, only used to read the answer about the code. */
const noCash = { payment: 'efectivo', cashAmount: 0 }

async function promotion(json: Record<string, unknown>): Promise<void> {
  const res = await t.request('/api/promotions', { method: 'POST', headers: { cookie: admin }, json })
  expect(res.status).toBe(201)
}

async function expectLimited(res: Response): Promise<void> {
  expect(res.status).toBe(429)
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(await messageOf(res)).toStartWith('Demasiados intentos')
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  admin = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: admin } })).status).toBe(201)
  plate = ((await (await t.request('/api/products')).json()) as Product[]).find((p) => p.name === 'Chilaquiles Clásicos')!
  await promotion({ name: 'Diez por ciento', code: 'REAL10', kind: 'percent', value: 10 })
  await promotion({ name: 'Bienvenida', code: 'HOLA', kind: 'percent', value: 10, maxUsesPerPhone: 1 })
})
afterAll(() => t.cleanup())

describe(`Adivinar códigos (${engine})`, () => {
  test('the checkout told a real code (400 about the cash) from a wrong one (409) without limit: now wrong ones count, and past the limit both are 429', async () => {
    const peer = '10.40.0.1'
    // What the issue reproduced: the answer about the cash says the code exists.
    const real = await checkout(peer, { promoCode: 'REAL10', ...noCash })
    expect(real.status).toBe(400)
    for (let i = 0; i < WRONG_CODE_LIMIT; i++) {
      const wrong = await checkout(peer, { promoCode: `NOPE${i}`, ...noCash })
      expect(wrong.status).toBe(409)
      expect(await messageOf(wrong)).toBe('Ese código no existe')
    }
    await expectLimited(await checkout(peer, { promoCode: 'REAL10', ...noCash }))
    await expectLimited(await checkout(peer, { promoCode: 'NOPE99', ...noCash }))
    // An order without a code is not held back; another address is not either.
    expect((await checkout(peer, {})).status).toBe(201)
    expect((await checkout('10.40.0.2', { promoCode: 'REAL10', ...noCash })).status).toBe(400)
  })

  test('one count for the lookup, the quote and the checkout; an IPv6 client counts by its /64', async () => {
    const a = '2001:db8:40:1::a'
    const b = '2001:db8:40:1::b'
    const third = Math.floor(WRONG_CODE_LIMIT / 3)
    for (let i = 0; i < third; i++) expect((await lookup(a, `LOOK${i}`)).status).toBe(404)
    for (let i = 0; i < third; i++) {
      const res = await quote(b, { promoCode: `QUOTE${i}` })
      expect(res.status).toBe(200)
      expect(((await res.json()) as CheckoutQuote).codeRefusal).toBe('Ese código no existe')
    }
    for (let i = 0; i < WRONG_CODE_LIMIT - 2 * third; i++) expect((await checkout(a, { promoCode: `CHECK${i}` })).status).toBe(409)
    // Past the limit, for every address of that /64 and on all three doors, right or wrong.
    await expectLimited(await quote('2001:db8:40:1::c', { promoCode: 'REAL10' }))
    await expectLimited(await quote(b, { promoCode: 'OTRO' }))
    await expectLimited(await lookup(a, 'REAL10'))
    await expectLimited(await lookup(b, 'OTRO'))
    await expectLimited(await checkout(a, { promoCode: 'REAL10' }))
    // A quote without a code still answers; the next /64 is not held back.
    expect((await quote(a, {})).status).toBe(200)
    expect((await lookup('2001:db8:40:2::a', 'REAL10')).status).toBe(200)
  })

  test('a cart asking its quote again with the same wrong code is one guess, not one per change', async () => {
    const peer = '10.40.0.3'
    for (let i = 0; i < WRONG_CODE_LIMIT + 5; i++) {
      const res = await quote(peer, { promoCode: 'MARTEZ', items: [line(plate, 1 + (i % 5))] })
      expect(res.status).toBe(200)
      expect(((await res.json()) as CheckoutQuote).codeRefusal).toBe('Ese código no existe')
    }
    for (let i = 0; i < WRONG_CODE_LIMIT - 1; i++) expect((await lookup(peer, `OTRO${i}`)).status).toBe(404)
    await expectLimited(await lookup(peer, 'OTRO99'))
  })

  test('the quote does not tell whether a phone used a code; the checkout does, and counts it as a guess', async () => {
    const placed = await checkout('10.40.0.4', { promoCode: 'HOLA', customerPhone: '5555 1234' })
    expect(placed.status).toBe(201)
    expect(((await placed.json()) as Order).discounts[0]?.code).toBe('HOLA')

    // The quote answers the same for a phone that used the code and one that did not.
    const used = (await (await quote('10.40.0.5', { promoCode: 'HOLA', customerPhone: '55551234' })).json()) as CheckoutQuote
    const fresh = (await (await quote('10.40.0.5', { promoCode: 'HOLA', customerPhone: '55559999' })).json()) as CheckoutQuote
    expect(used.codeRefusal).toBeNull()
    expect(fresh.codeRefusal).toBeNull()
    expect(used.discounts).toEqual(fresh.discounts)
    expect(used.total).toBe(fresh.total)

    // The checkout says it, in Spanish.
    const again = await checkout('10.40.0.5', { promoCode: 'HOLA', customerPhone: '55551234' })
    expect(again.status).toBe(409)
    expect(await messageOf(again)).toBe('Ya usaste este código')

    // Trying phones against a known code at the checkout is guessing too: it counts (the same phone again counts once).
    const peer = '10.40.0.6'
    for (let i = 0; i < 3; i++) expect((await checkout(peer, { promoCode: 'HOLA', customerPhone: '55551234', ...noCash })).status).toBe(409)
    for (let i = 0; i < WRONG_CODE_LIMIT - 1; i++) expect((await lookup(peer, `PHONE${i}`)).status).toBe(404)
    await expectLimited(await checkout(peer, { promoCode: 'HOLA', customerPhone: '55551234', ...noCash }))
  })

  test('an invalid body is refused (400) before the code is looked at: it neither counts nor tells', async () => {
    const peer = '10.40.0.7'
    for (let i = 0; i < WRONG_CODE_LIMIT + 5; i++) {
      const res = await t.request('/api/checkout', { method: 'POST', peer, json: { fulfilment: 'pickup', items: [], promoCode: `BODY${i}` } })
      expect(res.status).toBe(400)
    }
    expect((await lookup(peer, 'NADA')).status).toBe(404)
  })
})
