import type { Database } from 'bun:sqlite'
import { type ProductCategory, compareMenuOrder } from '../../shared/menu'
import type { Product, ProductData } from '../../shared/schemas'

type ProductRow = {
  id: number
  name: string
  description: string
  category: ProductCategory
  price: number
  price_grande: number | null
  sauce: string | null
  image: string | null
  available: number
  display_order: number
  available_sauces: string
  base_ingredient_ids: string
  extra_ingredient_ids: string
}

const idsFrom = (json: string): number[] => {
  const value: unknown = JSON.parse(json)
  return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : []
}

export const toProduct = (r: ProductRow): Product => ({
  id: r.id,
  name: r.name,
  description: r.description,
  category: r.category,
  price: r.price,
  priceGrande: r.price_grande,
  sauce: r.sauce,
  image: r.image,
  available: r.available === 1,
  displayOrder: r.display_order,
  availableSauces: idsFrom(r.available_sauces),
  baseIngredientIds: idsFrom(r.base_ingredient_ids),
  extraIngredientIds: idsFrom(r.extra_ingredient_ids),
})

/** Every product, available or not, in menu order (the one comparator in shared/menu.ts). */
export function listProducts(db: Database): Product[] {
  return db.query<ProductRow, []>('SELECT * FROM products').all().map(toProduct).sort(compareMenuOrder)
}

export function listProductsByCategory(db: Database, category: ProductCategory): Product[] {
  return db.query<ProductRow, [string]>('SELECT * FROM products WHERE category = ?').all(category).map(toProduct).sort(compareMenuOrder)
}

export function getProduct(db: Database, id: number): Product | null {
  const row = db.query<ProductRow, [number]>('SELECT * FROM products WHERE id = ?').get(id)
  return row ? toProduct(row) : null
}

export function countProducts(db: Database): number {
  return db.query<{ n: number }, []>('SELECT COUNT(*) AS n FROM products').get()?.n ?? 0
}

const dedupe = (ids: number[]) => JSON.stringify([...new Set(ids)])

const columns = (p: ProductData) => ({
  name: p.name,
  description: p.description,
  category: p.category,
  price: p.price,
  price_grande: p.priceGrande,
  sauce: p.sauce,
  image: p.image,
  available: p.available ? 1 : 0,
  display_order: p.displayOrder,
  available_sauces: dedupe(p.availableSauces),
  base_ingredient_ids: dedupe(p.baseIngredientIds),
  extra_ingredient_ids: dedupe(p.extraIngredientIds),
})

export function createProduct(db: Database, data: ProductData): Product {
  const row = db
    .query<ProductRow, ReturnType<typeof columns>>(
      `INSERT INTO products (name, description, category, price, price_grande, sauce, image, available, display_order,
         available_sauces, base_ingredient_ids, extra_ingredient_ids)
       VALUES ($name, $description, $category, $price, $price_grande, $sauce, $image, $available, $display_order,
         $available_sauces, $base_ingredient_ids, $extra_ingredient_ids)
       RETURNING *`,
    )
    .get(columns(data))
  if (!row) throw new Error('insert returned no row')
  return toProduct(row)
}

/** Full replacement. Returns null when the id does not exist. */
export function updateProduct(db: Database, id: number, data: ProductData): Product | null {
  const row = db
    .query<ProductRow, ReturnType<typeof columns> & { id: number }>(
      `UPDATE products SET name = $name, description = $description, category = $category, price = $price,
         price_grande = $price_grande, sauce = $sauce, image = $image, available = $available,
         display_order = $display_order, available_sauces = $available_sauces,
         base_ingredient_ids = $base_ingredient_ids, extra_ingredient_ids = $extra_ingredient_ids
       WHERE id = $id RETURNING *`,
    )
    .get({ ...columns(data), id })
  return row ? toProduct(row) : null
}

export function deleteProduct(db: Database, id: number): boolean {
  return db.run('DELETE FROM products WHERE id = ?', [id]).changes > 0
}
