/**
 * Menu rows every checkout reads whole and that change only when an administrator writes (the
 * option groups, the active promotions), kept in memory for as long as the public page cache
 * holds: the same generation, emptied by every public write (app.ts) and, on PostgreSQL, by a
 * write on another instance (cache/shared-generation.server.ts, asked before use). So a
 * checkout reads them without a query, and never older than the last write it could see.
 *
 * Measured (BENCH_BASELINE=<previous release> bun scripts/bench-engines.ts, same run, 50
 * customers): reading them per checkout cost 14% of SQLite's orders/s (1,733 → 1,497) and 12% of
 * PostgreSQL's (1,174 → 1,028); kept here, 1,612 against the previous release's 1,567 on SQLite
 * and 1,070 against 1,025 on PostgreSQL.
 */
import type { PageCache } from './page-cache.server'

type Kept = { generation: number; value: Promise<unknown> }
const memos = new WeakMap<PageCache, Map<string, Kept>>()

/** `load()`'s value under `key`, shared while `cache`'s generation stays; a load a write overtook is not kept. */
export async function menuMemo<T>(cache: PageCache, key: string, load: () => Promise<T>): Promise<T> {
  await cache.freshen()
  const kept = memos.get(cache) ?? new Map<string, Kept>()
  memos.set(cache, kept)
  const generation = cache.generation
  const hit = kept.get(key)
  if (hit && hit.generation === generation) return hit.value as Promise<T>
  const value = load()
  kept.set(key, { generation, value })
  // A failed load is forgotten, so the next checkout asks again.
  value.catch(() => {
    if (kept.get(key)?.value === value) kept.delete(key)
  })
  return value
}
