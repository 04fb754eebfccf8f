/**
 * The public lists the fast path answers on a miss (the routes that declare a
 * `startupRead`: GET /api/products, /api/ingredients, /api/coverage-zones), read on
 * SQLite without loading Kysely (decision 019, "start-up").
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

/** The lists a route may name as its `startupRead` (http/route-contract.server.ts). */
export const STARTUP_LISTS = ['products', 'ingredients', 'zones'] as const
export type StartupList = (typeof STARTUP_LISTS)[number]

export type CompiledRead = { sql: string; parameters: (string | number)[] }
/** Each list's query, under the path of the route that declared it (read from the app's routes at build time). */
export type StartupQueries = { path: string; list: StartupList; read: CompiledRead }[]

export const builtStartupQueries = (): StartupQueries | undefined =>
  typeof CHQ_STARTUP_READS === 'string' ? (JSON.parse(CHQ_STARTUP_READS) as StartupQueries) : undefined

/** A list's rows, through the repository's own mapper. */
export type PublicListReads = Record<StartupList, () => Promise<Product[] | Ingredient[] | CoverageZone[]>>

export function startupReads(sqlite: Database, queries: StartupQueries): Map<string, () => Promise<unknown>> {
  // Rows typed by the repositories' mappers (the columns of tables.server.ts).
  const rows = <R>(read: CompiledRead) => sqlite.query(read.sql).all(...read.parameters) as R[]
  const mapped: Record<StartupList, (read: CompiledRead) => unknown> = {
    products: (read) => productsFromRows(rows(read)),
    ingredients: (read) => rows<Parameters<typeof toIngredient>[0]>(read).map(toIngredient),
    zones: (read) => zonesFromRows(rows(read)),
  }
  return new Map(queries.map(({ path, list, read }) => [path, async () => mapped[list](read)]))
}
