import { Database } from 'bun:sqlite'
import type * as KyselyModule from 'kysely'
import type * as BunSqliteDialectModule from './bun-sqlite-dialect.server'
import { type Db, type QueryTimer, type Store, localChannels, queryLog } from './database.server'
import type { Tables } from './tables.server'
import { type Migration, migrations as embeddedMigrations } from '../../../db/migrations'

export { Database }

/**
 * The schema snapshot of the release build: a database file that `migrate()` brought to
 * the latest version (db/schema-snapshot.ts makes it), deflated and base64-encoded,
 * defined at compile time by scripts/build.ts. Undefined from source (tests, `bun run
 * start`): a new database is migrated step by step there.
 */
declare const CHQ_SCHEMA_SNAPSHOT: string | undefined
export const builtSchemaSnapshot = (): Uint8Array | undefined =>
  typeof CHQ_SCHEMA_SNAPSHOT === 'string' ? Bun.inflateSync(Buffer.from(CHQ_SCHEMA_SNAPSHOT, 'base64')) : undefined

/** Opens (creating it if needed, unless `create` is false) the SQLite file with the pragmas the app relies on. */
export function openDatabase(filename: string, { create = true } = {}): Database {
  const db = new Database(filename, { readwrite: true, create, strict: true })
  if (filename !== ':memory:') db.run('PRAGMA journal_mode = WAL')
  db.run('PRAGMA foreign_keys = ON')
  db.run('PRAGMA busy_timeout = 5000')
  db.run('PRAGMA synchronous = NORMAL')
  return db
}

export type MigrationResult = { applied: string[]; version: number }

/**
 * Applies, in order, every migration not yet recorded in `schema_migrations`.
 * Each one runs in its own transaction together with its bookkeeping row, so a
 * failing migration leaves the database exactly at the previous version.
 * Refuses a database written by a newer build (it would not understand it).
 */
export function migrate(db: Database, list: Migration[] = embeddedMigrations): MigrationResult {
  const sorted = [...list].sort((a, b) => a.version - b.version)
  sorted.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`Las migraciones deben ser consecutivas: falta la versión ${i + 1}`)
  })
  db.run(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`)
  const current = currentVersion(db)
  const latest = sorted.at(-1)?.version ?? 0
  if (current > latest) {
    throw new Error(`La base de datos está en la versión ${current}, más nueva que este programa (${latest}). Actualice el programa.`)
  }
  const applied: string[] = []
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)')
  for (const m of sorted) {
    if (m.version <= current) continue
    db.transaction(() => {
      db.run(m.sql)
      record.run(m.version, m.name, new Date().toISOString())
    })()
    applied.push(m.name)
  }
  return { applied, version: Math.max(current, latest) }
}

/**
 * What the schema snapshot's schema_migrations rows hold as applied_at: as long as an ISO
 * time (24 characters), replaced in the bytes by the moment the database is created.
 */
export const APPLIED_AT_PLACEHOLDER = '0000-00-00T00:00:00.000Z'

export type OpenMigratedOptions = {
  /** The bytes a new database starts from (default: the release build's, none from source). */
  snapshot?: Uint8Array | (() => Uint8Array | undefined)
  /** Called before a new database is created (main.ts: make DATA_DIR and its contents). */
  beforeCreate?: () => void
}

/**
 * Opens the database and brings it to the latest version (decision 018).
 *  - It exists (every start but the first): opened, then migrate() applies what this
 *    program adds, usually nothing. Nothing else is read: node:fs is not even loaded
 *    (~1.2 ms of a start).
 *  - It does not exist yet and there is a snapshot (the release binary): the bytes of a
 *    database that the same migrations made at build time are written instead of running
 *    every migration's DDL (~4-6 ms on a new data folder), their schema_migrations rows
 *    recording this moment as applied_at, as if migrate() had just run them.
 *  - Otherwise (from source: tests, `bun run start`): created and migrated step by step.
 */
export function openMigrated(filename: string, options: OpenMigratedOptions = {}): { db: Database; result: MigrationResult; fromSnapshot: boolean } {
  const existing = filename === ':memory:' ? undefined : openExisting(filename)
  if (existing) return { db: existing, result: migrate(existing), fromSnapshot: false }
  options.beforeCreate?.()
  const restored = restoreSnapshot(filename, options.snapshot ?? builtSchemaSnapshot)
  const db = openDatabase(filename)
  const applied = restored ? db.query<{ name: string }, []>('SELECT name FROM schema_migrations ORDER BY version').all().map((row) => row.name) : []
  const result = migrate(db)
  return { db, result: { applied: [...applied, ...result.applied], version: result.version }, fromSnapshot: restored }
}

/** The database if the file exists, else undefined (nothing created). */
function openExisting(filename: string): Database | undefined {
  try {
    return openDatabase(filename, { create: false })
  } catch {
    return undefined // missing (or unopenable: opening it again below reports why)
  }
}

/**
 * Writes `snapshot` as `filename` when neither the database nor a write-ahead log of it
 * exists (a log left behind would be replayed onto the snapshot). The file appears at once
 * or not at all: written under a temporary name, then hard-linked, which fails if another
 * process created the database meanwhile (that one is then opened as it is).
 */
function restoreSnapshot(filename: string, snapshot: Uint8Array | (() => Uint8Array | undefined)): boolean {
  // Loaded only here: a start with an existing database never needs node:fs.
  const { existsSync, linkSync, unlinkSync, writeFileSync } = require('node:fs') as typeof import('node:fs')
  if (existsSync(filename) || existsSync(`${filename}-wal`)) return false
  const source = typeof snapshot === 'function' ? snapshot() : snapshot // decoded only when needed
  if (source === undefined) return false
  const bytes = Buffer.from(source) // a copy: the placeholders are replaced in it
  const placeholder = Buffer.from(APPLIED_AT_PLACEHOLDER)
  const now = Buffer.from(new Date().toISOString())
  for (let at = bytes.indexOf(placeholder); at !== -1; at = bytes.indexOf(placeholder, at)) now.copy(bytes, at)
  const temporary = `${filename}.${process.pid}.snapshot`
  writeFileSync(temporary, bytes, { mode: 0o600 })
  try {
    linkSync(temporary, filename)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  } finally {
    unlinkSync(temporary)
  }
}

export function currentVersion(db: Database): number {
  const row = db.query<{ v: number | null }, []>('SELECT MAX(version) AS v FROM schema_migrations').get()
  return row?.v ?? 0
}

/**
 * The embedded store over an open (migrated) SQLite database: Kysely over the same
 * `bun:sqlite` handle (its driver runs one query or transaction at a time, so a
 * query made while a transaction is open waits for it and is never part of it), and
 * notifications that never leave the process.
 *
 * Kysely is loaded when `db` is first used, not at start: a start answers the menu
 * without it (startup-reads.server.ts) and the app is made after the first answer
 * (decision 016), which saves a start ~3 ms (decision 019).
 */
export function sqliteStore(database: Database, options: { onQuery?: QueryTimer } = {}): Store {
  let db: Db | undefined
  const makeDb = (): Db => {
    const { Kysely } = require('kysely') as typeof KyselyModule
    const { BunSqliteDialect } = require('./bun-sqlite-dialect.server') as typeof BunSqliteDialectModule
    return new Kysely<Tables>({ dialect: new BunSqliteDialect(database), log: queryLog(options.onQuery) })
  }
  const channels = localChannels()
  return {
    get db() {
      db ??= makeDb()
      return db
    },
    engine: 'sqlite',
    async notify(channel, payload) {
      channels.deliver(channel, payload)
    },
    async listen(channel, onMessage) {
      channels.add(channel, onMessage)
    },
    async ping() {
      database.query('SELECT 1').get()
    },
    async close() {
      if (db) await db.destroy() // closes the bun:sqlite handle
      else database.close()
    },
  }
}
