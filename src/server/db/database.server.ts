/**
 * The data layer both engines share (decision 019): one Kysely instance over
 * `bun:sqlite` (the embedded default, a file in DATA_DIR) or over PostgreSQL
 * (`DATABASE_URL`), and the few things that differ by engine behind one shape:
 * how instances tell each other something happened (notify/listen), whether the
 * database answers (healthz), and closing.
 *
 * Repositories take a `Db` and never ask which engine is behind it.
 */
import type { Kysely, LogEvent, Transaction } from 'kysely'
import type { PoolUse } from '../observability/telemetry.server'
import type { Tables } from './tables.server'

/** Told of every query's time in milliseconds (Kysely's log; the metrics' query histogram). */
export type QueryTimer = (milliseconds: number) => void

export type Db = Kysely<Tables>
export type Engine = 'sqlite' | 'postgres'

/** Channels instances notify each other on: order events, and "the public pages changed". */
export type Channel = 'orders' | 'public_cache'

export type Store = {
  db: Db
  engine: Engine
  /**
   * Tells every instance (this one included) on `channel`. SQLite: the listeners of this
   * process, at once. PostgreSQL: NOTIFY, delivered to every instance's listeners.
   */
  notify(channel: Channel, payload: string): Promise<void>
  /**
   * Calls `onMessage` for every notification on `channel`; `onResync` when the link to the
   * other instances came back after a loss (notifications may have been missed meanwhile).
   */
  listen(channel: Channel, onMessage: (payload: string) => void, onResync?: () => void): Promise<void>
  /** PostgreSQL: how much of this instance's pool is in use now (GET /metrics). SQLite has no pool. */
  poolUse?: () => PoolUse
  /** Resolves when the database answers a trivial query (GET /healthz). */
  ping(): Promise<void>
  close(): Promise<void>
}

/** Kysely's `log` option that times every query, or none (Kysely then does not time them). */
export function queryLog(onQuery: QueryTimer | undefined): ((event: LogEvent) => void) | undefined {
  if (!onQuery) return undefined
  return (event) => onQuery(event.queryDurationMillis)
}

/** Runs `work` in a transaction, or inside the caller's when `db` is already one. */
export function inTransaction<T>(db: Db, work: (trx: Transaction<Tables>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Tables>) : db.transaction().execute(work)
}

/**
 * Serialises the writes that check the menu before changing it (the seed, saving a
 * product, deleting an ingredient), on every instance: the first statement of their
 * transaction is a no-op write to one row, which PostgreSQL keeps locked until the
 * commit (under READ COMMITTED two such transactions would otherwise both pass their
 * checks); SQLite has one writer anyway. The row is the public pages' counter, which
 * every menu write raises right after committing.
 */
export async function lockMenuWrites(trx: Transaction<Tables>): Promise<void> {
  await trx
    .updateTable('counters')
    .set((eb) => ({ value: eb.ref('value') }))
    .where('name', '=', 'public_cache')
    .execute()
}

/** A local fan-out of notifications: SQLite's notify/listen, and each PostgreSQL instance's own listeners. */
export function localChannels() {
  const listeners = new Map<Channel, Set<(payload: string) => void>>()
  return {
    deliver(channel: Channel, payload: string) {
      for (const listener of [...(listeners.get(channel) ?? [])]) listener(payload)
    },
    add(channel: Channel, listener: (payload: string) => void) {
      const set = listeners.get(channel) ?? new Set()
      set.add(listener)
      listeners.set(channel, set)
    },
  }
}
