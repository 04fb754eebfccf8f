/**
 * A Kysely dialect over `bun:sqlite` that keeps its prepared statements (decision 030).
 *
 * It replaces `kysely-bun-sqlite`, which prepares every query again and never finalizes
 * the statement: under the checkout's load that was 21% of the server's CPU (profile of
 * issue #29). Here a statement is prepared once per SQL text and reused; Kysely sends the
 * same text for the same query shape (values are parameters), so the set is small, and it
 * is bounded anyway (the least recently used one is finalized past STATEMENT_CACHE).
 *
 * One connection, one query or transaction at a time (SQLite has one writer): a mutex hands
 * the connection out, so a query made while a transaction is open waits for it and is never
 * part of it. Every query runs synchronously once it has the connection.
 */
import type { Database, SQLQueryBindings, Statement } from 'bun:sqlite'
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely'

/** Statements kept prepared: far above the app's query shapes (about 150), so a steady load never evicts. */
export const STATEMENT_CACHE = 500

/** Prepared statements by SQL text, least recently used first. */
class StatementCache {
  #statements = new Map<string, Statement>()
  constructor(
    private readonly database: Database,
    private readonly size: number,
  ) {}

  get(sql: string): Statement {
    let statement = this.#statements.get(sql)
    if (statement) {
      this.#statements.delete(sql) // moved to the end: the most recently used
    } else {
      statement = this.database.prepare(sql)
      if (this.#statements.size >= this.size) {
        const [oldest, evicted] = this.#statements.entries().next().value ?? []
        if (oldest !== undefined) this.#statements.delete(oldest)
        evicted?.finalize()
      }
    }
    this.#statements.set(sql, statement)
    return statement
  }

  get count(): number {
    return this.#statements.size
  }

  clear(): void {
    for (const statement of this.#statements.values()) statement.finalize()
    this.#statements.clear()
  }
}

class BunSqliteConnection implements DatabaseConnection {
  constructor(
    private readonly statements: StatementCache,
    private readonly database: Database,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.statements.get(query.sql)
    const parameters = query.parameters as SQLQueryBindings[]
    if (statement.columnNames.length > 0) return { rows: statement.all(...parameters) as R[] }
    const result = statement.run(...parameters)
    return { rows: [], numAffectedRows: BigInt(result.changes), insertId: BigInt(result.lastInsertRowid) }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // Its own statement: a cached one could be reused by another query while this one iterates.
    const statement = this.database.prepare(query.sql)
    try {
      for (const row of statement.iterate(...(query.parameters as SQLQueryBindings[]))) yield { rows: [row as R] }
    } finally {
      statement.finalize()
    }
  }
}

/** One holder at a time; the others wait in order. */
class Mutex {
  #tail: Promise<void> = Promise.resolve()
  #release: (() => void) | undefined

  async lock(): Promise<void> {
    const previous = this.#tail
    let release!: () => void
    this.#tail = new Promise((resolve) => {
      release = resolve
    })
    await previous
    this.#release = release
  }

  unlock(): void {
    const release = this.#release
    this.#release = undefined
    release?.()
  }
}

class BunSqliteDriver implements Driver {
  readonly #mutex = new Mutex()
  readonly #statements: StatementCache
  readonly #connection: BunSqliteConnection

  constructor(private readonly database: Database) {
    this.#statements = new StatementCache(database, STATEMENT_CACHE)
    this.#connection = new BunSqliteConnection(this.#statements, database)
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock()
    return this.#connection
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock()
  }

  async destroy(): Promise<void> {
    this.#statements.clear()
    this.database.close()
  }
}

export class BunSqliteDialect implements Dialect {
  constructor(private readonly database: Database) {}

  createDriver(): Driver {
    return new BunSqliteDriver(this.database)
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler()
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter()
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db)
  }
}

export { StatementCache }
