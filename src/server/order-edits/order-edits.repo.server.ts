/** What an edit of an order reads beside the checkout's reads (order-edit.service.server.ts). */
import type { Promotion } from '../../shared/promotions'
import type { Db } from '../db/database.server'
import { toPromotion } from '../promotions/promotions.repo.server'

/** The promotions of these ids, switched on or not (the ones an order was placed with): ONE query. */
export async function promotionsByIds(db: Db, ids: readonly number[]): Promise<Promotion[]> {
  if (ids.length === 0) return []
  return (await db.selectFrom('promotions').selectAll().where('id', 'in', [...ids]).orderBy('id').execute()).map(toPromotion)
}
