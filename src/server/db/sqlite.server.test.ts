import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describeSchema, encodeSchemaSnapshot, makeSchemaSnapshot } from '../../../db/schema-snapshot'
import { migrations } from '../../../db/migrations'
import { builtSchemaSnapshot, migrate, openDatabase, openMigrated } from './sqlite.server'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chq-db-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

const names = migrations.map((m) => m.name)
const snapshot = makeSchemaSnapshot()
/** A snapshot whose only migration is a marker table: shows whether a database came from it. */
const marker = makeSchemaSnapshot([{ version: 1, name: '001_marker', sql: 'CREATE TABLE marker (x INTEGER)' }])
const tables = (db: ReturnType<typeof openDatabase>) => db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((r) => r.name)

describe('a new database from the build-time schema snapshot', () => {
  test('is the same database as one every migration was applied to: schema, pragmas, recorded migrations', () => {
    const migratedDb = openDatabase(path.join(tempDir(), 'migrated.db'))
    expect(migrate(migratedDb).applied).toEqual(names)
    const before = new Date().toISOString()
    const { db, result, fromSnapshot } = openMigrated(path.join(tempDir(), 'chilaquiles.db'), { snapshot })
    const after = new Date().toISOString()
    expect(fromSnapshot).toBe(true)
    expect(result).toEqual({ applied: names, version: migrations.length })
    expect(describeSchema(db)).toEqual(describeSchema(migratedDb))
    expect(describeSchema(db).pragmas).toMatchObject({ journal_mode: 'wal', foreign_keys: 1, busy_timeout: 5000 })
    // Recorded as applied now, like migrate() would, not when the binary was built.
    for (const { applied_at } of db.query<{ applied_at: string }, []>('SELECT applied_at FROM schema_migrations').all()) {
      expect(applied_at >= before && applied_at <= after).toBe(true)
    }
    db.close()
    migratedDb.close()
  })

  test('survives the encoding the binary carries it in', () => {
    const b64 = encodeSchemaSnapshot(snapshot)
    expect(Bun.inflateSync(Buffer.from(b64, 'base64'))).toEqual(snapshot)
  })

  test('is written only where no database exists; reopening applies nothing and leaves no temporary file', () => {
    const dir = tempDir()
    const file = path.join(dir, 'chilaquiles.db')
    const first = openMigrated(file, { snapshot })
    first.db.run("INSERT INTO settings (key, value, updated_at) VALUES ('k', 'v', '2026-01-01')")
    first.db.close()
    const again = openMigrated(file, { snapshot: marker })
    expect(again.fromSnapshot).toBe(false)
    expect(again.result.applied).toEqual([])
    expect(tables(again.db)).not.toContain('marker')
    expect(again.db.query<{ value: string }, []>("SELECT value FROM settings WHERE key = 'k'").get()?.value).toBe('v')
    again.db.close()
    expect(readdirSync(dir).filter((f) => f.includes('snapshot'))).toEqual([])
  })

  test('a write-ahead log left without its database: migrated step by step, the snapshot is not used', () => {
    const file = path.join(tempDir(), 'chilaquiles.db')
    writeFileSync(`${file}-wal`, '')
    const { db, result, fromSnapshot } = openMigrated(file, { snapshot: marker })
    expect(fromSnapshot).toBe(false)
    expect(result.applied).toEqual(names)
    expect(tables(db)).not.toContain('marker')
    db.close()
  })

  test('a snapshot older than the program: the migrations after it are applied on top', () => {
    const old = makeSchemaSnapshot(migrations.slice(0, 2))
    const { db, result, fromSnapshot } = openMigrated(path.join(tempDir(), 'chilaquiles.db'), { snapshot: old })
    const migratedDb = openDatabase(':memory:')
    migrate(migratedDb)
    expect(fromSnapshot).toBe(true)
    expect(result.applied).toEqual(names)
    expect(describeSchema(db).objects).toEqual(describeSchema(migratedDb).objects)
    db.close()
  })

  test('from source there is no snapshot: a new database is migrated step by step', () => {
    expect(builtSchemaSnapshot()).toBeUndefined()
    const { db, result, fromSnapshot } = openMigrated(path.join(tempDir(), 'chilaquiles.db'))
    expect(fromSnapshot).toBe(false)
    expect(result.applied).toEqual(names)
    db.close()
  })
})
