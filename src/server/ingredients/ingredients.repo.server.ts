import type { Selectable } from 'kysely'
import type { Ingredient, IngredientData, IngredientType } from '../../shared/schemas'
import { type Db, inTransaction, lockMenuWrites } from '../db/database.server'
import { asNumber, flag, idsFrom } from '../db/rows.server'
import type { IngredientsTable } from '../db/tables.server'

export const toIngredient = (r: Selectable<IngredientsTable>): Ingredient => ({
  id: r.id,
  name: r.name,
  type: r.type,
  price: r.price,
  category: r.category,
  available: r.available === 1,
  image: r.image,
  description: r.description,
})

/** The query of GET /api/ingredients: base, then extras, then salsas; by id within a type (seed order). */
export const ingredientListQuery = (db: Db) =>
  db
    .selectFrom('ingredients')
    .selectAll()
    .orderBy((eb) => eb.case('type').when('base').then(0).when('extra').then(1).when('salsa').then(2).else(9).end())
    .orderBy('id')

/** Every ingredient, in the list's order. */
export async function listIngredients(db: Db): Promise<Ingredient[]> {
  return (await ingredientListQuery(db).execute()).map(toIngredient)
}

export async function listIngredientsByType(db: Db, type: IngredientType): Promise<Ingredient[]> {
  const rows = await db.selectFrom('ingredients').selectAll().where('type', '=', type).orderBy('id').execute()
  return rows.map(toIngredient)
}

/** The ingredients of `ids` that exist, by id: one query, however many ids. */
export async function ingredientsByIds(db: Db, ids: readonly number[]): Promise<Map<number, Ingredient>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('ingredients').selectAll().where('id', 'in', ids).execute()
  return new Map(rows.map((row) => [row.id, toIngredient(row)]))
}

export async function getIngredient(db: Db, id: number): Promise<Ingredient | null> {
  const row = await db.selectFrom('ingredients').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toIngredient(row) : null
}

export async function countIngredients(db: Db): Promise<number> {
  const row = await db.selectFrom('ingredients').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst()
  return asNumber(row?.n)
}

/** The ids of `ids` that are not ingredients. */
export async function missingIngredientIds(db: Db, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return []
  const rows = await db.selectFrom('ingredients').select('id').where('id', 'in', unique).execute()
  const found = new Set(rows.map((r) => r.id))
  return unique.filter((id) => !found.has(id))
}

const columns = (i: IngredientData) => ({
  name: i.name,
  type: i.type,
  price: i.price,
  category: i.category,
  available: flag(i.available),
  image: i.image,
  description: i.description,
})

export async function createIngredient(db: Db, data: IngredientData): Promise<Ingredient> {
  return toIngredient(await db.insertInto('ingredients').values(columns(data)).returningAll().executeTakeFirstOrThrow())
}

/** Full replacement. Returns null when the id does not exist. */
export async function updateIngredient(db: Db, id: number, data: IngredientData): Promise<Ingredient | null> {
  const row = await db.updateTable('ingredients').set(columns(data)).where('id', '=', id).returningAll().executeTakeFirst()
  return row ? toIngredient(row) : null
}

const LIST_COLUMNS = ['available_sauces', 'base_ingredient_ids', 'extra_ingredient_ids'] as const

/**
 * Deletes the ingredient and, in the same transaction, removes its id from every
 * product's lists (sauces, base, extras). Returns false when the id does not exist.
 * The lists are JSON text on both engines; the menu is small, so they are rewritten
 * here rather than with each engine's own JSON functions.
 */
export async function deleteIngredient(db: Db, id: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await lockMenuWrites(trx) // no product save interleaves with the rewrite of the lists
    const deleted = await trx.deleteFrom('ingredients').where('id', '=', id).executeTakeFirst()
    if (Number(deleted.numDeletedRows) === 0) return false
    const products = await trx.selectFrom('products').select(['id', ...LIST_COLUMNS]).execute()
    for (const product of products) {
      const changes: Partial<Record<(typeof LIST_COLUMNS)[number], string>> = {}
      for (const col of LIST_COLUMNS) {
        const ids = idsFrom(product[col])
        if (ids.includes(id)) changes[col] = JSON.stringify(ids.filter((v) => v !== id))
      }
      if (Object.keys(changes).length > 0) await trx.updateTable('products').set(changes).where('id', '=', product.id).execute()
    }
    return true
  })
}
