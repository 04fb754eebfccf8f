import { Database } from 'bun:sqlite'
import { type Migration, migrations as embeddedMigrations } from '../../db/migrations'

export { Database }

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

export function currentVersion(db: Database): number {
  const row = db.query<{ v: number | null }, []>('SELECT MAX(version) AS v FROM schema_migrations').get()
  return row?.v ?? 0
}
