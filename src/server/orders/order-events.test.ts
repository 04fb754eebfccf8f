import { afterAll, beforeAll, describe, expect, spyOn, test } from 'bun:test'
import type { OrderEvent } from '../../shared/order-events'
import type { Order, Product } from '../../shared/schemas'
import { createTestApp } from '../testing.server'
import { sse } from '../testing-sse.server'
import { MAX_OPEN_STREAMS, createOrderEvents } from './order-events.server'

/** A short heartbeat, so the tests that wait for one (or for a logout to be noticed) wait little. */
const events = createOrderEvents({ heartbeatMs: 25 })
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let horchata: Product

beforeAll(async () => {
  t = await createTestApp({ orderEvents: events })
  cookie = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })).status).toBe(201)
  const products = (await (await t.request('/api/products')).json()) as Product[]
  const found = products.find((p) => p.name === 'Horchata')
  if (!found) throw new Error('seed has no Horchata')
  horchata = found
})
afterAll(async () => {
  events.closeAll()
  await t.cleanup()
})

const open = (headers: Record<string, string> = { cookie }, signal?: AbortSignal) => t.request('/api/orders/events', { headers, signal })

/** Waits, without a deadline of its own (the test's timeout is the bound), until no stream is subscribed. */
async function drained() {
  while (events.size > 0) await Bun.sleep(5)
}

let peer = 0
const checkout = () =>
  t.request('/api/checkout', {
    method: 'POST',
    peer: `10.9.0.${++peer}`,
    json: { items: [{ productId: horchata.id, size: 'mediano', quantity: 2 }], fulfilment: 'pickup', customerName: 'Ana' },
  })

describe('GET /api/orders/events: who may listen', () => {
  test('signed out: 401 JSON, nothing subscribed; a dead session too', async () => {
    const res = await open({})
    expect(res.status).toBe(401)
    expect(res.headers.get('content-type')).toContain('application/json')
    const dead = await t.signIn()
    await t.request('/api/auth/logout', { method: 'POST', headers: { cookie: dead } })
    expect((await open({ cookie: dead })).status).toBe(401)
    expect(events.size).toBe(0)
  })

  test('an administrator gets an uncompressed, unstored text/event-stream that starts at once', async () => {
    const res = await open({ cookie, 'accept-encoding': 'gzip, deflate, br' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('content-length')).toBeNull()
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-accel-buffering')).toBe('no')
    const stream = sse(res)
    expect(await stream.nextBlock()).toBe('retry: 3000\n: conectado')
    expect(events.size).toBe(1)
    await stream.cancel()
    expect(events.size).toBe(0)
  })

  test('an API key (point-of-sale) may listen; an unknown key may not', async () => {
    const created = await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie }, json: { name: 'Caja eventos' } })
    const { key } = (await created.json()) as { key: string }
    const res = await open({ 'x-api-key': key })
    expect(res.status).toBe(200)
    await res.body?.cancel()
    expect((await open({ 'x-api-key': 'chq_nope' })).status).toBe(401)
    expect(events.size).toBe(0)
  })
})

describe('GET /api/orders/events: what is sent', () => {
  test('a storefront checkout, a point-of-sale order and a status move each send one small event; a refused move sends none', async () => {
    const stream = sse(await open())
    const placed = await checkout()
    expect(placed.status).toBe(201)
    const order = (await placed.json()) as Order
    expect(await stream.nextEvent()).toEqual({ type: 'created', id: order.id, number: order.number, status: 'pending' })

    const pos = await t.request('/api/orders', {
      method: 'POST',
      headers: { cookie },
      json: { customerName: 'Mesa 4', items: [{ name: 'Horchata', quantity: 1, price: 20 }], total: 20 },
    })
    const posOrder = (await pos.json()) as Order
    expect(await stream.nextEvent()).toEqual({ type: 'created', id: posOrder.id, number: order.number + 1, status: 'pending' })

    const refused = await t.request(`/api/orders/${order.id}/status`, { method: 'PATCH', headers: { cookie }, json: { status: 'ready' } })
    expect(refused.status).toBe(409)
    const moved = await t.request(`/api/orders/${order.id}/status`, { method: 'PATCH', headers: { cookie }, json: { status: 'confirmed' } })
    expect(moved.status).toBe(200)
    expect(await stream.nextEvent()).toEqual({ type: 'status', id: order.id, number: order.number, status: 'confirmed' })
    await stream.cancel()
  })

  test('every open stream gets the event (two boards open at once)', async () => {
    const a = sse(await open())
    const b = sse(await open())
    expect(events.size).toBe(2)
    const order = (await (await checkout()).json()) as Order
    expect((await a.nextEvent())?.id).toBe(order.id)
    expect((await b.nextEvent())?.id).toBe(order.id)
    await a.cancel()
    await b.cancel()
  })

  test('a heartbeat comment keeps a quiet stream alive', async () => {
    const stream = sse(await open())
    await stream.nextBlock() // retry + conectado
    expect(await stream.nextBlock()).toBe(': ping')
    await stream.cancel()
  })
})

describe('GET /api/orders/events: no stream is left behind', () => {
  test('the client aborting the request unsubscribes it at once', async () => {
    const controllers = Array.from({ length: 20 }, () => new AbortController())
    const bodies = await Promise.all(controllers.map(async (c) => sse(await open({ cookie }, c.signal))))
    expect(events.size).toBe(20)
    for (const c of controllers) c.abort()
    expect(events.size).toBe(0)
    // An aborted stream is closed: nothing more is queued for it, and a later publish reaches no one.
    await checkout()
    expect(events.size).toBe(0)
    await Promise.all(bodies.map((b) => b.cancel().catch(() => {})))
  })

  test('a HEAD is answered with the headers only and leaves nothing subscribed', async () => {
    const res = await t.request('/api/orders/events', { method: 'HEAD', headers: { cookie } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(res.body).toBeNull()
    expect(events.size).toBe(0)
  })

  test('logging out ends that session’s stream at the next heartbeat; another session’s stays open', async () => {
    const other = await t.signIn()
    const leaving = sse(await open({ cookie: other }))
    const staying = sse(await open())
    await t.request('/api/auth/logout', { method: 'POST', headers: { cookie: other } })
    await leaving.ended()
    expect(events.size).toBe(1)
    expect(await staying.nextBlock()).toBe('retry: 3000\n: conectado')
    expect(await staying.nextBlock()).toBe(': ping')
    await staying.cancel()
    expect(events.size).toBe(0)
  })

  test('deleting the API key ends the point-of-sale’s stream at the next heartbeat', async () => {
    const created = await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie }, json: { name: 'Caja temporal' } })
    const { id, key } = (await created.json()) as { id: number; key: string }
    const stream = sse(await open({ 'x-api-key': key }))
    expect((await t.request(`/api/admin/api-keys/${id}`, { method: 'DELETE', headers: { cookie } })).status).toBeLessThan(300)
    await stream.ended()
    expect(events.size).toBe(0)
  })

  test('closeAll (the link to the other instances came back) ends every open stream; new ones still open', async () => {
    const streams = [sse(await open()), sse(await open())]
    events.closeAll()
    await Promise.all(streams.map((s) => s.ended()))
    expect(events.size).toBe(0)
    const again = await open()
    expect(again.status).toBe(200)
    await again.body?.cancel()
    await drained()
  })

  test('shutdown ends every open stream and refuses new ones at once (a reconnect must not hold the stop)', async () => {
    const bus = createOrderEvents({ heartbeatMs: 25 })
    const first = bus.stream(new AbortController().signal)
    const reader = (first.body as ReadableStream<Uint8Array>).getReader()
    await reader.read()
    expect(bus.size).toBe(1)
    bus.shutdown()
    for (;;) if ((await reader.read()).done) break
    expect(bus.size).toBe(0)
    const late = bus.stream(new AbortController().signal)
    expect(late.status).toBe(503)
    expect(bus.size).toBe(0)
  })

  test('over a real socket: a client that goes away is unsubscribed (Bun.serve aborts the request)', async () => {
    const { createFetchHandler } = await import('../http/fetch-handler.server')
    const handle = createFetchHandler(t.app, { trustProxy: false })
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request, s) => handle(request, s.requestIP(request)?.address) })
    try {
      for (let i = 0; i < 5; i++) {
        const controller = new AbortController()
        const res = await fetch(`http://127.0.0.1:${server.port}/api/orders/events`, { headers: { cookie }, signal: controller.signal })
        expect(res.status).toBe(200)
        await sse(res).nextBlock()
        expect(events.size).toBe(1)
        controller.abort()
        await drained()
      }
    } finally {
      await server.stop(true)
    }
  })
})

describe('open streams are capped per instance, in two pools', () => {
  test(`past the public cap a new public stream is 503 with Retry-After, and one that ends frees its place`, async () => {
    const capped = createOrderEvents({ heartbeatMs: 1000, maxPublicStreams: 3 })
    const aborts = Array.from({ length: 3 }, () => new AbortController())
    const open = aborts.map((a) => capped.stream(a.signal))
    expect(open.map((r) => r.status)).toEqual([200, 200, 200])
    const refused = capped.stream(new AbortController().signal)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('30')
    expect(((await refused.json()) as { message: string }).message).toContain('demasiadas conexiones')
    aborts[0]?.abort()
    const again = new AbortController()
    expect(capped.stream(again.signal).status).toBe(200)
    again.abort()
    capped.shutdown()
  })

  test('a full public pool leaves the staff their own room, and the staff never take the public one', async () => {
    const capped = createOrderEvents({ heartbeatMs: 1000, maxPublicStreams: 2, staffStreams: 1 })
    const publicOnes = [capped.stream(new AbortController().signal), capped.stream(new AbortController().signal)]
    expect(publicOnes.map((r) => r.status)).toEqual([200, 200])
    expect(capped.stream(new AbortController().signal).status).toBe(503)
    const board = capped.stream(new AbortController().signal, async () => true, { pool: 'staff' })
    expect(board.status).toBe(200)
    expect(capped.stream(new AbortController().signal, async () => true, { pool: 'staff' }).status).toBe(503)
    expect([capped.sizeOf('public'), capped.sizeOf('staff'), capped.size]).toEqual([2, 1, 3])
    // The board hears an order while the public pool is full.
    const heard = sse(board).nextEvent()
    await capped.publish('created', { id: 7, number: 7, status: 'pending' })
    expect(await heard).toEqual({ type: 'created', id: 7, number: 7, status: 'pending' })
    capped.shutdown()
    expect([capped.sizeOf('public'), capped.sizeOf('staff')]).toEqual([0, 0])
  })
})

describe('public streams per client address', () => {
  test('an IPv6 client counts by its /64: rotating through its own addresses opens no more than 4; the next /64 is another client', async () => {
    const path = '/api/menu/remaining/events'
    const aborts = Array.from({ length: 6 }, () => new AbortController())
    const own = ['2001:db8:1:2::a', '2001:db8:1:2::b', '2001:db8:1:2:ffff:1:2:3', '2001:0db8:0001:0002:0:0:0:c']
    const opened = await Promise.all(own.map((peer, i) => t.request(path, { peer, signal: aborts[i]?.signal })))
    expect(opened.map((r) => r.status)).toEqual([200, 200, 200, 200])
    const fifth = await t.request(path, { peer: '2001:db8:1:2:dead:beef::1', signal: aborts[4]?.signal })
    expect(fifth.status).toBe(429)
    const neighbour = await t.request(path, { peer: '2001:db8:1:3::1', signal: aborts[5]?.signal })
    expect(neighbour.status).toBe(200)
    for (const a of aborts) a.abort()
    await drained()
  })
})

describe('many streams (issue #44): routed by order, one heartbeat', () => {
  const quiet = () => new AbortController().signal

  test("an event is handed only to its order's streams (and those hearing every order): A's stream never sees B's", async () => {
    const bus = createOrderEvents()
    const pages = Array.from({ length: 1000 }, (_, i) => bus.stream(quiet(), undefined, { orderId: i + 1 }))
    const board = sse(bus.stream(quiet(), async () => true, { pool: 'staff' }))
    const a = sse(pages[0] as Response)
    await a.nextBlock() // retry + conectado
    const before = bus.offered
    await bus.publish('status', { id: 500, number: 500, status: 'confirmed' })
    // Order 500's page and the board: not the 999 other pages, not tested one by one.
    expect(bus.offered - before).toBe(2)
    await bus.publish('status', { id: 1, number: 1, status: 'confirmed' })
    expect(await a.nextEvent()).toEqual({ type: 'status', id: 1, number: 1, status: 'confirmed' })
    expect((await board.nextEvent())?.id).toBe(500)
    expect((await board.nextEvent())?.id).toBe(1)
    bus.shutdown()
    expect(bus.size).toBe(0)
  })

  test('one heartbeat timer for any number of streams, and none once they all ended', async () => {
    const timers = spyOn(globalThis, 'setInterval')
    try {
      const bus = createOrderEvents({ heartbeatMs: 40 })
      expect(bus.beating).toBe(false)
      const aborts = Array.from({ length: 300 }, () => new AbortController())
      const streams = aborts.map((a, i) => bus.stream(a.signal, undefined, { orderId: i + 1 }))
      expect(timers).toHaveBeenCalledTimes(1)
      expect(bus.beating).toBe(true)
      // Every stream is pinged by that one timer (the first, the last, one in the middle).
      for (const k of [0, 150, 299]) {
        const stream = sse(streams[k] as Response)
        await stream.nextBlock()
        expect(await stream.nextBlock()).toBe(': ping')
      }
      for (const a of aborts) a.abort()
      expect(bus.size).toBe(0)
      expect(bus.beating).toBe(false)
      expect(timers).toHaveBeenCalledTimes(1)
    } finally {
      timers.mockRestore()
    }
  })

  test('10,000 public streams held by default (MAX_EVENT_STREAMS sized for them); the next is 503, the board still opens and hears its order', async () => {
    const bus = createOrderEvents()
    const pages = Array.from({ length: MAX_OPEN_STREAMS }, (_, i) => bus.stream(quiet(), undefined, { orderId: i + 1 }))
    expect(MAX_OPEN_STREAMS).toBeGreaterThanOrEqual(10_000)
    expect(pages.every((r) => r.status === 200)).toBe(true)
    expect(bus.sizeOf('public')).toBe(MAX_OPEN_STREAMS)
    expect(bus.stream(quiet(), undefined, { orderId: 1 }).status).toBe(503)
    const board = sse(bus.stream(quiet(), async () => true, { pool: 'staff' }))
    const page = sse(pages[9_999] as Response)
    await bus.publish('created', { id: 10_000, number: 10_000, status: 'pending' })
    expect((await board.nextEvent())?.id).toBe(10_000)
    expect((await page.nextEvent())?.id).toBe(10_000)
    bus.shutdown()
    expect(bus.size).toBe(0)
  })

  test("a public stream's reconnection delay is spread over 3-6 s; the board's stays 3 s", async () => {
    const bus = createOrderEvents()
    const delays = new Set<number>()
    for (let i = 0; i < 40; i++) {
      const block = await sse(bus.stream(quiet(), undefined, { orderId: 1 })).nextBlock()
      const retry = Number(/^retry: (\d+)/.exec(block ?? '')?.[1])
      expect(retry).toBeGreaterThanOrEqual(3000)
      expect(retry).toBeLessThan(6000)
      delays.add(retry)
    }
    expect(delays.size).toBeGreaterThan(10)
    expect(await sse(bus.stream(quiet(), async () => true, { pool: 'staff' })).nextBlock()).toBe('retry: 3000\n: conectado')
    bus.shutdown()
  })
})
