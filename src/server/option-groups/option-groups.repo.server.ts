/**
 * Option groups and their options (issue #32): two tables (migration sqlite 012 / postgres 008).
 * Every read of the groups is ONE query, groups joined to their options: a menu has a handful
 * of groups, so the checkout reads them all beside its other reads rather than one query per
 * group or option (decision 035).
 */
import type { OptionGroup } from '../../shared/options'
import type { OptionGroupData } from '../../shared/schemas/option-group'
import { type Db, inTransaction } from '../db/database.server'
import { flag, idsFrom } from '../db/rows.server'

/** The groups (by id order) with their options (by position), from one joined query. */
async function readGroups(db: Db, only?: number): Promise<OptionGroup[]> {
  let query = db
    .selectFrom('option_groups as g')
    .leftJoin('options as o', 'o.group_id', 'g.id')
    .select([
      'g.id as id',
      'g.name as name',
      'g.min as min',
      'g.max as max',
      'o.id as option_id',
      'o.name as option_name',
      'o.price as option_price',
      'o.price_grande as option_price_grande',
      'o.available as option_available',
      'o.is_default as option_is_default',
    ])
    .orderBy('g.id')
    .orderBy('o.position')
    .orderBy('o.id')
  if (only !== undefined) query = query.where('g.id', '=', only)
  const groups = new Map<number, OptionGroup>()
  for (const row of await query.execute()) {
    let group = groups.get(row.id)
    if (!group) {
      group = { id: row.id, name: row.name, min: row.min, max: row.max, options: [] }
      groups.set(row.id, group)
    }
    if (row.option_id === null || row.option_name === null) continue
    group.options.push({
      id: row.option_id,
      name: row.option_name,
      price: row.option_price ?? 0,
      priceGrande: row.option_price_grande,
      available: row.option_available === 1,
      isDefault: row.option_is_default === 1,
    })
  }
  return [...groups.values()]
}

/** Every group, in the order they were created. */
export const listOptionGroups = (db: Db): Promise<OptionGroup[]> => readGroups(db)

/** Every group by id: what pricing reads (one query, whatever the order names). */
export async function optionGroupsById(db: Db): Promise<Map<number, OptionGroup>> {
  return new Map((await readGroups(db)).map((g) => [g.id, g]))
}

export async function getOptionGroup(db: Db, id: number): Promise<OptionGroup | null> {
  return (await readGroups(db, id))[0] ?? null
}

/** The ids of `ids` that name no group (a product's `optionGroupIds` must all exist). */
export async function missingOptionGroupIds(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('option_groups').select('id').where('id', 'in', [...ids]).execute()
  const found = new Set(rows.map((r) => r.id))
  return ids.filter((id) => !found.has(id))
}

/**
 * How many products name group `id`. The ids are JSON text in product_menu (read the same way on
 * both engines, and a menu has tens of products), so they are counted here rather than by SQL
 * JSON functions that differ between SQLite and PostgreSQL.
 */
export async function countProductsUsing(db: Db, id: number): Promise<number> {
  const rows = await db.selectFrom('product_menu').select('option_group_ids').where('option_group_ids', '!=', '[]').execute()
  return rows.filter((r) => idsFrom(r.option_group_ids).includes(id)).length
}

type OptionData = OptionGroupData['options'][number]

const optionColumns = (o: OptionData, position: number) => ({
  position,
  name: o.name,
  price: o.price,
  price_grande: o.priceGrande,
  available: flag(o.available),
  is_default: flag(o.isDefault),
})

export async function createOptionGroup(db: Db, data: OptionGroupData, now: Date = new Date()): Promise<OptionGroup> {
  return inTransaction(db, async (trx) => {
    const at = now.toISOString()
    const { id } = await trx
      .insertInto('option_groups')
      .values({ name: data.name, min: data.min, max: data.max, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('options')
      .values(data.options.map((o, i) => ({ group_id: id, ...optionColumns(o, i) })))
      .execute()
    const group = await getOptionGroup(trx, id)
    if (!group) throw new Error(`option group ${id} vanished inside its own transaction`)
    return group
  })
}

export type GroupUpdate = { kind: 'updated'; group: OptionGroup } | { kind: 'notFound' } | { kind: 'foreignOption'; index: number }

/**
 * Full replacement of a group: an option sent with its id keeps that id (carts and orders name
 * it), one without is new, one left out is deleted. An id that is not one of this group's
 * options is refused (`foreignOption`, the index of the first) and nothing changes.
 */
export async function updateOptionGroup(db: Db, id: number, data: OptionGroupData, now: Date = new Date()): Promise<GroupUpdate> {
  return inTransaction(db, async (trx): Promise<GroupUpdate> => {
    // Checked before anything is written: inside a caller's transaction nothing would roll it back.
    const exists = await trx.selectFrom('option_groups').select('id').where('id', '=', id).executeTakeFirst()
    if (!exists) return { kind: 'notFound' }
    const mine = new Set((await trx.selectFrom('options').select('id').where('group_id', '=', id).execute()).map((r) => r.id))
    const index = data.options.findIndex((o) => o.id !== undefined && !mine.has(o.id))
    if (index >= 0) return { kind: 'foreignOption', index }

    await trx.updateTable('option_groups').set({ name: data.name, min: data.min, max: data.max, updated_at: now.toISOString() }).where('id', '=', id).execute()
    const kept = data.options.flatMap((o) => (o.id === undefined ? [] : [o.id]))
    let gone = trx.deleteFrom('options').where('group_id', '=', id)
    if (kept.length > 0) gone = gone.where('id', 'not in', kept)
    await gone.execute()
    for (const [position, option] of data.options.entries()) {
      if (option.id === undefined) await trx.insertInto('options').values({ group_id: id, ...optionColumns(option, position) }).execute()
      else await trx.updateTable('options').set(optionColumns(option, position)).where('id', '=', option.id).where('group_id', '=', id).execute()
    }
    const group = await getOptionGroup(trx, id)
    return group ? { kind: 'updated', group } : { kind: 'notFound' }
  })
}

/** Deletes the group and its options (ON DELETE CASCADE); false when it does not exist. */
export async function deleteOptionGroup(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('option_groups').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** 'Agotado' (false) or back (true) for one option of group `groupId`; null when there is no such option in that group. */
export async function setOptionAvailability(db: Db, groupId: number, optionId: number, available: boolean): Promise<OptionGroup | null> {
  const updated = await db.updateTable('options').set({ available: flag(available) }).where('id', '=', optionId).where('group_id', '=', groupId).executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0 ? getOptionGroup(db, groupId) : null
}
