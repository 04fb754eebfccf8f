import { describe, expect, test } from 'bun:test'
import { PageCache } from './page-cache.server'

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
})
