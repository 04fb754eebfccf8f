/**
 * Attempt limits, kept in memory (one process).
 *
 * An attempt is counted when it is TAKEN, before the password is checked: of 40
 * simultaneous guesses for one key, only the first `limit` reach argon2, the rest
 * get 429 at once. A success clears the key (`clear`); failures simply stay
 * counted until they leave the window.
 */
export class AttemptLimiter {
  readonly #attempts = new Map<string, number[]>()
  constructor(
    readonly limit: number,
    readonly windowMs: number,
    readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt for `key`: 0 when allowed, else the seconds until one is (nothing is counted then). */
  take(key: string): number {
    const list = this.#recent(key)
    if (list.length >= this.limit) {
      const oldest = list[list.length - this.limit] ?? this.now()
      return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000))
    }
    list.push(this.now())
    this.#attempts.set(key, list)
    if (this.#attempts.size > 10_000) this.#prune()
    return 0
  }

  clear(key: string) {
    this.#attempts.delete(key)
  }

  #recent(key: string): number[] {
    const since = this.now() - this.windowMs
    const list = (this.#attempts.get(key) ?? []).filter((t) => t > since)
    if (list.length === 0) this.#attempts.delete(key)
    return list
  }

  #prune() {
    for (const key of [...this.#attempts.keys()]) {
      if (this.#recent(key).length === 0) this.#attempts.delete(key)
    }
  }
}

const FIFTEEN_MINUTES = 15 * 60 * 1000

/** Every limit of the auth calls. Tests pass their own clock. */
export function createAuthThrottles(now: () => number = Date.now) {
  return {
    /** 5 attempts per account + address: a guesser elsewhere never locks the admin's own address out. */
    loginPerAccount: new AttemptLimiter(5, FIFTEEN_MINUTES, now),
    /** Bounds the argon2 work one address can cause across usernames (including unknown ones). */
    loginPerAddress: new AttemptLimiter(20, FIFTEEN_MINUTES, now),
    /** Wrong current passwords on PUT /api/auth/password, per account + address. */
    passwordChange: new AttemptLimiter(5, FIFTEEN_MINUTES, now),
    /** create-initial-admin and reset-admin, per address. */
    setup: new AttemptLimiter(10, FIFTEEN_MINUTES, now),
  }
}
export type AuthThrottles = ReturnType<typeof createAuthThrottles>
