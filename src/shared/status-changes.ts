/**
 * When a store status (shared/store-hours.ts) may next read differently: at the opening,
 * at the closing, an hour before the closing ('cierra a las …'), and at the latest after
 * `maxAge` (the wording 'mañana' turns into 'hoy' at midnight; a pause can be lifted).
 * The landing page's cached HTML and the storefront's refresh both use it, so neither
 * shows 'Abierto' after the kitchen closed.
 */
import type { StoreStatus } from './store-hours'

export const CLOSING_SOON_MS = 60 * 60_000
export const STATUS_MAX_AGE_MS = 5 * 60_000

export function statusValidUntil(status: StoreStatus, now: number, maxAge = STATUS_MAX_AGE_MS): number {
  let until = now + maxAge
  const consider = (at: number) => {
    if (Number.isFinite(at) && at > now && at < until) until = at
  }
  if (status.opensAt) consider(Date.parse(status.opensAt))
  if (status.closesAt) {
    const closes = Date.parse(status.closesAt)
    consider(closes)
    consider(closes - CLOSING_SOON_MS)
  }
  return until
}
