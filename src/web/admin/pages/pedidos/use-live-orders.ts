/**
 * The orders, live: every event of GET /api/orders/events (server-sent events; no polling)
 * invalidates the order reads (order-queries.ts), so what is on screen is read again:
 * the summary, the active orders, the open order, the first page of 'Todos' while it
 * shows, the dashboard's newest orders; never the whole history. A new order also raises
 * the cue: a toast and, unless muted, a chime (order-cue.ts). An order staff changed
 * (issue #34) is read again wherever it is cached, told in a toast on the other devices, and
 * printed again where the owner chose so (print-ticket.ts).
 *
 * EventSource reconnects by itself after a network drop (the server asks for 3 s);
 * the reads are refreshed every time the stream opens (the first time too: an order
 * placed between the page's first read and the stream's opening would be missed),
 * so nothing missed meanwhile is lost.
 * When the server refuses the stream (signed out, server error) the browser gives up
 * for good; then the current user is re-read (a lost session goes to /login) and
 * the stream is reopened after a growing pause (5 s up to 1 min).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { formatQ } from '@/shared/money'
import { tableCallText } from '@/shared/dining-table'
import { ORDER_EVENT_NAME, type OrderEvent, parseOrderEvent, type TableCallEvent } from '@/shared/order-events'
import { toast } from '@/web/ui/use-toast'
import { api } from '../../lib/api'
import { ORDERS_KEY, USER_KEY } from '../../lib/query-keys'
import { playNewOrderChime, unlockAudioOnFirstGesture } from './order-cue'
import { customerText, fulfilmentText } from './order-board'
import type { Order } from '@/shared/schemas'
import { catchUpChangedOrder, catchUpOrder, findCachedOrder } from './order-queries'
import { autoPrintChangedOrder, autoPrintNewOrder } from './print-ticket'

const FIRST_RETRY_MS = 5_000
const MAX_RETRY_MS = 60_000

/** The new-order toast on screen (one at a time), dismissed when the owner opens that order. */
let announced: { id: number; dismiss: () => void } | null = null

function announce(queryClient: QueryClient, event: OrderEvent) {
  playNewOrderChime()
  // Just refetched: a new order is in the active list, unless a point of sale recorded it already finished
  // (then it may be in another read on screen, or in none: the toast goes without its description).
  const order = findCachedOrder(queryClient, event.id)
  const shown = toast({
    title: `Nuevo pedido #${event.number}`,
    description: order ? `${customerText(order)} · ${fulfilmentText(order)} · ${formatQ(order.total)}` : undefined,
  })
  announced = { id: event.id, dismiss: shown.dismiss }
}

/** 'Mesa 5 pide la cuenta': the chime and a toast, and the board keeps the call on screen until someone attends it. */
function announceCall(call: TableCallEvent, onCall?: (call: TableCallEvent) => void) {
  playNewOrderChime()
  toast({ title: tableCallText(call.name, call.call) })
  onCall?.(call)
}

/** Versions ('id:changes') of the orders this device changed itself: their event needs no toast here. */
const ownEdits = new Set<string>()
const versionOf = (order: Pick<Order, 'id' | 'changes'>) => `${order.id}:${order.changes.length}`

/** The editor saved `order` (its answer): this device's own change, told already on its screen. */
export function rememberOwnEdit(order: Pick<Order, 'id' | 'changes'>): void {
  ownEdits.add(versionOf(order))
}

/** Another device changed an order: a toast with what it did, so whoever has it open knows. */
function announceChange(order: Order) {
  if (ownEdits.delete(versionOf(order))) return
  toast({ title: `Pedido #${order.number} modificado`, description: order.changes.at(-1)?.summary })
}

/**
 * Listens to the order events while mounted; true while the stream is open. `onCreated`
 * runs for each new order, after the reads on screen have been refetched (so the order is
 * in the cache, when it is in one of them); `onChanged` for each order staff changed, with
 * the order as it is now.
 */
export function useOrderEvents(onCreated?: (event: OrderEvent) => void, onChanged?: (order: Order) => void, onCall?: (call: TableCallEvent) => void): boolean {
  const queryClient = useQueryClient()
  const [live, setLive] = useState(false)
  useEffect(() => unlockAudioOnFirstGesture(), [])
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    let source: EventSource | null = null
    let retry: ReturnType<typeof setTimeout> | undefined
    let delay = FIRST_RETRY_MS
    let stopped = false
    // Refetches the order reads with an observer (on screen); the others are only marked stale. Each is bounded.
    const refresh = () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY })

    const connect = () => {
      const current = new EventSource(api.orders.events['~path'], { withCredentials: true })
      source = current
      current.addEventListener('open', () => {
        delay = FIRST_RETRY_MS
        setLive(true)
        void refresh()
      })
      current.addEventListener(ORDER_EVENT_NAME, (message) => {
        const event = parseOrderEvent((message as MessageEvent<string>).data)
        if (!event) return
        if (event.type === 'call') {
          // A table asks for the waiter or the bill (issue #45): it rings like a new order; no order changed.
          if (event.table) announceCall(event.table, onCall)
          return
        }
        void refresh().then(async () => {
          if (stopped) return
          if (event.type === 'status') {
            // A copy the refetch did not reach (an older page of 'Todos') must not keep the old status.
            await catchUpOrder(queryClient, event)
            return
          }
          if (event.type === 'changed') {
            // Like a status move, and more: no copy may keep the old lines or total.
            const current = await catchUpChangedOrder(queryClient, event)
            if (current && !stopped) onChanged?.(current)
            return
          }
          announce(queryClient, event)
          onCreated?.(event)
        })
      })
      current.addEventListener('error', () => {
        if (stopped) return
        setLive(false)
        if (current.readyState !== EventSource.CLOSED) return // reconnecting by itself
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
  }, [queryClient, onCreated, onChanged, onCall])
  return live
}

/**
 * The board's live state: whether the stream is open, and the ids of orders that arrived
 * while the board was open and have not been opened yet (marked 'Nuevo').
 */
export function useLiveOrders() {
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set())
  const onCreated = useCallback((event: OrderEvent) => {
    setFresh((ids) => new Set(ids).add(event.id))
    autoPrintNewOrder(event.id) // when this device's switch is on (print-ticket.ts)
  }, [])
  const onChanged = useCallback((order: Order) => {
    announceChange(order)
    autoPrintChangedOrder(order.id, order.changes.length) // when the owner chose so on this device (print-ticket.ts)
  }, [])
  // Tables' calls not yet attended (issue #45): one per table and kind, the latest kept.
  const [calls, setCalls] = useState<readonly TableCallEvent[]>([])
  const onCall = useCallback((call: TableCallEvent) => {
    setCalls((list) => [...list.filter((c) => c.tableId !== call.tableId || c.call !== call.call), call])
  }, [])
  const attend = useCallback((tableId: number) => setCalls((list) => list.filter((c) => c.tableId !== tableId)), [])
  const live = useOrderEvents(onCreated, onChanged, onCall)
  const markSeen = useCallback((id: number) => {
    // Its toast has done its job, and on a phone it would cover the order's sheet.
    if (announced?.id === id) {
      announced.dismiss()
      announced = null
    }
    setFresh((ids) => {
      if (!ids.has(id)) return ids
      const next = new Set(ids)
      next.delete(id)
      return next
    })
  }, [])
  return { live, fresh, markSeen, calls, attend }
}
