import { describe, expect, test } from 'bun:test'
import { brotliDecompressSync } from 'node:zlib'
import { PageCache, cachedResponse, negotiateCached } from './page-cache.server'

const bytes = (s: string) => new TextEncoder().encode(s)

describe('PageCache', () => {
  test('keeps a page until invalidated', () => {
    const cache = new PageCache()
    cache.set('/', bytes('a'))
    expect(cache.get('/')?.body).toEqual(bytes('a'))
    cache.invalidate()
    expect(cache.get('/')).toBeUndefined()
  })

  test('a page made before an invalidation is answered but not kept', () => {
    const cache = new PageCache()
    const generation = cache.generation
    cache.invalidate() // a write lands while the page renders
    const entry = cache.set('/', bytes('stale'), generation)
    expect(entry.body).toEqual(bytes('stale'))
    expect(cache.get('/')).toBeUndefined()
  })

  test('every answer for an entry is a full, independent response with its validators', async () => {
    const cache = new PageCache()
    const entry = cache.set('api', bytes('{"ok":true}'))
    const first = cachedResponse(entry, 'application/json')
    const second = cachedResponse(entry, 'application/json')
    expect(await first.text()).toBe('{"ok":true}')
    expect(await second.text()).toBe('{"ok":true}') // reading one does not consume the other
    expect(second.headers.get('etag')).toBe(entry.etag)
    expect(second.headers.get('cache-control')).toBe('no-cache')
    second.headers.set('x-test', '1')
    expect(cachedResponse(entry, 'application/json').headers.get('x-test')).toBeNull()
  })
})

describe('negotiateCached (the fetch handler finish step)', () => {
  const big = bytes(JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Producto ${i}` }))))
  const ask = (headers: Record<string, string>) => new Request('http://localhost/api/products', { headers })

  test('picks the encoding the client prefers, made once per entry, with its own ETag', async () => {
    const cache = new PageCache()
    const entry = cache.set('api', big)
    const br = await negotiateCached(ask({ 'accept-encoding': 'gzip, br' }), cachedResponse(entry, 'application/json'))
    expect(br?.headers.get('content-encoding')).toBe('br')
    expect(br?.headers.get('etag')).toBe(entry.etag.replace(/"$/, '-br"'))
    expect(br?.headers.get('vary')).toBe('Accept-Encoding')
    expect(new Uint8Array(brotliDecompressSync(new Uint8Array(await (br as Response).arrayBuffer())))).toEqual(big)
    // Second time: already made, answered synchronously.
    const again = negotiateCached(ask({ 'accept-encoding': 'br' }), cachedResponse(entry, 'application/json'))
    expect(again).toBeInstanceOf(Response)
    const gz = await negotiateCached(ask({ 'accept-encoding': 'gzip' }), cachedResponse(entry, 'application/json'))
    expect(Bun.gunzipSync(new Uint8Array(await (gz as Response).arrayBuffer()))).toEqual(big)
  })

  test('a header added on the way out survives the swap; 304 for the matching representation only', async () => {
    const entry = new PageCache().set('api', big)
    const answer = cachedResponse(entry, 'application/json')
    answer.headers.set('set-cookie', 'a=1')
    const swapped = (await negotiateCached(ask({ 'accept-encoding': 'br' }), answer)) as Response
    expect(swapped.headers.get('set-cookie')).toBe('a=1')
    expect(swapped.headers.get('content-encoding')).toBe('br')
    const brEtag = swapped.headers.get('etag') ?? ''
    const hit = (await negotiateCached(ask({ 'accept-encoding': 'br', 'if-none-match': brEtag }), cachedResponse(entry, 'application/json'))) as Response
    expect(hit.status).toBe(304)
    expect(hit.body).toBeNull()
    expect(hit.headers.get('etag')).toBe(brEtag)
    expect(hit.headers.get('vary')).toBe('Accept-Encoding')
    expect(hit.headers.get('cache-control')).toBe('no-cache')
    const otherEncoding = (await negotiateCached(ask({ 'accept-encoding': 'gzip', 'if-none-match': brEtag }), cachedResponse(entry, 'application/json'))) as Response
    expect(otherEncoding.status).toBe(200)
  })

  test('responses it did not make are not its business', () => {
    expect(negotiateCached(ask({}), new Response('x'))).toBeUndefined()
  })
})
