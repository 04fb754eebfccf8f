/**
 * The menu at the time an order is for, for 'Editar pedido' (issue #40): the categories (their
 * hours), the order's minute (its `scheduledFor`, or now plus the preparation time: the rule the
 * storefront and the edit's save use, shared/service-windows.ts orderMinute) and the portions left
 * on its day (GET /api/menu/remaining: today's; an order for another day is left to the server).
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { splitScheduledFor } from '@/shared/order-slots'
import type { Order } from '@/shared/schemas'
import { orderMinute } from '@/shared/service-windows'
import { MINUTES_PER_DAY, dateOfDay, wallMinute } from '@/shared/store-hours'
import { categoriesQuery, menuRemainingQuery, orderSettingsQuery } from '../../lib/query-keys'
import type { MenuMoment } from './edit-availability'

/** How often the clock is read again: a dish's hours begin or end on the minute. */
const TICK_MS = 30_000

/** The restaurant's date ("YYYY-MM-DD") at `now`. */
const today = (now: Date) => dateOfDay(Math.floor(wallMinute(now) / MINUTES_PER_DAY))

export function useMenuMoment(order: Pick<Order, 'scheduledFor'>): MenuMoment {
  const settings = useQuery(orderSettingsQuery())
  const categories = useQuery(categoriesQuery())
  // Never from an old cache: orders taken meanwhile used portions up.
  const remaining = useQuery({ ...menuRemainingQuery(), refetchOnMount: 'always' })
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS)
    return () => clearInterval(timer)
  }, [])

  const at = settings.data ? orderMinute({ scheduledFor: order.scheduledFor, now, settings: settings.data }) : null
  const day = order.scheduledFor ? (splitScheduledFor(order.scheduledFor)?.date ?? null) : today(now)
  const counted = day === today(now) ? remaining.data : undefined
  const bySlug = useMemo(() => new Map((categories.data ?? []).map((c) => [c.slug, c])), [categories.data])
  return useMemo(() => ({ categories: bySlug, at, left: (productId: number) => counted?.[String(productId)] }), [bySlug, at, counted])
}
