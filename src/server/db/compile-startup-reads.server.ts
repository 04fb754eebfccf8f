/**
 * Build time only (scripts/build.ts, and the test that proves the compiled reads answer
 * what the repositories answer): the fast path's list queries compiled to SQLite SQL by
 * Kysely, without a database (startup-reads.server.ts says why), each under the path of
 * the route that declared it, so no path is written here.
 */
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely'
import { zoneListQuery } from '../coverage-zones/coverage-zones.repo.server'
import { ingredientListQuery } from '../ingredients/ingredients.repo.server'
import { productListQuery } from '../products/products.repo.server'
import type { RouteContract } from '../http/route-contract.server'
import type { CompiledRead, StartupList, StartupQueries } from './startup-reads.server'
import type { Tables } from './tables.server'

/** Each list's query compiled to SQLite SQL, by list name. */
export function compileStartupLists(): Record<StartupList, CompiledRead> {
  const db = new Kysely<Tables>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  })
  const compiled = (query: { compile(): { sql: string; parameters: readonly unknown[] } }): CompiledRead => {
    const { sql, parameters } = query.compile()
    return { sql, parameters: parameters.map((p) => (typeof p === 'number' ? p : String(p))) }
  }
  return { products: compiled(productListQuery(db)), ingredients: compiled(ingredientListQuery(db)), zones: compiled(zoneListQuery(db)) }
}

/** The queries of the routes that declare a `startupRead`, under their paths (what the build embeds). */
export function compileStartupQueries(contracts: readonly RouteContract[]): StartupQueries {
  const lists = compileStartupLists()
  return contracts.flatMap(({ method, path, startupRead }) => (method === 'GET' && startupRead ? [{ path, list: startupRead, read: lists[startupRead] }] : []))
}
