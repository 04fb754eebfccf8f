/**
 * The app behind a real socket, wired as main.ts wires it (the fetch handler, the fast path of
 * cached reads, Bun.serve with the socket's peer address), for tests that need real HTTP
 * requests (Bun builds the URL from the raw Host header) and still want to look inside: the
 * page cache, the contracts. On the test database of createTestContext: SQLite, or PostgreSQL
 * under scripts/test-pg.ts.
 */
import { createApp } from './app'
import { publicReads } from './cache/public-reads.server'
import type { Config } from './config.server'
import { createFetchHandler } from './http/fetch-handler.server'
import { contractTable } from './http/route-contract.server'
import { listenPlain } from './listen/listen.server'
import { createTestContext } from './testing.server'

export async function listeningTestApp(overrides: Partial<Config> = {}) {
  const ctx = await createTestContext(overrides)
  const app = createApp(ctx)
  const trustProxy = ctx.config.trustProxy
  const handle = createFetchHandler(app, { trustProxy, publicReads: publicReads(ctx, { trustProxy }) })
  const listening = listenPlain({ ...ctx.config, port: 0, host: '127.0.0.1' }, handle)
  const url = listening.urls[0] ?? ''
  return {
    ctx,
    url,
    port: Number(new URL(url).port),
    contracts: contractTable(app.routes).contracts,
    stop: async () => {
      await listening.stop(true)
      await ctx.cleanup()
    },
  }
}
