import type { Selectable } from 'kysely'
import { type ProductCategory, compareMenuOrder } from '../../shared/menu'
import type { Product, ProductData } from '../../shared/schemas'
import type { Db } from '../db/database.server'
import { asNumber, flag, idsFrom } from '../db/rows.server'
import type { ProductsTable } from '../db/tables.server'

export const toProduct = (r: Selectable<ProductsTable>): Product => ({
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

/** The query of GET /api/products (the fast path runs it compiled at build time: db/startup-reads.server.ts). */
export const productListQuery = (db: Db) => db.selectFrom('products').selectAll()

/** Rows of productListQuery as the menu: in menu order (the one comparator in shared/menu.ts). */
export const productsFromRows = (rows: Selectable<ProductsTable>[]): Product[] => rows.map(toProduct).sort(compareMenuOrder)

/** Every product, available or not, in menu order. */
export async function listProducts(db: Db): Promise<Product[]> {
  return productsFromRows(await productListQuery(db).execute())
}

export async function listProductsByCategory(db: Db, category: ProductCategory): Promise<Product[]> {
  const rows = await db.selectFrom('products').selectAll().where('category', '=', category).execute()
  return rows.map(toProduct).sort(compareMenuOrder)
}

/** The products of `ids` that exist, by id: one query, however many ids. */
export async function productsByIds(db: Db, ids: readonly number[]): Promise<Map<number, Product>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('products').selectAll().where('id', 'in', ids).execute()
  return new Map(rows.map((row) => [row.id, toProduct(row)]))
}

export async function getProduct(db: Db, id: number): Promise<Product | null> {
  const row = await db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toProduct(row) : null
}

export async function countProducts(db: Db): Promise<number> {
  const row = await db.selectFrom('products').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst()
  return asNumber(row?.n)
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
  available: flag(p.available),
  display_order: p.displayOrder,
  available_sauces: dedupe(p.availableSauces),
  base_ingredient_ids: dedupe(p.baseIngredientIds),
  extra_ingredient_ids: dedupe(p.extraIngredientIds),
})

export async function createProduct(db: Db, data: ProductData): Promise<Product> {
  return toProduct(await db.insertInto('products').values(columns(data)).returningAll().executeTakeFirstOrThrow())
}

/** Full replacement. Returns null when the id does not exist. */
export async function updateProduct(db: Db, id: number, data: ProductData): Promise<Product | null> {
  const row = await db.updateTable('products').set(columns(data)).where('id', '=', id).returningAll().executeTakeFirst()
  return row ? toProduct(row) : null
}

/** 'Agotado' (false) or back on the menu (true): the only change a 'Cocina / caja' account may make. */
export async function setProductAvailability(db: Db, id: number, available: boolean): Promise<Product | null> {
  const row = await db.updateTable('products').set({ available: flag(available) }).where('id', '=', id).returningAll().executeTakeFirst()
  return row ? toProduct(row) : null
}

export async function deleteProduct(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
