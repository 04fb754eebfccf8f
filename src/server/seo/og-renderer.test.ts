/**
 * Issue #39 item 6: link previews are drawn off the server's thread and kept by version, over
 * real sockets (Bun.serve with the server's own fetch handler, in this process, so "the
 * server's thread" is this test's). No timings: where the drawing ran is reported by the
 * worker, what is drawn is counted, and the order in which answers arrive is compared.
 * The per-address limit is counted in the database: on both engines.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Server } from 'bun'
import type { Product } from '../../shared/schemas'
import { AttemptLimiter } from '../auth/throttle.server'
import { createFetchHandler } from '../http/fetch-handler.server'
import { loadSeed } from '../initialize-database/seed.server'
import { createTestApp } from '../testing.server'
import { MAX_ADMITTED_DRAWINGS, previewDrawings } from './og-renderer.server'
import { RENDER_LIMIT, RENDER_WINDOW_MS } from './seo.route'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let server: Server<undefined>
let base: string

beforeAll(async () => {
  // Behind a "proxy", so that each request may say which client it is (X-Forwarded-For).
  t = await createTestApp({ config: { trustProxy: true } })
  await loadSeed(t.ctx.db, '50212345678')
  cookie = await t.signIn()
  const handle = createFetchHandler(t.app, { trustProxy: true })
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request, s) => handle(request, s.requestIP(request)?.address) })
  base = `http://127.0.0.1:${server.port}`
})
afterAll(async () => {
  await server.stop(true)
  await t.cleanup()
})

let client = 0
/** A GET from a client address of its own (each drawing counts against its address). */
const get = (path: string, from = `198.51.100.${++client % 250}`) => fetch(`${base}${path}`, { headers: { 'x-forwarded-for': from } })

/** New dishes (each a preview never drawn: a name of its own), with a photo of ours. */
async function newDishes(count: number, label: string): Promise<Product[]> {
  const made: Product[] = []
  for (let i = 0; i < count; i++) {
    const res = await t.request('/api/products', {
      method: 'POST',
      headers: { cookie },
      json: { name: `${label} ${i + 1}`, description: 'De prueba', category: 'bebidas', price: 20 + i, image: '/images/products/horchata.svg' },
    })
    expect(res.status).toBe(201)
    made.push((await res.json()) as Product)
  }
  return made
}

describe('a preview is drawn in the worker, never on the server’s thread', () => {
  test('while a preview is drawn, a health check answers first; the drawing ran in the worker', async () => {
    const [dish] = await newDishes(1, 'Atol de elote con canela y pan dulce de la casa')
    const before = previewDrawings()
    const order: string[] = []
    const preview = get(`/og/producto/${dish?.id}.jpg`).then(async (res) => {
      order.push(`preview ${res.status}`)
      return new Uint8Array(await res.arrayBuffer())
    })
    // Asked for after the preview: answered before it, since nothing holds the server's thread.
    const health = await get('/healthz')
    order.push(`health ${health.status}`)
    const jpeg = await preview
    expect(order).toEqual(['health 200', 'preview 200'])
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8])
    const after = previewDrawings()
    expect(after.drawings - before.drawings).toBe(1)
    expect(after.onMainThread).toBe(0)
  })

  test('the same version asked for again, or by several clients at once, is drawn once', async () => {
    const [dish] = await newDishes(1, 'Rosa de Jamaica')
    const before = previewDrawings().drawings
    const path = `/og/producto/${dish?.id}.jpg`
    const together = await Promise.all(Array.from({ length: 4 }, () => get(path)))
    expect(together.map((r) => r.status)).toEqual([200, 200, 200, 200])
    const bodies = await Promise.all(together.map(async (r) => Buffer.from(await r.arrayBuffer()).toString('base64')))
    expect(new Set(bodies).size).toBe(1)
    for (let i = 0; i < 3; i++) expect((await get(path)).status).toBe(200)
    expect(previewDrawings().drawings - before).toBe(1)
  })

  test('cycling through more dishes than the old 40 kept previews draws each one once', async () => {
    const dishes = await newDishes(41, 'Licuado')
    const before = previewDrawings().drawings
    for (let round = 0; round < 2; round++) {
      for (const dish of dishes) expect((await get(`/og/producto/${dish.id}.jpg`)).status).toBe(200)
    }
    expect(previewDrawings().drawings - before).toBe(dishes.length)
  }, 120_000)
})

describe('misses are limited', () => {
  test('an id not on the menu is 404 and draws nothing', async () => {
    const before = previewDrawings().drawings
    for (const path of ['/og/producto/99999.jpg', '/og/producto/0.jpg', '/og/producto/1e3.jpg']) expect((await get(path)).status).toBe(404)
    expect(previewDrawings().drawings).toBe(before)
  })

  test(`an address that had ${RENDER_LIMIT} previews drawn gets 429 for the next one not kept, and still every kept one`, async () => {
    const [kept, fresh] = await newDishes(2, 'Chocolate caliente')
    const address = '203.0.113.77'
    expect((await get(`/og/producto/${kept?.id}.jpg`, address)).status).toBe(200)
    // The rest of its limit used up (as RENDER_LIMIT drawings of other dishes would).
    const limiter = new AttemptLimiter(t.ctx.db, 'og-render', RENDER_LIMIT, RENDER_WINDOW_MS)
    for (let i = 1; i < RENDER_LIMIT; i++) expect(await limiter.take(address)).toBe(0)
    const before = previewDrawings().drawings
    const refused = await get(`/og/producto/${fresh?.id}.jpg`, address)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await refused.json()) as { message: string }).message).toContain('vistas previas')
    expect((await get(`/og/producto/${kept?.id}.jpg`, address)).status).toBe(200)
    expect(previewDrawings().drawings).toBe(before)
    // Another client is not held by it.
    expect((await get(`/og/producto/${fresh?.id}.jpg`)).status).toBe(200)
  })

  test(`past ${MAX_ADMITTED_DRAWINGS} drawings admitted at once, a miss is 503 with Retry-After; nothing waits unbounded`, async () => {
    const dishes = await newDishes(MAX_ADMITTED_DRAWINGS + 3, 'Fresco de súchiles')
    const before = previewDrawings().drawings
    const answers = await Promise.all(dishes.map((dish) => get(`/og/producto/${dish.id}.jpg`)))
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(MAX_ADMITTED_DRAWINGS)
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(3)
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true)
    expect(answers.find((r) => r.status === 503)?.headers.get('retry-after')).toBe('5')
    expect(previewDrawings().drawings - before).toBe(statuses.filter((s) => s === 200).length)
  }, 60_000)
})
