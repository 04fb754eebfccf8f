/**
 * The footer's newsletter addresses. One row per address (UNIQUE on the trimmed, lower-cased
 * e-mail), so a repeat is one statement that changes nothing on either engine.
 */
import type { Selectable } from 'kysely'
import type { SubscriberListQuery } from '../../shared/schemas'
import type { Subscriber } from '../../shared/subscribers'
import type { Db } from '../db/database.server'
import type { SubscribersTable } from '../db/tables.server'

const toSubscriber = (r: Selectable<SubscribersTable>): Subscriber => ({ id: r.id, email: r.email, consentedAt: r.consented_at })

/**
 * Records `email` (already normalised by the shared schema) as consenting at `at`.
 * `created: false` when it was already there: its first consent time is kept.
 */
export async function subscribe(db: Db, email: string, at: Date): Promise<{ created: boolean }> {
  const row = await db
    .insertInto('subscribers')
    .values({ email, consented_at: at.toISOString() })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst()
  return { created: row !== undefined }
}

/** A page of the list, newest consent first (id breaks ties: same instant, later row first). */
export async function listSubscribers(db: Db, q: Omit<SubscriberListQuery, 'format'>): Promise<Subscriber[]> {
  const rows = await db.selectFrom('subscribers').selectAll().orderBy('consented_at', 'desc').orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute()
  return rows.map(toSubscriber)
}

export async function deleteSubscriber(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('subscribers').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
