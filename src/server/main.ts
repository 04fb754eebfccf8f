#!/usr/bin/env bun
/**
 * The single entry point, from source (`bun src/server/main.ts`) and compiled
 * (`dist/chilaquiles`). Owner CLI:
 *
 *   chilaquiles [serve]                         start the web server (default)
 *   chilaquiles admin reset-password [options]  set a new password for the administrator
 *   chilaquiles backup FILE                     consistent online copy of the database (VACUUM INTO)
 *   chilaquiles migrate                         apply pending database migrations and exit
 *   chilaquiles copy-db --to URL                copy the SQLite database (photos included) into an empty PostgreSQL
 *
 * Exit codes: 0 ok, 1 failure, 2 bad arguments.
 */
import type * as Util from 'node:util'
import { PageCache } from './cache/page-cache.server'
import { publicReads } from './cache/public-reads.server'
import type { AppContext } from './context.server'
import { ConfigError, configFromEnv, loadConfig, prepareDataDir } from './config.server'
import type { Database } from 'bun:sqlite'
import { openStore } from './db/open-store.server'
import { openMigrated } from './db/sqlite.server'
import { builtStartupQueries, startupReads } from './db/startup-reads.server'
import { redactDatabaseUrl } from './db/database-url.server'
import { createFetchHandler } from './http/fetch-handler.server'
import { type Listening, listenPlain } from './listen/listen.server'
import { createOrderEvents } from './orders/order-events.server'
import { observeRequests } from './observability/request-observer.server'
import { createTelemetry } from './observability/telemetry.server'
import type { OrderPushes } from './push/order-pushes.server'

// Start-up evaluates only what the first answer needs: the Elysia app (app.ts, every route
// module, zod and the shared schemas) is imported on the first request the fast path does
// not answer, and the owner commands import what they use (decision 016).

class UsageError extends Error {}

/** How long a graceful stop lets requests in flight finish before closing their connections. */
const SHUTDOWN_GRACE_MS = 10_000

const HELP: Record<string, string> = {
  main: `Uso: chilaquiles [comando] [opciones]

Comandos:
  serve                     Inicia el servidor web (comando por defecto)
  admin reset-password      Cambia la contraseña del administrador
  backup ARCHIVO            Copia consistente de la base de datos (VACUUM INTO)
  migrate                   Aplica las migraciones pendientes y termina
  copy-db --to URL          Copia la base SQLite (con las fotos) a un PostgreSQL vacío

Configuración (variables de entorno):
  PORT (3000), HOST (0.0.0.0), DATA_DIR (./data), SESSION_SECRET (32+ caracteres; si falta
  se genera y se guarda en DATA_DIR/session-secret, o en la base con PostgreSQL),
  DEFAULT_WHATSAPP_NUMBER (50212345678),
  TRUST_PROXY (1 detrás de un proxy que envía X-Forwarded-For/-Proto/-Host),
  DATABASE_URL (postgres://…: PostgreSQL en lugar del archivo SQLite de DATA_DIR),
  BACKUP_EVERY (24h, 30m, 90s: copias automáticas en DATA_DIR/backups) y BACKUP_KEEP (7),
  DOMAIN (pedidos.mirestaurante.gt: HTTPS automático con Let's Encrypt en HTTPS_PORT (443);
  PORT pasa a 80 y redirige a HTTPS), ACME_EMAIL, ACME_DIRECTORY_URL

Use "chilaquiles <comando> --help" para ver la ayuda de cada comando.`,
  serve: `Uso: chilaquiles serve

Inicia el servidor web en HOST:PORT. Crea DATA_DIR y la base de datos si no existen y
aplica las migraciones pendientes. SIGTERM o SIGINT lo detienen limpiamente: deja terminar
las solicitudes en curso y cierra la base de datos.`,
  backup: `Uso: chilaquiles backup ARCHIVO

Escribe en ARCHIVO una copia consistente de la base de datos (VACUUM INTO) sin detener el
servidor. Se niega a sobrescribir un archivo existente. Las imágenes subidas están en
DATA_DIR/uploads: cópielas aparte.`,
  migrate: `Uso: chilaquiles migrate

Aplica las migraciones pendientes a la base de datos (DATABASE_URL, o la de DATA_DIR) y termina.`,
  'copy-db': `Uso: chilaquiles copy-db --to postgres://usuario:contraseña@servidor:5432/base

Copia la base de datos SQLite de DATA_DIR, con las fotos de DATA_DIR/uploads, a una base
PostgreSQL VACÍA (se niega si ya tiene datos), compara las filas tabla por tabla y las
imprime. Detenga el servidor antes de copiar; después inícielo con DATABASE_URL=<la URL>.`,
}

/** The reset-password help names the account and the minimum length (shared/schemas, imported only here). */
async function resetPasswordHelp(): Promise<string> {
  const { DEFAULT_ADMIN_USERNAME, MIN_PASSWORD_LENGTH } = await import('../shared/schemas')
  return `Uso: chilaquiles admin reset-password [--password CONTRASEÑA | --stdin]

Pone una contraseña nueva al usuario "${DEFAULT_ADMIN_USERNAME}" (lo crea si no existe) y cierra
todas sus sesiones abiertas.
  --password CONTRASEÑA   usa esta contraseña (mínimo ${MIN_PASSWORD_LENGTH} caracteres; queda en el historial del shell)
  --stdin                 lee la contraseña de la primera línea de la entrada estándar
Sin opciones genera una contraseña aleatoria y la imprime una sola vez.`
}

export async function main(argv: string[]): Promise<number> {
  // Everything written under DATA_DIR (database, WAL, secret, uploads, backups) holds
  // password hashes or customer data: readable by the owner's user only.
  process.umask(0o077)
  const [command = 'serve', ...rest] = argv
  if (command === '--help' || command === '-h' || command === 'help') return print(HELP.main)
  switch (command) {
    case 'serve':
      return serve(rest)
    case 'migrate':
      return runMigrate(rest)
    case 'backup':
      return backup(rest)
    case 'copy-db':
      return copyDb(rest)
    case 'admin': {
      const [sub, ...subRest] = rest
      if (sub === undefined || sub === '--help' || sub === '-h') return print(await resetPasswordHelp())
      if (sub !== 'reset-password') throw new UsageError(`Subcomando desconocido: admin ${sub}`)
      return resetPassword(subRest)
    }
    default:
      throw new UsageError(`Comando desconocido: ${command}`)
  }
}

function print(text: string | undefined): number {
  console.log(text)
  return 0
}

function options<T extends Record<string, { type: 'string' | 'boolean' }>>(args: string[], spec: T, allowPositionals = false) {
  // node:util costs ~1-2 ms to load; `serve` without arguments (the usual start) never needs it.
  const { parseArgs } = require('node:util') as typeof Util
  try {
    return parseArgs({ args, options: { ...spec, help: { type: 'boolean', short: 'h' } }, allowPositionals, strict: true })
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
}

/** The configuration and the store at the latest version (SQLite: a new one from the binary's schema snapshot, decision 018). */
async function openData() {
  const env = configFromEnv()
  const config = env.databaseUrl === null ? loadConfig() : env
  return openStore(config)
}

const appliedLine = (applied: string[], fromSnapshot: boolean) =>
  `Migraciones aplicadas: ${applied.join(', ')}${fromSnapshot ? ' (base de datos nueva, con el esquema incluido en el programa)' : ''}`

async function serve(args: string[]): Promise<number> {
  if (args.length > 0 && options(args, {}).values.help) return print(HELP.serve)
  // The usual start (the database exists) reads nothing else before the first answer: the
  // data folder is prepared (uploads/, the session secret) when the app is made, right
  // after it; a first start prepares it before creating the database (decision 018).
  // PostgreSQL (DATABASE_URL): DATA_DIR holds nothing; the database holds the secret and the photos.
  const fromEnv = configFromEnv()
  const jsonLog = fromEnv.logFormat === 'json' ? await import('./observability/log.server') : undefined
  jsonLog?.useJsonLogs()
  // Off (no METRICS_TOKEN): no-ops, and prom-client is never loaded (~25 ms of a start).
  const telemetry = await createTelemetry(fromEnv.metricsToken !== null)
  const onQuery = telemetry.enabled ? (ms: number) => telemetry.query(ms / 1000) : undefined
  const { store, sqlite, config, applied, fromSnapshot } = await openStore(fromEnv, { beforeCreate: () => prepareDataDir(fromEnv), onQuery })
  if (applied.length) console.log(appliedLine(applied, fromSnapshot))
  const orderEvents = createOrderEvents({ store, maxPublicStreams: config.maxEventStreams })
  await orderEvents.ready
  telemetry.readFrom({ openStreams: () => orderEvents.size, pool: store.poolUse })
  // `db` read when first used: on SQLite that loads Kysely, which a start does not need (decision 019).
  const ctx: AppContext = {
    get db() {
      return store.db
    },
    store,
    config,
    pageCache: new PageCache(undefined, telemetry.enabled ? (hit) => telemetry.cacheLookup(hit) : undefined),
    telemetry,
  }
  if (!sqlite) (await import('./cache/shared-generation.server')).followSharedGeneration(store.db, ctx.pageCache)
  // Web push to the staff's devices (issue #43), made with the app (right after the first answer,
  // not before it): the VAPID keys are made then on a first start (once, whichever instance is
  // first), and the reminders of orders for later are looked for each minute from then on.
  let pushes: OrderPushes | undefined
  const makeApp = async () => {
    if (sqlite) prepareDataDir(config)
    // One scheduler even if a failed first answer makes the app again (start() is idempotent).
    pushes ??= (await import('./push/order-pushes.server')).createOrderPushes(ctx)
    pushes.start()
    return import('./app').then(({ createApp }) => createApp(ctx, { orderEvents, pushes }))
  }
  const observer = observeRequests(
    createFetchHandler(makeApp, {
      trustProxy: config.trustProxy,
      // The fast path answers from this instance's cache without asking the database; with
      // several instances (PostgreSQL) every cached answer first checks for their writes.
      publicReads: sqlite ? publicReads(ctx, { trustProxy: config.trustProxy, lists: compiledLists(sqlite) }) : undefined,
      makeAppAfterFirstAnswer: true,
      onAppMade: (app) => observer.useRoutes(app.routes ?? []),
    }),
    { telemetry, metricsToken: config.metricsToken, trustProxy: config.trustProxy, json: jsonLog },
  )
  const handle = observer.fetch
  let listening: Listening
  try {
    listening = config.https
      ? (await import('./https/auto-https.server')).startAutoHttps(config, config.https, handle, console.log, console.error, {
          // Sessions made before HTTPS (plain HTTP, a run without DOMAIN) had their cookie sent in clear.
          onFirstCertificate: async () => {
            const ended = await (await import('./auth/sessions.repo.server')).deleteAllSessions(store.db)
            if (ended > 0) console.log(`HTTPS: ${ended === 1 ? 'se cerró 1 sesión iniciada' : `se cerraron ${ended} sesiones iniciadas`} antes del certificado; inicie sesión de nuevo por HTTPS.`)
          },
          onCertificateInUse: (notAfter) => telemetry.certificateInUse(notAfter),
        })
      : listenPlain(config, handle)
  } catch (error) {
    // A port that will not open ends the start: nothing of ours may keep the process alive.
    orderEvents.shutdown()
    await store.close()
    throw error
  }
  const backups = config.backupEveryMs === null ? null : (await import('./backups/backup-schedule.server')).startBackups(config, console.log, (at) => telemetry.backupSucceeded(at))
  const where = config.databaseUrl ? `PostgreSQL ${redactDatabaseUrl(config.databaseUrl)}` : config.dataDir
  console.log(`Chilaquiles escuchando en ${listening.urls.join(' y ')} (datos en ${where})`)

  return new Promise<number>((resolve) => {
    let stopping = false
    const shutdown = async (signal: string) => {
      if (stopping) return
      stopping = true
      console.log(`${signal}: deteniendo el servidor...`)
      backups?.stop()
      pushes?.stop()
      const stopped = listening.stop() // stops accepting, lets requests in flight finish
      orderEvents.shutdown() // ...which an open event stream never would
      // A request that still has not finished after 10 s (a client reading very slowly) is cut.
      const deadline = setTimeout(() => void listening.stop(true), SHUTDOWN_GRACE_MS)
      await stopped
      clearTimeout(deadline)
      // Pushes under way end (3 tries within a minute at most), not past the grace period.
      // (An unref'd timer: a sleep would hold the stopped process for the whole grace period.)
      if (pushes) await Promise.race([pushes.idle(), new Promise<void>((done) => setTimeout(done, SHUTDOWN_GRACE_MS).unref())])
      await store.close()
      console.log('Servidor detenido')
      resolve(0)
      // Stopped and closed: nothing a library left pending (a timer, a socket) may keep the process
      // alive for longer than a request's own grace. The smoke test caught a stopped binary that
      // never exited while the VAPID keys of its first start were still being written. Unref'd: a
      // clean exit does not wait for it, and a request still finishing (Bun may resolve the stop
      // while a slow upload's body arrives) has the same grace as before the stop.
      setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref()
    }
    process.on('SIGTERM', () => void shutdown('SIGTERM'))
    process.on('SIGINT', () => void shutdown('SIGINT'))
  })
}

/** The release binary's compiled list reads on the SQLite handle (db/startup-reads.server.ts); none from source. */
function compiledLists(sqlite: Database) {
  const queries = builtStartupQueries()
  return queries ? startupReads(sqlite, queries) : undefined
}

async function runMigrate(args: string[]): Promise<number> {
  const { values } = options(args, {})
  if (values.help) return print(HELP.migrate)
  const { store, applied, config, fromSnapshot } = await openData()
  const version = await store.db.selectFrom('schema_migrations').select((eb) => eb.fn.max('version').as('v')).executeTakeFirst()
  await store.close()
  const where = config.databaseUrl ? redactDatabaseUrl(config.databaseUrl) : config.databaseFile
  console.log(
    applied.length
      ? `${appliedLine(applied, fromSnapshot)} (versión ${version?.v})`
      : `La base de datos ya está al día (versión ${version?.v}, ${where})`,
  )
  return 0
}

async function copyDb(args: string[]): Promise<number> {
  const { values } = options(args, { to: { type: 'string' } })
  if (values.help) return print(HELP['copy-db'])
  if (!values.to) throw new UsageError('Indique la base de destino: chilaquiles copy-db --to postgres://…')
  const config = configFromEnv()
  const { copySqliteToPostgres } = await import('./db/copy-db.server')
  return copySqliteToPostgres(config, values.to)
}

async function backup(args: string[]): Promise<number> {
  const { values, positionals } = options(args, {}, true)
  if (values.help) return print(HELP.backup)
  if (positionals.length !== 1 || !positionals[0]) throw new UsageError('Indique un único ARCHIVO de destino: chilaquiles backup ARCHIVO')
  // Loaded here, not at start-up (each node: module costs the server's start ~1 ms).
  const { existsSync } = require('node:fs') as typeof import('node:fs')
  const target = (require('node:path') as typeof import('node:path')).resolve(positionals[0])
  if (existsSync(target)) {
    console.error(`Error: ${target} ya existe; no se sobrescribe. Elija otro nombre.`)
    return 1
  }
  if (configFromEnv().databaseUrl !== null) {
    console.error('Con PostgreSQL (DATABASE_URL) las copias de seguridad son tarea de la base de datos: use pg_dump o las copias automáticas de su proveedor.')
    return 1
  }
  const { db } = openMigrated(loadConfig().databaseFile)
  try {
    db.query('VACUUM INTO ?').run(target)
  } finally {
    db.close()
  }
  console.log(`Copia de seguridad escrita en ${target}`)
  return 0
}

async function resetPassword(args: string[]): Promise<number> {
  const { values } = options(args, { password: { type: 'string' }, stdin: { type: 'boolean' } })
  if (values.help) return print(await resetPasswordHelp())
  const { DEFAULT_ADMIN_USERNAME, MIN_PASSWORD_LENGTH } = await import('../shared/schemas')
  const { hashPassword } = await import('./auth/passwords.server')
  const { deleteUserSessions } = await import('./auth/sessions.repo.server')
  const { getUserByUsername, insertUser, setPassword } = await import('./auth/users.repo.server')
  if (values.password !== undefined && values.stdin) throw new UsageError('Use --password o --stdin, no ambos')
  let password: string
  let generated = false
  if (values.password !== undefined) password = values.password
  else if (values.stdin) password = ((await Bun.stdin.text()).split(/\r?\n/)[0] ?? '').trim()
  else {
    password = Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString('base64url')
    generated = true
  }
  if (password.length < MIN_PASSWORD_LENGTH) throw new UsageError(`La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`)

  const { store } = await openData()
  const db = store.db
  try {
    const hash = await hashPassword(password)
    const admin = await getUserByUsername(db, DEFAULT_ADMIN_USERNAME)
    if (admin) {
      await setPassword(db, admin.id, hash, false)
      await deleteUserSessions(db, admin.id, null)
    } else await insertUser(db, { username: DEFAULT_ADMIN_USERNAME, passwordHash: hash, usesDefaultPassword: false })
  } finally {
    await store.close()
  }
  console.log(`Contraseña del usuario "${DEFAULT_ADMIN_USERNAME}" actualizada; sus sesiones abiertas se cerraron.`)
  if (generated) console.log(`Nueva contraseña: ${password}`)
  return 0
}

function fail(error: unknown): void {
  if (error instanceof UsageError) {
    console.error(`Error: ${error.message}\nUse "chilaquiles --help" para ver los comandos.`)
    process.exitCode = 2
  } else if (error instanceof ConfigError) {
    console.error(`Error de configuración: ${error.message}`)
    process.exitCode = 2
  } else {
    console.error('Error:', error instanceof Error ? error.message : error)
    process.exitCode = 1
  }
}

// No top-level await: the release is compiled with --bytecode, whose CommonJS output cannot hold one.
if (import.meta.main) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code
  }, fail)
}
