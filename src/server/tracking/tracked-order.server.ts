/**
 * Finding an order by its tracking key, for the page (/pedido/<token>) and the API
 * (/api/track/<token>). The key is the only thing that opens an order, so a caller
 * who tries keys is treated like a password guesser: every wrong key counts against
 * the client's address (in the database, so every instance counts the same), and an
 * address over the limit is refused (429) even a right key until the window passes.
 * A key of the wrong shape is a wrong key, never a 400: the answer to "is there such an
 * order?" is the same 404 whatever was changed.
 */
import type { Order } from '../../shared/schemas'
import { AttemptLimiter } from '../auth/throttle.server'
import type { Db } from '../db/database.server'
import { getOrderByToken } from '../orders/orders.repo.server'
import { isTrackingToken } from '../orders/tracking-token.server'

/** Wrong keys one address may try in the window: far above a customer's typos, far below a scan. */
export const WRONG_TOKEN_LIMIT = 20
export const WRONG_TOKEN_WINDOW_MS = 15 * 60 * 1000

export type TrackedOrder = { kind: 'found'; order: Order } | { kind: 'notFound' } | { kind: 'limited'; retryAfter: number }

export const wrongTokenLimiter = (db: Db, now: () => number = Date.now) =>
  new AttemptLimiter(db, 'track', WRONG_TOKEN_LIMIT, WRONG_TOKEN_WINDOW_MS, now)

export async function findTrackedOrder(db: Db, limiter: AttemptLimiter, token: string, address: string): Promise<TrackedOrder> {
  const blocked = await limiter.wait(address)
  if (blocked > 0) return { kind: 'limited', retryAfter: blocked }
  const order = isTrackingToken(token) ? await getOrderByToken(db, token) : null
  if (order) return { kind: 'found', order }
  const wait = await limiter.take(address)
  return wait > 0 ? { kind: 'limited', retryAfter: wait } : { kind: 'notFound' }
}

/** Headers of everything a tracking key opens: never stored, indexed or passed on as a referrer. */
export const PRIVATE_PAGE_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
} as const
