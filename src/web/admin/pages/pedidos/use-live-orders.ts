/**
 * The orders, live: GET /api/orders through the shared query key (the Pedidos board and
 * the dashboard read the same cache entry), refreshed on every event of
 * GET /api/orders/events (server-sent events; no polling). A new order also raises
 * the cue: a toast and, unless muted, a chime (order-cue.ts).
 *
 * EventSource reconnects by itself after a network drop (the server asks for 3 s);
 * the list is refetched on every reconnection, so nothing missed meanwhile is lost.
 * When the server refuses the stream (signed out, server error) the browser gives up
 * for good; then the current user is re-read (a lost session goes to /login) and
 * the stream is reopened after a growing pause (5 s up to 1 min).
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { formatQ } from '@/shared/money'
import { ORDER_EVENT_NAME, ORDER_EVENTS_PATH, type OrderEvent, parseOrderEvent } from '@/shared/order-events'
import type { Order } from '@/shared/schemas'
import { toast } from '@/web/ui/use-toast'
import { ORDERS_KEY, USER_KEY } from '../../lib/query-keys'
import { playNewOrderChime, unlockAudioOnFirstGesture } from './order-cue'
import { customerText, fulfilmentText } from './order-board'

const FIRST_RETRY_MS = 5_000
const MAX_RETRY_MS = 60_000

/** The query both pages read. */
export const useOrders = () => useQuery<Order[]>({ queryKey: ORDERS_KEY })

async function announce(queryClient: QueryClient, event: OrderEvent) {
  playNewOrderChime()
  const order = queryClient.getQueryData<Order[]>(ORDERS_KEY)?.find((o) => o.id === event.id)
  toast({
    title: `Nuevo pedido #${event.number}`,
    description: order ? `${customerText(order)} · ${fulfilmentText(order)} · ${formatQ(order.total)}` : undefined,
  })
}

/**
 * Listens to the order events while mounted. `onCreated` runs for each new order, after
 * the list has been refetched (so the order is in the cache).
 */
export function useOrderEvents(onCreated?: (event: OrderEvent) => void) {
  const queryClient = useQueryClient()
  useEffect(() => unlockAudioOnFirstGesture(), [])
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    let source: EventSource | null = null
    let retry: ReturnType<typeof setTimeout> | undefined
    let delay = FIRST_RETRY_MS
    let connectedBefore = false
    let stopped = false
    const refresh = () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY })

    const connect = () => {
      const current = new EventSource(ORDER_EVENTS_PATH, { withCredentials: true })
      source = current
      current.addEventListener('open', () => {
        delay = FIRST_RETRY_MS
        // The first opening comes with the page's own first load; a reopening catches up.
        if (connectedBefore) void refresh()
        connectedBefore = true
      })
      current.addEventListener(ORDER_EVENT_NAME, (message) => {
        const event = parseOrderEvent((message as MessageEvent<string>).data)
        if (!event) return
        void refresh().then(() => {
          if (stopped || event.type !== 'created') return
          void announce(queryClient, event)
          onCreated?.(event)
        })
      })
      current.addEventListener('error', () => {
        if (current.readyState !== EventSource.CLOSED || stopped) return // reconnecting by itself
        current.close()
        void queryClient.invalidateQueries({ queryKey: USER_KEY })
        retry = setTimeout(connect, delay)
        delay = Math.min(delay * 2, MAX_RETRY_MS)
      })
    }
    connect()
    return () => {
      stopped = true
      clearTimeout(retry)
      source?.close()
    }
  }, [queryClient, onCreated])
}

/**
 * The board's data: the live orders and the ids of orders that arrived while the board was
 * open and have not been opened yet (highlighted as 'Nuevo').
 */
export function useLiveOrders() {
  const orders = useOrders()
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set())
  const onCreated = useCallback((event: OrderEvent) => setFresh((ids) => new Set(ids).add(event.id)), [])
  useOrderEvents(onCreated)
  const markSeen = useCallback(
    (id: number) =>
      setFresh((ids) => {
        if (!ids.has(id)) return ids
        const next = new Set(ids)
        next.delete(id)
        return next
      }),
    [],
  )
  return { orders, fresh, markSeen }
}
