/**
 * Whether orders are taken right now. The page arrives with the status as of its render
 * (possibly minutes old: the HTML is cached), so after hydration the storefront asks
 * GET /api/store-status, and asks again when the status may change (opening, closing,
 * an hour before closing; at most every few minutes) and when the tab comes back into
 * view. The server's clock decides, not the phone's. The first render uses the embedded
 * status, as the server did, so hydration matches.
 *
 * An answer that says the same changes nothing, and a change is a transition: the
 * status reaches the page body, whose server HTML must not be replaced before its chunk
 * has hydrated it (app.tsx); a transition waits for that instead.
 */
import { startTransition, useEffect, useState } from 'react'
import { statusValidUntil } from '../../shared/status-changes'
import type { StoreStatus } from '../../shared/store-hours'

const isStatus = (v: unknown): v is StoreStatus =>
  typeof v === 'object' && v !== null && typeof (v as StoreStatus).open === 'boolean' && typeof (v as StoreStatus).message === 'string'

const sameStatus = (a: StoreStatus, b: StoreStatus) => JSON.stringify(a) === JSON.stringify(b)

export function useStoreStatus(initial: StoreStatus): StoreStatus {
  const [status, setStatus] = useState(initial)

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let live = true
    const refresh = () => {
      clearTimeout(timer)
      fetch('/api/store-status', { cache: 'no-store' })
        .then((res) => (res.ok ? res.json() : null))
        .then((next: unknown) => {
          if (!live) return
          if (isStatus(next)) startTransition(() => setStatus((current) => (sameStatus(current, next) ? current : next)))
          schedule(isStatus(next) ? next : null)
        })
        .catch(() => live && schedule(null))
    }
    const schedule = (current: StoreStatus | null) => {
      const now = Date.now()
      const wait = current ? statusValidUntil(current, now) - now : 60_000
      timer = setTimeout(refresh, Math.max(1000, wait + 500))
    }
    const onVisible = () => document.visibilityState === 'visible' && refresh()
    refresh()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      live = false
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [])

  return status
}
