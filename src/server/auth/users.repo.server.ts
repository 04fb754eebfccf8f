import { type Selectable, sql } from 'kysely'
import { type Db, inTransaction } from '../db/database.server'
import { asNumber, flag } from '../db/rows.server'
import type { UsersTable } from '../db/tables.server'
import { deleteUserPushSubscriptions } from '../push/push-subscriptions.repo.server'
import type { Role } from '../../shared/schemas'

export type UserRecord = {
  id: string
  username: string
  passwordHash: string
  usesDefaultPassword: boolean
  passwordChangedAt: string
  createdAt: string
  role: Role
  /** false: cannot sign in; its sessions no longer open anything. */
  active: boolean
}

export const toUser = (r: Selectable<UsersTable>): UserRecord => ({
  id: r.id,
  username: r.username,
  passwordHash: r.password_hash,
  usesDefaultPassword: r.uses_default_password === 1,
  passwordChangedAt: r.password_changed_at,
  createdAt: r.created_at,
  role: r.role,
  active: r.active === 1,
})

export async function getUserById(db: Db, id: string): Promise<UserRecord | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toUser(row) : null
}

/**
 * Usernames ignore case ('Admin' is 'admin'). Both sides go through the database's own
 * lower(), so each engine compares alike however it lowers (SQLite: ASCII letters only);
 * uniqueness is SQLite's NOCASE column and PostgreSQL's index on lower(username).
 */
export async function getUserByUsername(db: Db, username: string): Promise<UserRecord | null> {
  const row = await db.selectFrom('users').selectAll().where(sql`lower(username)`, '=', sql`lower(${username})`).executeTakeFirst()
  return row ? toUser(row) : null
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst()
  return asNumber(row?.n)
}

type NewUser = { username: string; passwordHash: string; usesDefaultPassword: boolean }

const userValues = (user: NewUser, now = new Date().toISOString()) => ({
  id: crypto.randomUUID(),
  username: user.username,
  password_hash: user.passwordHash,
  uses_default_password: flag(user.usesDefaultPassword),
  password_changed_at: now,
  created_at: now,
})

export async function insertUser(db: Db, user: NewUser): Promise<UserRecord> {
  return toUser(await db.insertInto('users').values(userValues(user)).returningAll().executeTakeFirstOrThrow())
}

/**
 * Creates the first account, or nothing (null) when any account exists. Two simultaneous
 * calls create one: the count and the insert share a transaction, and the unique username
 * turns the loser's insert into nothing (PostgreSQL waits for the winner's commit).
 */
export async function insertFirstUser(db: Db, user: NewUser): Promise<UserRecord | null> {
  return inTransaction(db, async (trx) => {
    if ((await countUsers(trx)) > 0) return null
    const row = await trx.insertInto('users').values(userValues(user)).onConflict((oc) => oc.doNothing()).returningAll().executeTakeFirst()
    return row ? toUser(row) : null
  })
}

/** Stores a new password hash. Ending the account's other sessions is the caller's job (sessions.server.ts). */
export async function setPassword(db: Db, id: string, passwordHash: string, usesDefaultPassword: boolean): Promise<UserRecord | null> {
  const row = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, uses_default_password: flag(usesDefaultPassword), password_changed_at: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
  // A new password: the account's devices stop receiving avisos (issue #43); this one turns them on again.
  if (row) await deleteUserPushSubscriptions(db, id)
  return row ? toUser(row) : null
}
