import type { Database } from 'bun:sqlite'

export type UserRecord = {
  id: string
  username: string
  passwordHash: string
  usesDefaultPassword: boolean
  passwordChangedAt: string
  createdAt: string
}

type UserRow = {
  id: string
  username: string
  password_hash: string
  uses_default_password: number
  password_changed_at: string
  created_at: string
}

const toUser = (r: UserRow): UserRecord => ({
  id: r.id,
  username: r.username,
  passwordHash: r.password_hash,
  usesDefaultPassword: r.uses_default_password === 1,
  passwordChangedAt: r.password_changed_at,
  createdAt: r.created_at,
})

export function getUserById(db: Database, id: string): UserRecord | null {
  const row = db.query<UserRow, [string]>('SELECT * FROM users WHERE id = ?').get(id)
  return row ? toUser(row) : null
}

export function getUserByUsername(db: Database, username: string): UserRecord | null {
  const row = db.query<UserRow, [string]>('SELECT * FROM users WHERE username = ?').get(username)
  return row ? toUser(row) : null
}

export function countUsers(db: Database): number {
  return db.query<{ n: number }, []>('SELECT COUNT(*) AS n FROM users').get()?.n ?? 0
}

export function insertUser(db: Database, user: { username: string; passwordHash: string; usesDefaultPassword: boolean }): UserRecord {
  const now = new Date().toISOString()
  const row = db
    .query<UserRow, [string, string, string, number, string, string]>(
      `INSERT INTO users (id, username, password_hash, uses_default_password, password_changed_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .get(crypto.randomUUID(), user.username, user.passwordHash, user.usesDefaultPassword ? 1 : 0, now, now)
  if (!row) throw new Error('insert returned no row')
  return toUser(row)
}

/** Stores a new password hash. Ending the account's other sessions is the caller's job (sessions.server.ts). */
export function setPassword(db: Database, id: string, passwordHash: string, usesDefaultPassword: boolean): UserRecord | null {
  const row = db
    .query<UserRow, [string, number, string, string]>(
      `UPDATE users SET password_hash = ?, uses_default_password = ?, password_changed_at = ? WHERE id = ? RETURNING *`,
    )
    .get(passwordHash, usesDefaultPassword ? 1 : 0, new Date().toISOString(), id)
  return row ? toUser(row) : null
}
