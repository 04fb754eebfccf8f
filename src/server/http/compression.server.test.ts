import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { entries } from '../assets.gen'
import { seededRandom, turnsWhile } from '../../../test/fixtures/seeded'
import { createTestApp } from '../testing.server'
import { LARGE_BODY_BYTES, LEVELS, MIN_COMPRESS_BYTES, cacheLevel, compressResponse, isCompressibleType, negotiateEncoding } from './compression.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
const origin = 'http://localhost'

beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
  // The sample menu makes the public JSON and the page big enough to compress.
  const seeded = await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie, origin } })
  expect(seeded.status).toBeLessThan(300)
  // Enough API keys that their (uncached, per-request) admin list passes the threshold.
  for (let i = 0; i < 20; i++) {
    const res = await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie, origin }, json: { name: `Caja número ${i}` } })
    expect(res.status).toBe(201)
  }
})
afterAll(() => t.cleanup())

const decode = (encoding: string | null, bytes: Uint8Array): Uint8Array => {
  if (encoding === 'br') return new Uint8Array(brotliDecompressSync(bytes))
  if (encoding === 'gzip') return Bun.gunzipSync(bytes as Uint8Array<ArrayBuffer>)
  expect(encoding).toBeNull()
  return bytes
}

const get = async (path: string, acceptEncoding: string | null, headers: Record<string, string> = {}) => {
  const res = await t.request(path, { headers: acceptEncoding === null ? headers : { ...headers, 'accept-encoding': acceptEncoding } })
  const bytes = new Uint8Array(await res.arrayBuffer())
  return { res, bytes }
}

describe('negotiateEncoding', () => {
  test('brotli preferred, gzip next, identity last; q-values and * honoured', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip')
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip')
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip')
    expect(negotiateEncoding('*')).toBe('br')
    expect(negotiateEncoding('*;q=0')).toBeNull()
    expect(negotiateEncoding('identity')).toBeNull()
    expect(negotiateEncoding('deflate, zstd')).toBeNull()
    expect(negotiateEncoding('')).toBeNull()
    expect(negotiateEncoding(null)).toBeNull()
  })

  test('text types compress; images, fonts and event streams do not', () => {
    for (const type of ['text/html; charset=utf-8', 'application/json', 'text/javascript; charset=utf-8', 'image/svg+xml', 'application/problem+json'])
      expect(isCompressibleType(type)).toBe(true)
    for (const type of ['image/png', 'image/webp', 'font/woff2', 'text/event-stream', 'application/octet-stream', null]) expect(isCompressibleType(type)).toBe(false)
  })
})

describe('every kind of text answer round-trips in each encoding', () => {
  const kinds = (): [string, string, Record<string, string>][] => [
    ['landing page', '/', {}],
    ['public menu JSON (cached)', '/api/products', {}],
    ['store script (compressed at build time)', entries.storeJs, {}],
    ['admin API-key list (compressed per request)', '/api/admin/api-keys', { cookie }],
  ]

  test.each(['landing page', 'public menu JSON (cached)', 'store script (compressed at build time)', 'admin API-key list (compressed per request)'])('%s', async (name) => {
    const [, path, headers] = kinds().find(([n]) => n === name) ?? ['', '', {}]
    const plain = await get(path, null, headers)
    expect(plain.res.status).toBe(200)
    expect(plain.res.headers.get('content-encoding')).toBeNull()
    expect(plain.bytes.byteLength).toBeGreaterThan(MIN_COMPRESS_BYTES)
    expect(plain.res.headers.get('vary')).toContain('Accept-Encoding')
    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', null],
    ] as const) {
      const { res, bytes } = await get(path, accept, headers)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBe(expected)
      expect(res.headers.get('vary')).toContain('Accept-Encoding')
      if (res.headers.has('content-length')) expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength)
      if (expected) expect(bytes.byteLength).toBeLessThan(plain.bytes.byteLength)
      expect(decode(expected, bytes)).toEqual(plain.bytes)
    }
  })

  test('tiny bodies stay plain and say nothing about Accept-Encoding', async () => {
    const { res, bytes } = await get('/api/coverage-zones', 'gzip, br')
    expect(res.status).toBe(200)
    expect(bytes.byteLength).toBeLessThan(MIN_COMPRESS_BYTES)
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('vary')).toBeNull()
    const error = await get('/api/no-such-thing', 'gzip, br')
    expect(error.res.status).toBe(404)
    expect(error.res.headers.get('content-encoding')).toBeNull()
    expect(JSON.parse(new TextDecoder().decode(error.bytes))).toEqual({ message: 'Recurso no encontrado' })
  })

  test('images that are already compressed are sent as they are', async () => {
    const res = await compressResponse(
      new Request('http://localhost/x.png', { headers: { 'accept-encoding': 'br' } }),
      new Response(new Uint8Array(4096), { headers: { 'content-type': 'image/png' } }),
    )
    expect(res.headers.get('content-encoding')).toBeNull()
    expect((await res.arrayBuffer()).byteLength).toBe(4096)
  })
})

describe('HEAD', () => {
  test.each(['/', '/api/products', '/images/hero.svg', '/api/admin/api-keys', '/login'])('HEAD %s: the GET headers and Content-Length, no body', async (path) => {
    const headers: Record<string, string> = path.startsWith('/api/admin') ? { cookie } : {}
    for (const accept of ['br', 'gzip', null]) {
      const full = await get(path, accept, headers)
      const head = await t.request(path, { method: 'HEAD', headers: accept ? { ...headers, 'accept-encoding': accept } : headers })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-type')).toBe(full.res.headers.get('content-type'))
      expect(head.headers.get('content-encoding')).toBe(full.res.headers.get('content-encoding'))
      expect(head.headers.get('etag')).toBe(full.res.headers.get('etag'))
      expect(head.headers.get('content-length')).toBe(String(full.bytes.byteLength))
      expect(head.body).toBeNull()
    }
  })
})

describe('large answers (decision 012, "Large answers")', () => {
  /** Several MB of an admin-style list: orders with long customer lines (seeded, so every run is the same). */
  const largeList = (): Uint8Array<ArrayBuffer> => {
    const random = seededRandom(7)
    const streets = ['Calzada Roosevelt', 'Avenida Las Américas', 'Bulevar Los Próceres', 'Calle Martí', 'Diagonal 6', 'Carretera a El Salvador']
    const orders = Array.from({ length: 16000 }, (_, i) => ({
      id: i + 1,
      number: 1000 + i,
      customer: `Cliente ${Math.floor(random() * 1e6)}`,
      address: `${streets[Math.floor(random() * streets.length)]} ${Math.floor(random() * 40)}-${Math.floor(random() * 99)}, zona ${1 + Math.floor(random() * 25)}, apartamento ${Math.floor(random() * 900)}`,
      total: Math.floor(random() * 40000),
      status: ['recibido', 'preparando', 'en_camino', 'entregado'][Math.floor(random() * 4)],
    }))
    return new TextEncoder().encode(JSON.stringify(orders))
  }

  test('the threshold: the best level below LARGE_BODY_BYTES, a fast one from it', () => {
    expect(cacheLevel(LARGE_BODY_BYTES - 1)).toBe(LEVELS.best)
    expect(cacheLevel(LARGE_BODY_BYTES)).toBe(LEVELS.large)
    expect(LEVELS.best).toEqual({ br: 11, gzip: 9 })
  })

  test('the landing page is small enough to keep the best level (brotli q11)', async () => {
    const plain = await get('/', null)
    expect(plain.bytes.byteLength).toBeLessThan(LARGE_BODY_BYTES)
    const { res, bytes } = await get('/', 'br')
    expect(res.headers.get('content-encoding')).toBe('br')
    const best = brotliCompressSync(plain.bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: plain.bytes.byteLength },
    })
    expect(bytes).toEqual(new Uint8Array(best))
  })

  test.each(['br', 'gzip'] as const)('a per-request answer of several MB is compressed (%s) off the event loop and arrives whole', async (encoding) => {
    const body = largeList()
    expect(body.byteLength).toBeGreaterThan(2 * 1024 * 1024)
    const answer = compressResponse(
      new Request('http://localhost/api/admin/orders', { headers: { 'accept-encoding': encoding } }),
      new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8', etag: '"x"' } }),
    )
    // Event-loop turns until it is compressed: none if the compression held the loop.
    const { value: res, turns } = await turnsWhile(Promise.resolve(answer))
    expect(turns).toBeGreaterThan(0)
    expect(res.headers.get('content-encoding')).toBe(encoding)
    expect(res.headers.get('vary')).toContain('Accept-Encoding')
    expect(res.headers.get('etag')).toBe('W/"x"')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength)
    expect(bytes.byteLength).toBeLessThan(body.byteLength / 2)
    expect(new Uint8Array(encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes))).toEqual(body)
  })
})
