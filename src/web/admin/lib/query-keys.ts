/**
 * The admin's reads, each a React Query key and fetch made from ONE node of the typed
 * client (api.ts, apiQuery): the key is the route's path by segments, then its query
 * object, so invalidating a path refreshes every read below it
 * (`keyOf(api.products)` covers the list, one product and every category list).
 */
import type { QueryFilters, QueryKey } from '@tanstack/react-query'
import { ACTIVE_STATUSES, ORDER_PAGE_DEFAULT, ORDER_PAGE_MAX, type OrderListQuery } from '@/shared/order-list'
import { api, apiQuery, keyOf } from './api'

export const PRODUCTS_KEY = keyOf(api.products)
export const INGREDIENTS_KEY = keyOf(api.ingredients)
export const ZONES_KEY = keyOf(api['coverage-zones'])
export const API_KEYS_KEY = keyOf(api.admin['api-keys'])
export const OPENING_HOURS_KEY = keyOf(api['opening-hours'])
export const USER_KEY = keyOf(api.auth.user)
export const SESSIONS_KEY = keyOf(api.auth.sessions)
export const CHAT_NUMBER_KEY = keyOf(api.settings({ key: 'whatsapp_number' }))
/** The start of every order read below: invalidating it refreshes all of them (what is on screen at once, the rest when next shown). */
export const ORDERS_KEY = keyOf(api.orders)

export const productsQuery = () => apiQuery(api.products, (n) => n.get())
/** GET /api/categories: the owner's menu categories (issue #31). */
export const categoriesQuery = () => apiQuery(api.categories, (n) => n.get())
/** GET /api/option-groups: the choices a dish may ask for (issue #32), each with its options in order. */
export const optionGroupsQuery = () => apiQuery(api['option-groups'], (n) => n.get())
export const OPTION_GROUPS_KEY = keyOf(api['option-groups'])
/**
 * GET /api/menu/remaining: `{ "<productId>": unitsLeft }` today, for the dishes limited per day
 * (issue #31). Never cached by the server, and here stale at once: an order elsewhere changes it.
 */
export const menuRemainingQuery = () => ({ ...apiQuery(api.menu.remaining, (n) => n.get()), staleTime: 0 })
export const ingredientsQuery = () => apiQuery(api.ingredients, (n) => n.get())
export const zonesQuery = () => apiQuery(api['coverage-zones'], (n) => n.get())
export const apiKeysQuery = () => apiQuery(api.admin['api-keys'], (n) => n.get())
export const openingHoursQuery = () => apiQuery(api['opening-hours'], (n) => n.get())
export const sessionsQuery = () => apiQuery(api.auth.sessions, (n) => n.get())
/** GET /api/order-settings: preparation time, scheduling and 'Más tiempo' (Configuración and the board). */
export const orderSettingsQuery = () => apiQuery(api['order-settings'], (n) => n.get())
export const ORDER_SETTINGS_KEY = orderSettingsQuery().queryKey

/*
 * Orders. GET /api/orders is bounded (shared/order-list.ts), so each screen reads
 * the slice it shows, never every order: the counters from the summary, the active
 * orders, the newest few, one order by its number, and the 'Todos' tab's pages.
 */

/** GET /api/orders/summary: the counters and 'Pedidos Totales'. */
export const orderSummaryQuery = () => apiQuery(api.orders.summary, (n) => n.get())
export const ORDER_SUMMARY_KEY = orderSummaryQuery().queryKey

/** GET /api/orders?… (an array of orders, newest first). */
export const orderListQuery = (query: OrderListQuery) =>
  apiQuery(api.orders, (n) => n.get({ query: { ...query, limit: query.limit ?? ORDER_PAGE_DEFAULT, status: query.status && [...query.status] } }), query)
export const orderListKey = (query: OrderListQuery) => orderListQuery(query).queryKey

/** The Pedidos board's 'Activos' tab: every order still being worked on (up to the server's maximum). */
export const ACTIVE_ORDERS_QUERY: OrderListQuery = { limit: ORDER_PAGE_MAX, status: ACTIVE_STATUSES }
export const ACTIVE_ORDERS_KEY = orderListKey(ACTIVE_ORDERS_QUERY)

/** One order by its number (the detail sheet): the newest numbered below number + 1 is that order. */
export const orderByNumber = (number: number): OrderListQuery => ({ limit: 1, before: number + 1 })
export const orderKey = (number: number) => orderListKey(orderByNumber(number))

/** Restaurant days, "YYYY-MM-DD", both included (an empty object: every day). */
export type OrderDays = { from?: string; to?: string }

/**
 * The 'Todos' tab's loaded pages for `days` (an OrderHistory, pedidos/order-board.ts).
 * Not one GET: that query has its own queryFn, which reads only the first page.
 */
export const orderHistoryKey = (days: OrderDays) => [...ORDERS_KEY, 'history', days] as const

/** The cached order arrays: every orderListKey read (the summary and the 'Todos' pages have other shapes). */
export const ORDER_LISTS: QueryFilters = { queryKey: ORDERS_KEY, predicate: (q) => isOrderListKey(q.queryKey) }
/** The cached 'Todos' pages, whatever the days. */
export const ORDER_HISTORIES: QueryFilters = { queryKey: [...ORDERS_KEY, 'history'] }

function isOrderListKey(key: QueryKey): boolean {
  const query = key[ORDERS_KEY.length]
  return key.length === ORDERS_KEY.length + 1 && typeof query === 'object' && query !== null
}
