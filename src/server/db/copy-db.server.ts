/**
 * `chilaquiles copy-db --to <postgres URL>`: moves a restaurant from its SQLite file to
 * PostgreSQL (decision 019). The target must be empty (no rows in any table the app
 * owns); it is migrated, every table is copied row by row in ONE transaction with the
 * same ids, the uploaded photos are read from DATA_DIR/uploads into `photos`, identity
 * sequences are moved past the copied ids, and the row counts of both sides are
 * compared and printed. Any difference, or any error, leaves the target as it was.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type Kysely, sql } from 'kysely'
import type { Config } from '../config.server'
import { photoType } from '../uploads/uploads.server'
import { redactDatabaseUrl } from './database-url.server'
import { SESSION_SECRET_KEY } from './open-store.server'
import { openPostgresStore } from './postgres.server'
import { openDatabase, migrate } from './sqlite.server'
import type { Tables } from './tables.server'

/** The categories a new database is created with (migrations 010 / 006). */
const MIGRATION_CATEGORIES = ['chilaquiles', 'bebidas', 'postres', 'extras'] as const

/** Copied in this order (users before sessions, option groups before their options: the foreign keys). */
const TABLES = [
  'users',
  'sessions',
  'ingredients',
  'categories',
  'option_groups',
  'options',
  'products',
  'product_menu',
  'coverage_zones',
  'settings',
  'api_keys',
  'subscribers',
  'orders',
  'order_lines',
  'counters',
  'attempts',
  'instance_state',
  // The staff's devices keep their avisos: the VAPID keys they were made for travel in instance_state.
  'push_subscriptions',
] as const satisfies readonly (keyof Tables)[]

/** Tables whose integer ids are identities on PostgreSQL: their sequences continue after the copied ids. */
const IDENTITIES = ['ingredients', 'option_groups', 'options', 'products', 'coverage_zones', 'api_keys', 'subscribers', 'orders'] as const

const BATCH = 200

export async function copySqliteToPostgres(config: Config, targetUrl: string, log: (line: string) => void = console.log): Promise<number> {
  const { existsSync } = await import('node:fs')
  if (!existsSync(config.databaseFile)) {
    console.error(`Error: no existe ${config.databaseFile}: nada que copiar (DATA_DIR=${config.dataDir})`)
    return 1
  }
  const source = openDatabase(config.databaseFile, { create: false })
  migrate(source) // an older file gains the columns the target has
  const target = await openPostgresStore(targetUrl, { log: (line) => console.error(line), giveUpAfterMs: 10_000 })
  try {
    const db = target.db
    const occupied = await nonEmptyTables(db)
    if (occupied.length > 0) {
      console.error(`Error: la base de destino no está vacía (${occupied.join(', ')}); copy-db solo copia a una base nueva.`)
      return 1
    }
    const photos = photoFiles(config.uploadsDir)
    const counts: { table: string; source: number; target: number }[] = []
    await db.transaction().execute(async (trx) => {
      // The migration's own rows (the counters, the four categories) are replaced by the source's.
      await trx.deleteFrom('counters').execute()
      await trx.deleteFrom('categories').execute()
      for (const table of TABLES) {
        const rows = source.query(`SELECT * FROM ${table}`).all() as Record<string, unknown>[]
        for (let i = 0; i < rows.length; i += BATCH) {
          // The rows have the same columns on both engines (tables.server.ts); the source is the typed one.
          await trx.insertInto(table).values(rows.slice(i, i + BATCH) as never).execute()
        }
        counts.push({ table, source: rows.length, target: await countRows(trx, table) })
      }
      for (const photo of photos) {
        await trx
          .insertInto('photos')
          .values({ name: photo.name, content_type: photo.type, bytes: readFileSync(photo.file), created_at: new Date().toISOString() })
          .execute()
      }
      counts.push({ table: 'photos (uploads/)', source: photos.length, target: await countRows(trx, 'photos') })
      // The sessions signed with DATA_DIR/session-secret stay valid: the instances will read
      // the secret from here (unless SESSION_SECRET is set, which then signs them all).
      if (!config.sessionSecretConfigured) {
        await trx.insertInto('instance_state').values({ key: SESSION_SECRET_KEY, value: config.sessionSecret }).onConflict((oc) => oc.column('key').doNothing()).execute()
      }
      for (const table of IDENTITIES) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(trx)
      }
      const different = counts.filter((c) => c.source !== c.target)
      if (different.length > 0) throw new Error(`las filas no coinciden en ${different.map((c) => c.table).join(', ')}; no se copió nada`)
    })
    log(`Copiado de ${config.databaseFile} a ${redactDatabaseUrl(targetUrl)}:`)
    const width = Math.max(...counts.map((c) => c.table.length))
    log(`${'tabla'.padEnd(width)}  sqlite  postgres`)
    for (const c of counts) log(`${c.table.padEnd(width)}  ${String(c.source).padStart(6)}  ${String(c.target).padStart(8)}`)
    log('Las filas coinciden. Inicie el servidor con DATABASE_URL=<la URL> (y el mismo SESSION_SECRET si lo definió): las sesiones abiertas siguen valiendo.')
    return 0
  } finally {
    source.close()
    await target.close()
  }
}

async function countRows(db: Kysely<Tables>, table: keyof Tables): Promise<number> {
  const row = await db.selectFrom(table).select(sql<string>`count(*)`.as('n')).executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** Tables of the app that hold any row, ignoring the counters the migration itself writes. */
async function nonEmptyTables(db: Kysely<Tables>): Promise<string[]> {
  const found: string[] = []
  for (const table of [...TABLES, 'photos'] as const) {
    if (table === 'counters') {
      const used = await db.selectFrom('counters').select('name').where('value', '<>', 0).executeTakeFirst()
      if (used) found.push(table)
    } else if (table === 'categories') {
      // A new database holds the four the migration writes; any other is the owner's.
      const own = await db.selectFrom('categories').select('slug').where('slug', 'not in', [...MIGRATION_CATEGORIES]).executeTakeFirst()
      if (own) found.push(table)
    } else if ((await countRows(db, table)) > 0) found.push(table)
  }
  return found
}

function photoFiles(uploadsDir: string): { name: string; file: string; type: string }[] {
  let names: string[]
  try {
    names = readdirSync(uploadsDir)
  } catch {
    return []
  }
  return names.flatMap((name) => {
    const type = photoType(name)
    return type ? [{ name, file: path.join(uploadsDir, name), type }] : []
  })
}
