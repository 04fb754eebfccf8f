import { describe, expect, test } from 'bun:test'
import { createZone, listZones } from '../coverage-zones/coverage-zones.repo.server'
import { listIngredients } from '../ingredients/ingredients.repo.server'
import { loadSeed } from '../initialize-database/seed.server'
import { listProducts } from '../products/products.repo.server'
import { compileStartupQueries } from './compile-startup-reads.server'
import { migrate, openDatabase, sqliteStore } from './sqlite.server'
import { startupReads } from './startup-reads.server'
import type { CoverageZone, Ingredient } from '../../shared/schemas'
import { createTestApp } from '../testing.server'

/** What scripts/build.ts embeds: the compiled reads under the paths of the routes that declare them. */
async function compiledFromTheRoutes() {
  const t = await createTestApp()
  try {
    return compileStartupQueries(t.contracts)
  } finally {
    await t.cleanup()
  }
}

describe('the compiled start-up reads (release binary, SQLite)', () => {
  test('answer exactly what the repositories answer: same rows, same order, same shape', async () => {
    const sqlite = openDatabase(':memory:')
    migrate(sqlite)
    const store = sqliteStore(sqlite)
    try {
      await loadSeed(store.db, '50212345678')
      // Case-insensitive name order, ties by id, as the repository sorts.
      for (const name of ['zona 10', 'Mixco', 'Álamos', 'Antigua', 'mixco']) await createZone(store.db, { name, deliveryCost: 10, estimatedTime: null, available: true, minimumOrder: null })
      const reads = startupReads(sqlite, await compiledFromTheRoutes())
      const read = async <T>(path: string) => (await reads.get(path)?.()) as T
      expect(await read('/api/products')).toEqual(await listProducts(store.db))
      expect(await read('/api/ingredients')).toEqual(await listIngredients(store.db))
      expect(await read('/api/coverage-zones')).toEqual(await listZones(store.db))
      expect((await read<CoverageZone[]>('/api/coverage-zones')).map((z) => z.name)).toEqual(['Álamos', 'Antigua', 'Mixco', 'mixco', 'zona 10'])
      expect((await read<Ingredient[]>('/api/ingredients')).map((i) => i.type)).toEqual([...Array(5).fill('base'), ...Array(9).fill('extra'), ...Array(7).fill('salsa')])
    } finally {
      await store.close()
    }
  })

  test('the queries compile to plain SQLite SQL with their parameters, under the paths the routes declare (what the build embeds)', async () => {
    const queries = await compiledFromTheRoutes()
    const at = (path: string) => queries.find((q) => q.path === path)?.read
    expect(queries.map((q) => q.path).sort()).toEqual(['/api/coverage-zones', '/api/ingredients', '/api/products'])
    expect(at('/api/products')?.sql).toBe(
      'select *, (SELECT display_order FROM categories WHERE categories.slug = COALESCE(products.menu_category, products.category)) as "category_order" from "product_view" as "products"',
    )
    expect(at('/api/coverage-zones')?.sql).toBe('select * from "coverage_zones"')
    expect(at('/api/ingredients')?.sql).toBe('select * from "ingredients" order by case "type" when ? then 0 when ? then 1 when ? then 2 else 9 end, "id"')
    expect(at('/api/ingredients')?.parameters).toEqual(['base', 'extra', 'salsa'])
    expect(JSON.parse(JSON.stringify(queries))).toEqual(queries) // survives the build's JSON define
  })
})
