/**
 * Test helpers shared by every server test (and the other engineers' route tests).
 *
 *   const { app, ctx, request, signIn } = await createTestApp()
 *   const cookie = await signIn()
 *   const res = await request('/api/products', { method: 'POST', headers: { cookie }, json: {...} })
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_ADMIN_USERNAME } from '../shared/schemas'
import { type Access, contractTable } from './http/route-contract.server'
import { type AppOptions, createApp } from './app'
import { hashPassword } from './auth/passwords.server'
import { type Config, DEFAULT_VAPID_SUBJECT } from './config.server'
import type { AppContext } from './context.server'
import { followSharedGeneration } from './cache/shared-generation.server'
import { migrate, openDatabase, sqliteStore } from './db/sqlite.server'
import { testPostgresStore } from './db/test-postgres.server'
import { createFetchHandler } from './http/fetch-handler.server'
import { PageCache } from './cache/page-cache.server'
import * as jsonLog from './observability/log.server'
import { observeRequests } from './observability/request-observer.server'
import { createTelemetry } from './observability/telemetry.server'
import { getUserByUsername, insertUser } from './auth/users.repo.server'
import { MAX_OPEN_STREAMS } from './orders/order-events.server'
import { type OrderPushesOptions, createOrderPushes } from './push/order-pushes.server'

/**
 * A migrated, empty database and a temporary DATA_DIR (uploads/) per call. The engine
 * is SQLite in memory, or PostgreSQL when TEST_DATABASE_URL names a server (the
 * `server-pg` suite of scripts/test.ts): each context then gets its own database,
 * made from a migrated template, so tests never see each other's rows.
 */
export async function createTestContext(overrides: Partial<Config> = {}): Promise<AppContext & { cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chq-test-'))
  const uploadsDir = path.join(dataDir, 'uploads')
  mkdirSync(uploadsDir)
  const config: Config = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseFile: ':memory:',
    uploadsDir,
    sessionSecret: 'test-secret-'.padEnd(48, 'x'),
    defaultWhatsappNumber: '50212345678',
    trustProxy: false,
    databaseUrl: null,
    sessionSecretConfigured: true,
    backupEveryMs: null,
    backupKeep: 7,
    https: null,
    metricsToken: null,
    logFormat: 'text',
    maxEventStreams: MAX_OPEN_STREAMS,
    vapidKeys: null,
    vapidSubject: DEFAULT_VAPID_SUBJECT,
    ...overrides,
  }
  const telemetry = await createTelemetry(config.metricsToken !== null)
  const onQuery = telemetry.enabled ? (ms: number) => telemetry.query(ms / 1000) : undefined
  const store = process.env.TEST_DATABASE_URL ? await testPostgresStore(process.env.TEST_DATABASE_URL, { onQuery }) : sqliteStore(openMigratedMemory(), { onQuery })
  const pageCache = new PageCache(undefined, (hit) => telemetry.cacheLookup(hit))
  if (store.engine === 'postgres') followSharedGeneration(store.db, pageCache)
  telemetry.readFrom({ pool: store.poolUse })
  return {
    db: store.db,
    store,
    config,
    pageCache,
    telemetry,
    cleanup: async () => {
      await store.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

function openMigratedMemory() {
  const db = openDatabase(':memory:')
  migrate(db)
  return db
}

/** `json` sets the body and content type; `peer` is the socket address the server would see. */
export type TestRequestInit = RequestInit & { json?: unknown; peer?: string }

/** Password hashes are slow by design (~150 ms); tests share one for the default password. */
let defaultHash: Promise<string> | undefined

/** `pushOptions`: how the app's web push sends (a short timeout, no waits between tries); its `pushes` are returned. */
export async function createTestApp(options: AppOptions & { config?: Partial<Config>; pushOptions?: OrderPushesOptions } = {}) {
  const ctx = await createTestContext(options.config)
  const pushes = options.pushes ?? createOrderPushes(ctx, { now: options.now, ...options.pushOptions })
  const app = createApp(ctx, { ...options, pushes })
  /** Request lines written with LOG_FORMAT=json (config.logFormat), in order. */
  const logLines: string[] = []
  const observer = observeRequests(createFetchHandler(app, { trustProxy: ctx.config.trustProxy }), {
    telemetry: ctx.telemetry,
    metricsToken: ctx.config.metricsToken,
    trustProxy: ctx.config.trustProxy,
    json: ctx.config.logFormat === 'json' ? jsonLog : undefined,
    write: (line) => logLines.push(line),
  })
  observer.useRoutes(app.routes)
  const handle = observer.fetch

  /** The server's own fetch handler (security headers included) on `http://localhost` + path, from 127.0.0.1 unless `peer` says otherwise. */
  const request = async (pathname: string, init: TestRequestInit = {}): Promise<Response> => {
    const { json, peer = '127.0.0.1', ...rest } = init
    const headers = new Headers(rest.headers)
    if (json !== undefined) {
      headers.set('content-type', 'application/json')
      rest.body = JSON.stringify(json)
    }
    const url = /^https?:\/\//.test(pathname) ? pathname : `http://localhost${pathname}`
    return handle(new Request(url, { ...rest, headers }), peer)
  }

  /** Creates the default admin (admin/admin123) if missing, logs in, returns the Cookie header value. */
  const signIn = async (username = DEFAULT_ADMIN_USERNAME, password = DEFAULT_ADMIN_PASSWORD): Promise<string> => {
    if (username === DEFAULT_ADMIN_USERNAME && !(await getUserByUsername(ctx.db, username))) {
      await insertUser(ctx.db, { username, passwordHash: await (defaultHash ??= hashPassword(DEFAULT_ADMIN_PASSWORD)), usesDefaultPassword: true })
    }
    const res = await request('/api/auth/login', { method: 'POST', json: { username, password } })
    if (res.status !== 200) throw new Error(`signIn failed: ${res.status} ${await res.text()}`)
    return cookieFrom(res)
  }

  /** Who may call `method path`, as the routes declare it (the table the access guard uses). */
  const table = contractTable(app.routes)
  const accessOf = (method: string, path: string): Access => table.lookup(method, path).access

  const cleanup = async () => {
    pushes.stop()
    await pushes.idle()
    await ctx.cleanup()
  }
  return { app, ctx, request, signIn, accessOf, contracts: table.contracts, logLines, pushes, cleanup }
}

/** The `name=value` part of a response's Set-Cookie, ready for a Cookie header. */
export function cookieFrom(res: Response): string {
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
}
