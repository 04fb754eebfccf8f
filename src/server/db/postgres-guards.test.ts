/**
 * What Bun's PostgreSQL pool does not guarantee by itself, and the dialect does
 * (bun-sql-dialect.server.ts). Runs in the server-pg suite (TEST_DATABASE_URL), where every
 * server test runs on PostgreSQL; SQLite has one connection and no pool to wait for.
 */
import { describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { CompiledQuery, sql, type Transaction } from 'kysely'
import { BunSqlDialect, PoolTimeoutError, TransactionEndedError } from './bun-sql-dialect.server'
import type { Tables } from './tables.server'
import { testPostgresStore } from './test-postgres.server'
import { isDatabaseUnavailable } from './unavailable.server'

const server = process.env.TEST_DATABASE_URL

describe.skipIf(!server)('PostgreSQL: the transaction and pool guards', () => {
  test('a query sent through a transaction that has committed throws, and nothing is written outside it', async () => {
    const store = await testPostgresStore(server as string)
    try {
      let leaked: Transaction<Tables> | undefined
      await store.db.transaction().execute(async (trx) => {
        leaked = trx
        await trx.insertInto('settings').values({ key: 'inside', value: '1', updated_at: 'now' }).execute()
      })
      // Kysely refuses a finished transaction's builder itself...
      expect((leaked as Transaction<Tables>).insertInto('settings').values({ key: 'after-commit', value: '1', updated_at: 'now' }).execute()).rejects.toThrow()
      // ...but a query already on its way to the connection when the commit happened (a
      // forgotten await) reaches the driver: there it throws instead of running on the pool.
      const pool = new SQL(server as string, { max: 1 })
      const driver = new BunSqlDialect(pool, { connections: 1, acquireTimeoutMs: 1000 }).createDriver()
      const connection = await driver.acquireConnection()
      await driver.beginTransaction(connection, {})
      await driver.commitTransaction(connection)
      const late = connection.executeQuery(CompiledQuery.raw(`insert into settings (key, value, updated_at) values ('after-commit', '1', 'now')`))
      expect(late).rejects.toBeInstanceOf(TransactionEndedError)
      await late.catch(() => {})
      await driver.releaseConnection(connection)
      await pool.close()
      const keys = (await store.db.selectFrom('settings').select('key').where('key', 'in', ['inside', 'after-commit']).execute()).map((r) => r.key)
      expect(keys).toEqual(['inside'])
    } finally {
      await store.close()
    }
  })

  test('waiting for a connection has a limit: the waiter fails with a 503-kind error, the holder is unharmed', async () => {
    const store = await testPostgresStore(server as string, { max: 1, acquireTimeoutMs: 300 })
    try {
      let release = () => {}
      const held = store.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx)
        await new Promise<void>((resolve) => (release = resolve))
        return 'committed'
      })
      await Bun.sleep(50)
      const started = performance.now()
      const waiter = store.db.selectFrom('settings').select('key').execute()
      const error = await waiter.then(() => null, (e: unknown) => e)
      expect(error).toBeInstanceOf(PoolTimeoutError)
      expect(isDatabaseUnavailable(error)).toBe(true)
      expect(performance.now() - started).toBeLessThan(2_000)
      release()
      expect(await held).toBe('committed')
      // The connection is free again: the next query runs.
      expect(Array.isArray(await store.db.selectFrom('settings').select('key').execute())).toBe(true)
    } finally {
      await store.close()
    }
  })
})
