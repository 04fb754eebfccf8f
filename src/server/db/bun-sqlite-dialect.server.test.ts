/**
 * The SQLite dialect's statement cache (decision 030): a query shape is prepared once and
 * reused; the cache is bounded, the least recently used statement finalized first; and one
 * transaction at a time holds the connection, so a query made meanwhile waits for it.
 */
import { describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { Kysely, sql } from 'kysely'
import { BunSqliteDialect, StatementCache } from './bun-sqlite-dialect.server'

describe('StatementCache', () => {
  test('the same SQL text is one statement; past the size the least recently used is finalized and prepared again when asked', () => {
    const db = new Database(':memory:')
    const cache = new StatementCache(db, 2)
    const a = cache.get('SELECT 1 AS n')
    expect(cache.get('SELECT 1 AS n')).toBe(a)
    const b = cache.get('SELECT 2 AS n')
    cache.get('SELECT 1 AS n') // a is now the most recently used
    cache.get('SELECT 3 AS n') // evicts b
    expect(cache.count).toBe(2)
    expect(cache.get('SELECT 1 AS n')).toBe(a)
    const again = cache.get('SELECT 2 AS n')
    expect(again).not.toBe(b)
    expect(again.get()).toEqual({ n: 2 })
    cache.clear()
    expect(cache.count).toBe(0)
    db.close()
  })
})

describe('BunSqliteDialect', () => {
  test('a query made while a transaction is open waits for it and is never part of it', async () => {
    const db = new Kysely<{ t: { n: number } }>({ dialect: new BunSqliteDialect(new Database(':memory:')) })
    await sql`CREATE TABLE t (n INTEGER)`.execute(db)
    let outside: Promise<{ n: number }[]> | undefined
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ n: 1 }).execute()
        outside = db.selectFrom('t').selectAll().execute()
        await Bun.sleep(10)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await outside).toEqual([]) // it ran after the rollback, not inside the transaction
    await db.destroy()
  })
})
