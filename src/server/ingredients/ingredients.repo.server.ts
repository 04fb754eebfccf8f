import type { Database } from 'bun:sqlite'
import type { Ingredient, IngredientCategory, IngredientData, IngredientType } from '../../shared/schemas'

type IngredientRow = {
  id: number
  name: string
  type: IngredientType
  price: number
  category: IngredientCategory
  available: number
  image: string | null
  description: string | null
}

const toIngredient = (r: IngredientRow): Ingredient => ({
  id: r.id,
  name: r.name,
  type: r.type,
  price: r.price,
  category: r.category,
  available: r.available === 1,
  image: r.image,
  description: r.description,
})

const TYPE_ORDER = `CASE type WHEN 'base' THEN 0 WHEN 'extra' THEN 1 WHEN 'salsa' THEN 2 ELSE 9 END`

/** Every ingredient: base, then extras, then salsas; by id within a type (seed order). */
export function listIngredients(db: Database): Ingredient[] {
  return db.query<IngredientRow, []>(`SELECT * FROM ingredients ORDER BY ${TYPE_ORDER}, id`).all().map(toIngredient)
}

export function listIngredientsByType(db: Database, type: IngredientType): Ingredient[] {
  return db.query<IngredientRow, [string]>('SELECT * FROM ingredients WHERE type = ? ORDER BY id').all(type).map(toIngredient)
}

export function getIngredient(db: Database, id: number): Ingredient | null {
  const row = db.query<IngredientRow, [number]>('SELECT * FROM ingredients WHERE id = ?').get(id)
  return row ? toIngredient(row) : null
}

export function countIngredients(db: Database): number {
  return db.query<{ n: number }, []>('SELECT COUNT(*) AS n FROM ingredients').get()?.n ?? 0
}

/** The ids of `ids` that are not ingredients. */
export function missingIngredientIds(db: Database, ids: number[]): number[] {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return []
  const found = new Set(
    db
      .query<{ id: number }, [string]>('SELECT id FROM ingredients WHERE id IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(unique))
      .map((r) => r.id),
  )
  return unique.filter((id) => !found.has(id))
}

const columns = (i: IngredientData) => ({
  name: i.name,
  type: i.type,
  price: i.price,
  category: i.category,
  available: i.available ? 1 : 0,
  image: i.image,
  description: i.description,
})

export function createIngredient(db: Database, data: IngredientData): Ingredient {
  const row = db
    .query<IngredientRow, ReturnType<typeof columns>>(
      `INSERT INTO ingredients (name, type, price, category, available, image, description)
       VALUES ($name, $type, $price, $category, $available, $image, $description) RETURNING *`,
    )
    .get(columns(data))
  if (!row) throw new Error('insert returned no row')
  return toIngredient(row)
}

/** Full replacement. Returns null when the id does not exist. */
export function updateIngredient(db: Database, id: number, data: IngredientData): Ingredient | null {
  const row = db
    .query<IngredientRow, ReturnType<typeof columns> & { id: number }>(
      `UPDATE ingredients SET name = $name, type = $type, price = $price, category = $category,
         available = $available, image = $image, description = $description
       WHERE id = $id RETURNING *`,
    )
    .get({ ...columns(data), id })
  return row ? toIngredient(row) : null
}

const LIST_COLUMNS = ['available_sauces', 'base_ingredient_ids', 'extra_ingredient_ids'] as const

/**
 * Deletes the ingredient and, in the same transaction, removes its id from every
 * product's lists (sauces, base, extras). Returns false when the id does not exist.
 */
export function deleteIngredient(db: Database, id: number): boolean {
  return db.transaction(() => {
    const deleted = db.run('DELETE FROM ingredients WHERE id = ?', [id]).changes > 0
    if (!deleted) return false
    for (const col of LIST_COLUMNS) {
      db.query<unknown, { id: number }>(
        `UPDATE products
         SET ${col} = (SELECT json_group_array(value) FROM json_each(products.${col}) WHERE value != $id)
         WHERE EXISTS (SELECT 1 FROM json_each(products.${col}) WHERE value = $id)`,
      ).run({ id })
    }
    return true
  })()
}
