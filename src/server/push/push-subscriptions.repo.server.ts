/**
 * The staff's devices that asked for avisos (issue #43): one row per push endpoint (a device's
 * browser), owned by the account signed in when it was turned on. Pushes go only to devices of
 * active accounts.
 */
import type { Db } from '../db/database.server'

export type StoredPushSubscription = { endpoint: string; userId: string; p256dh: string; auth: string; createdAt: string; updatedAt: string }

/** Registers a device, or updates it when its endpoint is known (new keys, or another account signed in there). */
export async function savePushSubscription(
  db: Db,
  input: { endpoint: string; userId: string; p256dh: string; auth: string; userAgent: string },
  at: Date,
): Promise<StoredPushSubscription & { created: boolean }> {
  const now = at.toISOString()
  const known = await db.selectFrom('push_subscriptions').select('endpoint').where('endpoint', '=', input.endpoint).executeTakeFirst()
  const row = await db
    .insertInto('push_subscriptions')
    .values({ endpoint: input.endpoint, user_id: input.userId, p256dh: input.p256dh, auth: input.auth, user_agent: input.userAgent.slice(0, 300), created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({ user_id: input.userId, p256dh: input.p256dh, auth: input.auth, user_agent: input.userAgent.slice(0, 300), updated_at: now }),
    )
    .returning(['endpoint', 'user_id', 'p256dh', 'auth', 'created_at', 'updated_at'])
    .executeTakeFirstOrThrow()
  return { endpoint: row.endpoint, userId: row.user_id, p256dh: row.p256dh, auth: row.auth, createdAt: row.created_at, updatedAt: row.updated_at, created: !known }
}

/** This account's device stops receiving avisos; false when the account had no such endpoint. */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const result = await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** The push service said the endpoint is gone (404/410). */
export async function dropPushEndpoint(db: Db, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute()
}

/** Every device of an account: disabled, deleted, or its password changed (its sessions end too). */
export async function deleteUserPushSubscriptions(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** The devices a push goes to: those of active accounts. */
export async function activePushSubscriptions(db: Db): Promise<StoredPushSubscription[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .innerJoin('users', 'users.id', 'push_subscriptions.user_id')
    .select(['push_subscriptions.endpoint', 'push_subscriptions.user_id', 'push_subscriptions.p256dh', 'push_subscriptions.auth', 'push_subscriptions.created_at', 'push_subscriptions.updated_at'])
    .where('users.active', '=', 1)
    .execute()
  return rows.map((row) => ({ endpoint: row.endpoint, userId: row.user_id, p256dh: row.p256dh, auth: row.auth, createdAt: row.created_at, updatedAt: row.updated_at }))
}

/**
 * Claims a push every instance might send (the reminder of an order for later): true for the one
 * instance whose insert made the row, false for every other (and for this one asked again).
 */
export async function claimPush(db: Db, orderId: number, kind: 'reminder', at: Date): Promise<boolean> {
  const rows = await db
    .insertInto('push_claims')
    .values({ order_id: orderId, kind, claimed_at: at.toISOString() })
    .onConflict((oc) => oc.columns(['order_id', 'kind']).doNothing())
    .returning('order_id')
    .execute()
  return rows.length === 1
}
