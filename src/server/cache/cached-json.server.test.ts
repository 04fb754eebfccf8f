import { describe, expect, test } from 'bun:test'
import { createTestContext } from '../testing.server'
import { cachedJsonEntry } from './cached-json.server'

/** Resolves once `done()` holds (a load starts after the PostgreSQL suite's freshness check: a few ms). */
async function until(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) await Bun.sleep(5)
}

describe('cachedJsonEntry: one load for a crowd of misses', () => {
  test('concurrent misses share one load; a write during it makes later readers load again', async () => {
    const ctx = await createTestContext()
    try {
      let loads = 0
      let release: (value: string[]) => void = () => {}
      const load = () => {
        loads++
        return new Promise<string[]>((resolve) => {
          release = resolve
        })
      }
      const crowd = Array.from({ length: 20 }, () => cachedJsonEntry(ctx, 'api:zones', load))
      await until(() => loads === 1)
      await Bun.sleep(20)
      expect(loads).toBe(1)
      release(['antes'])
      const pages = await Promise.all(crowd)
      expect(new Set(pages.map((p) => new TextDecoder().decode(p.body)))).toEqual(new Set(['["antes"]']))
      // Cached now: no load at all.
      await cachedJsonEntry(ctx, 'api:zones', load)
      expect(loads).toBe(1)

      // A write while a load runs: the readers after it do not get the old load's answer.
      ctx.pageCache.invalidate()
      const before = cachedJsonEntry(ctx, 'api:zones', load)
      await until(() => loads === 2)
      const releaseBefore = release
      ctx.pageCache.invalidate()
      const after = cachedJsonEntry(ctx, 'api:zones', load)
      await until(() => loads === 3)
      expect(loads).toBe(3)
      release(['después'])
      releaseBefore(['antes de escribir'])
      expect(new TextDecoder().decode((await after).body)).toBe('["después"]')
      expect(new TextDecoder().decode((await before).body)).toBe('["antes de escribir"]')
      // The cache keeps only what was read after the write.
      expect(new TextDecoder().decode((await cachedJsonEntry(ctx, 'api:zones', load)).body)).toBe('["después"]')
      expect(loads).toBe(3)
    } finally {
      await ctx.cleanup()
    }
  })
})
