/**
 * Server-side sessions (docs/decisions/006-server-side-sessions.md).
 *
 * The cookie carries 32 random bytes; the database keeps only
 * HMAC-SHA256(SESSION_SECRET, token). A session lives 7 days from sign-in and
 * ends for good when its row is deleted: at logout, when the password changes
 * (every other session of the account), or by `chilaquiles admin reset-password`.
 */
import type { Db } from '../db/database.server'
import { type UserRecord, getUserById } from './users.repo.server'
import {
  type SessionRecord,
  deleteExpiredSessions,
  deleteSessionByTokenHash,
  deleteUserSessions,
  findLiveSession,
  insertSession,
  listLiveSessions,
  touchSession,
} from './sessions.repo.server'

export const SESSION_COOKIE = 'chq_session'
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60
/** "Last used" is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60_000
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/

export type ResolvedSession = { session: SessionRecord; user: UserRecord }

export function createSessionService(db: Db, secret: string, now: () => number = Date.now) {
  const hashToken = (token: string) => new Bun.CryptoHasher('sha256', secret).update(token).digest('hex')
  const iso = (ms = now()) => new Date(ms).toISOString()

  return {
    /** Starts a session for the user; the token goes into the cookie and nowhere else. */
    async start(userId: string, userAgent: string | null): Promise<{ token: string; session: SessionRecord }> {
      const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
      const started = now()
      const session: SessionRecord = {
        id: crypto.randomUUID(),
        userId,
        createdAt: iso(started),
        lastUsedAt: iso(started),
        expiresAt: iso(started + SESSION_MAX_AGE_SECONDS * 1000),
        userAgent: (userAgent ?? '').slice(0, 300),
      }
      await deleteExpiredSessions(db, iso(started))
      await insertSession(db, { ...session, tokenHash: hashToken(token) })
      return { token, session }
    },

    /** The live session and its user for a cookie token; null when unknown, ended or expired. */
    async resolve(token: string | null): Promise<ResolvedSession | null> {
      if (!token || !TOKEN_SHAPE.test(token)) return null
      const at = now()
      const session = await findLiveSession(db, hashToken(token), iso(at))
      if (!session) return null
      const user = await getUserById(db, session.userId)
      // A disabled account opens nothing from the next request on, whatever sessions it had.
      if (!user?.active) return null
      if (at - Date.parse(session.lastUsedAt) > TOUCH_EVERY_MS) {
        session.lastUsedAt = iso(at)
        await touchSession(db, session.id, session.lastUsedAt)
      }
      return { session, user }
    },

    async end(token: string | null): Promise<void> {
      if (token && TOKEN_SHAPE.test(token)) await deleteSessionByTokenHash(db, hashToken(token))
    },

    /** Ends every session of the user but `keepId` (all when null); returns how many ended. */
    endOthers: (userId: string, keepId: string | null): Promise<number> => deleteUserSessions(db, userId, keepId),

    list: (userId: string): Promise<SessionRecord[]> => listLiveSessions(db, userId, iso()),
  }
}
export type SessionService = ReturnType<typeof createSessionService>

const cookieAttributes = (https: boolean) => `Path=/; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`

export const sessionCookie = (token: string, https: boolean) =>
  `${SESSION_COOKIE}=${token}; ${cookieAttributes(https)}; Max-Age=${SESSION_MAX_AGE_SECONDS}`

export const clearedSessionCookie = (https: boolean) => `${SESSION_COOKIE}=; ${cookieAttributes(https)}; Max-Age=0`

/** The value of one cookie of the request, or null. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get('cookie')
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null
  }
  return null
}

export const sessionToken = (request: Request) => readCookie(request, SESSION_COOKIE)
