/**
 * 'Activos' and 'Programados' as time passes (decision 024): the active orders split by the
 * board's clock and the preparation time in force ('Más tiempo' included). The clock ticks
 * every 30 s and at the moment the soonest order for later becomes due, so it moves then.
 *
 * The counters come from the summary, which counts orders for later apart by the same rule on
 * the server's clock. A move between the tabs that no order event caused (the clock, the
 * preparation time) reads the summary again, so the counters follow the tabs.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { isUpcoming } from '@/shared/order-list'
import { DEFAULT_ORDER_SETTINGS, preparationAt } from '@/shared/order-slots'
import type { Order } from '@/shared/schemas'
import { ORDER_SUMMARY_KEY, orderSettingsQuery } from '../../lib/query-keys'
import { isActive, nextDueAt, splitScheduled } from './order-board'

const TICK_MS = 30_000
/** A little after the due minute starts, so the split, which compares minutes, has moved. */
const AFTER_DUE_MS = 50

export type BoardSplit = { now: Date; active: Order[]; upcoming: Order[] }

export function useBoardSplit(orders: readonly Order[] | undefined): BoardSplit {
  const settings = useQuery(orderSettingsQuery())
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS)
    return () => clearInterval(timer)
  }, [])
  const preparation = preparationAt(settings.data ?? DEFAULT_ORDER_SETTINGS, now)
  // Filtered again: a move answered just now may have finished an order before the list's refetch drops it.
  const { active, upcoming } = useMemo(() => splitScheduled((orders ?? []).filter(isActive), now.getTime(), preparation), [orders, now, preparation])

  const nextDue = nextDueAt(upcoming, preparation)
  useEffect(() => {
    if (nextDue === null) return
    const timer = setTimeout(() => setNow(new Date()), Math.max(0, nextDue - Date.now()) + AFTER_DUE_MS)
    return () => clearTimeout(timer)
  }, [nextDue])

  useSummaryFollowsClock(orders, now, preparation)
  return { now, active, upcoming }
}

/** Reads the summary again when the clock or the preparation time (not an order event) moved an order between the tabs. */
function useSummaryFollowsClock(orders: readonly Order[] | undefined, now: Date, preparation: number) {
  const queryClient = useQueryClient()
  const previous = useRef<{ now: Date; preparation: number } | null>(null)
  useEffect(() => {
    const before = previous.current
    previous.current = { now, preparation }
    if (!before || (before.now === now && before.preparation === preparation)) return
    const moved = (orders ?? []).some((o) => isUpcoming(o.scheduledFor, before.now, before.preparation) !== isUpcoming(o.scheduledFor, now, preparation))
    if (moved) void queryClient.invalidateQueries({ queryKey: ORDER_SUMMARY_KEY })
  }, [orders, now, preparation, queryClient])
}
