import type { Database } from 'bun:sqlite'
import type { Config } from './config.server'
import type { PageCache } from './cache/page-cache.server'

/** Everything a route needs, created once by main.ts (or testing.server.ts). */
export type AppContext = { db: Database; config: Config; pageCache: PageCache }
