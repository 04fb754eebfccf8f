/**
 * The three public lists the fast path answers (GET /api/products, /api/ingredients,
 * /api/coverage-zones), read on SQLite without loading Kysely (decision 019, "start-up").
 *
 * Kysely costs a start ~3 ms (its import ~2 ms, the first query ~0.6 ms, measured in a
 * compiled binary), and the first answer after a start is one of these lists. So the
 * release build compiles the repositories' own queries (productListQuery,
 * ingredientListQuery, zoneListQuery) to SQL with Kysely at build time
 * (compile-startup-reads.server.ts, scripts/build.ts); here they run as prepared
 * statements on the `bun:sqlite` handle and their rows go through the repositories' own
 * mappers. No query is written twice. From source there is nothing compiled and the fast
 * path calls the repositories (Kysely), as every other read does.
 */
import type { Database } from 'bun:sqlite'
import type { CoverageZone, Ingredient, Product } from '../../shared/schemas'
import { zonesFromRows } from '../coverage-zones/coverage-zones.repo.server'
import { toIngredient } from '../ingredients/ingredients.repo.server'
import { productsFromRows } from '../products/products.repo.server'

/** Defined at compile time by scripts/build.ts: JSON of StartupQueries. */
declare const CHQ_STARTUP_READS: string | undefined

export type CompiledRead = { sql: string; parameters: (string | number)[] }
export type StartupQueries = { products: CompiledRead; ingredients: CompiledRead; zones: CompiledRead }

export const builtStartupQueries = (): StartupQueries | undefined =>
  typeof CHQ_STARTUP_READS === 'string' ? (JSON.parse(CHQ_STARTUP_READS) as StartupQueries) : undefined

export type PublicListReads = {
  products(): Promise<Product[]>
  ingredients(): Promise<Ingredient[]>
  zones(): Promise<CoverageZone[]>
}

export function startupReads(sqlite: Database, queries: StartupQueries): PublicListReads {
  // Rows typed by the repositories' mappers (the columns of tables.server.ts).
  const rows = <R>(read: CompiledRead) => sqlite.query(read.sql).all(...read.parameters) as R[]
  return {
    products: async () => productsFromRows(rows(queries.products)),
    ingredients: async () => rows<Parameters<typeof toIngredient>[0]>(queries.ingredients).map(toIngredient),
    zones: async () => zonesFromRows(rows(queries.zones)),
  }
}
