/**
 * PostgreSQL (DATABASE_URL=postgres://…), decision 019: Bun's built-in client under
 * Kysely (bun-sql-dialect.server.ts), migrations applied once however many
 * instances start together, LISTEN/NOTIFY between instances.
 */
import { SQL } from 'bun'
import { Kysely, sql } from 'kysely'
import { postgresMigrations, type Migration } from '../../../db/migrations'
import { BunSqlDialect } from './bun-sql-dialect.server'
import { checkDatabaseUrl, redactDatabaseUrl } from './database-url.server'
import { type Channel, type QueryTimer, type Store, queryLog } from './database.server'
import type { Tables } from './tables.server'

/** The pg_advisory_xact_lock key that serialises migrations across instances ('chq' + 1). */
const MIGRATION_LOCK = 0x63687101

const CHANNELS: Record<Channel, string> = { orders: 'chq_orders', public_cache: 'chq_public_cache' }
const LISTEN_CONNECTIONS = Object.keys(CHANNELS).length

export type PostgresOptions = {
  /** Connections per instance for queries and transactions (default 10). */
  max?: number
  /** How long a query waits for a free connection before failing with 503 (default 5 s). */
  acquireTimeoutMs?: number
  /** Seconds an idle connection is kept (default 60). */
  idleTimeout?: number
  /** Where waiting-for-the-database lines go (default console.error). */
  log?: (line: string) => void
  /** Give up after this long without an answer (default: never; tests and copy-db set one). */
  giveUpAfterMs?: number
  migrations?: Migration[]
  onQuery?: QueryTimer
}

/**
 * Connects (retrying with a log line while PostgreSQL does not answer), applies pending
 * migrations, and returns the store. A malformed URL throws DatabaseUrlError at once.
 */
export async function openPostgresStore(url: string, options: PostgresOptions = {}): Promise<Store & { migrated: string[] }> {
  checkDatabaseUrl(url)
  const log = options.log ?? ((line: string) => console.error(line))
  const connections = options.max ?? 10
  // Two more than the queries may use: one per LISTEN channel, which keeps its connection.
  const pool = new SQL(url, { max: connections + LISTEN_CONNECTIONS, connectionTimeout: 5, idleTimeout: options.idleTimeout ?? 60 })
  await waitForDatabase(pool, redactDatabaseUrl(url), log, options.giveUpAfterMs)
  const dialect = new BunSqlDialect(pool, { connections, acquireTimeoutMs: options.acquireTimeoutMs ?? 5_000 })
  const db = new Kysely<Tables>({ dialect, log: queryLog(options.onQuery) })
  const migrated = await migratePostgres(db, options.migrations ?? postgresMigrations)
  const subscriptions: { unlisten(): Promise<void> }[] = []
  let closed = false
  return {
    db,
    engine: 'postgres',
    migrated,
    poolUse: () => dialect.use(),
    async notify(channel, payload) {
      await pool.notify(CHANNELS[channel], payload)
    },
    async listen(channel, onMessage, onResync) {
      let first = true
      const onListen = () => {
        // Again after a reconnection: whatever was notified meanwhile is lost.
        if (!first) onResync?.()
        first = false
      }
      // Once subscribed, Bun's client reconnects by itself; the first LISTEN is retried here.
      for (let delay = 500; !closed; delay = Math.min(delay * 2, 10_000)) {
        try {
          const subscription = await pool.listen(CHANNELS[channel], onMessage, onListen)
          if (closed) await subscription.unlisten().catch(() => {})
          else subscriptions.push(subscription)
          return
        } catch (error) {
          if (closed) return
          log(`PostgreSQL: no se pudo escuchar ${CHANNELS[channel]} (${error instanceof Error ? error.message : error}); reintentando en ${(delay / 1000).toFixed(1)} s`)
          await Bun.sleep(delay)
        }
      }
    },
    async ping() {
      await pool.unsafe('select 1')
    },
    async close() {
      closed = true
      await Promise.all(subscriptions.map((s) => s.unlisten().catch(() => {})))
      await db.destroy()
    },
  }
}

async function waitForDatabase(pool: SQL, shown: string, log: (line: string) => void, giveUpAfterMs?: number): Promise<void> {
  const started = Date.now()
  let delay = 500
  for (;;) {
    try {
      await pool.unsafe('select 1')
      return
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      if (isFatalConnectError(error)) {
        await pool.close({ timeout: 1 }).catch(() => {})
        throw new Error(`PostgreSQL (${shown}) rechazó la conexión: ${reason}`)
      }
      if (giveUpAfterMs !== undefined && Date.now() - started >= giveUpAfterMs) {
        await pool.close({ timeout: 1 }).catch(() => {})
        throw new Error(`PostgreSQL (${shown}) no responde: ${reason}`)
      }
      log(`PostgreSQL (${shown}) no responde (${reason}); reintentando en ${(delay / 1000).toFixed(1)} s`)
      await Bun.sleep(delay)
      delay = Math.min(delay * 2, 10_000)
    }
  }
}

/** Errors that waiting will not fix: a wrong password, a database that does not exist. */
function isFatalConnectError(error: unknown): boolean {
  const code = (error as { errno?: string; code?: string })?.errno ?? ''
  // 28P01 invalid_password, 28000 invalid_authorization_specification, 3D000 invalid_catalog_name
  return code === '28P01' || code === '28000' || code === '3D000'
}

/**
 * Applies pending migrations in ONE transaction holding an advisory lock: instances that
 * start together wait for the first, then find nothing to do. PostgreSQL's DDL is
 * transactional, so a failing migration leaves the database as it was.
 */
export async function migratePostgres(db: Kysely<Tables>, list: Migration[] = postgresMigrations): Promise<string[]> {
  const sorted = [...list].sort((a, b) => a.version - b.version)
  sorted.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`Las migraciones deben ser consecutivas: falta la versión ${i + 1}`)
  })
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx)
    await sql`create table if not exists schema_migrations (version integer primary key, name text not null, applied_at text not null)`.execute(trx)
    // Whether a migration removes or changes something an older release reads (decision 031).
    await sql`alter table schema_migrations add column if not exists contracts boolean not null default false`.execute(trx)
    const row = await trx.selectFrom('schema_migrations').select((eb) => eb.fn.max('version').as('v')).executeTakeFirst()
    const current = Number(row?.v ?? 0)
    const latest = sorted.at(-1)?.version ?? 0
    if (current > latest) {
      // A newer release migrated already (an upgrade rolling through the instances). Its
      // migrations only added, unless one says otherwise: this release still reads and writes
      // everything it knows, so it may run beside the newer one (and restart mid-roll).
      const newer = await sql<{ name: string; contracts: boolean }>`select name, contracts from schema_migrations where version > ${latest} order by version`.execute(trx)
      const contracting = newer.rows.filter((m) => m.contracts).map((m) => m.name)
      if (contracting.length > 0) {
        throw new Error(`La base de datos está en la versión ${current}, más nueva que este programa (${latest}), y ${contracting.join(', ')} quitó o cambió algo que este programa usa. Actualice el programa.`)
      }
      return []
    }
    const applied: string[] = []
    for (const m of sorted) {
      if (m.version <= current) continue
      await sql.raw(m.sql).execute(trx)
      await sql`insert into schema_migrations (version, name, applied_at, contracts) values (${m.version}, ${m.name}, ${new Date().toISOString()}, ${m.contracts === true})`.execute(trx)
      applied.push(m.name)
    }
    return applied
  })
}
