import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { CoverageZone, Order, Product } from '../../shared/schemas'
import type { CheckoutAnswer, Tracking } from '../../shared/tracking'
import { createOrderEvents } from '../orders/order-events.server'
import { TRACKING_TOKEN_LENGTH } from '../orders/tracking-token.server'
import { createTestApp } from '../testing.server'
import { sse } from '../testing-sse.server'
import { MAX_STREAMS_PER_ADDRESS } from './stream-slots.server'
import { WRONG_TOKEN_LIMIT } from './tracked-order.server'

const events = createOrderEvents({ heartbeatMs: 25 })
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let horchata: Product
let zone: CoverageZone

let peers = 0
const nextPeer = () => `10.7.${Math.floor(++peers / 250)}.${peers % 250}`

beforeAll(async () => {
  t = await createTestApp({ orderEvents: events })
  cookie = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })).status).toBe(201)
  const products = (await (await t.request('/api/products')).json()) as Product[]
  horchata = products.find((p) => p.name === 'Horchata') ?? products[0]!
  const created = await t.request('/api/coverage-zones', { method: 'POST', headers: { cookie }, json: { name: 'Zona 10', deliveryCost: 15, estimatedTime: '30-45 min' } })
  zone = (await created.json()) as CoverageZone
})
afterAll(async () => {
  events.closeAll()
  await t.cleanup()
})

async function place(over: Record<string, unknown> = {}): Promise<CheckoutAnswer> {
  const res = await t.request('/api/checkout', {
    method: 'POST',
    peer: nextPeer(),
    json: {
      items: [{ productId: horchata.id, size: 'mediano', quantity: 2 }],
      fulfilment: 'delivery',
      zoneId: zone.id,
      address: '5a avenida 12-34, zona 10',
      addressReference: 'Portón negro',
      customerName: 'Ana López',
      customerPhone: '5555 1234',
      notes: 'Tocar el timbre',
      payment: 'efectivo',
      ...over,
    },
  })
  expect(res.status).toBe(201)
  return (await res.json()) as CheckoutAnswer
}

const move = (id: number, status: string) => t.request(`/api/orders/${id}/status`, { method: 'PATCH', headers: { cookie }, json: { status } })
const tokenOf = (order: CheckoutAnswer) => order.trackingToken ?? ''
/** The same key with its last character changed. */
const changed = (token: string) => token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')

describe('the tracking key', () => {
  test('every checkout answers the absolute link; the key is 24 URL-safe characters (144 bits) and unique', async () => {
    const orders = await Promise.all(Array.from({ length: 40 }, () => place()))
    for (const order of orders) {
      expect(order.trackingToken).toMatch(new RegExp(`^[A-Za-z0-9_-]{${TRACKING_TOKEN_LENGTH}}$`))
      expect(order.trackingUrl).toBe(`http://localhost/pedido/${order.trackingToken}`)
    }
    expect(new Set(orders.map(tokenOf)).size).toBe(orders.length)
  })

  test('behind a trusted proxy the link uses the forwarded scheme and host', async () => {
    const proxied = await createTestApp({ config: { trustProxy: true } })
    try {
      await proxied.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: await proxied.signIn() } })
      const products = (await (await proxied.request('/api/products')).json()) as Product[]
      const res = await proxied.request('/api/checkout', {
        method: 'POST',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'pedidos.example.gt', origin: 'https://pedidos.example.gt' },
        json: { items: [{ productId: products[0]!.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup' },
      })
      const order = (await res.json()) as CheckoutAnswer
      expect(order.trackingUrl).toBe(`https://pedidos.example.gt/pedido/${order.trackingToken}`)
    } finally {
      await proxied.cleanup()
    }
  })

  test('the customer\'s WhatsApp is stored as digits, 502 put before a local 8-digit number; a bad one is 400 and stores nothing', async () => {
    expect((await place({ customerPhone: '+502 5555-1234' })).customerPhone).toBe('50255551234')
    expect((await place({ customerPhone: '5555 1234' })).customerPhone).toBe('50255551234')
    expect((await place({ customerPhone: '1 (415) 555 0100' })).customerPhone).toBe('14155550100')
    expect((await place({ customerPhone: '' })).customerPhone).toBe('')
    const before = ((await (await t.request('/api/orders/summary', { headers: { cookie } })).json()) as { total: number }).total
    for (const bad of ['1234', '1234567890123456', 'abc']) {
      const res = await t.request('/api/checkout', {
        method: 'POST',
        peer: nextPeer(),
        json: { items: [{ productId: horchata.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup', customerPhone: bad },
      })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ message: 'Datos inválidos', issues: [{ path: 'customerPhone', message: 'El número debe tener entre 8 y 15 dígitos' }] })
    }
    expect(((await (await t.request('/api/orders/summary', { headers: { cookie } })).json()) as { total: number }).total).toBe(before)
  })
})

describe('GET /api/track/:token', () => {
  test('answers what the customer may see, never stored, indexed or referred; no phone, name, address or notes', async () => {
    const order = await place()
    const res = await t.request(`/api/track/${tokenOf(order)}`, { peer: nextPeer() })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('x-robots-tag')).toContain('noindex')
    const tracking = (await res.json()) as Tracking
    expect(Object.keys(tracking).sort()).toEqual(
      ['number', 'status', 'statusHistory', 'items', 'subtotal', 'deliveryFee', 'discounts', 'total', 'changes', 'fulfilment', 'zoneName', 'zoneEstimatedTime', 'scheduledFor', 'createdAt'].sort(),
    )
    expect(tracking).toMatchObject({ number: order.number, status: 'pending', fulfilment: 'delivery', zoneName: 'Zona 10', zoneEstimatedTime: '30-45 min', total: order.total, scheduledFor: null })
    const text = JSON.stringify(tracking)
    for (const secret of ['5555', 'Ana', '5a avenida', 'Portón', 'timbre']) expect(text).not.toContain(secret)
  })

  test('a changed character, a key of another shape, or an old order without a key: 404 in Spanish', async () => {
    const order = await place()
    const peer = nextPeer()
    for (const wrong of [changed(tokenOf(order)), tokenOf(order).slice(1), 'null', `${tokenOf(order)}x`]) {
      const res = await t.request(`/api/track/${wrong}`, { peer })
      expect({ wrong, status: res.status }).toEqual({ wrong, status: 404 })
      expect(await res.json()).toEqual({ message: 'Pedido no encontrado' })
    }
  })

  test(`wrong keys are limited per address: after ${WRONG_TOKEN_LIMIT}, 429 for every wrong key; a right key from that address is still answered`, async () => {
    const order = await place()
    const guesser = nextPeer()
    for (let i = 0; i < WRONG_TOKEN_LIMIT; i++) expect((await t.request(`/api/track/${changed(tokenOf(order))}`, { peer: guesser })).status).toBe(404)
    const blocked = await t.request(`/api/track/${changed(tokenOf(order))}`, { peer: guesser })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await t.request(`/pedido/${changed(tokenOf(order))}`, { peer: guesser })).status).toBe(429)
    expect((await t.request(`/api/track/${changed(tokenOf(order))}/events`, { peer: guesser })).status).toBe(429)
    // A customer behind the same carrier NAT as the guesser opens their own order.
    expect((await t.request(`/api/track/${tokenOf(order)}`, { peer: guesser })).status).toBe(200)
    expect((await t.request(`/pedido/${tokenOf(order)}`, { peer: guesser })).status).toBe(200)
    expect((await t.request(`/api/track/${tokenOf(order)}`, { peer: nextPeer() })).status).toBe(200)
  })

  test('IPv6 guessers are limited by their /64: rotating the last 64 bits does not reset the count', async () => {
    const order = await place()
    const prefix = `2001:db8:${(1000 + Math.floor(Math.random() * 8000)).toString(16)}:7`
    for (let i = 0; i < WRONG_TOKEN_LIMIT; i++) {
      expect((await t.request(`/api/track/${changed(tokenOf(order))}`, { peer: `${prefix}::${(i + 1).toString(16)}` })).status).toBe(404)
    }
    expect((await t.request(`/api/track/${changed(tokenOf(order))}`, { peer: `${prefix}:1:2:3:4` })).status).toBe(429)
    expect((await t.request(`/api/track/${changed(tokenOf(order))}`, { peer: `${prefix.replace(/:7$/, ':8')}::1` })).status).toBe(404)
  })

  test('a customer reloading the right key is never limited', async () => {
    const order = await place()
    const peer = nextPeer()
    for (let i = 0; i < WRONG_TOKEN_LIMIT + 5; i++) expect((await t.request(`/api/track/${tokenOf(order)}`, { peer })).status).toBe(200)
  })
})

describe('GET /pedido/:token', () => {
  test('server-rendered: the number, the status, the lines, the zone and its time; private headers; no phone, name or address', async () => {
    const order = await place()
    const res = await t.request(`/pedido/${tokenOf(order)}`, { peer: nextPeer() })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    const html = await res.text()
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>')
    for (const text of [`Pedido #<!-- -->${order.number}`, 'Pendiente', 'Horchata', 'A domicilio · Zona 10', 'Entrega estimada: 30-45 min', 'Escribir al restaurante']) expect(html).toContain(text)
    for (const secret of ['5555', 'Ana López', '5a avenida', 'Portón', 'timbre']) expect(html).not.toContain(secret)
    // Live while it can change: the page's one script.
    expect(html).toMatch(/<script type="module" src="\/assets\/track-[\w-]+\.js">/)
  })

  test('a final order has no script (nothing will change); a cancelled one says so', async () => {
    const order = await place()
    expect((await move(order.id, 'cancelled')).status).toBe(200)
    const html = await (await t.request(`/pedido/${tokenOf(order)}`, { peer: nextPeer() })).text()
    expect(html).toContain('Este pedido fue cancelado')
    expect(html).not.toContain('<script')
  })

  test('a changed character is the 404 page, with the same private headers', async () => {
    const order = await place()
    const res = await t.request(`/pedido/${changed(tokenOf(order))}`, { peer: nextPeer() })
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.text()).toContain('Pedido no encontrado')
  })
})

describe('GET /api/track/:token/events', () => {
  test('streams this order\'s moves only, and ends after a final status', async () => {
    const order = await place()
    const other = await place()
    const res = await t.request(`/api/track/${tokenOf(order)}/events`, { peer: nextPeer() })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    const stream = sse(res)
    await stream.nextBlock() // retry + 'conectado'
    expect((await move(other.id, 'confirmed')).status).toBe(200)
    expect((await move(order.id, 'confirmed')).status).toBe(200)
    expect(await stream.nextEvent()).toEqual({ type: 'status', id: order.id, number: order.number, status: 'confirmed' })
    expect((await move(order.id, 'cancelled')).status).toBe(200)
    expect(await stream.nextEvent()).toEqual({ type: 'status', id: order.id, number: order.number, status: 'cancelled' })
    expect(await stream.nextEvent()).toBeNull() // the server ended it
  })

  test('a final order answers 204 (the browser stops reconnecting); a wrong key 404', async () => {
    const order = await place()
    await move(order.id, 'cancelled')
    expect((await t.request(`/api/track/${tokenOf(order)}/events`, { peer: nextPeer() })).status).toBe(204)
    expect((await t.request(`/api/track/${changed(tokenOf(order))}/events`, { peer: nextPeer() })).status).toBe(404)
  })

  test(`at most ${MAX_STREAMS_PER_ADDRESS} open streams per address; a closed one frees its place`, async () => {
    const order = await place()
    const peer = nextPeer()
    const controllers = Array.from({ length: MAX_STREAMS_PER_ADDRESS }, () => new AbortController())
    const open = await Promise.all(controllers.map((c) => t.request(`/api/track/${tokenOf(order)}/events`, { peer, signal: c.signal })))
    expect(open.map((r) => r.status)).toEqual(controllers.map(() => 200))
    const refused = await t.request(`/api/track/${tokenOf(order)}/events`, { peer })
    expect(refused.status).toBe(429)
    expect(((await refused.json()) as { message: string }).message).toContain('Demasiadas páginas de seguimiento')
    expect((await t.request(`/api/track/${tokenOf(order)}/events`, { peer: nextPeer() })).status).toBe(200) // another address
    controllers[0]?.abort()
    for (let i = 0; i < 100; i++) {
      const again = await t.request(`/api/track/${tokenOf(order)}/events`, { peer, signal: AbortSignal.timeout(2000) })
      if (again.status === 200) return
      await Bun.sleep(10)
    }
    throw new Error('the closed stream never gave its place back')
  })
})

describe('an order the staff list shows', () => {
  test('carries its tracking key (the board builds the notice and the ticket\'s QR from it)', async () => {
    const order = await place()
    const list = (await (await t.request('/api/orders', { headers: { cookie } })).json()) as Order[]
    expect(list.find((o) => o.id === order.id)?.trackingToken).toBe(tokenOf(order))
  })
})

describe("an edit as the customer sees it (issue #39): what changed in the order, never the staff's notes, the reason or who", () => {
  const secrets = ['nota interna', 'grosero', 'marta']
  test('the tracking JSON, its events and the server-rendered page', async () => {
    const created = await t.request('/api/admin/users', { method: 'POST', headers: { cookie }, json: { username: 'marta', password: 'marta-12345', role: 'staff' } })
    expect(created.status).toBe(201)
    const marta = await t.signIn('marta', 'marta-12345')
    const order = await place()
    const res = await t.request(`/api/track/${tokenOf(order)}/events`, { peer: nextPeer() })
    expect(res.status).toBe(200)
    const stream = sse(res)
    await stream.nextBlock() // retry + 'conectado'

    const edit = { items: [{ productId: horchata.id, size: 'mediano', quantity: 3 }], notes: 'nota interna: cliente grosero', reason: 'cliente grosero' }
    const edited = await t.request(`/api/orders/${order.id}`, { method: 'PATCH', headers: { cookie: marta }, json: edit })
    expect(edited.status).toBe(200)
    const staffView = (await edited.json()) as Order
    // The staff keep everything: who, the notes and the reason.
    expect(staffView.changes[0]).toMatchObject({ by: 'marta', summary: expect.stringContaining('cliente grosero') })

    let block = ''
    while (!block.includes('event: order')) block = (await stream.nextBlock()) ?? 'event: order (ended)'
    expect(block).toContain('"type":"changed"')
    for (const secret of secrets) expect(block).not.toContain(secret)
    await stream.cancel()

    const said = `Cambió Horchata (Mediano) de 2 a 3; total Q${order.total} → Q${staffView.total}`
    const json = await (await t.request(`/api/track/${tokenOf(order)}`, { peer: nextPeer() })).text()
    expect((JSON.parse(json) as Tracking).changes).toEqual([{ at: staffView.changes[0]!.at, summary: said }])
    for (const secret of [...secrets, 'Tocar el timbre']) expect(json).not.toContain(secret)
    const html = await (await t.request(`/pedido/${tokenOf(order)}`, { peer: nextPeer() })).text()
    expect(html).toContain(said)
    for (const secret of [...secrets, 'Tocar el timbre']) expect(html).not.toContain(secret)

    // A notes edit is the staff's alone: the customer's page says nothing of it.
    expect((await t.request(`/api/orders/${order.id}`, { method: 'PATCH', headers: { cookie: marta }, json: { notes: 'nota interna: otra vez' } })).status).toBe(200)
    const after = (await (await t.request(`/api/track/${tokenOf(order)}`, { peer: nextPeer() })).json()) as Tracking
    expect(after.changes).toHaveLength(1)
    expect(JSON.stringify(after)).not.toContain('otra vez')
  })
})
