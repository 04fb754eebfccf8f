import { describe, expect, test } from 'bun:test'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import { seededRandom, turnsWhile } from '../../../test/fixtures/seeded'
import { LARGE_BODY_BYTES, LEVELS } from '../http/compression.server'
import { ENTRY_OVERHEAD_BYTES, PAGE_CACHE_MAX_BYTES, PAGE_CACHE_MAX_ORIGINS, PageCache, cachedAnswer, cachedResponse, negotiateCached, originOfKey } from './page-cache.server'

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

  test('bounded in bytes: the least recently used entries leave first, a re-set entry is counted once', () => {
    const cache = new PageCache(1000, undefined, { entryOverhead: 0 })
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, new Uint8Array(250))
    expect(cache.bytes).toBe(1000)
    cache.get('a') // used: 'b' is now the oldest
    cache.set('e', new Uint8Array(300))
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('c')).toBeUndefined()
    expect([cache.get('a'), cache.get('d'), cache.get('e')].every(Boolean)).toBe(true)
    expect(cache.bytes).toBe(800)
    cache.set('e', new Uint8Array(100))
    expect(cache.bytes).toBe(600)
    for (let i = 0; i < 10_000; i++) cache.set(`/api/x/${i}`, new Uint8Array(90))
    expect(cache.bytes).toBeLessThanOrEqual(1000)
    expect(cache.size).toBeLessThanOrEqual(12)
    // Larger than the whole cache: answered, never kept.
    expect(cache.set('huge', new Uint8Array(2000)).body.byteLength).toBe(2000)
    expect(cache.get('huge')).toBeUndefined()
  })

  test("each entry counts its overhead, not only its body: 100,000 small bodies cannot be held 'within' the bytes", () => {
    const cache = new PageCache()
    for (let i = 0; i < 100_000; i++) cache.set(`/api/products/category/x${i}`, new Uint8Array(170))
    expect(cache.size).toBeLessThanOrEqual(Math.floor(PAGE_CACHE_MAX_BYTES / ENTRY_OVERHEAD_BYTES))
    expect(cache.bytes).toBe(cache.size * (170 + ENTRY_OVERHEAD_BYTES))
    expect(cache.bytes).toBeLessThanOrEqual(PAGE_CACHE_MAX_BYTES)
  })

  test('pages kept per origin are kept for a bounded number of origins, the least recently used origin out first with all its pages', () => {
    const cache = new PageCache()
    const shop = 'https://pedidos.example.gt'
    cache.set(`${shop}/`, bytes('la tienda'))
    cache.set(`${shop}/robots.txt`, bytes('robots'))
    cache.set('/api/products', bytes('[]'))
    for (let i = 0; i < 107_000; i++) {
      if (i % 8 === 0) cache.get(`${shop}/`) // the real shop, visited while its origin is held
      cache.set(`http://h${i}.example/robots.txt`, bytes('robots'))
      cache.set(`http://h${i}.example/sitemap.xml`, bytes('sitemap'))
      expect(cache.origins).toBeLessThanOrEqual(PAGE_CACHE_MAX_ORIGINS)
    }
    expect(cache.origins).toBe(PAGE_CACHE_MAX_ORIGINS)
    expect(cache.size).toBeLessThanOrEqual(2 * PAGE_CACHE_MAX_ORIGINS + 1)
    // The origin-free entries are not the flood's to push out, and the origin in use stays.
    expect(cache.get('/api/products')?.body).toEqual(bytes('[]'))
    expect(cache.get(`${shop}/`)?.body).toEqual(bytes('la tienda'))
    // An origin let go takes all its pages with it: the oldest made-up hosts are gone.
    expect(cache.get('http://h0.example/robots.txt')).toBeUndefined()
    expect(cache.get('http://h0.example/sitemap.xml')).toBeUndefined()
    expect(cache.get('http://h106999.example/sitemap.xml')?.body).toEqual(bytes('sitemap'))
    cache.invalidate()
    expect([cache.size, cache.origins, cache.bytes]).toEqual([0, 0, 0])
  })

  test('an origin is the key up to its path: scheme, host and port', () => {
    expect(originOfKey('http://shop.example:3000/?producto=4')).toBe('http://shop.example:3000')
    expect(originOfKey('https://[::1]/robots.txt')).toBe('https://[::1]')
    expect(originOfKey('/api/products')).toBeUndefined()
    const cache = new PageCache(undefined, undefined, { maxOrigins: 2 })
    for (const key of ['http://a.example/', 'http://a.example:8080/', 'https://a.example/']) cache.set(key, bytes('x'))
    expect(cache.origins).toBe(2)
    expect(cache.get('http://a.example/')).toBeUndefined()
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

/** What the server's brotli is asked for (text mode, size hint), at `quality`. */
const brotli = (body: Uint8Array, quality: number) =>
  new Uint8Array(
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
    }),
  )

/** A public zone list of `megabytes` MB: long, varied names (a seeded generator, so every run is the same). */
function zoneList(megabytes: number): Uint8Array<ArrayBuffer> {
  const random = seededRandom(12345)
  const words = 'San Santa Cristóbal Margaritas Naranjo Catarina Pinula Villa Nueva Mixco Vista Hermosa Álamos Mirador Florida Jardines Lomas Portal Valle Prados Encinos Cipreses Fuentes Reforma Trébol Primavera Granjas'.split(' ')
  const word = () => words[Math.floor(random() * words.length)]
  const zones: unknown[] = []
  let size = 0
  while (size < megabytes * 1024 * 1024) {
    const zone = {
      id: zones.length + 1,
      name: `Colonia ${word()} ${word()} ${word()}, sector ${Math.floor(random() * 500)}, ${Math.floor(random() * 40)} calle ${Math.floor(random() * 90)}-${Math.floor(random() * 99)} zona ${1 + Math.floor(random() * 25)}`,
      deliveryCost: Math.floor(random() * 40) * 250,
      estimatedTime: `${20 + Math.floor(random() * 5) * 10}-${40 + Math.floor(random() * 5) * 10} min`,
      available: random() > 0.1,
      minimumOrder: random() < 0.3 ? null : Math.floor(random() * 20) * 500,
    }
    zones.push(zone)
    size += JSON.stringify(zone).length + 1
  }
  return new TextEncoder().encode(JSON.stringify(zones))
}


describe('the level follows the size (decision 012, "Large answers")', () => {
  const ask = (encoding: string) => new Request('http://localhost/api/coverage-zones', { headers: { 'accept-encoding': encoding } })

  test('a small entry gets the best level: exactly brotli q11 / gzip 9, smaller than the fast level', async () => {
    const body = bytes(JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, name: `Zona ${i} de la colonia número ${i % 17}`, available: i % 3 > 0 }))))
    expect(body.byteLength).toBeLessThan(LARGE_BODY_BYTES)
    const entry = new PageCache().set('api:zones', body)
    const br = new Uint8Array(await (await cachedAnswer(ask('br'), entry, 'application/json', {})).arrayBuffer())
    expect(br).toEqual(brotli(body, 11))
    expect(br.byteLength).toBeLessThan(brotli(body, LEVELS.large.br).byteLength)
    const gz = new Uint8Array(await (await cachedAnswer(ask('gzip'), entry, 'application/json', {})).arrayBuffer())
    expect(gz).toEqual(new Uint8Array(gzipSync(body, { level: 9 })))
  })

  test('a large entry (several MB of zones) gets the fast level, off the event loop, complete and exact', async () => {
    // Best-level brotli runs at under 1 MB/s: for 15 MB the first reader waited past Bun.serve's
    // 10 s idle timeout and got nothing (and this 3 MB body would take this test ~5 s).
    expect(LEVELS.large.br).toBeLessThanOrEqual(6)
    expect(LEVELS.large.gzip).toBeLessThanOrEqual(6)
    const body = zoneList(3)
    expect(body.byteLength).toBeGreaterThan(3 * 1024 * 1024)
    const entry = new PageCache().set('api:zones', body)

    const first = negotiateCached(ask('gzip, deflate, br'), cachedResponse(entry, 'application/json'))
    expect(first).toBeInstanceOf(Promise)
    // Compressed on zlib's thread pool: the event loop keeps turning (and answering others) meanwhile.
    const { value: answer, turns } = await turnsWhile(Promise.resolve(first as Response | Promise<Response>))
    expect(turns).toBeGreaterThan(0)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-encoding')).toBe('br')
    expect(answer.headers.get('etag')).toBe(entry.etag.replace(/"$/, '-br"'))
    const br = new Uint8Array(await answer.arrayBuffer())
    expect(Number(answer.headers.get('content-length'))).toBe(br.byteLength)
    expect(new Uint8Array(brotliDecompressSync(br))).toEqual(body)
    expect(br).toEqual(brotli(body, LEVELS.large.br))
    expect(br.byteLength).toBeLessThan(body.byteLength / 4)

    const { value: gzAnswer, turns: gzTurns } = await turnsWhile(Promise.resolve(cachedAnswer(ask('gzip'), entry, 'application/json', {})))
    expect(gzTurns).toBeGreaterThan(0)
    const gz = new Uint8Array(await gzAnswer.arrayBuffer())
    expect(gzAnswer.headers.get('content-encoding')).toBe('gzip')
    expect(new Uint8Array(gunzipSync(gz))).toEqual(body)
    expect(gz).toEqual(new Uint8Array(gzipSync(body, { level: LEVELS.large.gzip })))

    // Made once: the next reader gets the same bytes at once.
    const again = cachedAnswer(ask('br'), entry, 'application/json', {})
    expect(again).toBeInstanceOf(Response)
    expect(new Uint8Array(await (again as Response).arrayBuffer())).toEqual(br)
  })

  test('readers that arrive while a large entry compresses all get the complete answer', async () => {
    const entry = new PageCache().set('api:zones', zoneList(1))
    const answers = await Promise.all([1, 2, 3].map(() => Promise.resolve(cachedAnswer(ask('br'), entry, 'application/json', {}))))
    const bodies = await Promise.all(answers.map(async (a) => new Uint8Array(await a.arrayBuffer())))
    for (const body of bodies) expect(new Uint8Array(brotliDecompressSync(body))).toEqual(entry.body)
    expect(new Set(answers.map((a) => a.headers.get('etag'))).size).toBe(1)
  })
})
