import type { Selectable } from 'kysely'
import type { Db } from '../db/database.server'
import type { SessionsTable } from '../db/tables.server'

export type SessionRecord = {
  id: string
  userId: string
  createdAt: string
  lastUsedAt: string
  expiresAt: string
  userAgent: string
}

const toSession = (r: Selectable<SessionsTable>): SessionRecord => ({
  id: r.id,
  userId: r.user_id,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  expiresAt: r.expires_at,
  userAgent: r.user_agent,
})

export async function insertSession(db: Db, s: SessionRecord & { tokenHash: string }): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: s.id,
      token_hash: s.tokenHash,
      user_id: s.userId,
      created_at: s.createdAt,
      last_used_at: s.lastUsedAt,
      expires_at: s.expiresAt,
      user_agent: s.userAgent,
    })
    .execute()
}

/** The live session for a token hash (not expired at `now`). */
export async function findLiveSession(db: Db, tokenHash: string, now: string): Promise<SessionRecord | null> {
  const row = await db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst()
  return row ? toSession(row) : null
}

export async function touchSession(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute()
}

export async function listLiveSessions(db: Db, userId: string, now: string): Promise<SessionRecord[]> {
  const rows = await db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('last_used_at', 'desc')
    .orderBy('created_at', 'desc')
    .execute()
  return rows.map(toSession)
}

/** Whether the session `id` is still live at `now` (an event stream asks at each heartbeat). */
export async function isSessionLive(db: Db, id: string, now: string): Promise<boolean> {
  const row = await db.selectFrom('sessions').select('id').where('id', '=', id).where('expires_at', '>', now).executeTakeFirst()
  return row !== undefined
}

export async function deleteSessionByTokenHash(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute()
}

/** Ends every session of the user except `keepId` (null: all of them). Returns how many ended. */
export async function deleteUserSessions(db: Db, userId: string, keepId: string | null): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (keepId !== null) query = query.where('id', '<>', keepId)
  const result = await query.executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute()
}

/** Ends every session of every account (DOMAIN mode's first certificate: cookies that were sent in clear). */
export async function deleteAllSessions(db: Db): Promise<number> {
  const result = await db.deleteFrom('sessions').executeTakeFirst()
  return Number(result.numDeletedRows)
}
