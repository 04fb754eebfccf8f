import { Database } from 'bun:sqlite'
import { existsSync, linkSync, unlinkSync, writeFileSync } from 'node:fs'
import { type Migration, migrations as embeddedMigrations } from '../../db/migrations'

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

/** Opens (creating if needed) the SQLite file with the pragmas the app relies on. */
export function openDatabase(filename: string): Database {
  const db = new Database(filename, { create: true, strict: true })
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
 * Opens the database and brings it to the latest version. A database that does not exist
 * yet starts from `snapshot` when there is one (the release binary: the bytes of a database
 * the same migrations made at build time, decision 018), which costs a file write instead
 * of every migration's DDL (~4-6 ms on a new data folder); its schema_migrations rows get
 * this moment as applied_at, as if migrate() had just run them. Then migrate() as always
 * (nothing left to apply after a snapshot; any later migration otherwise).
 */
export function openMigrated(
  filename: string,
  snapshot: Uint8Array | undefined = builtSchemaSnapshot(),
): { db: Database; result: MigrationResult; fromSnapshot: boolean } {
  const restored = snapshot !== undefined && restoreSnapshot(filename, snapshot)
  const db = openDatabase(filename)
  let applied: string[] = []
  if (restored) {
    const now = new Date().toISOString()
    db.transaction(() => {
      db.run('UPDATE schema_migrations SET applied_at = ?', [now])
      applied = db.query<{ name: string }, []>('SELECT name FROM schema_migrations ORDER BY version').all().map((row) => row.name)
    })()
  }
  const result = migrate(db)
  return { db, result: { applied: [...applied, ...result.applied], version: result.version }, fromSnapshot: restored }
}

/**
 * Writes `snapshot` as `filename` when neither the database nor a write-ahead log of it
 * exists (a log left behind would be replayed onto the snapshot). The file appears at once
 * or not at all: written under a temporary name, then hard-linked, which fails if another
 * process created the database meanwhile (that one is then opened as it is).
 */
function restoreSnapshot(filename: string, snapshot: Uint8Array): boolean {
  if (filename === ':memory:' || existsSync(filename) || existsSync(`${filename}-wal`)) return false
  const temporary = `${filename}.${process.pid}.snapshot`
  writeFileSync(temporary, snapshot, { mode: 0o600 })
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
