import type { Database } from 'bun:sqlite'
import type { CoverageZone, ZoneData } from '../../shared/schemas'

type ZoneRow = { id: number; name: string; delivery_cost: number; estimated_time: string | null; available: number; minimum_order: number | null }
const toZone = (r: ZoneRow): CoverageZone => ({
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
  available: z.available ? 1 : 0,
  minimum_order: z.minimumOrder,
})

export function listZones(db: Database): CoverageZone[] {
  return db.query<ZoneRow, []>('SELECT * FROM coverage_zones ORDER BY name COLLATE NOCASE, id').all().map(toZone)
}

export function getZone(db: Database, id: number): CoverageZone | null {
  const row = db.query<ZoneRow, [number]>('SELECT * FROM coverage_zones WHERE id = ?').get(id)
  return row ? toZone(row) : null
}

export function createZone(db: Database, data: ZoneData): CoverageZone {
  const row = db
    .query<ZoneRow, ReturnType<typeof columns>>(
      `INSERT INTO coverage_zones (name, delivery_cost, estimated_time, available, minimum_order)
       VALUES ($name, $delivery_cost, $estimated_time, $available, $minimum_order) RETURNING *`,
    )
    .get(columns(data))
  if (!row) throw new Error('insert returned no row')
  return toZone(row)
}

export function updateZone(db: Database, id: number, data: ZoneData): CoverageZone | null {
  const row = db
    .query<ZoneRow, ReturnType<typeof columns> & { id: number }>(
      `UPDATE coverage_zones SET name = $name, delivery_cost = $delivery_cost, estimated_time = $estimated_time,
         available = $available, minimum_order = $minimum_order WHERE id = $id RETURNING *`,
    )
    .get({ ...columns(data), id })
  return row ? toZone(row) : null
}

export function deleteZone(db: Database, id: number): boolean {
  return db.run('DELETE FROM coverage_zones WHERE id = ?', [id]).changes > 0
}
