import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { brotliDecompressSync } from 'node:zlib'
import { entries } from '../assets.gen'
import { createTestApp } from '../testing.server'
import { MIN_COMPRESS_BYTES, compressResponse, isCompressibleType, negotiateEncoding } from './compression.server'

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
