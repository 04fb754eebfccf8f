/**
 * Promotions (issue #33, DESIGN "Selling more"): the owner's CRUD with uses, the code's
 * uniqueness whatever its case and however two saves race, the uses as the checkout counts them
 * (orders not cancelled), and the storefront's two public reads. Both engines (`bun test` and
 * `bun scripts/test-pg.ts`).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Order, Product } from '../../shared/schemas'
import type { Promotion, PromotionInput, PromotionWithUses } from '../../shared/schemas/promotion'
import type { ActivePromotion, PromotionCodeAnswer } from '../../shared/schemas/promotion-responses'
import { createTestApp } from '../testing.server'
import { WRONG_CODE_LIMIT, promotionRoutes } from './promotions.route'
import { activePromotions, capsUsed, promotionByCode } from './promotions.repo.server'

/** Promotions counted as capped both ways, so capsUsed counts their uses in all and by phone. */
const capped = (...promotions: { id: number }[]) => promotions.map(({ id }) => ({ id, maxUses: 1000, maxUsesPerPhone: 1000 }))

// Tuesday 2026-11-24, 16:00 in Guatemala (UTC-6).
let clock = Date.parse('2026-11-24T16:00:00-06:00')
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let admin: string
let staff: string
let horchata: Product

const martes: PromotionInput = {
  name: 'Martes de bebidas',
  code: 'martes',
  kind: 'buyXgetY',
  buy: 2,
  free: 1,
  appliesTo: { categories: ['bebidas'] },
  windows: [{ days: [2], from: '15:00', to: '18:00' }],
  maxUses: 50,
}

const send = (method: string, path: string, json?: unknown, cookie = admin) => t.request(path, { method, headers: cookie ? { cookie } : {}, ...(json === undefined ? {} : { json }) })
const create = async (input: PromotionInput) => {
  const res = await send('POST', '/api/promotions', input)
  expect(res.status).toBe(201)
  return (await res.json()) as Promotion
}
const list = async () => (await (await send('GET', '/api/promotions')).json()) as PromotionWithUses[]
const remove = (id: number) => send('DELETE', `/api/promotions/${id}`)

/** A point-of-sale order of `phone`, optionally cancelled, with the discounts given written as the checkout writes them. */
async function orderWith(phone: string, discounts: { promotion: Promotion | null; name?: string; amount: number }[], cancelled = false): Promise<Order> {
  const res = await send('POST', '/api/orders', { customerName: 'Cliente', customerPhone: phone, items: [{ name: 'Horchata', quantity: 2, price: 15 }] })
  expect(res.status).toBe(201)
  const order = (await res.json()) as Order
  if (discounts.length) {
    await t.ctx.db
      .insertInto('order_discounts')
      .values(discounts.map((d, position) => ({ order_id: order.id, position, promotion_id: d.promotion?.id ?? null, name: d.name ?? d.promotion?.name ?? '', code: d.promotion?.code ?? null, amount: d.amount })))
      .execute()
  }
  if (cancelled) expect((await send('PATCH', `/api/orders/${order.id}/status`, { status: 'cancelled' })).status).toBe(200)
  return order
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  admin = await t.signIn()
  expect((await send('POST', '/api/admin/initialize-database')).status).toBe(201)
  expect((await send('POST', '/api/admin/users', { username: 'cocina', password: 'cocina-1234', role: 'staff' })).status).toBe(201)
  staff = await t.signIn('cocina', 'cocina-1234')
  const products = (await (await t.request('/api/products')).json()) as Product[]
  horchata = products.find((p) => p.name === 'Horchata')!
})
afterAll(() => t.cleanup())

describe('the owner’s promotions', () => {
  test('create (201, the code upper-case, the defaults filled), list with uses, update, delete (then 404)', async () => {
    const created = await create(martes)
    expect(created).toEqual({
      id: created.id,
      name: 'Martes de bebidas',
      code: 'MARTES',
      kind: 'buyXgetY',
      value: null,
      buy: 2,
      free: 1,
      appliesTo: { categories: ['bebidas'], productIds: [] },
      minSubtotal: null,
      fulfilment: 'any',
      startsOn: null,
      endsOn: null,
      windows: [{ days: [2], from: '15:00', to: '18:00' }],
      maxUses: 50,
      maxUsesPerPhone: null,
      active: true,
    })
    expect(await list()).toEqual([{ ...created, uses: 0 }])

    const put = await send('PUT', `/api/promotions/${created.id}`, { ...martes, name: 'Martes 2x1', appliesTo: { categories: ['bebidas'], productIds: [horchata.id] }, active: false })
    expect(put.status).toBe(200)
    expect(await put.json()).toEqual({ ...created, name: 'Martes 2x1', appliesTo: { categories: ['bebidas'], productIds: [horchata.id] }, active: false })
    expect((await list()).map((p) => [p.name, p.active])).toEqual([['Martes 2x1', false]])

    const gone = await remove(created.id)
    expect(gone.status).toBe(200)
    expect(await gone.json()).toEqual({ message: 'Promoción eliminada', id: created.id })
    expect((await remove(created.id)).status).toBe(404)
    expect(await (await send('PUT', `/api/promotions/${created.id}`, martes)).json()).toEqual({ message: 'Promoción no encontrada' })
    expect(await list()).toEqual([])
  })

  test('bad input: 400 with the field and its Spanish message', async () => {
    const cases: [unknown, { path: string; message: string }][] = [
      [{ ...martes, name: '' }, { path: 'name', message: 'Este campo es obligatorio' }],
      [{ ...martes, code: 'MA' }, { path: 'code', message: 'El código debe tener de 3 a 20 letras o números' }],
      // Issue #39 item 11: "" is not null (an automatic promotion, given to every order).
      [{ ...martes, code: '' }, { path: 'code', message: 'El código debe tener de 3 a 20 letras o números' }],
      [{ name: '10%', kind: 'percent', value: 0 }, { path: 'value', message: 'El porcentaje va de 1 a 100' }],
      [{ ...martes, free: 2 }, { path: 'free', message: 'Las gratis van de 1 a una menos de las que se compran' }],
      [{ ...martes, startsOn: '2026-12-10', endsOn: '2026-12-01' }, { path: 'endsOn', message: 'La fecha de fin no puede ser anterior a la de inicio' }],
      [{ ...martes, maxUses: 0 }, { path: 'maxUses', message: 'Usos en total: un número entero desde 1, o vacío para no poner límite' }],
      [{ ...martes, appliesTo: { categories: ['tacos'] } }, { path: 'appliesTo.categories.0', message: 'La categoría tacos no existe' }],
      [{ ...martes, appliesTo: { productIds: [horchata.id, 99999] } }, { path: 'appliesTo.productIds.1', message: 'El producto 99999 no existe' }],
    ]
    for (const [body, issue] of cases) {
      const res = await send('POST', '/api/promotions', body)
      expect({ body, status: res.status }).toEqual({ body, status: 400 })
      expect(((await res.json()) as { issues: unknown[] }).issues).toContainEqual(issue)
    }
    expect(await list()).toEqual([])
  })

  test('admin only: anonymous 401, a staff account 403, on every admin route', async () => {
    const created = await create({ name: 'Envío gratis', kind: 'freeDelivery' })
    for (const [method, path, body] of [
      ['GET', '/api/promotions', undefined],
      ['POST', '/api/promotions', martes],
      ['PUT', `/api/promotions/${created.id}`, martes],
      ['DELETE', `/api/promotions/${created.id}`, undefined],
    ] as const) {
      expect({ method, path, status: (await send(method, path, body, '')).status }).toEqual({ method, path, status: 401 })
      expect({ method, path, status: (await send(method, path, body, staff)).status }).toEqual({ method, path, status: 403 })
      expect(t.accessOf(method, path)).toBe('admin')
    }
    expect(t.accessOf('GET', '/api/promotions/active')).toBe('public')
    expect(t.accessOf('GET', '/api/promotions/code/MARTES')).toBe('public')
    expect((await list()).map((p) => p.name)).toEqual(['Envío gratis'])
    expect((await remove(created.id)).status).toBe(200)
  })

  test('a code is unique whatever its case: 409 in Spanish on create and on update, and when two saves race', async () => {
    const first = await create(martes)
    for (const code of ['MARTES', 'martes', ' Martes ']) {
      const res = await send('POST', '/api/promotions', { ...martes, name: 'Otra', code })
      expect(res.status).toBe(409)
      expect(await res.json()).toEqual({ message: 'Ya existe una promoción con el código MARTES' })
    }
    const other = await create({ name: 'Diez', code: 'DIEZ', kind: 'percent', value: 10 })
    const clash = await send('PUT', `/api/promotions/${other.id}`, { name: 'Diez', code: 'martes', kind: 'percent', value: 10 })
    expect(clash.status).toBe(409)
    expect(await clash.json()).toEqual({ message: 'Ya existe una promoción con el código MARTES' })
    // Saving a promotion with its own code is no clash; two automatic ones (no code) never clash.
    expect((await send('PUT', `/api/promotions/${first.id}`, { ...martes, name: 'Martes' })).status).toBe(200)
    await create({ name: 'A', kind: 'percent', value: 5 })
    await create({ name: 'B', kind: 'percent', value: 5 })

    // Two owners save VIERNES at the same moment: the UNIQUE column lets one in.
    const raced = await Promise.all([1, 2, 3].map((n) => send('POST', '/api/promotions', { name: `Viernes ${n}`, code: n === 2 ? 'viernes' : 'VIERNES', kind: 'amount', value: 10 })))
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409, 409])
    expect((await list()).filter((p) => p.code === 'VIERNES')).toHaveLength(1)

    for (const p of await list()) expect((await remove(p.id)).status).toBe(200)
  })
})

describe('uses: discount rows of orders not cancelled', () => {
  test('counted in all and by phone, a cancelled order not counted, an order being edited left out; the list counts them in one answer', async () => {
    const code = await create(martes)
    const auto = await create({ name: '10% todo', kind: 'percent', value: 10 })
    const unused = await create({ name: 'Sin usar', code: 'NADIE', kind: 'amount', value: 5 })
    const a = await orderWith('50255550001', [{ promotion: code, amount: 15 }, { promotion: auto, amount: 1 }])
    await orderWith('50255550001', [{ promotion: code, amount: 15 }])
    await orderWith('50255550002', [{ promotion: code, amount: 15 }])
    await orderWith('50255550001', [{ promotion: code, amount: 15 }], true) // cancelled: gives its use back
    await orderWith('50255550003', [])

    const uses = await capsUsed(t.ctx.db, capped(code, auto, unused), '50255550001')
    expect(uses.get(code.id)).toEqual({ total: 3, byPhone: 2 })
    expect(uses.get(auto.id)).toEqual({ total: 1, byPhone: 1 })
    expect(uses.has(unused.id)).toBe(false)
    expect((await capsUsed(t.ctx.db, capped(code), null)).get(code.id)).toEqual({ total: 3, byPhone: 0 })
    expect((await capsUsed(t.ctx.db, capped(code), '50255550001', a.id)).get(code.id)).toEqual({ total: 2, byPhone: 1 })
    expect(await capsUsed(t.ctx.db, [], '50255550001')).toEqual(new Map())

    expect((await list()).map((p) => [p.name, p.uses])).toEqual([
      ['Martes de bebidas', 3],
      ['10% todo', 1],
      ['Sin usar', 0],
    ])
    // The checkout's read: the active ones only, in one query, as the rule reads them.
    await send('PUT', `/api/promotions/${unused.id}`, { name: 'Sin usar', code: 'NADIE', kind: 'amount', value: 5, active: false })
    expect((await activePromotions(t.ctx.db)).map((p) => p.code)).toEqual(['MARTES', null])
    expect((await promotionByCode(t.ctx.db, ' martes '))?.id).toBe(code.id)
  })

  test('deleting a used promotion keeps the orders’ discount rows, names and amounts as they were', async () => {
    const code = (await list()).find((p) => p.code === 'MARTES')!
    expect((await remove(code.id)).status).toBe(200)
    const rows = await t.ctx.db.selectFrom('order_discounts').select(['name', 'code', 'amount']).where('promotion_id', '=', code.id).execute()
    expect(rows).toHaveLength(4)
    expect(rows.every((r) => r.name === 'Martes de bebidas' && r.code === 'MARTES' && r.amount === 15)).toBe(true)
    expect((await capsUsed(t.ctx.db, capped(code), null)).get(code.id)).toEqual({ total: 3, byPhone: 0 })
    for (const p of await list()) expect((await remove(p.id)).status).toBe(200)
  })
})

describe('the storefront’s reads (public)', () => {
  const active = async () => {
    const res = await t.request('/api/promotions/active')
    expect(res.status).toBe(200)
    return (await res.json()) as ActivePromotion[]
  }
  const lookup = (code: string, peer = '10.9.0.1') => t.request(`/api/promotions/code/${encodeURIComponent(code)}`, { peer })

  test('GET /active: the automatic promotions in force today with their Spanish words; never a code, a paused, expired, other-day or used-up one', async () => {
    clock = Date.parse('2026-11-24T16:00:00-06:00') // a Tuesday
    const bebidas = await create({ name: '2x1 bebidas', kind: 'buyXgetY', buy: 2, free: 1, appliesTo: { categories: ['bebidas'] }, windows: [{ days: [2], from: '15:00', to: '18:00' }] })
    const envio = await create({ name: 'Envío', kind: 'freeDelivery', minSubtotal: 150 })
    const limited = await create({ name: 'Primeros 2', kind: 'amount', value: 10, maxUses: 2 })
    await create({ ...martes })
    await create({ name: 'Pausada', kind: 'percent', value: 10, active: false })
    await create({ name: 'Vencida', kind: 'percent', value: 10, endsOn: '2026-11-23' })
    await create({ name: 'Después', kind: 'percent', value: 10, startsOn: '2026-11-25' })
    await create({ name: 'Jueves', kind: 'percent', value: 10, windows: [{ days: [4], from: '00:00', to: '23:59' }] })
    expect(await active()).toEqual([
      { id: bebidas.id, name: '2x1 bebidas', description: '2x1 en bebidas los martes de 15:00 a 18:00' },
      { id: envio.id, name: 'Envío', description: 'Envío gratis desde Q150' },
      { id: limited.id, name: 'Primeros 2', description: 'Q10 de descuento en todo el pedido' },
    ])
    const text = await (await t.request('/api/promotions/active')).text()
    expect(text).not.toContain('MARTES')

    // Cached like the menu: a write of a promotion empties it; the day's end makes it again.
    const first = await t.request('/api/promotions/active')
    const etag = first.headers.get('etag') ?? ''
    expect(etag).not.toBe('')
    expect((await t.request('/api/promotions/active', { headers: { 'if-none-match': etag } })).status).toBe(304)
    await send('PUT', `/api/promotions/${envio.id}`, { name: 'Envío', kind: 'freeDelivery', minSubtotal: 150, active: false })
    expect((await active()).map((p) => p.name)).toEqual(['2x1 bebidas', 'Primeros 2'])

    // Used up: two orders were given it, so it leaves the strip within minutes (its entry is short-lived).
    await orderWith('50255550009', [{ promotion: limited, amount: 10 }])
    await orderWith('50255550008', [{ promotion: limited, amount: 10 }])
    expect((await active()).map((p) => p.name)).toEqual(['2x1 bebidas', 'Primeros 2'])
    clock += 6 * 60_000
    expect((await active()).map((p) => p.name)).toEqual(['2x1 bebidas'])

    // Wednesday: the Tuesday one is not in force, with no write in between.
    clock = Date.parse('2026-11-25T00:05:00-06:00')
    expect((await active()).map((p) => p.name)).toEqual(['Después'])
    clock = Date.parse('2026-11-26T10:00:00-06:00') // Thursday
    expect((await active()).map((p) => p.name)).toEqual(['Después', 'Jueves'])
  })

  test('GET /code/{code}: what a link says, any case; unknown or paused 404 in Spanish; expired or not yet 409 with the reason', async () => {
    clock = Date.parse('2026-11-24T16:00:00-06:00')
    const res = await lookup('martes')
    expect(res.status).toBe(200)
    expect((await res.json()) as PromotionCodeAnswer).toEqual({
      code: 'MARTES',
      summary: '2x1 en bebidas',
      description: '2x1 en bebidas los martes de 15:00 a 18:00',
      message: 'Código MARTES aplicado: 2x1 en bebidas',
      appliesNow: true,
      reason: null,
      needsPhone: false,
    })
    const unknown = await lookup('NOEXISTE')
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ message: 'Ese código no existe' })
    expect((await lookup('x y/z')).status).toBe(404)

    await create({ name: 'Pausado', code: 'PAUSA', kind: 'percent', value: 10, active: false })
    expect(await (await lookup('pausa')).json()).toEqual({ message: 'Ese código no existe' })
    await create({ name: 'Vencido', code: 'NOVIEMBRE', kind: 'percent', value: 10, endsOn: '2026-11-23' })
    const expired = await lookup('noviembre')
    expect(expired.status).toBe(409)
    expect(await expired.json()).toEqual({ message: 'Ese código ya venció' })
    await create({ name: 'Diciembre', code: 'DICIEMBRE', kind: 'percent', value: 15, startsOn: '2026-12-01' })
    const early = await lookup('diciembre')
    expect(early.status).toBe(409)
    expect(await early.json()).toEqual({ message: 'Ese código vale desde el 1 de diciembre' })
  })

  test('guessing codes is throttled per address (429 with Retry-After); past the limit a right code is 429 too (else 200 against 429 would tell it); other addresses are not held back', async () => {
    for (let i = 0; i < WRONG_CODE_LIMIT; i++) expect((await lookup(`MAL${i}`, '10.9.9.9')).status).toBe(404)
    const limited = await lookup('MALOTRA', '10.9.9.9')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await lookup('MARTES', '10.9.9.9')).status).toBe(429)
    expect((await lookup('MARTES', '10.9.9.10')).status).toBe(200)
    expect((await lookup('MALOTRA', '10.9.9.10')).status).toBe(404)
  })

  test('the routes are registered once, by app.ts', () => {
    expect(typeof promotionRoutes).toBe('function')
    expect(t.contracts.filter((c) => c.path.startsWith('/api/promotions')).map((c) => `${c.method} ${c.path}`).filter((r) => !r.startsWith('HEAD')).sort()).toEqual(
      ['DELETE /api/promotions/:id', 'GET /api/promotions', 'GET /api/promotions/active', 'GET /api/promotions/code/:code', 'POST /api/promotions', 'PUT /api/promotions/:id'].sort(),
    )
  })
})
