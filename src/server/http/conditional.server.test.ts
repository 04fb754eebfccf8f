import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { entries } from '../assets.gen'
import { createTestApp } from '../testing.server'
import { etagMatches, fileEtag, notModified } from './conditional.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T

beforeAll(async () => {
  t = await createTestApp()
  const cookie = await t.signIn()
  await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie, origin: 'http://localhost' } })
})
afterAll(() => t.cleanup())

describe('etagMatches / notModified', () => {
  test('weak comparison, lists and *', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true)
    expect(etagMatches('W/"a"', '"a"')).toBe(true)
    expect(etagMatches('"a"', 'W/"a"')).toBe(true)
    expect(etagMatches('"x", "a"', '"a"')).toBe(true)
    expect(etagMatches('*', '"a"')).toBe(true)
    expect(etagMatches('"a-br"', '"a"')).toBe(false)
    expect(etagMatches(null, '"a"')).toBe(false)
  })

  test('304 keeps the validators and caching headers, drops the rest; only for GET/HEAD', () => {
    const headers = { etag: '"a"', 'cache-control': 'no-cache', vary: 'Accept-Encoding', 'content-type': 'text/html', 'content-length': '10' }
    const hit = notModified(new Request('http://l/', { headers: { 'if-none-match': '"a"' } }), headers)
    expect(hit?.status).toBe(304)
    expect(hit?.body).toBeNull()
    expect(Object.fromEntries(hit?.headers ?? [])).toEqual({ etag: '"a"', 'cache-control': 'no-cache', vary: 'Accept-Encoding' })
    expect(notModified(new Request('http://l/', { headers: { 'if-none-match': '"b"' } }), headers)).toBeNull()
    expect(notModified(new Request('http://l/', { method: 'POST', headers: { 'if-none-match': '"a"' } }), headers)).toBeNull()
    expect(notModified(new Request('http://l/'), headers)).toBeNull()
  })

  test('fileEtag changes with size or modification time', () => {
    expect(fileEtag({ size: 10, lastModified: 1 })).not.toBe(fileEtag({ size: 10, lastModified: 2 }))
    expect(fileEtag({ size: 10, lastModified: 1 })).not.toBe(fileEtag({ size: 11, lastModified: 1 }))
    expect(fileEtag({ size: 10, lastModified: 1 })).toStartWith('W/"')
  })
})

describe('every cacheable answer revalidates: matching If-None-Match -> 304 without a body', () => {
  test.each([
    ['landing page', '/'],
    ['public menu JSON', '/api/products'],
    ['public ingredients JSON', '/api/ingredients'],
    ['hashed asset', entries.storeCss],
    ['public image', '/images/hero.svg'],
    ['small public image (never compressed)', '/images/toppings/queso.svg'],
  ])('%s', async (_name, path) => {
    for (const accept of ['gzip, deflate, br', 'gzip', null]) {
      const acceptHeader: Record<string, string> = accept ? { 'accept-encoding': accept } : {}
      const first = await t.request(path, { headers: acceptHeader })
      expect(first.status).toBe(200)
      const etag = first.headers.get('etag')
      expect(etag).toBeTruthy()
      const again = await t.request(path, { headers: { ...acceptHeader, 'if-none-match': etag ?? '' } })
      expect(again.status).toBe(304)
      expect(await again.text()).toBe('')
      expect(again.headers.get('etag')).toBe(etag)
      expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'))
      expect(again.headers.get('vary')).toBe(first.headers.get('vary'))
      const head = await t.request(path, { method: 'HEAD', headers: { ...acceptHeader, 'if-none-match': etag ?? '' } })
      expect(head.status).toBe(304)
      // Another validator: the full answer.
      expect((await t.request(path, { headers: { ...acceptHeader, 'if-none-match': '"other"' } })).status).toBe(200)
    }
  })

  test('hashed assets stay immutable', async () => {
    const res = await t.request(entries.storeJs, { headers: { 'accept-encoding': 'br' } })
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })
})
