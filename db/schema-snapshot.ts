/**
 * The schema snapshot the release binary starts a new database from (decision 018):
 * the bytes of a database that `migrate()` brought to the latest version, made at build
 * time (scripts/build.ts) and restored by `openMigrated()` (src/server/db/sqlite.server.ts) when
 * the data folder has no database yet. Build and test code only; the server never
 * imports this module.
 */
import type { Database } from 'bun:sqlite'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { APPLIED_AT_PLACEHOLDER, migrate, openDatabase } from '../src/server/db/sqlite.server'
import { type Migration, migrations } from './migrations'

/**
 * A new file database, every migration applied by migrate() exactly as a server would,
 * its write-ahead log folded back into the file (the header keeps journal_mode WAL).
 * The recorded migrations' applied_at is a placeholder of the same length as a time, which
 * openMigrated() replaces in the bytes: a new database is written once, never updated.
 */
export function makeSchemaSnapshot(list: Migration[] = migrations): Uint8Array<ArrayBuffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'chq-schema-'))
  try {
    const file = path.join(dir, 'schema.db')
    const db = openDatabase(file)
    migrate(db, list)
    db.run('UPDATE schema_migrations SET applied_at = ?', [APPLIED_AT_PLACEHOLDER])
    db.run('PRAGMA wal_checkpoint(TRUNCATE)')
    db.close()
    const bytes = new Uint8Array(readFileSync(file))
    // Exactly once per recorded migration, else the bytes cannot be stamped safely.
    const found = Buffer.from(bytes).toString('latin1').split(APPLIED_AT_PLACEHOLDER).length - 1
    if (found !== list.length) throw new Error(`schema snapshot: ${found} applied_at placeholders for ${list.length} migrations`)
    return bytes
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The snapshot as scripts/build.ts defines it in the binary (CHQ_SCHEMA_SNAPSHOT): deflated, base64. */
export const encodeSchemaSnapshot = (bytes: Uint8Array<ArrayBuffer>): string => Buffer.from(Bun.deflateSync(bytes, { level: 9 })).toString('base64')

/**
 * Everything about a database's schema a program could tell apart: the schema objects
 * with their SQL (not where their pages happen to be), the header pragmas and the
 * migrations it records. Two databases with equal descriptions are the same to the app.
 */
export function describeSchema(db: Database) {
  const pragma = (name: string) => Object.values(db.query<Record<string, unknown>, []>(`PRAGMA ${name}`).get() ?? {})[0]
  return {
    objects: db
      .query<{ type: string; name: string; tbl_name: string; sql: string | null }, []>('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name')
      .all(),
    pragmas: Object.fromEntries(
      ['user_version', 'schema_version', 'application_id', 'journal_mode', 'page_size', 'auto_vacuum', 'encoding', 'foreign_keys', 'busy_timeout', 'synchronous'].map(
        (name) => [name, pragma(name)],
      ),
    ),
    migrations: db.query<{ version: number; name: string }, []>('SELECT version, name FROM schema_migrations ORDER BY version').all(),
    integrity: pragma('integrity_check'),
  }
}
