/**
 * Guessing promotion codes (issue #39; DESIGN "Auth and accounts", "Data rules"). A code is a word
 * ('MARTES'), so a stranger could try words until one answers. Three doors answer about a code:
 * the lookup (`GET /api/promotions/code/{code}`), the quote and the checkout; they share ONE
 * count of wrong guesses per client address (`clientOf`: an IPv6 client by its /64), kept in the
 * `attempts` table like the sign-in limits, so every instance on PostgreSQL counts the same.
 *
 * The order of a request's checks, so that no answer tells a right code from a wrong one for free:
 *   1. its body is validated (the route's schema, 400) before any code is looked at;
 *   2. an address past the limit is answered 429 (Retry-After) before the code is judged, right
 *      or wrong: otherwise the answer past the limit (a 429 for a wrong code, the figures or a
 *      400 about the cash for a right one) would itself be an oracle, never counted;
 *   3. a code no active promotion has counts a guess (the 30th is still answered; the next is 429);
 *   4. only then the order is priced, so a 400 that comes after the code (cash that does not
 *      cover the total) is only ever reached by a code already judged.
 * The same wrong code again from the same address is one guess (a cart asks its quote again at
 * every change while it holds a mistyped code), and so is the same phone again for a code it
 * already used: the checkout is the one door that says 'Ya usaste este código', and trying phones
 * against a known code there is guessing who the customers are.
 */
import { normalizePromoCode, promotionOfCode } from '../../shared/promotions'
import type { Promotion } from '../../shared/schemas/promotion'
import { AttemptLimiter } from '../auth/throttle.server'
import type { PageCache } from '../cache/page-cache.server'
import type { Db } from '../db/database.server'
import { tooManyAttempts } from '../http/errors.server'
import { activePromotionsKept } from './promotions.repo.server'

/** Wrong guesses one address may make in the window: far above a customer's typos, far below a scan of the codes (as for tracking keys). */
export const WRONG_CODE_LIMIT = 30
export const WRONG_CODE_WINDOW_MS = 15 * 60 * 1000

export class CodeGuesses {
  readonly #wrong: AttemptLimiter
  /** One row per (address, guess) seen in the window: a repeated guess is not counted again. */
  readonly #seen: AttemptLimiter

  constructor(
    readonly db: Db,
    readonly cache: PageCache,
    now: () => number = Date.now,
  ) {
    this.#wrong = new AttemptLimiter(db, 'promo-code', WRONG_CODE_LIMIT, WRONG_CODE_WINDOW_MS, now)
    this.#seen = new AttemptLimiter(db, 'promo-code-seen', 1, WRONG_CODE_WINDOW_MS, now)
  }

  /**
   * Steps 2 and 3 above for `typed` from `address`: 429 past the limit; a code that is not live
   * counted as a guess (429 when that one is over). The live promotion, or null (the caller then
   * answers 'Ese código no existe' its own way: 404, a quote's `codeRefusal`, a checkout's 409).
   */
  async judge(address: string, typed: string): Promise<Promotion | null> {
    const wait = await this.#wrong.wait(address)
    if (wait > 0) throw tooManyAttempts(wait)
    const promotion = promotionOfCode(await activePromotionsKept(this.db, this.cache), typed)
    if (!promotion) await this.guessed(address, normalizePromoCode(typed))
    return promotion
  }

  /** Counts `guess` (a code, or a code and a phone) from `address` once per window: 429 when it is one too many. */
  async guessed(address: string, guess: string): Promise<void> {
    if ((await this.#seen.take(`${address}:${guess}`)) > 0) return
    const wait = await this.#wrong.take(address)
    if (wait > 0) throw tooManyAttempts(wait)
  }
}
