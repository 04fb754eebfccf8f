import type { Database } from 'bun:sqlite'

export type SessionRecord = {
  id: string
  userId: string
  createdAt: string
  lastUsedAt: string
  expiresAt: string
  userAgent: string
}

type SessionRow = { id: string; user_id: string; created_at: string; last_used_at: string; expires_at: string; user_agent: string }

const toSession = (r: SessionRow): SessionRecord => ({
  id: r.id,
  userId: r.user_id,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  expiresAt: r.expires_at,
  userAgent: r.user_agent,
})

export function insertSession(db: Database, s: SessionRecord & { tokenHash: string }): void {
  db.query(
    `INSERT INTO sessions (id, token_hash, user_id, created_at, last_used_at, expires_at, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(s.id, s.tokenHash, s.userId, s.createdAt, s.lastUsedAt, s.expiresAt, s.userAgent)
}

/** The live session for a token hash (not expired at `now`). */
export function findLiveSession(db: Database, tokenHash: string, now: string): SessionRecord | null {
  const row = db.query<SessionRow, [string, string]>('SELECT * FROM sessions WHERE token_hash = ? AND expires_at > ?').get(tokenHash, now)
  return row ? toSession(row) : null
}

export function touchSession(db: Database, id: string, now: string): void {
  db.query('UPDATE sessions SET last_used_at = ? WHERE id = ?').run(now, id)
}

export function listLiveSessions(db: Database, userId: string, now: string): SessionRecord[] {
  return db
    .query<SessionRow, [string, string]>('SELECT * FROM sessions WHERE user_id = ? AND expires_at > ? ORDER BY last_used_at DESC, created_at DESC')
    .all(userId, now)
    .map(toSession)
}

export function deleteSessionByTokenHash(db: Database, tokenHash: string): void {
  db.query('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash)
}

/** Ends every session of the user except `keepId` (null: all of them). Returns how many ended. */
export function deleteUserSessions(db: Database, userId: string, keepId: string | null): number {
  return keepId === null
    ? db.query('DELETE FROM sessions WHERE user_id = ?').run(userId).changes
    : db.query('DELETE FROM sessions WHERE user_id = ? AND id <> ?').run(userId, keepId).changes
}

export function deleteExpiredSessions(db: Database, now: string): void {
  db.query('DELETE FROM sessions WHERE expires_at <= ?').run(now)
}
