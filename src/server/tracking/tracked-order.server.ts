/**
 * Finding an order by its tracking key, for the page (/pedido/<token>) and the API
 * (/api/track/<token>). The key is the only thing that opens an order, so a caller
 * who tries keys is treated like a password guesser: every wrong key counts against
 * the client's address (in the database, so every instance counts the same), and an
 * address over the limit gets 429 for every wrong key until the window passes. A right
 * key is always answered: customers behind one carrier NAT share an address, and a
 * guesser next to them must not lock them out of their own orders.
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
  const order = isTrackingToken(token) ? await getOrderByToken(db, token) : null
  if (order) return { kind: 'found', order }
  // `take` counts nothing once the address is over the limit: it only says how long to wait.
  const wait = await limiter.take(address)
  return wait > 0 ? { kind: 'limited', retryAfter: wait } : { kind: 'notFound' }
}

/** Headers of everything a tracking key opens: never stored, indexed or passed on as a referrer. */
export const PRIVATE_PAGE_HEADERS = {
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
} as const
