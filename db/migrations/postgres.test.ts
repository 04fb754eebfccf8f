/**
 * PostgreSQL's migrations, on a real server (TEST_DATABASE_URL; the server-pg suite of
 * scripts/test.ts starts a throwaway cluster); skipped in the SQLite suite.
 */
import { describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { Kysely, sql } from 'kysely'
import { BunSqlDialect } from '../../src/server/db/bun-sql-dialect.server'
import { migratePostgres } from '../../src/server/db/postgres.server'
import type { Tables } from '../../src/server/db/tables.server'
import { migrations as sqliteMigrations, postgresMigrations } from './index'
import { migrate, openDatabase } from '../../src/server/db/sqlite.server'

const server = process.env.TEST_DATABASE_URL

async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new SQL(serverUrl, { max: 1 })
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.unsafe(`CREATE DATABASE ${name}`)
  await admin.close()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

describe.skipIf(!server)('PostgreSQL migrations', () => {
  test('five instances starting together apply them once; the schema has the columns SQLite has', async () => {
    const url = await freshDatabase(server as string, `chq_mig_${process.pid}`)
    const pools = Array.from({ length: 5 }, () => new SQL(url, { max: 2 }))
    const dbs = pools.map((pool) => new Kysely<Tables>({ dialect: new BunSqlDialect(pool, { connections: 2, acquireTimeoutMs: 30_000 }) }))
    const results = await Promise.all(dbs.map((db) => migratePostgres(db)))
    expect(results.flat()).toEqual(postgresMigrations.map((m) => m.name))
    const db = dbs[0] as Kysely<Tables>
    const recorded = await db.selectFrom('schema_migrations').select('name').execute()
    expect(recorded.map((r) => r.name)).toEqual(postgresMigrations.map((m) => m.name))

    // Same tables, views and columns as a migrated SQLite database: one set of queries reads both.
    const columns = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns where table_schema = 'public'`.execute(db)
    const pg = new Set(columns.rows.map((r) => `${r.table_name}.${r.column_name}`))
    const lite = openDatabase(':memory:')
    migrate(lite, sqliteMigrations)
    const liteColumns = new Set<string>()
    for (const { name } of lite.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'").all()) {
      for (const col of lite.query<{ name: string }, []>(`PRAGMA table_info(${name})`).all()) liteColumns.add(`${name}.${col.name}`)
    }
    lite.close()
    // Bookkeeping of PostgreSQL alone: only several instances roll an upgrade (decision 031).
    pg.delete('schema_migrations.contracts')
    expect([...pg].sort()).toEqual([...liteColumns].sort())
    await Promise.all(dbs.map((d) => d.destroy()))
  })

  test('an older release starts on a database a newer one migrated, unless a newer migration contracts (decision 031)', async () => {
    const url = await freshDatabase(server as string, `chq_roll_${process.pid}`)
    const pool = new SQL(url, { max: 2 })
    const db = new Kysely<Tables>({ dialect: new BunSqlDialect(pool, { connections: 2, acquireTimeoutMs: 30_000 }) })
    try {
      const newer = [...postgresMigrations, { version: postgresMigrations.length + 1, name: '999_adds', sql: 'CREATE TABLE later_things (id integer primary key)' }]
      expect(await migratePostgres(db, newer)).toHaveLength(newer.length)
      // The release before it: nothing to apply, nothing refused.
      expect(await migratePostgres(db, postgresMigrations)).toEqual([])
      await sql`update schema_migrations set contracts = true where name = '999_adds'`.execute(db)
      await expect(migratePostgres(db, postgresMigrations)).rejects.toThrow(/999_adds quitó o cambió algo que este programa usa/)
      // The newer release itself still starts.
      expect(await migratePostgres(db, newer)).toEqual([])
    } finally {
      await db.destroy()
    }
  })
})
