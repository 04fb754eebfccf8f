/**
 * What an edit does to an order's price (issues #39 and #40, DESIGN "When the order changes in
 * the chat" and "Selling more"), on both engines through real requests: an edit that changes no
 * line, fulfilment, zone or time changes no price and rewrites no line; a point-of-sale line is
 * kept as it was sent; promotions stay the order's own; promotions follow one another the same
 * way at the checkout and in the edit; `?dryRun=1` answers what saving would, and saves nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Order, Product } from '../../shared/schemas'
import type { CheckoutQuote } from '../../shared/schemas/responses'
import { createTestApp } from '../testing.server'

// Monday 2026-11-23, 12:00 in Guatemala; no opening hours saved: always open. A test may move it.
const MONDAY_NOON = Date.parse('2026-11-23T12:00:00-06:00')
let clock = MONDAY_NOON
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let admin: string
let staff: string
let plate: Product
let horchata: Product
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'

let peers = 0
const nextPeer = () => `10.6.${Math.floor(++peers / 250)}.${peers % 250}`
const line = (product: Product, quantity = 1) => ({ productId: product.id, size: 'mediano' as const, quantity })
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message
const patch = (id: number, json: unknown, query = '') => t.request(`/api/orders/${id}${query}`, { method: 'PATCH', headers: { cookie: staff }, json })
const edited = async (res: Response) => {
  expect(res.status).toBe(200)
  return (await res.json()) as Order
}
const orderOf = async (id: number) => {
  const list = (await (await t.request('/api/orders?limit=50', { headers: { cookie: admin } })).json()) as Order[]
  const found = list.find((o) => o.id === id)
  if (!found) throw new Error(`sin pedido ${id}`)
  return found
}

async function place(items: unknown[], over: Record<string, unknown> = {}): Promise<Order> {
  const res = await t.request('/api/checkout', { method: 'POST', peer: nextPeer(), json: { items, fulfilment: 'pickup', ...over } })
  expect(res.status).toBe(201)
  return (await res.json()) as Order
}
async function quote(items: unknown[], over: Record<string, unknown> = {}): Promise<CheckoutQuote> {
  const res = await t.request('/api/checkout/quote', { method: 'POST', peer: nextPeer(), json: { items, fulfilment: 'pickup', ...over } })
  expect(res.status).toBe(200)
  return (await res.json()) as CheckoutQuote
}
async function pos(items: unknown[]): Promise<Order> {
  const res = await t.request('/api/orders', { method: 'POST', headers: { cookie: admin }, json: { customerName: 'Mostrador', items } })
  expect(res.status).toBe(201)
  return (await res.json()) as Order
}
async function promotion(json: Record<string, unknown>): Promise<{ id: number }> {
  const res = await t.request('/api/promotions', { method: 'POST', headers: { cookie: admin }, json: { active: true, ...json } })
  expect(res.status).toBe(201)
  return (await res.json()) as { id: number }
}
/** Switches a promotion off (or on): what an owner does when it ends. */
async function setActive(id: number, active: boolean) {
  const all = (await (await t.request('/api/promotions', { headers: { cookie: admin } })).json()) as ({ id: number; uses?: number } & Record<string, unknown>)[]
  const { id: _id, uses: _uses, ...body } = all.find((p) => p.id === id) ?? {}
  const res = await t.request(`/api/promotions/${id}`, { method: 'PUT', headers: { cookie: admin }, json: { ...body, active } })
  expect(res.status).toBe(200)
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  admin = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: admin } })).status).toBe(201)
  const created = await t.request('/api/admin/users', { method: 'POST', headers: { cookie: admin }, json: { username: 'caja', password: 'caja-12345', role: 'staff' } })
  expect(created.status).toBe(201)
  staff = await t.signIn('caja', 'caja-12345')
  const products = (await (await t.request('/api/products')).json()) as Product[]
  plate = products.find((p) => p.name === 'Chilaquiles Clásicos')!
  horchata = products.find((p) => p.name === 'Horchata')!
  // The figures: a plate Q35, a Horchata Q20.
  expect([plate.price, horchata.price]).toEqual([35, 20])
})
afterAll(() => t.cleanup())

describe(`an edit that changes no line changes no price (${engine})`, () => {
  test("a notes edit of a point-of-sale order keeps its free-text lines and its total: Q95 stays Q95 (it was Q35)", async () => {
    const order = await pos([
      { name: 'Tamal especial', quantity: 2, price: 30 },
      { name: 'Horchata (cortesía)', quantity: 1, price: 0 },
      { productId: plate.id, name: 'Chilaquiles Clásicos', size: 'mediano', quantity: 1, price: 35 },
    ])
    expect(order.total).toBe(95)
    const after = await edited(await patch(order.id, { notes: 'sin picante' }))
    expect(after.items).toEqual(order.items)
    expect({ subtotal: after.subtotal, total: after.total, discounts: after.discounts, notes: after.notes }).toEqual({ subtotal: 95, total: 95, discounts: [], notes: 'sin picante' })
    expect(await orderOf(order.id)).toMatchObject({ items: order.items, total: 95 })
    // The day's report counts its lines as they were sent.
    const report = (await (await t.request('/api/reports/sales?from=2026-11-23&to=2026-11-23&groupBy=product', { headers: { cookie: admin } })).json()) as {
      rows: { label?: string; key: string; quantity: number; revenue: number }[]
    }
    expect(JSON.stringify(report.rows)).toContain('Tamal especial')
  })

  test('an order of free-text lines only answers 200 to a notes edit (it was 500), lines and total untouched', async () => {
    const order = await pos([{ name: 'Tamal especial', quantity: 2, price: 30 }])
    const res = await patch(order.id, { notes: 'para llevar' })
    const after = await edited(res)
    expect(after).toMatchObject({ items: order.items, total: 60, notes: 'para llevar' })
    expect(after.changes).toHaveLength(1)
  })

  test('an automatic promotion that began since the order was placed does not join it: a notes edit keeps Q100 (not Q90), a line edit too', async () => {
    const order = await place([line(horchata, 5)])
    expect(order.total).toBe(100)
    const diez = await promotion({ name: '10% todo', code: null, kind: 'percent', value: 10 })
    try {
      const notes = await edited(await patch(order.id, { notes: 'sin hielo' }))
      expect({ total: notes.total, discounts: notes.discounts }).toEqual({ total: 100, discounts: [] })
      const more = await edited(await patch(order.id, { items: [line(horchata, 6)] }))
      expect({ total: more.total, discounts: more.discounts }).toEqual({ total: 120, discounts: [] })
    } finally {
      await setActive(diez.id, false)
    }
  })

  test('an automatic promotion that ended since does not leave it: Q90 stays Q90 on a notes edit; new lines get it by the same rule', async () => {
    const diez = await promotion({ name: '10% del lunes', code: null, kind: 'percent', value: 10, endsOn: '2026-11-23' })
    const order = await place([line(horchata, 5)])
    expect(order.total).toBe(90)
    // Switched off, and its last day over.
    await setActive(diez.id, false)
    clock = MONDAY_NOON + 24 * 3_600_000
    try {
      const notes = await edited(await patch(order.id, { notes: 'sin hielo' }))
      expect({ total: notes.total, discounts: notes.discounts }).toEqual({ total: 90, discounts: order.discounts })
      const more = await edited(await patch(order.id, { items: [line(horchata, 6)] }))
      expect(more.discounts).toEqual([{ promotionId: diez.id, name: '10% del lunes', code: null, amount: 12 }])
      expect(more.total).toBe(108)
    } finally {
      clock = MONDAY_NOON
    }
  })

  test("a code's use is not counted again: the last use of a code stays with the order it was given to through an edit", async () => {
    await promotion({ name: 'Último', code: 'ULTIMOUSO', kind: 'amount', value: 5, maxUses: 1 })
    const order = await place([line(horchata)], { promoCode: 'ULTIMOUSO' })
    expect(order.total).toBe(15)
    const more = await edited(await patch(order.id, { items: [line(horchata, 2)] }))
    expect(more).toMatchObject({ total: 35, discounts: [expect.objectContaining({ code: 'ULTIMOUSO', amount: 5 })] })
  })

  test('a code whose minimum the edited lines no longer reach leaves the order instead of refusing the edit', async () => {
    await promotion({ name: 'Desde Q60', code: 'DESDE60', kind: 'amount', value: 10, minSubtotal: 60 })
    const order = await place([line(horchata, 3)], { promoCode: 'DESDE60' })
    expect(order.total).toBe(50)
    const fewer = await edited(await patch(order.id, { items: [line(horchata, 2)] }))
    expect({ total: fewer.total, discounts: fewer.discounts }).toEqual({ total: 40, discounts: [] })
  })
})

describe(`promotions follow one another, at the checkout and in the edit (${engine})`, () => {
  test("a 2x1 code and an automatic 2x1 on the same drinks: two Horchatas cost Q20 (it was Q0)", async () => {
    await promotion({ name: '2x1 en bebidas', code: null, kind: 'buyXgetY', buy: 2, free: 1, appliesTo: { categories: ['bebidas'], productIds: [] } })
    await promotion({ name: 'Código 2x1', code: 'DOSXUNO', kind: 'buyXgetY', buy: 2, free: 1, appliesTo: { categories: ['bebidas'], productIds: [] } })
    const q = await quote([line(horchata, 2)], { promoCode: 'DOSXUNO' })
    expect(q.total).toBe(20)
    const order = await place([line(horchata, 2)], { promoCode: 'DOSXUNO' })
    expect(order.total).toBe(20)
    expect(order.discounts.map((d) => [d.name, d.amount])).toEqual([['Código 2x1', 20]])
  })

  test("VIERNES15 and the 2x1 on two Horchatas (Q40): 2x1 -Q20, then 15% of the Q20 left -Q3 = Q17 (it was -Q6 and -Q20 = Q14); the edit gives the checkout's figures", async () => {
    await promotion({ name: 'Viernes 15%', code: 'VIERNES15', kind: 'percent', value: 15 })
    const order = await place([line(horchata, 2)], { promoCode: 'VIERNES15' })
    expect(order.discounts.map((d) => [d.name, d.amount])).toEqual([
      ['2x1 en bebidas', 20],
      ['Viernes 15%', 3],
    ])
    expect(order.total).toBe(17)
    // A notes edit changes nothing of it; a plate more is priced as the checkout prices the same cart.
    expect((await edited(await patch(order.id, { notes: 'con hielo' }))).total).toBe(17)
    const cart = [line(horchata, 2), line(plate)]
    const more = await edited(await patch(order.id, { items: cart }))
    const checkout = await quote(cart, { promoCode: 'VIERNES15' })
    expect(more.discounts.map((d) => [d.name, d.amount])).toEqual(checkout.discounts.map((d) => [d.name, d.amount]))
    // 2x1 -Q20, then 15% of Q55 = -Q8: Q47.
    expect([more.total, checkout.total]).toEqual([47, 47])
  })
})

describe(`PATCH /api/orders/{id}?dryRun=1 (${engine})`, () => {
  test('answers exactly what saving would, and saves nothing', async () => {
    const order = await place([line(horchata, 2)], { promoCode: 'VIERNES15' })
    const edit = { items: [line(horchata, 3), line(plate)], reason: 'lo pidió por WhatsApp' }
    const before = await orderOf(order.id)
    const preview = await edited(await patch(order.id, edit, '?dryRun=1'))
    expect(preview.changes).toHaveLength(1)
    expect(preview.total).not.toBe(before.total)
    expect(await orderOf(order.id)).toEqual(before)
    const saved = await edited(await patch(order.id, edit))
    expect(preview).toEqual(saved)
  })

  test('a refusal is the one saving would give, and nothing changes', async () => {
    const order = await place([line(horchata)])
    const ready = await t.request(`/api/orders/${order.id}/status`, { method: 'PATCH', headers: { cookie: admin }, json: { status: 'confirmed' } })
    expect(ready.status).toBe(200)
    const gone = { items: [{ productId: 999_999, size: 'mediano', quantity: 1 }] }
    const previewed = await patch(order.id, gone, '?dryRun=1')
    const saving = await patch(order.id, gone)
    expect([previewed.status, saving.status]).toEqual([409, 409])
    expect(await messageOf(previewed)).toBe(await messageOf(saving))
    expect((await orderOf(order.id)).changes).toHaveLength(0)
    // A dryRun that is neither yes nor no is a client's mistake: 400 in Spanish, nothing saved.
    const unclear = await patch(order.id, { notes: 'x' }, '?dryRun=quizas')
    expect(unclear.status).toBe(400)
    expect(await messageOf(unclear)).toMatch(/\p{L}/u)
    expect((await orderOf(order.id)).notes).toBeNull()
  })
})
