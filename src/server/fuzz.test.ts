/**
 * Property-based fuzzing of every route: malformed, deep, huge and hostile bodies,
 * signed in, signed out and with a dead (logged-out) cookie. Whatever arrives:
 *   - never a 5xx;
 *   - never a 2xx on a route that needs a session, unless the session is live;
 *   - every answer within a bound (a hostile body must not buy seconds of CPU).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { createTestApp } from './testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let live: string
let dead: string

beforeAll(async () => {
  t = await createTestApp()
  live = await t.signIn()
  dead = await t.signIn()
  await t.request('/api/auth/logout', { method: 'POST', headers: { cookie: dead } })
  // Something to point ids at.
  await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: live } })
})
afterAll(() => t.cleanup())

/** Every route the app declares, with its parameters filled in. */
const routes = () =>
  [...new Set(t.app.routes.map((r) => `${r.method} ${r.path}`))]
    .map((line) => {
      const [method = 'GET', path = '/'] = line.split(' ')
      return { method, path: path.replace(':id', '1').replace(':category', 'chilaquiles').replace(':type', 'salsa').replace(':key', 'whatsapp_number').replace(':name', 'x.png').replace('*', 'x') }
    })
    // The login route is fuzzed like any other, but never with the real password (the live session is kept).
    .filter((r) => r.method !== 'ALL' || r.path.startsWith('/api/'))

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)),
  fc.integer({ min: 33, max: 40_000 }).map((n) => `{"name":${deep(n)}}`),
  fc.string({ maxLength: 200 }),
  fc.constantFrom('', '{', '{"a":', 'null', '[]', '"x"', '{"__proto__":{"x":1}}', '{"name":"\\ud800"}', `{"name":"${'x'.repeat(200_000)}"}`),
  fc.record({
    name: fc.oneof(fc.string(), fc.constant(''), fc.integer()),
    price: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.double()),
    category: fc.string(),
    items: fc.array(fc.anything({ maxDepth: 3 }), { maxLength: 5 }),
  }).map((v) => JSON.stringify(v)),
)
const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'multipart/form-data; boundary=zz', 'application/x-www-form-urlencoded', '')
const who = fc.constantFrom('live', 'dead', 'none') as fc.Arbitrary<'live' | 'dead' | 'none'>

const BOUND_MS = 2000

describe('fuzz: hostile bodies at every route', () => {
  test('no 5xx, no 2xx without a live session where one is needed, every answer within a bound', async () => {
    const all = routes()
    expect(all.length).toBeGreaterThan(25)
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...all), body, contentType, who, async (route, text, type, caller) => {
        const method = route.method === 'ALL' ? 'POST' : route.method
        const headers: Record<string, string> = {}
        if (type) headers['content-type'] = type
        // Logging the live session out would end the fuzzing's signed-in half early.
        const as = caller === 'live' && route.path === '/api/auth/logout' ? 'dead' : caller
        if (as !== 'none') headers.cookie = as === 'live' ? live : dead
        const started = performance.now()
        const res = await t.request(route.path, { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : text })
        const ms = performance.now() - started
        // An event stream (GET /api/orders/events) never ends by itself: its headers are the answer.
        if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel()
        else await res.arrayBuffer()
        const label = `${method} ${route.path} as ${caller} (${type}) ${text.slice(0, 40)} -> ${res.status} in ${Math.round(ms)} ms`
        expect(res.status < 500 ? 'ok' : label).toBe('ok')
        expect(ms < BOUND_MS ? 'ok' : label).toBe('ok')
        const needsSession = route.path.startsWith('/api/') && t.accessOf(method, route.path) !== 'public'
        if (needsSession && caller !== 'live') expect(res.status >= 200 && res.status < 300 ? label : 'ok').toBe('ok')
      }),
      { numRuns: 1000, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    )
  }, 120_000)

  test('the live session survived the fuzzing (the dead one stayed dead)', async () => {
    expect((await t.request('/api/auth/user', { headers: { cookie: live } })).status).toBe(200)
    expect((await t.request('/api/auth/user', { headers: { cookie: dead } })).status).toBe(401)
  })
})
