/**
 * Build time only (scripts/build.ts, and the test that proves the compiled reads answer
 * what the repositories answer): the fast path's three list queries compiled to SQLite
 * SQL by Kysely, without a database (startup-reads.server.ts says why).
 */
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely'
import { zoneListQuery } from '../coverage-zones/coverage-zones.repo.server'
import { ingredientListQuery } from '../ingredients/ingredients.repo.server'
import { productListQuery } from '../products/products.repo.server'
import type { CompiledRead, StartupQueries } from './startup-reads.server'
import type { Tables } from './tables.server'

export function compileStartupQueries(): StartupQueries {
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
