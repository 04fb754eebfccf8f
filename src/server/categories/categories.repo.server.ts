import { type Selectable, sql } from 'kysely'
import type { Category, CategoryData, CategoryUpdate } from '../../shared/schemas/category'
import type { ServiceWindow } from '../../shared/service-windows'
import type { Db } from '../db/database.server'
import { asNumber, flag } from '../db/rows.server'
import { type CategoriesTable, PRODUCTS } from '../db/tables.server'
import type { ProductCategory } from '../../shared/menu'

const isWindow = (w: unknown): w is ServiceWindow =>
  typeof w === 'object' &&
  w !== null &&
  Array.isArray((w as ServiceWindow).days) &&
  typeof (w as ServiceWindow).from === 'string' &&
  typeof (w as ServiceWindow).to === 'string'

/** JSON windows text (written only through the validated schemas) as a list; anything else reads as none. */
export function windowsFrom(json: string): ServiceWindow[] {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter(isWindow).map((w) => ({ days: w.days.filter(Number.isInteger), from: w.from, to: w.to })) : []
  } catch {
    return []
  }
}

export const toCategory = (r: Selectable<CategoriesTable>): Category => ({
  slug: r.slug,
  name: r.name,
  description: r.description,
  displayOrder: r.display_order,
  visible: r.visible === 1,
  windows: windowsFrom(r.windows),
  whenUnavailable: r.when_unavailable === 'hide' ? 'hide' : 'show',
})

const columns = (c: CategoryUpdate) => ({
  name: c.name,
  description: c.description,
  display_order: c.displayOrder,
  visible: flag(c.visible),
  windows: JSON.stringify(c.windows),
  when_unavailable: c.whenUnavailable,
})

/** The categories in menu order: display order, then slug. */
export const sortCategories = (list: Category[]): Category[] =>
  list.sort((a, b) => a.displayOrder - b.displayOrder || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))

export async function listCategories(db: Db): Promise<Category[]> {
  return sortCategories((await db.selectFrom('categories').selectAll().execute()).map(toCategory))
}

export async function getCategory(db: Db, slug: string): Promise<Category | null> {
  const row = await db.selectFrom('categories').selectAll().where('slug', '=', slug).executeTakeFirst()
  return row ? toCategory(row) : null
}

export async function categoryExists(db: Db, slug: string): Promise<boolean> {
  return (await db.selectFrom('categories').select('slug').where('slug', '=', slug).executeTakeFirst()) !== undefined
}

export async function createCategory(db: Db, data: CategoryData): Promise<Category> {
  return toCategory(await db.insertInto('categories').values({ slug: data.slug, ...columns(data) }).returningAll().executeTakeFirstOrThrow())
}

export async function updateCategory(db: Db, slug: string, data: CategoryUpdate): Promise<Category | null> {
  const row = await db.updateTable('categories').set(columns(data)).where('slug', '=', slug).returningAll().executeTakeFirst()
  return row ? toCategory(row) : null
}

export async function countProductsIn(db: Db, slug: string): Promise<number> {
  const row = await db
    .selectFrom(PRODUCTS)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => eb.or([eb('menu_category', '=', slug), eb.and([eb('menu_category', 'is', null), eb('category', '=', slug as ProductCategory)])]))
    .executeTakeFirst()
  return asNumber(row?.n)
}

export async function deleteCategory(db: Db, slug: string): Promise<boolean> {
  const result = await db.deleteFrom('categories').where('slug', '=', slug).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** The categories of the products `productIds` name, by slug: one query (the checkout reads it beside the products). */
export async function categoriesOfProducts(db: Db, productIds: readonly number[]): Promise<Map<string, Category>> {
  if (productIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('categories')
    .selectAll()
    .where('slug', 'in', (eb) =>
      eb
        .selectFrom(PRODUCTS)
        .select(sql<string>`COALESCE(products.menu_category, products.category)`.as('slug'))
        .where('products.id', 'in', [...productIds]),
    )
    .execute()
  return new Map(rows.map((r) => [r.slug, toCategory(r)]))
}
