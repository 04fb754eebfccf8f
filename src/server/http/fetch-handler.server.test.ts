/**
 * The fetch handler's fast path (cache/public-reads.server.ts) must be invisible: every
 * answer it gives is the one the Elysia app gives, header for header and byte for byte,
 * and whatever it must not answer (an API key, a write, a miss on a parameterised path)
 * still goes through the app and its access rules.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createApiKey, deleteApiKey, listApiKeys } from '../api-keys/api-keys.repo.server'
import { createApp } from '../app'
import { publicReads } from '../cache/public-reads.server'
import { createTestApp, createTestContext } from '../testing.server'
import { loadSeed } from '../initialize-database/seed.server'
import { listProducts } from '../products/products.repo.server'
import type { AppContext } from '../context.server'
import { clientOf } from './client.server'
import { createFetchHandler } from './fetch-handler.server'

type Snapshot = { status: number; headers: [string, string][]; body: string }

async function snapshot(response: Response): Promise<Snapshot> {
  const headers = [...response.headers].sort(([a], [b]) => a.localeCompare(b))
  return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()).toString('base64') }
}

const ctx = await createTestContext()
afterAll(() => ctx.cleanup())
const app = createApp(ctx)
let appCalls = 0
const countingApp = {
  fetch: (request: Request) => {
    appCalls++
    return app.fetch(request)
  },
}
const viaApp = createFetchHandler(app, { trustProxy: false })
const viaFastPath = createFetchHandler(countingApp, { trustProxy: false, publicReads: publicReads(ctx, { trustProxy: false }) })
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => new Request(`http://localhost${path}`, { method, headers })

/** The fast path's read of the menu on a miss (the release binary's is compiled: db/startup-reads.server.ts). */
const productList = (c: AppContext) => new Map([['/api/products', () => listProducts(c.db)]])

beforeAll(async () => {
  await loadSeed(ctx.db, '50212345678')
  // Fill the parameterised entries and the page through the app (only a route that validated them may).
  for (const path of ['/', '/api/products', '/api/ingredients', '/api/coverage-zones', '/api/products/category/bebidas', '/api/ingredients/type/salsa']) await (await viaApp(get(path))).arrayBuffer()
})

const FAST_PATHS = ['/', '/?utm_source=qr', '/api/products', '/api/products?x=1', '/api/ingredients', '/api/coverage-zones', '/api/products/category/bebidas', '/api/ingredients/type/salsa']
const ENCODINGS = [undefined, 'gzip, deflate, br, zstd', 'gzip', 'br;q=0.5, gzip', 'identity', 'br;q=0, gzip;q=0']

describe('fast path: the same answer as the app', () => {
  for (const path of FAST_PATHS) {
    test(`GET and HEAD ${path}, every encoding, with and without a matching If-None-Match`, async () => {
      for (const method of ['GET', 'HEAD']) {
        for (const encoding of ENCODINGS) {
          const headers: Record<string, string> = encoding === undefined ? {} : { 'accept-encoding': encoding }
          const expected = await snapshot(await viaApp(get(path, headers, method)))
          expect(expected.status).toBe(200)
          const before = appCalls
          const fast = await snapshot(await viaFastPath(get(path, headers, method)))
          expect({ method, encoding, ...fast }).toEqual({ method, encoding, ...expected })
          expect(appCalls).toBe(before) // answered without the app

          const etag = expected.headers.find(([name]) => name === 'etag')?.[1]
          expect(etag).toBeString()
          const revalidate = { ...headers, 'if-none-match': `W/${etag}` }
          const expected304 = await snapshot(await viaApp(get(path, revalidate, method)))
          expect(expected304.status).toBe(304)
          expect(await snapshot(await viaFastPath(get(path, revalidate, method)))).toEqual(expected304)
          expect(appCalls).toBe(before)
        }
      }
    })
  }

  test('over HTTPS the answer carries HSTS, as the app adds it; behind a trusted proxy, X-Forwarded-Proto says so', async () => {
    const https = (handler: typeof viaApp) => handler(new Request('https://localhost/api/products', { headers: { 'accept-encoding': 'br' } }))
    const fast = await snapshot(await https(viaFastPath))
    expect(fast).toEqual(await snapshot(await https(viaApp)))
    expect(fast.headers.map(([name]) => name)).toContain('strict-transport-security')

    const appBehindProxy = createFetchHandler(app, { trustProxy: true })
    const fastBehindProxy = createFetchHandler(countingApp, { trustProxy: true, publicReads: publicReads(ctx, { trustProxy: true }) })
    for (const method of ['GET', 'HEAD']) {
      const forwarded = (handler: typeof viaApp) => handler(get('/', { 'x-forwarded-proto': 'https', 'accept-encoding': 'gzip' }, method))
      const behind = await snapshot(await forwarded(fastBehindProxy))
      expect(behind).toEqual(await snapshot(await forwarded(appBehindProxy)))
      expect(behind.headers.map(([name]) => name)).toContain('strict-transport-security')
    }
  })
})

describe('fast path: what it leaves to the app', () => {
  test('a miss on a parameterised path, an unknown value, a trailing slash, an encoded segment or another method goes to the app', async () => {
    ctx.pageCache.invalidate()
    for (const [method, path] of [
      ['GET', '/api/products/category/postres'],
      ['GET', '/api/products/category/nada'],
      ['GET', '/api/products/category/bebidas%73'],
      ['GET', '/api/products/'],
      ['GET', '/api/products/1'],
      ['GET', '/api/settings/whatsapp_number'],
      ['OPTIONS', '/api/products'],
      ['GET', '/'], // not rendered since the invalidation
    ] as const) {
      const before = appCalls
      const fast = await snapshot(await viaFastPath(get(path, {}, method)))
      expect(`${method} ${path}: ${appCalls - before} app call`).toBe(`${method} ${path}: 1 app call`)
      expect(fast).toEqual(await snapshot(await viaApp(get(path, {}, method))))
    }
  })

  test('a public read presenting an API key, good or bad, is answered as anyone’s (no less than anonymous)', async () => {
    const key = await createApiKey(ctx.db, 'Caja')
    const anonymous = await snapshot(await viaApp(get('/api/products')))
    for (const headers of [{ 'x-api-key': key.key }, { authorization: `Bearer ${key.key}` }, { 'x-api-key': 'chq_nope' }] as Record<string, string>[]) {
      const before = appCalls
      const res = await viaFastPath(get('/api/products', headers))
      expect(appCalls).toBe(before)
      expect(await snapshot(res)).toEqual(anonymous)
    }
    // The key was not looked at, so its use is not recorded.
    expect((await listApiKeys(ctx.db)).find((k) => k.id === key.id)?.lastUsedAt).toBeNull()
    await deleteApiKey(ctx.db, key.id)
  })

  test('a write through the handler empties the cache: the next fast read shows it', async () => {
    const t = await createTestApp()
    try {
      const handle = createFetchHandler(t.app, { trustProxy: false, publicReads: publicReads(t.ctx, { trustProxy: false }) })
      const cookie = await t.signIn()
      expect(await (await handle(get('/api/products'))).json()).toEqual([])
      const created = await handle(
        new Request('http://localhost/api/products', {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Horchata', description: 'De arroz', price: 12, category: 'bebidas' }),
        }),
        '127.0.0.1',
      )
      expect(created.status).toBe(201)
      expect(((await (await handle(get('/api/products'))).json()) as { name: string }[]).map((p) => p.name)).toEqual(['Horchata'])
    } finally {
      await t.cleanup()
    }
  })
})

describe('the app made on first use', () => {
  test('the fast path answers without making it; the first other request makes it once, for every request waiting', async () => {
    const local = await createTestContext()
    try {
      let made = 0
      const handle = createFetchHandler(
        async () => {
          made++
          await Bun.sleep(5)
          return createApp(local)
        },
        { trustProxy: false, publicReads: publicReads(local, { trustProxy: false, lists: productList(local) }) },
      )
      expect((await handle(get('/api/products'))).status).toBe(200)
      expect(made).toBe(0)
      const answers = await Promise.all([handle(get('/api/auth/user')), handle(get('/api/settings/whatsapp_number')), handle(get('/api/nada'))])
      expect(answers.map((r) => r.status)).toEqual([401, 200, 404]) // signed out, the chat number, an unknown path
      expect((await handle(get('/api/auth/user'))).status).toBe(401)
      expect(made).toBe(1)
    } finally {
      await local.cleanup()
    }
  })

  test('with makeAppAfterFirstAnswer it is made right after the fast path has answered, not before', async () => {
    const local = await createTestContext()
    try {
      let made = 0
      const handle = createFetchHandler(
        () => {
          made++
          return createApp(local)
        },
        { trustProxy: false, publicReads: publicReads(local, { trustProxy: false, lists: productList(local) }), makeAppAfterFirstAnswer: true },
      )
      const first = handle(get('/api/products'))
      expect(made).toBe(0) // the first answer waited for nothing
      expect((await first).status).toBe(200)
      await Bun.sleep(20)
      expect(made).toBe(1) // made in the next turn, before anyone asked for a page
      expect((await handle(get('/api/nada'))).status).toBe(404)
      expect(made).toBe(1)
    } finally {
      await local.cleanup()
    }
  })

  test('a failure to make it is answered as an error and retried by the next request', async () => {
    let attempts = 0
    const handle = createFetchHandler(
      () => {
        attempts++
        if (attempts === 1) throw new Error('import failed')
        return { fetch: () => new Response('ok') }
      },
      { trustProxy: false },
    )
    await expect(Promise.resolve(handle(get('/x')))).rejects.toThrow('import failed')
    expect(await (await handle(get('/x'))).text()).toBe('ok')
    expect(attempts).toBe(2)
  })

  test("the socket's address is read from the server only for requests the app answers", async () => {
    let asked = 0
    const server = {
      requestIP: () => {
        asked++
        return { address: '203.0.113.9' }
      },
    }
    const local = await createTestContext()
    try {
      const seen: string[] = []
      const handle = createFetchHandler(
        {
          fetch: (request: Request) => {
            seen.push(clientOf(request, false).address)
            return new Response('app')
          },
        },
        { trustProxy: false, publicReads: publicReads(local, { trustProxy: false, lists: productList(local) }) },
      )
      await handle(get('/api/products'), server)
      expect(asked).toBe(0)
      await handle(get('/api/auth/user'), server)
      expect(seen).toEqual(['203.0.113.9'])
    } finally {
      await local.cleanup()
    }
  })
})

describe('the fast path and the clock', () => {
  test('a landing page whose open/closed status may have changed is not served from the fast path: the app renders it again', async () => {
    const t = await createTestApp()
    try {
      const cookie = await t.signIn()
      const day = [{ open: '00:00', close: '23:59' }]
      const week = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day }
      expect((await t.request('/api/opening-hours', { method: 'PUT', headers: { cookie }, json: { timezone: 'America/Guatemala', week, closedDates: [], paused: false } })).status).toBe(200)
      let calls = 0
      const counting = { fetch: (request: Request) => (calls++, t.app.fetch(request)) }
      const handle = createFetchHandler(counting, { trustProxy: false, publicReads: publicReads(t.ctx, { trustProxy: false }) })
      await (await handle(get('/'))).arrayBuffer() // rendered by the app, cached with an expiry
      const page = t.ctx.pageCache.get('http://localhost/') // kept per origin (decision 037)
      expect(page?.expiresAt).toBeNumber()
      await (await handle(get('/'))).arrayBuffer()
      expect(calls).toBe(1) // fresh: the fast path answered
      if (page) page.expiresAt = Date.now() - 1
      await (await handle(get('/'))).arrayBuffer()
      expect(calls).toBe(2) // expired: the app rendered it again
    } finally {
      await t.cleanup()
    }
  })
})
