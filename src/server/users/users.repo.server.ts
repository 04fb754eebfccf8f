/**
 * Staff accounts (Usuarios, decision 025). Every write that could leave the restaurant
 * without an active administrator runs under the `users` counter row's lock, so two
 * administrators demoting each other at once (on one instance or two) cannot both succeed:
 * the second sees the first's change and is refused.
 */
import type { Role, StaffUser, UserUpdate } from '../../shared/schemas'
import { type Db, inTransaction } from '../db/database.server'
import { asNumber, flag } from '../db/rows.server'
import { deleteUserSessions } from '../auth/sessions.repo.server'
import { deleteUserPushSubscriptions } from '../push/push-subscriptions.repo.server'
import { getUserById, getUserByUsername, toUser, type UserRecord } from '../auth/users.repo.server'

export const LAST_ADMIN = 'Debe quedar al menos un administrador activo'

export class UserRefusal extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message)
  }
}

export const toStaffUser = (u: UserRecord): StaffUser => ({ id: u.id, username: u.username, role: u.role, active: u.active, usesDefaultPassword: u.usesDefaultPassword, createdAt: u.createdAt })

export async function listUsers(db: Db): Promise<StaffUser[]> {
  const rows = await db.selectFrom('users').selectAll().orderBy('created_at').execute()
  return rows.map((r) => toStaffUser(toUser(r)))
}

const lockUsers = (db: Db) => db.updateTable('counters').set((eb) => ({ value: eb('value', '+', 1) })).where('name', '=', 'users').execute()

async function activeAdmins(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n')).where('role', '=', 'admin').where('active', '=', 1).executeTakeFirst()
  return asNumber(row?.n)
}

export async function createUser(db: Db, user: { username: string; passwordHash: string; role: Role; active: boolean }): Promise<StaffUser> {
  return inTransaction(db, async (trx) => {
    await lockUsers(trx)
    if (await getUserByUsername(trx, user.username)) throw new UserRefusal(409, `Ya existe un usuario "${user.username}"`)
    const now = new Date().toISOString()
    await trx
      .insertInto('users')
      .values({ id: crypto.randomUUID(), username: user.username, password_hash: user.passwordHash, uses_default_password: 0, password_changed_at: now, created_at: now, role: user.role, active: flag(user.active) })
      .execute()
    const created = await getUserByUsername(trx, user.username)
    if (!created) throw new Error('el usuario creado no se encontró')
    return toStaffUser(created)
  })
}

/**
 * Changes a role, disables or enables, or sets a new password hash. A disabled account or a
 * new password ends the account's sessions at once (in the same transaction).
 */
export async function updateUser(db: Db, id: string, change: Omit<UserUpdate, 'password'> & { passwordHash?: string }): Promise<StaffUser> {
  return inTransaction(db, async (trx) => {
    await lockUsers(trx)
    const user = await getUserById(trx, id)
    if (!user) throw new UserRefusal(404, 'Usuario no encontrado')
    const role = change.role ?? user.role
    const active = change.active ?? user.active
    const wasCountedAdmin = user.role === 'admin' && user.active
    if (wasCountedAdmin && (role !== 'admin' || !active) && (await activeAdmins(trx)) <= 1) throw new UserRefusal(409, LAST_ADMIN)
    await trx
      .updateTable('users')
      .set({
        role,
        active: flag(active),
        ...(change.passwordHash ? { password_hash: change.passwordHash, uses_default_password: 0, password_changed_at: new Date().toISOString() } : {}),
      })
      .where('id', '=', id)
      .execute()
    if (!active || change.passwordHash) {
      await deleteUserSessions(trx, id, null)
      // Its devices stop receiving avisos too (issue #43): whoever holds them may no longer be this account.
      await deleteUserPushSubscriptions(trx, id)
    }
    const updated = await getUserById(trx, id)
    if (!updated) throw new UserRefusal(404, 'Usuario no encontrado')
    return toStaffUser(updated)
  })
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockUsers(trx)
    const user = await getUserById(trx, id)
    if (!user) throw new UserRefusal(404, 'Usuario no encontrado')
    if (user.role === 'admin' && user.active && (await activeAdmins(trx)) <= 1) throw new UserRefusal(409, LAST_ADMIN)
    await deleteUserPushSubscriptions(trx, id)
    await trx.deleteFrom('users').where('id', '=', id).execute()
  })
}
