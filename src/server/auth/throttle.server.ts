/**
 * Attempt limits, kept in the database (`attempts`), so that every instance counts
 * the same attempts and a restart forgets none (decision 019).
 *
 * An attempt is counted when it is TAKEN, before the password is checked: of 40
 * simultaneous guesses for one key, only the first `limit` reach argon2, the rest
 * get 429 at once. The key's row is locked for the count and the write (PostgreSQL:
 * the upsert's row lock; SQLite: its one writer), so concurrent attempts on several
 * instances cannot all slip under the limit. A success clears the key (`clear`);
 * failures simply stay counted until they leave the window.
 */
import { type Db, inTransaction } from '../db/database.server'

const parseHits = (json: string): number[] => {
  const value: unknown = JSON.parse(json)
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : []
}

/** Expired rows are removed about once every this many attempts. */
const PRUNE_EVERY = 200

export class AttemptLimiter {
  #sinceprune = 0
  constructor(
    readonly db: Db,
    /** Keeps the limits apart in the one table: 'login', 'checkout'… */
    readonly bucket: string,
    readonly limit: number,
    readonly windowMs: number,
    readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts an attempt for `key`: 0 when allowed, else the seconds until one is (nothing is
   * counted then). `db` may be the caller's transaction: the attempt is then kept only if it commits.
   */
  async take(key: string, db: Db = this.db): Promise<number> {
    const id = `${this.bucket}:${key}`
    const now = this.now()
    const wait = await inTransaction(db, async (trx) => {
      const row = await trx
        .insertInto('attempts')
        .values({ key: id, hits: '[]', expires_at: now + this.windowMs })
        .onConflict((oc) => oc.column('key').doUpdateSet({ key: id })) // a no-op write: it takes the row's lock
        .returning('hits')
        .executeTakeFirstOrThrow()
      const { wait, hits } = this.#decide(row.hits, now)
      if (wait === 0) await trx.updateTable('attempts').set({ hits, expires_at: now + this.windowMs }).where('key', '=', id).execute()
      return wait
    })
    this.#pruneNowAndThen(now)
    return wait
  }

  /**
   * `take` without a transaction, for a caller that writes right after in a statement of its
   * own (the checkout, issue #29): the hits are read, then written only if they are still
   * what was read (a compare-and-set upsert); when another attempt came in between, read
   * again. The count is as exact as `take`'s, in two statements and no lock held.
   */
  async takeAtOnce(key: string): Promise<number> {
    const id = `${this.bucket}:${key}`
    for (;;) {
      const now = this.now()
      const stored = (await this.db.selectFrom('attempts').select('hits').where('key', '=', id).executeTakeFirst())?.hits
      const { wait, hits } = this.#decide(stored ?? '[]', now)
      if (wait > 0) return wait
      const written = await this.db
        .insertInto('attempts')
        .values({ key: id, hits, expires_at: now + this.windowMs })
        // No row was read: another attempt's insert wins the conflict and this one reads again ('' matches no row).
        .onConflict((oc) => oc.column('key').doUpdateSet({ hits, expires_at: now + this.windowMs }).where('attempts.hits', '=', stored ?? ''))
        .returning('key')
        .executeTakeFirst()
      if (written) {
        this.#pruneNowAndThen(now)
        return 0
      }
    }
  }

  /** From the stored hits at `now`: the seconds to wait (nothing counted), or 0 and the hits with this attempt. */
  #decide(stored: string, now: number): { wait: number; hits: string } {
    const recent = parseHits(stored).filter((t) => t > now - this.windowMs)
    if (recent.length >= this.limit) {
      const oldest = recent[recent.length - this.limit] ?? now
      return { wait: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)), hits: stored }
    }
    return { wait: 0, hits: JSON.stringify([...recent, now]) }
  }

  #pruneNowAndThen(now: number): void {
    if (++this.#sinceprune < PRUNE_EVERY) return
    this.#sinceprune = 0
    // Not awaited, and outside the caller's transaction: inside it, a query on another
    // handle would wait for it to end (SQLite's one connection), which would wait for this
    // one; and two instances pruning inside their transactions could deadlock.
    void this.db
      .deleteFrom('attempts')
      .where('expires_at', '<', now)
      .execute()
      .catch((error: unknown) => console.error('attempts: no se pudieron borrar los vencidos:', error instanceof Error ? error.message : error))
  }

  /** Seconds until `key` may try again (0: now), without counting an attempt. */
  async wait(key: string): Promise<number> {
    const now = this.now()
    const row = await this.db.selectFrom('attempts').select('hits').where('key', '=', `${this.bucket}:${key}`).executeTakeFirst()
    const recent = row ? parseHits(row.hits).filter((t) => t > now - this.windowMs) : []
    if (recent.length < this.limit) return 0
    const oldest = recent[recent.length - this.limit] ?? now
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000))
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('attempts').where('key', '=', `${this.bucket}:${key}`).execute()
  }
}

const FIFTEEN_MINUTES = 15 * 60 * 1000

/** Every limit of the auth calls. Tests pass their own clock. */
export function createAuthThrottles(db: Db, now: () => number = Date.now) {
  return {
    /** 5 attempts per account + address: a guesser elsewhere never locks the admin's own address out. */
    loginPerAccount: new AttemptLimiter(db, 'login-account', 5, FIFTEEN_MINUTES, now),
    /**
     * Failures for one username from every address together: slows a guesser who rotates
     * addresses. A browser that signed in to the account before is not held by it
     * (known-device.server.ts), so it cannot be used to lock the owner out.
     */
    loginPerUsername: new AttemptLimiter(db, 'login-user', 10, FIFTEEN_MINUTES, now),
    /** Bounds the argon2 work one address can cause across usernames (including unknown ones). */
    loginPerAddress: new AttemptLimiter(db, 'login-address', 20, FIFTEEN_MINUTES, now),
    /** Wrong current passwords on PUT /api/auth/password, per account + address. */
    passwordChange: new AttemptLimiter(db, 'password', 5, FIFTEEN_MINUTES, now),
    /** create-initial-admin and reset-admin, per address. */
    setup: new AttemptLimiter(db, 'setup', 10, FIFTEEN_MINUTES, now),
  }
}
export type AuthThrottles = ReturnType<typeof createAuthThrottles>
