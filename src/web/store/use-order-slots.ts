/**
 * The times of one day a customer may schedule for, as the server counts them
 * (GET /api/order-slots: full ones come back unavailable). The days themselves come from
 * the shared rule on the page's data (shared/order-slots.ts), so the day chips show at once;
 * only each day's availability waits for the server.
 */
import { useEffect, useState } from 'react'
import type { Slot } from '../../shared/order-slots'

export type SlotsState = { status: 'loading' } | { status: 'ready'; slots: Slot[] } | { status: 'error' }

const isSlots = (v: unknown): v is { slots: Slot[] } =>
  typeof v === 'object' && v !== null && Array.isArray((v as { slots?: unknown }).slots)

/** `productIds`: the cart's products; the server marks the times outside their hours unavailable (issue #31). */
export function useOrderSlots(date: string | null, productIds: readonly number[] = []): SlotsState {
  const products = [...new Set(productIds)].sort((a, b) => a - b).join(',')
  const [state, setState] = useState<SlotsState>({ status: 'loading' })
  useEffect(() => {
    if (!date) return
    const controller = new AbortController()
    setState({ status: 'loading' })
    fetch(`/api/order-slots?date=${encodeURIComponent(date)}${products ? `&products=${products}` : ''}`, { cache: 'no-store', signal: controller.signal })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: unknown) => setState(isSlots(body) ? { status: 'ready', slots: body.slots } : { status: 'error' }))
      .catch(() => !controller.signal.aborted && setState({ status: 'error' }))
    return () => controller.abort()
  }, [date, products])
  return state
}
