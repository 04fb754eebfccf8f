/**
 * The query-key registry of the admin: every cached read's key (the key parts
 * joined by slashes are the GET path, a trailing object its query string: see
 * queryKeyUrl in api.ts) and the invalidations each kind of write needs.
 */
import type { QueryClient, QueryFilters, QueryKey } from '@tanstack/react-query'
import { ACTIVE_STATUSES, ORDER_PAGE_MAX, type OrderListQuery } from '@/shared/order-list'

export const PRODUCTS_KEY = ['/api/products'] as const
export const INGREDIENTS_KEY = ['/api/ingredients'] as const
export const ZONES_KEY = ['/api/coverage-zones'] as const
export const API_KEYS_KEY = ['/api/admin/api-keys'] as const
/** The first part of every order read below: invalidating it refreshes all of them (what is on screen at once, the rest when next shown). */
export const ORDERS_KEY = ['/api/orders'] as const
export const USER_KEY = ['/api/auth/user'] as const
export const CHAT_NUMBER_KEY = ['/api/settings/whatsapp_number'] as const
export const SESSIONS_KEY = ['/api/auth/sessions'] as const

/*
 * Orders. GET /api/orders is bounded (shared/order-list.ts), so each screen reads
 * the slice it shows, never every order: the counters from the summary, the active
 * orders, the newest few, one order by its number, and the 'Todos' tab's pages.
 */

/** GET /api/orders/summary: the counters and 'Pedidos Totales'. */
export const ORDER_SUMMARY_KEY = ['/api/orders', 'summary'] as const

/** GET /api/orders?… (an array of orders, newest first). */
export const orderListKey = (query: OrderListQuery) => ['/api/orders', query] as const

/** The Pedidos board's 'Activos' tab: every order still being worked on (up to the server's maximum). */
export const ACTIVE_ORDERS_KEY = orderListKey({ limit: ORDER_PAGE_MAX, status: ACTIVE_STATUSES })

/** One order by its number (the detail sheet): the newest numbered below number + 1 is that order. */
export const orderKey = (number: number) => orderListKey({ limit: 1, before: number + 1 })

/** Restaurant days, "YYYY-MM-DD", both included (an empty object: every day). */
export type OrderDays = { from?: string; to?: string }

/**
 * The 'Todos' tab's loaded pages for `days` (an OrderHistory, pedidos/order-board.ts).
 * Not a GET path: that query has its own queryFn, which reads only the first page.
 */
export const orderHistoryKey = (days: OrderDays) => ['/api/orders', 'history', days] as const

/** The cached order arrays: every orderListKey read (the summary and the 'Todos' pages have other shapes). */
export const ORDER_LISTS: QueryFilters = { queryKey: ORDERS_KEY, predicate: (q) => isOrderListKey(q.queryKey) }
/** The cached 'Todos' pages, whatever the days. */
export const ORDER_HISTORIES: QueryFilters = { queryKey: [...ORDERS_KEY, 'history'] }

function isOrderListKey(key: QueryKey): boolean {
  const query = key[1]
  return key.length === 2 && typeof query === 'object' && query !== null
}

const PRODUCTS_BY_CATEGORY_KEY = ['/api/products/category'] as const
const INGREDIENTS_BY_TYPE_KEY = ['/api/ingredients/type'] as const

/*
 * The keys ['/api/products/category', c] and ['/api/ingredients/type', t] are
 * matched by prefix, so one call refreshes every category / type list. (Kept
 * free of the zod schemas so that zod stays out of the first-paint bundle.)
 */

/** After any product change: the list and every per-category list. */
export async function invalidateProducts(qc: QueryClient): Promise<void> {
  await Promise.all([
    qc.invalidateQueries({ queryKey: PRODUCTS_KEY, exact: true }),
    qc.invalidateQueries({ queryKey: PRODUCTS_BY_CATEGORY_KEY }),
  ])
}

/** After any ingredient change: the full list and the three per-type lists. */
export async function invalidateIngredients(qc: QueryClient): Promise<void> {
  await Promise.all([
    qc.invalidateQueries({ queryKey: INGREDIENTS_KEY, exact: true }),
    qc.invalidateQueries({ queryKey: INGREDIENTS_BY_TYPE_KEY }),
  ])
}
