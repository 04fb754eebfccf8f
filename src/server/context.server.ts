import type { Config } from './config.server'
import type { PageCache } from './cache/page-cache.server'
import type { Db, Store } from './db/database.server'
import type { Telemetry } from './observability/telemetry.server'

/**
 * Everything a route needs, created once by main.ts (or testing.server.ts). `db` is the
 * store's query builder (either engine, decision 019); `store` also carries what differs
 * by engine: notifications between instances, the health check.
 */
export type AppContext = { db: Db; store: Store; config: Config; pageCache: PageCache; telemetry: Telemetry }
