/**
 * When a certificate is renewed and how failures back off: pure arithmetic on dates, so the
 * schedule is tested without a CA or a clock (decision 027).
 */

const DAY_MS = 86_400_000

/** Renewal starts this long before expiry (Let's Encrypt's own advice for its 90-day certificates). */
export const RENEW_BEFORE_MS = 30 * DAY_MS

/** The longest single wait: timers beyond ~24.8 days overflow, and a clock moved by hand is noticed within this. */
export const MAX_CHECK_INTERVAL_MS = 12 * 3_600_000

/** The first retry after a failed order; each further failure doubles it, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 15_000
export const RETRY_MAX_MS = 3_600_000

export type Validity = { notBefore: Date; notAfter: Date }

/**
 * The moment a certificate becomes due: 30 days before it expires. A certificate that lives
 * 30 days or less (a short-lived profile) would be due from birth, so it is renewed after two
 * thirds of its life instead.
 */
export function renewalDueAt({ notBefore, notAfter }: Validity): Date {
  const lifetime = notAfter.getTime() - notBefore.getTime()
  if (lifetime > RENEW_BEFORE_MS) return new Date(notAfter.getTime() - RENEW_BEFORE_MS)
  return new Date(notBefore.getTime() + Math.floor((lifetime * 2) / 3))
}

/** How long to sleep before looking again: until it is due, but never longer than MAX_CHECK_INTERVAL_MS. */
export function nextCheckInMs(dueAt: Date, now: Date): number {
  return Math.max(0, Math.min(dueAt.getTime() - now.getTime(), MAX_CHECK_INTERVAL_MS))
}

/** The wait after the n-th failure in a row (1, 2, …): 15 s, 30 s, 1 min, 2 min … up to one hour. */
export function retryDelayMs(failures: number): number {
  const doublings = Math.max(0, failures - 1)
  return Math.min(RETRY_FIRST_MS * 2 ** Math.min(doublings, 20), RETRY_MAX_MS)
}

/** "15 s", "2 min", "1 h": the waits as the owner reads them in the log. */
export function spokenDelay(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`
  return `${Math.round(ms / 3_600_000)} h`
}

/** "2026-12-24": the dates in the log, in UTC (the owner's box may keep any zone). */
export function spokenDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}
