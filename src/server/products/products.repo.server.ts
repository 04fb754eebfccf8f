import { type Selectable, type Transaction, sql } from 'kysely'
import { PRODUCT_CATEGORIES, type ProductCategory, compareMenuOrder } from '../../shared/menu'
import { windowsFrom } from '../categories/categories.repo.server'
import type { Product, ProductData } from '../../shared/schemas'
import { type Db, inTransaction } from '../db/database.server'
import { asNumber, flag, idsFrom } from '../db/rows.server'
import { PRODUCTS, type ProductViewTable, type Tables } from '../db/tables.server'

export const toProduct = (r: Selectable<ProductViewTable>): Product => ({
  id: r.id,
  name: r.name,
  description: r.description,
  category: r.menu_category ?? r.category,
  price: r.price,
  priceGrande: r.price_grande,
  sauce: r.sauce,
  image: r.image,
  available: r.available === 1,
  displayOrder: r.display_order,
  availableSauces: idsFrom(r.available_sauces),
  baseIngredientIds: idsFrom(r.base_ingredient_ids),
  extraIngredientIds: idsFrom(r.extra_ingredient_ids),
  windows: r.windows == null ? null : windowsFrom(r.windows),
  dailyLimit: r.daily_limit ?? null,
  // NULL for a product without a product_menu row: it asks for no options.
  optionGroupIds: r.option_group_ids == null ? [] : idsFrom(r.option_group_ids),
})

/** The query of GET /api/products (the fast path runs it compiled at build time: db/startup-reads.server.ts). */
export const productListQuery = (db: Db) =>
  db
    .selectFrom(PRODUCTS)
    .selectAll()
    // The category's place on the menu (issue #31: the owner orders the categories).
    .select(
      sql<number | null>`(SELECT display_order FROM categories WHERE categories.slug = COALESCE(products.menu_category, products.category))`.as(
        'category_order',
      ),
    )

/** A product row with its category's display order (productListQuery). */
export type MenuRow = Selectable<ProductViewTable> & { category_order?: number | null }

/**
 * Rows as the menu: the categories' display order (then slug), then the product's display
 * order, then id (the one comparator in shared/menu.ts within a category).
 */
export const productsFromRows = (rows: MenuRow[]): Product[] =>
  rows
    .map((r) => ({ p: toProduct(r), rank: r.category_order == null ? Number.MAX_SAFE_INTEGER : Number(r.category_order) }))
    .sort((a, b) => a.rank - b.rank || (a.p.category < b.p.category ? -1 : a.p.category > b.p.category ? 1 : 0) || compareMenuOrder(a.p, b.p))
    .map((x) => x.p)

/** Every product, available or not, in menu order. */
export async function listProducts(db: Db): Promise<Product[]> {
  return productsFromRows(await productListQuery(db).execute())
}

export async function listProductsByCategory(db: Db, category: string): Promise<Product[]> {
  const rows = await db
    .selectFrom(PRODUCTS)
    .selectAll()
    .where((eb) => eb.or([eb('menu_category', '=', category), eb.and([eb('menu_category', 'is', null), eb('category', '=', category as ProductCategory)])]))
    .execute()
  return rows.map(toProduct).sort(compareMenuOrder)
}

/** The products of `ids` that exist, by id: one query, however many ids. */
export async function productsByIds(db: Db, ids: readonly number[]): Promise<Map<number, Product>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom(PRODUCTS).selectAll().where('id', 'in', ids).execute()
  return new Map(rows.map((row) => [row.id, toProduct(row)]))
}

export async function getProduct(db: Db, id: number): Promise<Product | null> {
  const row = await db.selectFrom(PRODUCTS).selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toProduct(row) : null
}

export async function countProducts(db: Db): Promise<number> {
  const row = await db.selectFrom('products').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst()
  return asNumber(row?.n)
}

const isLegacy = (slug: string): slug is ProductCategory => (PRODUCT_CATEGORIES as readonly string[]).includes(slug)
const categoryColumns = (slug: string): { category: ProductCategory; menu_category: string | null } =>
  isLegacy(slug) ? { category: slug, menu_category: null } : { category: 'extras', menu_category: slug }

const dedupe = (ids: number[]) => JSON.stringify([...new Set(ids)])

const columns = (p: ProductData) => ({
  name: p.name,
  description: p.description,
  // One of the four the old CHECK allows, or 'extras' with the real slug beside it (migration 010 / 006).
  category: categoryColumns(p.category).category,
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

/** What product_menu keeps of a product (issue #31). */
const menuColumns = (p: ProductData) => ({
  menu_category: categoryColumns(p.category).menu_category,
  windows: p.windows === null ? null : JSON.stringify(p.windows),
  daily_limit: p.dailyLimit,
  // In the admin's order (the drawer asks in it); the schema refuses a repeated id.
  option_group_ids: JSON.stringify(p.optionGroupIds),
})

/** Writes product_menu's row of `productId` (insert or replace). */
async function writeMenu(db: Db, productId: number, data: ProductData): Promise<void> {
  const menu = menuColumns(data)
  await db
    .insertInto('product_menu')
    .values({ product_id: productId, ...menu })
    .onConflict((oc) => oc.column('product_id').doUpdateSet(menu))
    .execute()
}

export async function createProduct(db: Db, data: ProductData): Promise<Product> {
  return inTransaction(db, async (trx) => {
    const row = await trx.insertInto('products').values(columns(data)).returningAll().executeTakeFirstOrThrow()
    await writeMenu(trx, row.id, data)
    return toProduct({ ...row, ...menuColumns(data) })
  })
}

/** Full replacement. Returns null when the id does not exist. */
export async function updateProduct(db: Db, id: number, data: ProductData): Promise<Product | null> {
  return inTransaction(db, async (trx) => {
    const row = await trx.updateTable('products').set(columns(data)).where('id', '=', id).returningAll().executeTakeFirst()
    if (!row) return null
    await writeMenu(trx, id, data)
    return toProduct({ ...row, ...menuColumns(data) })
  })
}

/** 'Agotado' (false) or back on the menu (true): the only change a 'Cocina / caja' account may make. */
export async function setProductAvailability(db: Db, id: number, available: boolean): Promise<Product | null> {
  const updated = await db.updateTable('products').set({ available: flag(available) }).where('id', '=', id).executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0 ? getProduct(db, id) : null
}

export async function deleteProduct(db: Db, id: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await trx.deleteFrom('product_menu').where('product_id', '=', id).execute()
    const result = await trx.deleteFrom('products').where('id', '=', id).executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  })
}

/** Rows per statement in the batch writes below: well under both engines' bound on parameters. */
const BATCH = 200

/**
 * Many new products at once (the menu import, issue #42): one INSERT per 200 products and one
 * for their product_menu rows, instead of two statements each (2,000 dishes on PostgreSQL:
 * 3.7 s one by one). The caller's transaction holds it all. Names must be distinct: the new
 * ids are matched back by name, whatever order RETURNING gives them in.
 */
export async function createProducts(trx: Transaction<Tables>, list: readonly ProductData[]): Promise<void> {
  for (let i = 0; i < list.length; i += BATCH) {
    const batch = list.slice(i, i + BATCH)
    const rows = await trx.insertInto('products').values(batch.map(columns)).returning(['id', 'name']).execute()
    const ids = new Map(rows.map((r) => [r.name, r.id]))
    await trx
      .insertInto('product_menu')
      .values(batch.map((p) => ({ product_id: ids.get(p.name) ?? 0, ...menuColumns(p) })))
      .execute()
  }
}

/** The type each column of `columns` is cast to (a bare parameter in a CASE has no type on PostgreSQL). */
const COLUMN_TYPES = {
  name: 'TEXT',
  description: 'TEXT',
  category: 'TEXT',
  price: 'INTEGER',
  price_grande: 'INTEGER',
  sauce: 'TEXT',
  image: 'TEXT',
  available: 'INTEGER',
  display_order: 'INTEGER',
  available_sauces: 'TEXT',
  base_ingredient_ids: 'TEXT',
  extra_ingredient_ids: 'TEXT',
} as const satisfies Record<keyof ReturnType<typeof columns>, 'TEXT' | 'INTEGER'>

/**
 * Many full replacements at once (the menu import): one UPDATE per 200 products, each column
 * `CASE id WHEN … THEN … END` (the same SQL on both engines), and product_menu's rows replaced
 * by one DELETE and one INSERT, instead of two statements a product.
 */
export async function updateProducts(trx: Transaction<Tables>, list: readonly { id: number; data: ProductData }[]): Promise<void> {
  for (let i = 0; i < list.length; i += BATCH) {
    const batch = list.slice(i, i + BATCH).map(({ id, data }) => ({ id, values: columns(data) }))
    const ids = batch.map((u) => u.id)
    const set = (Object.keys(COLUMN_TYPES) as (keyof typeof COLUMN_TYPES)[]).map((column) => {
      const cases = batch.map((u) => sql`WHEN ${u.id} THEN CAST(${u.values[column]} AS ${sql.raw(COLUMN_TYPES[column])})`)
      return sql`${sql.ref(column)} = CASE id ${sql.join(cases, sql` `)} END`
    })
    await sql`UPDATE products SET ${sql.join(set)} WHERE id IN (${sql.join(ids)})`.execute(trx)
    await trx.deleteFrom('product_menu').where('product_id', 'in', ids).execute()
    await trx
      .insertInto('product_menu')
      .values(list.slice(i, i + BATCH).map(({ id, data }) => ({ product_id: id, ...menuColumns(data) })))
      .execute()
  }
}
