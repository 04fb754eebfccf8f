/**
 * The query-key registry of the admin: every cached read's key (the key parts
 * joined by slashes are the GET path, see query-client.ts) and the
 * invalidations each kind of write needs.
 */
import type { QueryClient } from '@tanstack/react-query'

export const PRODUCTS_KEY = ['/api/products'] as const
export const INGREDIENTS_KEY = ['/api/ingredients'] as const
export const ZONES_KEY = ['/api/coverage-zones'] as const
export const API_KEYS_KEY = ['/api/admin/api-keys'] as const
export const ORDERS_KEY = ['/api/orders'] as const
export const USER_KEY = ['/api/auth/user'] as const
export const CHAT_NUMBER_KEY = ['/api/settings/whatsapp_number'] as const
export const SESSIONS_KEY = ['/api/auth/sessions'] as const

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
