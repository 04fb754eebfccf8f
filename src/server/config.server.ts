import path from 'node:path'
import { DEFAULT_WHATSAPP_NUMBER } from '../shared/chat-number'
import { DatabaseUrlError, checkDatabaseUrl } from './db/database-url.server'
import { MAX_OPEN_STREAMS } from './orders/order-events.server'

export type Config = {
  port: number
  host: string
  /** Absolute path; holds the SQLite file, `uploads/` and `session-secret`. */
  dataDir: string
  databaseFile: string
  uploadsDir: string
  /** SESSION_SECRET, else DATA_DIR/session-secret, read (or generated) when first asked for. */
  readonly sessionSecret: string
  /** Order number answered while the whatsapp_number setting was never saved; also what the seed stores. */
  defaultWhatsappNumber: string
  /** TRUST_PROXY=1: client address, scheme and host come from X-Forwarded-For / -Proto / -Host. */
  trustProxy: boolean
  /** DATABASE_URL: PostgreSQL holds everything (decision 019); null: SQLite in DATA_DIR. */
  databaseUrl: string | null
  /** Whether SESSION_SECRET was given (else it is generated: in DATA_DIR, or in PostgreSQL for every instance). */
  sessionSecretConfigured: boolean
  /** BACKUP_EVERY ('24h', '30m', '90s'): scheduled copies of the SQLite database; null: none. */
  backupEveryMs: number | null
  /** BACKUP_KEEP: how many scheduled copies stay (the oldest beyond are removed). */
  backupKeep: number
  /** DOMAIN: automatic HTTPS for this name (decision 027); null: plain HTTP on `port`, as behind a proxy. */
  https: HttpsConfig | null
  /** METRICS_TOKEN: GET /metrics answers Prometheus with this bearer token; null: /metrics does not exist. */
  metricsToken: string | null
  /** LOG_FORMAT: 'text' (readable lines, the default) or 'json' (one object a line, with a line per request). */
  logFormat: LogFormat
  /** MAX_EVENT_STREAMS: public event streams (tracking pages, storefronts) one instance holds; the staff's boards have room of their own. */
  maxEventStreams: number
  /** VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY (web push, issue #43); null: made at first start and kept in the database. */
  vapidKeys: VapidKeyPair | null
  /** VAPID_SUBJECT: who the push services may write to (mailto: or https:); else ACME_EMAIL, https://DOMAIN, or a placeholder. */
  vapidSubject: string
}

/** A VAPID key pair as web-push takes it: base64url, the public key uncompressed (65 bytes), the private 32. */
export type VapidKeyPair = { publicKey: string; privateKey: string }

export const LOG_FORMATS = ['text', 'json'] as const
export type LogFormat = (typeof LOG_FORMATS)[number]

/** A bearer token long enough not to be guessed by a scraper's neighbours. */
export const MIN_METRICS_TOKEN_LENGTH = 16

export type HttpsConfig = {
  domain: string
  /** HTTPS_PORT (443). `port` (default 80 in this mode) answers the ACME challenge and redirects the rest. */
  port: number
  /** ACME_DIRECTORY_URL: Let's Encrypt's production directory unless told otherwise (staging, a test CA). */
  directoryUrl: string
  /** ACME_EMAIL: the CA's contact for the account; optional. */
  email: string | null
  /** DATA_DIR/certs: the ACME account key and the certificates (mode 0600). */
  certsDir: string
}

export const LETS_ENCRYPT_DIRECTORY = 'https://acme-v02.api.letsencrypt.org/directory'

export const MIN_SESSION_SECRET_LENGTH = 32

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>

/**
 * Reads the configuration from the environment (README "Configuration") and
 * prepares DATA_DIR: creates it and `uploads/`, and on first start generates the
 * session secret and keeps it in DATA_DIR/session-secret (mode 0600).
 */
export function loadConfig(env: Env = process.env): Config {
  const config = configFromEnv(env)
  prepareDataDir(config)
  return config
}

/**
 * Creates DATA_DIR and `uploads/` if missing and reads (on first start: generates and
 * keeps) the session secret. Idempotent. The server's start calls it only when it creates
 * the database, and again when it makes the app (right after the first answer): a restart
 * answers without loading node:fs (~1.2 ms; decision 018).
 */
export function prepareDataDir(config: Config): void {
  const { mkdirSync } = require('node:fs') as typeof import('node:fs')
  mkdirSync(config.uploadsDir, { recursive: true })
  void config.sessionSecret // read or generated now: a folder it cannot be kept in fails here, not at the first sign-in
}

/**
 * The configuration from the environment alone, checked (ConfigError), reading and writing
 * nothing: the session secret's file is read (or written) when `sessionSecret` is first read.
 */
export function configFromEnv(env: Env = process.env): Config {
  const host = env.HOST?.trim() || '0.0.0.0'
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data')
  const https = parseHttps(env, dataDir)
  // With DOMAIN the plain port is the one the CA and browsers knock on first: 80.
  const port = parsePort('PORT', env.PORT, https ? 80 : 3000)
  if (https && port === https.port && port !== 0) throw new ConfigError(`PORT y HTTPS_PORT no pueden ser el mismo puerto (${port})`)
  const uploadsDir = path.join(dataDir, 'uploads')

  const configuredSecret = env.SESSION_SECRET?.trim()
  if (configuredSecret !== undefined && configuredSecret !== '' && configuredSecret.length < MIN_SESSION_SECRET_LENGTH) {
    throw new ConfigError(`SESSION_SECRET debe tener al menos ${MIN_SESSION_SECRET_LENGTH} caracteres (tiene ${configuredSecret.length}); quítela para que se genere una`)
  }
  const trustProxy = parseFlag('TRUST_PROXY', env.TRUST_PROXY)

  const whatsapp = (env.DEFAULT_WHATSAPP_NUMBER ?? '').replace(/\D/g, '')
  if (env.DEFAULT_WHATSAPP_NUMBER && (whatsapp.length < 8 || whatsapp.length > 15)) {
    throw new ConfigError('DEFAULT_WHATSAPP_NUMBER debe tener entre 8 y 15 dígitos')
  }

  const databaseUrl = env.DATABASE_URL?.trim() || null
  if (databaseUrl !== null) {
    try {
      checkDatabaseUrl(databaseUrl)
    } catch (error) {
      if (error instanceof DatabaseUrlError) throw new ConfigError(error.message)
      throw error
    }
  }

  const backupEveryMs = parseEvery(env.BACKUP_EVERY)
  const backupKeep = parseKeep(env.BACKUP_KEEP)
  const maxEventStreams = parseMaxEventStreams(env.MAX_EVENT_STREAMS)

  const metricsToken = env.METRICS_TOKEN?.trim() || null
  if (metricsToken !== null && (metricsToken.length < MIN_METRICS_TOKEN_LENGTH || !/^[\x21-\x7e]+$/.test(metricsToken))) {
    throw new ConfigError(`METRICS_TOKEN debe tener al menos ${MIN_METRICS_TOKEN_LENGTH} caracteres visibles, sin espacios`)
  }
  const logFormat = (env.LOG_FORMAT?.trim().toLowerCase() || 'text') as LogFormat
  if (!LOG_FORMATS.includes(logFormat)) throw new ConfigError(`LOG_FORMAT debe ser text o json (no ${env.LOG_FORMAT})`)

  const vapidKeys = parseVapidKeys(env)
  const vapidSubject = parseVapidSubject(env, https)

  let sessionSecret = configuredSecret || undefined
  return {
    port,
    host,
    dataDir,
    databaseFile: path.join(dataDir, 'chilaquiles.db'),
    uploadsDir,
    get sessionSecret() {
      sessionSecret ??= readOrCreateSecret(path.join(dataDir, 'session-secret'))
      return sessionSecret
    },
    defaultWhatsappNumber: whatsapp || DEFAULT_WHATSAPP_NUMBER,
    trustProxy,
    databaseUrl,
    sessionSecretConfigured: sessionSecret !== undefined,
    backupEveryMs,
    backupKeep,
    https,
    metricsToken,
    logFormat,
    maxEventStreams,
    vapidKeys,
    vapidSubject,
  }
}

const base64urlBytes = (text: string): number => (/^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url').length : -1)

/** Both keys or neither; each the length web push needs (a pasted key cut short fails here, not at the first order). */
function parseVapidKeys(env: Env): VapidKeyPair | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? ''
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? ''
  if (publicKey === '' && privateKey === '') return null
  if (publicKey === '' || privateKey === '') throw new ConfigError('VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY van juntas: dé las dos o ninguna (se generan solas)')
  if (base64urlBytes(publicKey) !== 65 || !publicKey.startsWith('B')) throw new ConfigError('VAPID_PUBLIC_KEY debe ser la clave pública P-256 sin comprimir en base64url (65 bytes)')
  if (base64urlBytes(privateKey) !== 32) throw new ConfigError('VAPID_PRIVATE_KEY debe ser la clave privada P-256 en base64url (32 bytes)')
  return { publicKey, privateKey }
}

/** Placeholder contact when nothing better is configured (example.com is reserved for this). */
export const DEFAULT_VAPID_SUBJECT = 'mailto:avisos@example.com'

function parseVapidSubject(env: Env, https: HttpsConfig | null): string {
  const subject = env.VAPID_SUBJECT?.trim() ?? ''
  if (subject === '') return https?.email ? `mailto:${https.email}` : https ? `https://${https.domain}` : DEFAULT_VAPID_SUBJECT
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s/]+.*)$/.test(subject)) throw new ConfigError(`VAPID_SUBJECT debe ser mailto:correo o una dirección https:// (recibido: ${subject})`)
  return subject
}

/** An ordinary DNS name of two or more labels: no scheme, port, path, wildcard or address. */
const DOMAIN_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function parseHttps(env: Env, dataDir: string): HttpsConfig | null {
  const raw = env.DOMAIN?.trim() ?? ''
  if (raw === '') return null
  const domain = raw.toLowerCase().replace(/\.$/, '')
  if (!DOMAIN_NAME.test(domain)) {
    throw new ConfigError(`DOMAIN inválido: ${raw} (solo el nombre, sin https:// ni puerto; por ejemplo pedidos.mirestaurante.gt)`)
  }
  const directoryUrl = env.ACME_DIRECTORY_URL?.trim() || LETS_ENCRYPT_DIRECTORY
  if (!URL.canParse(directoryUrl) || new URL(directoryUrl).protocol !== 'https:') {
    throw new ConfigError(`ACME_DIRECTORY_URL debe ser una dirección https:// (recibido: ${directoryUrl})`)
  }
  const email = env.ACME_EMAIL?.trim() || null
  if (email !== null && !EMAIL.test(email)) throw new ConfigError(`ACME_EMAIL inválido: ${email}`)
  return { domain, port: parsePort('HTTPS_PORT', env.HTTPS_PORT, 443), directoryUrl, email, certsDir: path.join(dataDir, 'certs') }
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 }
/** The shortest schedule: a copy every few seconds would be a copy that never ends. */
export const MIN_BACKUP_EVERY_MS = 10_000

/** "24h", "30m", "90s" → milliseconds; unset → null. */
export function parseEvery(value: string | undefined): number | null {
  const v = value?.trim() ?? ''
  if (v === '') return null
  const m = /^(\d+)\s*([smh])$/i.exec(v)
  const ms = m ? Number(m[1]) * (UNITS[(m[2] ?? '').toLowerCase()] ?? 0) : 0
  if (!m || ms < MIN_BACKUP_EVERY_MS) throw new ConfigError(`BACKUP_EVERY inválido: ${value} (use por ejemplo 24h, 30m o 90s; mínimo 10s)`)
  return ms
}

function parseKeep(value: string | undefined): number {
  const v = value?.trim() ?? ''
  if (v === '') return 7
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1 || n > 1000) throw new ConfigError(`BACKUP_KEEP inválido: ${value} (un número entero de 1 a 1000)`)
  return n
}

/** Sized by memory (an open stream costs its socket, request and queue: decision 043); unset: MAX_OPEN_STREAMS. */
export const MAX_EVENT_STREAMS_LIMIT = 100_000

function parseMaxEventStreams(value: string | undefined): number {
  const v = value?.trim() ?? ''
  if (v === '') return MAX_OPEN_STREAMS
  const n = Number(v)
  if (!/^\d+$/.test(v) || n < 1 || n > MAX_EVENT_STREAMS_LIMIT) {
    throw new ConfigError(`MAX_EVENT_STREAMS inválido: ${value} (un número entero de 1 a ${MAX_EVENT_STREAMS_LIMIT})`)
  }
  return n
}

/** The same configuration with `secret` as the session secret (PostgreSQL: the one every instance shares). */
export function withSessionSecret(config: Config, secret: string): Config {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(config)) as Config
  Object.defineProperty(copy, 'sessionSecret', { value: secret, enumerable: true })
  return copy
}

function parseFlag(name: string, value: string | undefined): boolean {
  const v = value?.trim().toLowerCase() ?? ''
  if (v === '' || v === '0' || v === 'false' || v === 'no') return false
  if (v === '1' || v === 'true' || v === 'yes') return true
  throw new ConfigError(`${name} debe ser 1 o 0 (recibido: ${value})`)
}

function parsePort(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`${name} inválido: ${value}`)
  return port
}

function readOrCreateSecret(file: string): string {
  const { chmodSync, existsSync, readFileSync, writeFileSync } = require('node:fs') as typeof import('node:fs')
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim()
    if (secret.length >= 32) return secret
  }
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  chmodSync(file, 0o600)
  return secret
}
