import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { CoverageZone, Ingredient, Order, Product } from '../../shared/schemas'
import type { CheckoutAnswer } from '../../shared/tracking'
import { sql } from 'kysely'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
const product = new Map<string, Product>()
const ingredient = new Map<string, Ingredient>()
let zone: CoverageZone
let closedZone: CoverageZone

const get = <V>(map: Map<string, V>, name: string): V => {
  const v = map.get(name)
  if (v === undefined) throw new Error(`seed has no ${name}`)
  return v
}
const P = (name: string) => get(product, name).id
const I = (name: string) => get(ingredient, name).id

beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })).status).toBe(201)
  for (const p of (await (await t.request('/api/products')).json()) as Product[]) product.set(p.name, p)
  for (const i of (await (await t.request('/api/ingredients')).json()) as Ingredient[]) ingredient.set(i.name, i)
  const newZone = async (json: unknown) => (await (await t.request('/api/coverage-zones', { method: 'POST', headers: { cookie }, json })).json()) as CoverageZone
  zone = await newZone({ name: 'Zona 10', deliveryCost: 15 })
  closedZone = await newZone({ name: 'Mixco', deliveryCost: 25, available: false })
})
afterAll(() => t.cleanup())

/** Each call comes from its own address unless told, so the per-address limit stays out of the way. */
let peers = 0
const nextPeer = () => `10.1.${Math.floor(++peers / 250)}.${peers % 250}`
const checkout = (json: unknown, init: { peer?: string; headers?: Record<string, string> } = {}) =>
  t.request('/api/checkout', { method: 'POST', json, peer: init.peer ?? nextPeer(), headers: init.headers })

const pickup = (items: unknown[], extra: Record<string, unknown> = {}) => ({ items, fulfilment: 'pickup', ...extra })
const horchata = () => ({ productId: P('Horchata'), size: 'mediano', quantity: 1 })
const orderCount = async () => Number((await t.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0)

/** Sends a checkout that must be refused with `status` and `message`, and checks nothing was written. */
async function refused(json: unknown, status: number, message: string | RegExp) {
  const before = await orderCount()
  const res = await checkout(json)
  const body = (await res.json()) as { message: string; issues?: { path: string; message: string }[] }
  expect({ status: res.status, message: body.message }).toEqual({ status, message: message instanceof RegExp ? expect.stringMatching(message) : message })
  expect(await orderCount()).toBe(before)
  return body
}

describe('POST /api/checkout: pricing', () => {
  test('every price comes from the database; prices and totals the client sends are ignored', async () => {
    const res = await checkout({
      items: [
        {
          productId: P('Chilaquiles Clásicos'),
          size: 'grande',
          quantity: 2,
          price: 1,
          unitPrice: 1,
          lineTotal: 2,
          customization: {
            sauceId: I('Salsa Verde'),
            sauceOnSide: true,
            removedIngredientIds: [I('Cebolla morada')],
            extraIds: [I('Pollo deshebrado'), I('Aguacate')],
            totalPrice: 1,
            addedExtras: [{ id: I('Pollo deshebrado'), name: 'Pollo', price: 0 }],
          },
        },
        { ...horchata(), price: 0 },
      ],
      fulfilment: 'pickup',
      customerName: '  Ana  ',
      notes: 'Sin picante',
      payment: 'efectivo',
      cashAmount: 200,
      subtotal: 3,
      deliveryFee: 0,
      total: 3,
    })
    expect(res.status).toBe(201)
    const order = (await res.json()) as CheckoutAnswer
    // Clásicos grande Q45 + pollo Q15 + aguacate Q10 = Q70, × 2; horchata mediano Q20.
    expect(order).toMatchObject({ subtotal: 160, deliveryFee: 0, total: 160, status: 'pending', source: 'storefront', fulfilment: 'pickup' })
    expect(order).toMatchObject({ customerName: 'Ana', notes: 'Sin picante', payment: 'efectivo', cashAmount: 200, zoneId: null, zoneName: null, address: null })
    expect(order.id).toBeNumber()
    expect(order.number).toBeNumber()
    expect(order.statusHistory).toEqual([{ status: 'pending', at: order.createdAt, by: null }])
    expect(order.items).toEqual([
      {
        productId: P('Chilaquiles Clásicos'),
        name: 'Chilaquiles Clásicos',
        size: 'grande',
        quantity: 2,
        price: 70,
        lineTotal: 140,
        customization: {
          sauce: { id: I('Salsa Verde'), name: 'Salsa Verde' },
          sauceOnSide: true,
          removed: [{ id: I('Cebolla morada'), name: 'Cebolla morada' }],
          extras: [
            { id: I('Pollo deshebrado'), name: 'Pollo deshebrado', price: 15 },
            { id: I('Aguacate'), name: 'Aguacate', price: 10 },
          ],
        },
      },
      { productId: P('Horchata'), name: 'Horchata', size: 'mediano', quantity: 1, price: 20, lineTotal: 20, customization: null },
    ])
    // What the staff list shows is what was stored.
    const list = (await (await t.request('/api/orders', { headers: { cookie } })).json()) as Order[]
    const { trackingUrl, ...stored } = order
    expect(trackingUrl).toBe(`http://localhost/pedido/${order.trackingToken}`)
    expect(list.find((o) => o.id === order.id)).toEqual(stored)
  })

  test('delivery: the zone\'s cost is the fee, total = subtotal + fee, zone name and address kept', async () => {
    const res = await checkout({
      items: [{ productId: P('Chilaquiles Supremos'), size: 'mediano', quantity: 1 }],
      fulfilment: 'delivery',
      zoneId: zone.id,
      address: '5a avenida 10-20, zona 10',
      addressReference: 'Portón negro',
      payment: 'tarjeta',
      cashAmount: 5,
    })
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({
      subtotal: 65,
      deliveryFee: 15,
      total: 80,
      fulfilment: 'delivery',
      zoneId: zone.id,
      zoneName: 'Zona 10',
      address: '5a avenida 10-20, zona 10',
      addressReference: 'Portón negro',
      payment: 'tarjeta',
      cashAmount: null,
      customerName: null,
    })
  })

  test('pickup ignores a zone and address; cash equal to the total is enough', async () => {
    const res = await checkout(pickup([horchata()], { zoneId: zone.id, address: 'x', payment: 'efectivo', cashAmount: 20 }))
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ total: 20, deliveryFee: 0, zoneId: null, address: null, cashAmount: 20 })
  })

  test('an empty sauce or extra list on the product allows any available one of the type (as the storefront does)', async () => {
    const res = await checkout(pickup([{ ...horchata(), customization: { sauceId: I('Salsa Roja'), extraIds: [I('Chorizo')] } }]))
    expect(res.status).toBe(201)
    expect(((await res.json()) as Order).total).toBe(32)
  })
})

describe('POST /api/checkout: refusals (nothing is written)', () => {
  test('unknown and unavailable products: 409 naming them', async () => {
    await refused(pickup([horchata(), { productId: 999_999, size: 'mediano', quantity: 1 }]), 409, 'Línea 2: el producto #999999 ya no existe')
    await sql.raw("UPDATE products SET available = 0 WHERE name = 'Horchata'").execute(t.ctx.db)
    try {
      await refused(pickup([horchata()]), 409, 'El producto "Horchata" no está disponible')
    } finally {
      await sql.raw("UPDATE products SET available = 1 WHERE name = 'Horchata'").execute(t.ctx.db)
    }
  })

  test('grande of a product without a Grande price: 400 naming the line', async () => {
    await refused(pickup([horchata(), { productId: P('Café de olla'), size: 'grande', quantity: 1 }]), 400, 'Línea 2: "Café de olla" no tiene tamaño Grande')
  })

  test('sauces: not offered with the product, not a salsa, gone or unavailable', async () => {
    const plate = (sauceId: number) => pickup([{ productId: P('Chilaquiles con Pollo'), size: 'mediano', quantity: 1, customization: { sauceId } }])
    await sql`UPDATE products SET available_sauces = ${JSON.stringify([I('Salsa Verde'), I('Salsa Habanero')])} WHERE id = ${P('Chilaquiles con Pollo')}`.execute(t.ctx.db)
    try {
      expect((await checkout(plate(I('Salsa Verde')))).status).toBe(201)
      await refused(plate(I('Salsa Roja')), 400, 'La salsa "Salsa Roja" no se ofrece con "Chilaquiles con Pollo"')
      await refused(plate(I('Aguacate')), 400, '"Aguacate" no es una salsa')
      await refused(plate(999_999), 409, 'Línea 1: la salsa #999999 ya no existe')
      await sql.raw("UPDATE ingredients SET available = 0 WHERE name = 'Salsa Habanero'").execute(t.ctx.db)
      await refused(plate(I('Salsa Habanero')), 409, 'La salsa "Salsa Habanero" no está disponible')
    } finally {
      await sql.raw("UPDATE ingredients SET available = 1 WHERE name = 'Salsa Habanero'").execute(t.ctx.db)
      await sql`UPDATE products SET available_sauces = '[]' WHERE id = ${P('Chilaquiles con Pollo')}`.execute(t.ctx.db)
    }
  })

  test('extras: not offered with the product, not an extra, gone or unavailable', async () => {
    const plate = (extraIds: number[]) => pickup([{ productId: P('Chilaquiles con Pollo'), size: 'grande', quantity: 1, customization: { extraIds } }])
    await refused(plate([I('Aguacate'), I('Pollo deshebrado')]), 400, 'El extra "Pollo deshebrado" no se ofrece con "Chilaquiles con Pollo"')
    await refused(plate([I('Salsa Verde')]), 400, '"Salsa Verde" no es un extra')
    await refused(plate([999_999]), 409, 'Línea 1: el extra #999999 ya no existe')
    await sql.raw("UPDATE ingredients SET available = 0 WHERE name = 'Aguacate'").execute(t.ctx.db)
    try {
      await refused(plate([I('Aguacate')]), 409, 'El extra "Aguacate" no está disponible')
    } finally {
      await sql.raw("UPDATE ingredients SET available = 1 WHERE name = 'Aguacate'").execute(t.ctx.db)
    }
  })

  test('removed ingredients must be among the product\'s base ingredients', async () => {
    const plate = (removedIngredientIds: number[]) => pickup([{ productId: P('Chilaquiles Clásicos'), size: 'mediano', quantity: 1, customization: { removedIngredientIds } }])
    await refused(plate([I('Pollo deshebrado')]), 400, '"Pollo deshebrado" no es un ingrediente de "Chilaquiles Clásicos"')
    await refused(plate([999_999]), 400, 'Línea 1: el ingrediente #999999 no es un ingrediente de "Chilaquiles Clásicos"')
    await sql`UPDATE products SET base_ingredient_ids = ${JSON.stringify([I('Crema')])} WHERE id = ${P('Chilaquiles Clásicos')}`.execute(t.ctx.db)
    try {
      await refused(plate([I('Cilantro')]), 400, '"Cilantro" no es un ingrediente de "Chilaquiles Clásicos"')
      expect((await checkout(plate([I('Crema')]))).status).toBe(201)
    } finally {
      await sql`UPDATE products SET base_ingredient_ids = '[]' WHERE id = ${P('Chilaquiles Clásicos')}`.execute(t.ctx.db)
    }
  })

  test('zones: unknown or inactive 409; delivery without a zone or an address 400 naming the field', async () => {
    const delivery = (extra: Record<string, unknown>) => ({ items: [horchata()], fulfilment: 'delivery', address: 'Calle 1', ...extra })
    await refused(delivery({ zoneId: 999_999 }), 409, 'La zona de entrega ya no existe')
    await refused(delivery({ zoneId: closedZone.id }), 409, 'La zona "Mixco" no tiene entregas disponibles')
    const noZone = await refused(delivery({}), 400, 'Datos inválidos')
    expect(noZone.issues).toEqual([{ path: 'zoneId', message: 'Elige la zona de entrega' }])
    const noAddress = await refused(delivery({ zoneId: zone.id, address: '   ' }), 400, 'Datos inválidos')
    expect(noAddress.issues).toEqual([{ path: 'address', message: 'Escribe la dirección de entrega' }])
  })

  test('cash below the total (fee included) when paying efectivo: 400', async () => {
    const order = { items: [horchata()], fulfilment: 'delivery', zoneId: zone.id, address: 'Calle 1', payment: 'efectivo' }
    await refused({ ...order, cashAmount: 34 }, 400, 'El efectivo (Q34) no cubre el total del pedido (Q35)')
    expect((await checkout({ ...order, cashAmount: 35 })).status).toBe(201)
  })

  test('malformed bodies: 400 with the field paths in Spanish', async () => {
    const issue = async (json: unknown) => (await refused(json, 400, 'Datos inválidos')).issues?.[0]
    expect(await issue(pickup([]))).toEqual({ path: 'items', message: 'El pedido debe tener al menos un producto' })
    expect(await issue(pickup([{ ...horchata(), quantity: 0 }]))).toEqual({ path: 'items.0.quantity', message: 'La cantidad mínima es 1' })
    expect(await issue(pickup([{ ...horchata(), quantity: 51 }]))).toEqual({ path: 'items.0.quantity', message: 'La cantidad máxima es 50' })
    expect(await issue(pickup([{ ...horchata(), quantity: 1.5 }]))).toEqual({ path: 'items.0.quantity', message: 'La cantidad debe ser un número entero' })
    expect(await issue(pickup(Array.from({ length: 31 }, horchata)))).toEqual({ path: 'items', message: 'Máximo 30 productos distintos por pedido' })
    expect(await issue(pickup([{ ...horchata(), size: 'chico' }]))).toEqual({ path: 'items.0.size', message: 'Tamaño inválido' })
    expect(await issue(pickup([{ ...horchata(), customization: { extraIds: [I('Chorizo'), I('Chorizo')] } }]))).toEqual({ path: 'items.0.customization.extraIds', message: 'No repitas extras' })
    expect(await issue({ items: [horchata()], fulfilment: 'llevar' })).toEqual({ path: 'fulfilment', message: 'Elige recoger en el local o envío a domicilio' })
    expect(await issue(pickup([horchata()], { payment: 'bitcoin' }))).toEqual({ path: 'payment', message: 'Forma de pago inválida' })
    expect(await issue(pickup([horchata()], { notes: 'x'.repeat(501) }))).toEqual({ path: 'notes', message: 'Máximo 500 caracteres' })
    expect(await issue(pickup([horchata()], { customerName: 'x'.repeat(81) }))).toEqual({ path: 'customerName', message: 'Máximo 80 caracteres' })
    expect((await checkout(null)).status).toBe(400)
  })
})

describe('POST /api/checkout: access', () => {
  test('public and same-origin: signed out is fine; a cross-site Origin or Sec-Fetch-Site gets 403; an API key is not looked at', async () => {
    const before = await orderCount()
    expect((await checkout(pickup([horchata()]), { headers: { origin: 'http://localhost' } })).status).toBe(201)
    const evil = await checkout(pickup([horchata()]), { headers: { origin: 'https://evil.example' } })
    expect(evil.status).toBe(403)
    expect(await evil.json()).toEqual({ message: 'Solicitud rechazada: origen no permitido' })
    expect((await checkout(pickup([horchata()]), { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403)
    // A credential never gets less than anonymous: a client that sends its key everywhere orders like anyone.
    expect((await checkout(pickup([horchata()]), { headers: { 'x-api-key': 'chq_whatever' } })).status).toBe(201)
    expect(await orderCount()).toBe(before + 2)
  })

  test('rate limit: the 6th order from one address in 10 minutes is 429 with Retry-After; another address is fine; refusals do not count', async () => {
    const app = await createTestApp()
    try {
      await app.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: await app.signIn() } })
      const menu = (await (await app.request('/api/products')).json()) as Product[]
      const items = [{ productId: menu.find((p) => p.name === 'Horchata')?.id, size: 'mediano', quantity: 1 }]
      const send = (peer: string, json: unknown = pickup(items)) => app.request('/api/checkout', { method: 'POST', json, peer })
      expect((await send('192.0.2.1', pickup([{ productId: 999_999, size: 'mediano', quantity: 1 }]))).status).toBe(409)
      for (let i = 0; i < 5; i++) expect((await send('192.0.2.1')).status).toBe(201)
      const sixth = await send('192.0.2.1')
      expect(sixth.status).toBe(429)
      expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(590)
      expect(((await sixth.json()) as { message: string }).message).toMatch(/^Demasiados intentos/)
      expect((await send('192.0.2.2')).status).toBe(201)
      expect(Number((await app.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n)).toBe(6)
    } finally {
      await app.cleanup()
    }
  })
})

describe('POST /api/checkout: the limit behind a proxy', () => {
  test('with TRUST_PROXY the address is X-Forwarded-For\'s right-most entry; without it the header is ignored', async () => {
    for (const trustProxy of [true, false]) {
      const app = await createTestApp({ config: { trustProxy } })
      try {
        await app.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: await app.signIn() } })
        const menu = (await (await app.request('/api/products')).json()) as Product[]
        const json = pickup([{ productId: menu.find((p) => p.name === 'Horchata')?.id, size: 'mediano', quantity: 1 }])
        // Every request arrives from the proxy's socket address; the client claims a new address each time.
        const statuses: number[] = []
        for (let i = 0; i < 6; i++) {
          const res = await app.request('/api/checkout', { method: 'POST', json, peer: '10.9.9.9', headers: { 'x-forwarded-for': `6.6.6.6, 203.0.113.${i}` } })
          statuses.push(res.status)
        }
        expect({ trustProxy, statuses }).toEqual({ trustProxy, statuses: trustProxy ? Array(6).fill(201) : [201, 201, 201, 201, 201, 429] })
      } finally {
        app.cleanup()
      }
    }
  })
})

describe('order numbers', () => {
  test('sequential across checkout and point-of-sale orders', async () => {
    const a = (await (await checkout(pickup([horchata()]))).json()) as Order
    const pos = await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { customerName: 'Caja', items: [{ name: 'Horchata', quantity: 1, price: 20 }], total: 20 } })
    const b = (await pos.json()) as Order
    const c = (await (await checkout(pickup([horchata()]))).json()) as Order
    expect([b.number - a.number, c.number - b.number]).toEqual([1, 1])
    expect([a.source, b.source, c.source]).toEqual(['storefront', 'pos', 'storefront'])
  })

  test('20 concurrent checkouts get 20 distinct consecutive numbers', async () => {
    const before = Number((await t.ctx.db.selectFrom('orders').select((eb) => eb.fn.max('number').as('n')).executeTakeFirst())?.n ?? 0)
    const answers = await Promise.all(Array.from({ length: 20 }, () => checkout(pickup([horchata()]))))
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201))
    const numbers = (await Promise.all(answers.map(async (r) => ((await r.json()) as Order).number))).sort((x, y) => x - y)
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i))
  })
})

describe('POST /api/checkout follows the app clock (opening hours, the limit window)', () => {
  test('closed before 8:00, open at 8:00 sharp, closed again at 14:00; the 10-minute window slides with the clock', async () => {
    let now = Date.parse('2026-11-23T07:59:00-06:00') // a Monday
    const app = await createTestApp({ now: () => now })
    try {
      const admin = await app.signIn()
      await app.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: admin } })
      const day = [{ open: '08:00', close: '14:00' }]
      const week = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [], sun: [] }
      expect((await app.request('/api/opening-hours', { method: 'PUT', headers: { cookie: admin }, json: { timezone: 'America/Guatemala', week, closedDates: [], paused: false } })).status).toBe(200)
      const menu = (await (await app.request('/api/products')).json()) as Product[]
      const json = pickup([{ productId: menu.find((p) => p.name === 'Horchata')?.id, size: 'mediano', quantity: 1 }])
      const send = () => app.request('/api/checkout', { method: 'POST', json, peer: '192.0.2.9' })

      const early = await send()
      expect(early.status).toBe(409)
      expect(((await early.json()) as { message: string }).message).toBe('Cerrado · abrimos hoy a las 8:00')
      now = Date.parse('2026-11-23T08:00:00-06:00')
      for (let i = 0; i < 5; i++) expect((await send()).status).toBe(201)
      expect((await send()).status).toBe(429)
      now += 10 * 60_000 // the window has passed
      expect((await send()).status).toBe(201)
      now = Date.parse('2026-11-23T14:00:00-06:00')
      const late = await send()
      expect(late.status).toBe(409)
      expect(((await late.json()) as { message: string }).message).toBe('Cerrado · abrimos mañana a las 8:00')
    } finally {
      await app.cleanup()
    }
  })
})
