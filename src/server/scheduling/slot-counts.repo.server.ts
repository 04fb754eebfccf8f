import type { Db } from '../db/database.server'
import { asNumber } from '../db/rows.server'

/**
 * The orders booked on `date` ("YYYY-MM-DD", restaurant time) per "HH:MM", cancelled ones
 * not counted. One grouped query on orders.scheduled_for (indexed): the cost is the day's
 * bookings, never the history. Inside the checkout's transaction it counts what that
 * transaction may see after taking the order-number lock (orders.repo.server.ts).
 */
export async function bookedOn(db: Db, date: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['scheduled_for', eb.fn.countAll<number | string>().as('n')])
    .where('scheduled_for', '>=', `${date}T00:00`)
    .where('scheduled_for', '<=', `${date}T23:59`)
    .where('status', '!=', 'cancelled')
    .groupBy('scheduled_for')
    .execute()
  const taken: Record<string, number> = {}
  for (const row of rows) if (row.scheduled_for) taken[row.scheduled_for.slice(11, 16)] = asNumber(row.n)
  return taken
}
