/**
 * Keeping every instance's page cache in step (decision 019). SQLite: one instance,
 * which empties its own cache after each public write (app.ts). PostgreSQL: a write
 * also raises the `public_cache` counter in the database, and each instance, before a
 * cached answer, compares the counter with the value its cache was made under; a
 * different value empties the cache. So a change made through one instance is on every
 * instance's menu and page at its next request, not merely soon. Concurrent checks on
 * one instance share one query (~0.1 ms), and the fast path (decision 016) is not used
 * on PostgreSQL, since it answers without asking.
 */
import type { AppContext } from '../context.server'
import type { Db } from '../db/database.server'
import type { PageCache } from './page-cache.server'

const COUNTER = 'public_cache'

const readGeneration = async (db: Db): Promise<number> => {
  const row = await db.selectFrom('counters').select('value').where('name', '=', COUNTER).executeTakeFirst()
  return Number(row?.value ?? 0)
}

/** The generation this process's cache was made under, per cache (PostgreSQL only). */
const seen = new WeakMap<PageCache, number>()

/** Makes `cache` follow the writes of every instance sharing `db`. */
export function followSharedGeneration(db: Db, cache: PageCache): void {
  let pending: Promise<void> | undefined
  cache.freshen = () => {
    pending ??= readGeneration(db)
      .then((generation) => {
        if (seen.get(cache) !== generation) {
          cache.invalidate()
          seen.set(cache, generation)
        }
      })
      .finally(() => {
        pending = undefined
      })
    return pending
  }
}

/**
 * After a successful write of public data (menu, zones, settings, hours): empties this
 * cache and, on PostgreSQL, every other's. The write has committed: a failure to raise
 * the counter is logged, never answered (a retried POST would write twice).
 */
export async function publicDataChanged(ctx: AppContext): Promise<void> {
  ctx.pageCache.invalidate()
  if (ctx.store.engine !== 'postgres') return
  try {
    const row = await ctx.db
      .updateTable('counters')
      .set((eb) => ({ value: eb('value', '+', 1) }))
      .where('name', '=', COUNTER)
      .returning('value')
      .executeTakeFirst()
    // Again: a read that began between the first emptying and the raise (perhaps before
    // another instance's write) must not be kept under the generation recorded now.
    ctx.pageCache.invalidate()
    if (row) seen.set(ctx.pageCache, Number(row.value))
  } catch (error) {
    console.error('No se pudo avisar del cambio a las otras instancias:', error instanceof Error ? error.message : error)
  }
}
