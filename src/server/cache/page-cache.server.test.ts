import { describe, expect, test } from 'bun:test'
import { PageCache, cachedResponse } from './page-cache.server'

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
