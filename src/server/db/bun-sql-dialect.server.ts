/**
 * A Kysely dialect over Bun's built-in PostgreSQL client (`Bun.SQL`), decision 019.
 * Kysely's own PostgresDialect expects node-postgres; Bun's client needs no package,
 * answers a query faster (measured 68 µs vs 91 µs for kysely + postgres.js) and
 * brings LISTEN/NOTIFY (postgres.server.ts).
 *
 * Plain queries run on the pool: any idle connection takes them. A transaction
 * reserves one connection from BEGIN to COMMIT/ROLLBACK (reserving costs ~35 µs, so
 * only transactions pay it). Consequence: `db.connection()` does not pin a session;
 * session state (a session advisory lock, SET) must live inside a transaction.
 *
 * Two guarantees Bun's pool does not give by itself (decision 019):
 *  - a query sent through a transaction that has ended throws (`TransactionEndedError`):
 *    it would otherwise run on the pool, outside any transaction, and commit by itself;
 *  - nobody waits for a connection for ever: a driver-level queue lets as many queries and
 *    transactions through as the pool has connections, and one that waits longer than
 *    `acquireTimeoutMs` fails with `PoolTimeoutError` (503) before anything is sent, so a
 *    write that timed out can never run later.
 */
import type { ReservedSQL, SQL } from 'bun'
import type { PoolUse } from '../observability/telemetry.server'
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'

type Rows = Record<string, unknown>[] & { command?: string; count?: number | null }

/** A query on a transaction that already committed or rolled back. A bug of ours: a 500, never a silent commit. */
export class TransactionEndedError extends Error {
  constructor() {
    super('Consulta enviada en una transacción que ya terminó')
  }
}

/** Every connection stayed busy for `acquireTimeoutMs`: the database is overloaded, answered as 503. */
export class PoolTimeoutError extends Error {
  readonly code = 'ERR_POOL_TIMEOUT'
  constructor(ms: number) {
    super(`Ninguna conexión a PostgreSQL quedó libre en ${ms} ms`)
  }
}

/** At most `size` holders at once; the others wait in order, each for `timeoutMs` at most. */
class Permits {
  #free: number
  #waiting: { grant: () => void; timer: ReturnType<typeof setTimeout> }[] = []
  constructor(
    readonly size: number,
    readonly timeoutMs: number,
  ) {
    this.#free = size
  }
  acquire(): Promise<void> {
    if (this.#free > 0) {
      this.#free--
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        grant: () => {
          clearTimeout(waiter.timer)
          resolve()
        },
        timer: setTimeout(() => {
          this.#waiting.splice(this.#waiting.indexOf(waiter), 1)
          reject(new PoolTimeoutError(this.timeoutMs))
        }, this.timeoutMs),
      }
      this.#waiting.push(waiter)
    })
  }
  release(): void {
    const next = this.#waiting.shift()
    if (next) next.grant()
    else this.#free++
  }
  use(): PoolUse {
    return { size: this.size, inUse: this.size - this.#free, waiting: this.#waiting.length }
  }
}

const AFFECTS_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])

class BunSqlConnection implements DatabaseConnection {
  #reserved: ReservedSQL | null = null
  /** Set when a transaction on this connection commits or rolls back: nothing may follow it. */
  #ended = false
  constructor(readonly pool: SQL) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#ended) throw new TransactionEndedError()
    const target = this.#reserved ?? this.pool
    const result = (await target.unsafe(query.sql, query.parameters as unknown[])) as Rows
    const rows = [...result] as R[]
    const command = result.command ?? ''
    return AFFECTS_ROWS.has(command) ? { rows, numAffectedRows: BigInt(result.count ?? 0) } : { rows }
  }

  // Not used by the app; Kysely's interface requires it.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streamQuery no está disponible con Bun.SQL')
  }

  async begin(settings: TransactionSettings): Promise<void> {
    this.#reserved = await this.pool.reserve()
    const modes = [settings.isolationLevel && `isolation level ${settings.isolationLevel}`, settings.accessMode].filter(Boolean)
    await this.#reserved.unsafe(modes.length ? `begin ${modes.join(' ')}` : 'begin')
  }

  async end(command: 'commit' | 'rollback'): Promise<void> {
    const reserved = this.#reserved
    if (!reserved) return
    this.#ended = true
    try {
      await reserved.unsafe(command)
    } finally {
      this.#reserved = null
      reserved.release()
    }
  }
}

class BunSqlDriver implements Driver {
  constructor(
    readonly pool: SQL,
    readonly permits: Permits,
  ) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.permits.acquire()
    return new BunSqlConnection(this.pool)
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await (connection as BunSqlConnection).begin(settings)
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as BunSqlConnection).end('commit')
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as BunSqlConnection).end('rollback')
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // A transaction that neither committed nor rolled back (its connection lost) still gives its connection back.
    await (connection as BunSqlConnection).end('rollback').catch(() => {})
    this.permits.release()
  }
  async destroy(): Promise<void> {
    await this.pool.close({ timeout: 5 })
  }
}

/** `connections`: how many queries or transactions run at once (at most the pool's size); `acquireTimeoutMs`: how long one may wait for its turn. */
export type PoolOptions = { connections: number; acquireTimeoutMs: number }

export class BunSqlDialect implements Dialect {
  readonly #permits: Permits
  constructor(
    readonly pool: SQL,
    readonly options: PoolOptions,
  ) {
    this.#permits = new Permits(options.connections, options.acquireTimeoutMs)
  }
  createDriver(): Driver {
    return new BunSqlDriver(this.pool, this.#permits)
  }
  /** How many of the pool's connections run a query or transaction now, and how many wait for one. */
  use(): PoolUse {
    return this.#permits.use()
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler()
  }
  createAdapter(): DialectAdapter {
    return new PostgresAdapter()
  }
  createIntrospector(db: Parameters<Dialect['createIntrospector']>[0]): DatabaseIntrospector {
    return new PostgresIntrospector(db)
  }
}
