/**
 * The order reads of the Pedidos board and the dashboard, each a bounded slice of
 * GET /api/orders (their keys are in lib/query-keys.ts), and the helpers that find and
 * replace an order wherever it is cached.
 *
 * A live event (use-live-orders.ts) invalidates ORDERS_KEY: only what is on screen is
 * refetched at once (the summary, the active orders, the open order, the first page of
 * 'Todos' while that tab shows, the dashboard's newest orders); the rest is marked and
 * read again when next shown. No read is ever the whole history.
 */
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OrderEvent } from '@/shared/order-events'
import type { OrderListQuery } from '@/shared/order-list'
import type { Order } from '@/shared/schemas'
import { toast } from '@/web/ui/use-toast'
import { call, serverMessage } from '../../lib/api'
import {
  ACTIVE_ORDERS_QUERY,
  ORDER_HISTORIES,
  ORDER_LISTS,
  ORDERS_KEY,
  type OrderDays,
  orderByNumber,
  orderHistoryKey,
  orderKey,
  orderListQuery,
  orderSummaryQuery,
} from '../../lib/query-keys'
import { type OrderHistory, withNewestPage, withOlderPage } from './order-board'

/** 'Todos' reads this many orders at a time. */
export const HISTORY_PAGE = 50

/** The counters and 'Pedidos Totales', counted by the server. */
export const useOrderSummary = () => useQuery(orderSummaryQuery())

/** Every order still being worked on, newest first. */
export const useActiveOrders = () => useQuery(orderListQuery(ACTIVE_ORDERS_QUERY))

/** The newest `count` orders. */
export const useRecentOrders = (count: number) => useQuery(orderListQuery({ limit: count }))

/**
 * The order numbered `number` (the detail sheet's), read again on each live event while
 * `enabled`; undefined when `number` is null or no such order is cached.
 */
export function useOrder(number: number | null, enabled: boolean): Order | undefined {
  const query = useQuery({ ...orderListQuery(orderByNumber(number ?? 0)), enabled: enabled && number !== null })
  return number === null ? undefined : query.data?.find((o) => o.number === number)
}

/** An order's history and its changes (issue #34) only grow, so of two copies the one with more of them is the newer. */
const age = (o: Order) => o.statusHistory.length + o.changes.length
const newer = (a: Order | undefined, b: Order | undefined) => (a && b ? (age(b) > age(a) ? b : a) : (a ?? b))

/** Every cached copy of order `id`: in the lists (the sheet's own read among them) and the 'Todos' pages. */
function cachedCopies(queryClient: QueryClient, id: number): Order[] {
  const lists = queryClient.getQueriesData<Order[]>(ORDER_LISTS).map(([, list]) => list ?? [])
  const pages = queryClient.getQueriesData<OrderHistory>(ORDER_HISTORIES).map(([, history]) => history?.orders ?? [])
  return [...lists, ...pages].flatMap((orders) => orders.filter((o) => o.id === id))
}

/** The newest cached copy of order `id`, or undefined. */
export const findCachedOrder = (queryClient: QueryClient, id: number): Order | undefined => cachedCopies(queryClient, id).reduce<Order | undefined>(newer, undefined)

/**
 * Gives the detail sheet's read the newest copy at hand of the order the owner tapped, whichever
 * list it came from, so the sheet opens at once, without a read of its own.
 */
export function seedOrder(queryClient: QueryClient, tapped: Order): void {
  queryClient.setQueryData<Order[]>(orderKey(tapped.number), [newer(findCachedOrder(queryClient, tapped.id), tapped) ?? tapped])
}

/** Puts `current` (the server's answer) in place of every cached copy of that order. */
export function replaceCachedOrder(queryClient: QueryClient, current: Order): void {
  // Setting a read's data clears its refetch mark; those marked keep it, to be read again when shown.
  const marked = queryClient.getQueryCache().findAll({ queryKey: ORDERS_KEY }).filter((q) => q.state.isInvalidated)
  const swap = (list: Order[]) => (list.some((o) => o.id === current.id) ? list.map((o) => (o.id === current.id ? current : o)) : list)
  queryClient.setQueriesData<Order[]>(ORDER_LISTS, (list) => list && swap(list))
  queryClient.setQueriesData<OrderHistory>(ORDER_HISTORIES, (history) => history && { ...history, orders: swap(history.orders) })
  for (const q of marked) void queryClient.invalidateQueries({ queryKey: q.queryKey, exact: true, refetchType: 'none' })
}

/**
 * After a status event, once what is on screen has been refetched: a copy still showing another
 * status (one in a page of 'Todos' past the first, which no event refetches) is replaced by a
 * current one, which is read alone, by its number, when no read on screen holds it.
 */
export async function catchUpOrder(queryClient: QueryClient, event: OrderEvent): Promise<void> {
  const copies = cachedCopies(queryClient, event.id)
  if (copies.every((o) => o.status === event.status)) return
  const current =
    copies.find((o) => o.status === event.status) ??
    // Best effort: on a failed read the copy stays as it was until its list is read again.
    (await queryClient.fetchQuery(orderListQuery(orderByNumber(event.number))).catch((): Order[] => [])).find((o) => o.id === event.id)
  if (current) replaceCachedOrder(queryClient, current)
}

/**
 * After a 'changed' event (issue #34), once what is on screen has been refetched: the order as it
 * is now (its own read by number, already fresh when its sheet is open) in place of every cached
 * copy, a page of 'Todos' no event refetches among them. Undefined when it could not be read.
 */
export async function catchUpChangedOrder(queryClient: QueryClient, event: OrderEvent): Promise<Order | undefined> {
  const read = await queryClient.fetchQuery(orderListQuery(orderByNumber(event.number))).catch((): Order[] => [])
  const current = read.find((o) => o.id === event.id)
  if (current) replaceCachedOrder(queryClient, current)
  return current
}

/** GET /api/orders with `query` (for the reads whose key is not their address). */
const fetchOrders = (query: OrderListQuery) => orderListQuery(query).queryFn()

/**
 * The 'Todos' tab for `days`: pages of HISTORY_PAGE orders. Its query reads only the first
 * page and joins it to what is loaded (withNewestPage), so a refetch (a live event) never
 * reads again the pages 'Mostrar más' added; `loadMore` reads the page numbered below the
 * last order shown. The tab mounts it only while it shows: hidden, it is not refetched.
 */
export function useOrderHistory(days: OrderDays) {
  const queryClient = useQueryClient()
  const history = useQuery<OrderHistory>({
    queryKey: orderHistoryKey(days),
    queryFn: async ({ client }) =>
      withNewestPage(await fetchOrders({ limit: HISTORY_PAGE, ...days }), HISTORY_PAGE, client.getQueryData<OrderHistory>(orderHistoryKey(days))),
  })
  const older = useMutation({
    // The days travel with the request: the owner may pick another day before the answer comes.
    mutationFn: ({ before, days }: { before: number; days: OrderDays }) => fetchOrders({ limit: HISTORY_PAGE, before, ...days }),
    onSuccess: (page, { before, days }) =>
      queryClient.setQueryData<OrderHistory>(orderHistoryKey(days), (loaded) => loaded && withOlderPage(loaded, page, before, HISTORY_PAGE)),
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error, 'No se pudieron cargar más pedidos'), variant: 'destructive' })
    },
  })
  const loadMore = () => {
    const last = history.data?.orders.at(-1)
    if (last) older.mutate({ before: last.number, days })
  }
  return { history, loadMore, loadingMore: older.isPending }
}
