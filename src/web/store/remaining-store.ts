/**
 * Portions left today (issue #31): `{ "<productId>": unitsLeft }` of the products limited per
 * day, from GET /api/menu/remaining, apart from the cached menu (an order never empties it).
 *
 * Asked after hydration (the server's HTML and the first render know nothing of it, so they
 * agree: decision 017). When the menu has a limited product the page then listens to
 * GET /api/menu/remaining/events, the order bus the board listens to (decision 015: an
 * event says only "something changed"), and asks again on each event, when the stream
 * (re)opens and when the tab comes back into view. A menu without limits costs one tiny
 * request and no stream.
 */
import { useSyncExternalStore } from 'react'

export type Remaining = Record<string, number>

let remaining: Remaining | null = null
const listeners = new Set<() => void>()

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

const isRemaining = (v: unknown): v is Remaining =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((n) => Number.isInteger(n))

function set(next: Remaining) {
  if (remaining && JSON.stringify(remaining) === JSON.stringify(next)) return
  remaining = next
  for (const listener of [...listeners]) listener()
}

/** The portions left (null until the first answer, and on the server). */
export const useRemaining = (): Remaining | null => useSyncExternalStore(subscribe, () => remaining, () => null)

/** The units left today of a product, or undefined when it has no limit (or nothing is known yet). */
export const leftOf = (all: Remaining | null, productId: number): number | undefined => all?.[String(productId)]

/** Starts asking (after hydration); the returned function stops it. */
export function startRemaining(): () => void {
  let live = true
  let source: EventSource | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  const load = () =>
    fetch('/api/menu/remaining', { cache: 'no-store' })
      .then((res) => (res.ok ? res.json() : null))
      .then((next: unknown) => {
        if (!live || !isRemaining(next)) return
        set(next)
        if (!source && Object.keys(next).length > 0 && typeof EventSource === 'function') listen()
      })
      .catch(() => {})
  // A burst of orders asks once.
  const soon = () => {
    clearTimeout(timer)
    timer = setTimeout(() => void load(), 250)
  }
  const listen = () => {
    source = new EventSource('/api/menu/remaining/events')
    source.addEventListener('order', soon)
    source.addEventListener('open', soon)
  }
  const onVisible = () => document.visibilityState === 'visible' && soon()
  document.addEventListener('visibilitychange', onVisible)
  void load()
  return () => {
    live = false
    clearTimeout(timer)
    source?.close()
    document.removeEventListener('visibilitychange', onVisible)
  }
}

/** Ask again now (a checkout refused for portions, or just placed). */
export function refreshRemaining(): void {
  fetch('/api/menu/remaining', { cache: 'no-store' })
    .then((res) => (res.ok ? res.json() : null))
    .then((next: unknown) => isRemaining(next) && set(next))
    .catch(() => {})
}

/** 'Quedan 3' (5 or fewer left), 'Queda 1'; nothing above 5 or at 0 (the card says 'Agotado por hoy'). */
export const FEW_LEFT = 5
export const fewLeftLabel = (left: number | undefined): string | null =>
  left === undefined || left <= 0 || left > FEW_LEFT ? null : left === 1 ? 'Queda 1' : `Quedan ${left}`
