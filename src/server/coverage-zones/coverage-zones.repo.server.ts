import type { Selectable } from 'kysely'
import type { CoverageZone, ZoneData } from '../../shared/schemas'
import type { Db } from '../db/database.server'
import { flag } from '../db/rows.server'
import type { CoverageZonesTable } from '../db/tables.server'

const toZone = (r: Selectable<CoverageZonesTable>): CoverageZone => ({
  id: r.id,
  name: r.name,
  deliveryCost: r.delivery_cost,
  estimatedTime: r.estimated_time,
  available: r.available === 1,
  minimumOrder: r.minimum_order,
})
const columns = (z: ZoneData) => ({
  name: z.name,
  delivery_cost: z.deliveryCost,
  estimated_time: z.estimatedTime,
  available: flag(z.available),
  minimum_order: z.minimumOrder,
})

/** The query of GET /api/coverage-zones (the fast path runs it compiled at build time: db/startup-reads.server.ts). */
export const zoneListQuery = (db: Db) => db.selectFrom('coverage_zones').selectAll()

const byName = new Intl.Collator('es', { sensitivity: 'base' })

/**
 * Rows of zoneListQuery as the list: by name in Spanish, ignoring case and accents
 * ('Álamos' with the A's), then by id. Sorted here, not by the database: SQLite and
 * PostgreSQL collate differently.
 */
export const zonesFromRows = (rows: Selectable<CoverageZonesTable>[]): CoverageZone[] =>
  rows.map(toZone).sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)

export async function listZones(db: Db): Promise<CoverageZone[]> {
  return zonesFromRows(await zoneListQuery(db).execute())
}

export async function getZone(db: Db, id: number): Promise<CoverageZone | null> {
  const row = await db.selectFrom('coverage_zones').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toZone(row) : null
}

export async function createZone(db: Db, data: ZoneData): Promise<CoverageZone> {
  return toZone(await db.insertInto('coverage_zones').values(columns(data)).returningAll().executeTakeFirstOrThrow())
}

export async function updateZone(db: Db, id: number, data: ZoneData): Promise<CoverageZone | null> {
  const row = await db.updateTable('coverage_zones').set(columns(data)).where('id', '=', id).returningAll().executeTakeFirst()
  return row ? toZone(row) : null
}

export async function deleteZone(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('coverage_zones').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
