import type { Database } from 'bun:sqlite'
import { jwt } from '@elysiajs/jwt'
import type { ApiKey, SessionUser } from '../../shared/schemas'
import { useApiKey } from '../api-keys/api-keys.repo.server'
import { getUserById, type UserRecord } from './users.repo.server'

// ---------------------------------------------------------------- passwords

export const hashPassword = (password: string): Promise<string> => Bun.password.hash(password, { algorithm: 'argon2id' })

/** False for a wrong password and for a stored hash that cannot be read. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await Bun.password.verify(password, hash)
  } catch {
    return false
  }
}

/** A stored hash is usable when Bun can parse it (argon2 or bcrypt). Used by reset-admin. */
export async function isUsableHash(hash: string): Promise<boolean> {
  if (!/^\$(argon2(id|i|d)|2[aby]?)\$/.test(hash)) return false
  try {
    await Bun.password.verify('probe', hash)
    return true
  } catch {
    return false
  }
}

/** A throwaway hash, verified against when the username does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined
export const timingDummyHash = () => (dummyHash ??= hashPassword(crypto.randomUUID()))

// ---------------------------------------------------------------- session token + cookie

export const SESSION_COOKIE = 'chq_session'
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60

type SessionClaims = { sub: string; sv: number }

/** Signs and verifies session tokens (HS256 via @elysiajs/jwt, 7 days). */
export function createSessionSigner(secret: string) {
  const signer = jwt({ name: 'jwt', secret, exp: '7d' }).decorator.jwt
  return {
    sign: (claims: SessionClaims) => signer.sign(claims),
    async verify(token: string): Promise<SessionClaims | null> {
      const payload = await signer.verify(token)
      if (!payload || typeof payload.sub !== 'string' || typeof payload.sv !== 'number') return null
      return { sub: payload.sub, sv: payload.sv }
    },
  }
}
export type SessionSigner = ReturnType<typeof createSessionSigner>

/** True when the client reached us over HTTPS (directly or through a proxy that says so). */
export function isHttps(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true
  return request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https'
}

export function sessionCookie(token: string, request: Request): string {
  const secure = isHttps(request) ? '; Secure' : ''
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_MAX_AGE_SECONDS}${secure}`
}

export function clearedSessionCookie(request: Request): string {
  const secure = isHttps(request) ? '; Secure' : ''
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie')
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null
  }
  return null
}

/** The user of a valid, current session token; null if absent, forged, expired, or older than the last password change. */
export async function userFromSession(db: Database, signer: SessionSigner, request: Request): Promise<UserRecord | null> {
  const token = readCookie(request, SESSION_COOKIE)
  if (!token || token.length > 2000) return null
  const claims = await signer.verify(token)
  if (!claims) return null
  const user = getUserById(db, claims.sub)
  if (!user || user.sessionVersion !== claims.sv) return null
  return user
}

export const toSessionUser = (u: UserRecord): SessionUser => ({ id: u.id, username: u.username, usesDefaultPassword: u.usesDefaultPassword })

// ---------------------------------------------------------------- API keys

/** The key a request presents (Authorization: Bearer or X-API-Key), if any. */
export function presentedApiKey(request: Request): string | null {
  const header = request.headers.get('x-api-key')?.trim()
  if (header) return header
  const auth = request.headers.get('authorization')?.trim()
  if (auth && /^bearer\s+/i.test(auth)) return auth.replace(/^bearer\s+/i, '').trim() || null
  return null
}

export { useApiKey }

// ---------------------------------------------------------------- who is asking

export type Principal = { kind: 'session'; user: UserRecord } | { kind: 'apiKey'; key: ApiKey }

const principals = new WeakMap<Request, Principal>()

/** Set once per request by the access hook in app.ts. */
export const setPrincipal = (request: Request, p: Principal) => principals.set(request, p)

/** Who made this request, as decided by the access hook before any body was read. */
export const principalOf = (request: Request): Principal | null => principals.get(request) ?? null

/** The signed-in administrator of this request (routes behind the 'session' rule). */
export function sessionUserOf(request: Request): UserRecord | null {
  const p = principals.get(request)
  return p?.kind === 'session' ? p.user : null
}

// ---------------------------------------------------------------- login throttling

/** Failed logins per username + client address; 5 within 15 minutes block further attempts until the window passes. */
export class LoginThrottle {
  readonly #failures = new Map<string, number[]>()
  constructor(
    readonly limit = 5,
    readonly windowMs = 15 * 60 * 1000,
    readonly now: () => number = Date.now,
  ) {}

  #recent(key: string): number[] {
    const since = this.now() - this.windowMs
    const list = (this.#failures.get(key) ?? []).filter((t) => t > since)
    if (list.length) this.#failures.set(key, list)
    else this.#failures.delete(key)
    return list
  }

  /** Seconds until a new attempt is allowed, or 0 when not blocked. */
  retryAfter(key: string): number {
    const list = this.#recent(key)
    if (list.length < this.limit) return 0
    const oldest = list[list.length - this.limit] ?? this.now()
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000))
  }

  fail(key: string) {
    const list = this.#recent(key)
    list.push(this.now())
    this.#failures.set(key, list)
    if (this.#failures.size > 10_000) this.#prune()
  }

  reset(key: string) {
    this.#failures.delete(key)
  }

  #prune() {
    for (const key of [...this.#failures.keys()]) this.#recent(key)
  }
}
