import { describe, expect, test } from 'bun:test'
import { PRODUCT_CATEGORIES } from '@/shared/menu'
import { INGREDIENT_TYPES } from '@/shared/schemas'
import { queryKeyUrl } from './api'
import { createQueryClient } from './query-client'
import {
  ACTIVE_ORDERS_KEY,
  ORDER_SUMMARY_KEY,
  ORDERS_KEY,
  PRODUCTS_KEY,
  invalidateIngredients,
  invalidateProducts,
  orderHistoryKey,
  orderKey,
  orderListKey,
} from './query-keys'

const invalidated = (qc: ReturnType<typeof createQueryClient>, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated

describe('cache refresh after writes', () => {
  test('the spec defaults: never stale, no focus refetch, no polling, no retries', () => {
    const d = createQueryClient().getDefaultOptions()
    expect(d.queries).toMatchObject({ staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false })
    expect(d.mutations).toMatchObject({ retry: false })
  })

  test('a product change refreshes the list and every per-category list, nothing else', async () => {
    const qc = createQueryClient()
    qc.setQueryData(['/api/products'], [])
    for (const c of PRODUCT_CATEGORIES) qc.setQueryData(['/api/products/category', c], [])
    qc.setQueryData(['/api/ingredients'], [])
    await invalidateProducts(qc)
    expect(invalidated(qc, ['/api/products'])).toBe(true)
    for (const c of PRODUCT_CATEGORIES) expect(invalidated(qc, ['/api/products/category', c])).toBe(true)
    expect(invalidated(qc, ['/api/ingredients'])).toBe(false)
  })

  test('an ingredient change refreshes the full list and the three per-type lists', async () => {
    const qc = createQueryClient()
    qc.setQueryData(['/api/ingredients'], [])
    for (const t of INGREDIENT_TYPES) qc.setQueryData(['/api/ingredients/type', t], [])
    qc.setQueryData(['/api/coverage-zones'], [])
    await invalidateIngredients(qc)
    expect(invalidated(qc, ['/api/ingredients'])).toBe(true)
    for (const t of INGREDIENT_TYPES) expect(invalidated(qc, ['/api/ingredients/type', t])).toBe(true)
    expect(invalidated(qc, ['/api/coverage-zones'])).toBe(false)
  })
})

describe('order reads', () => {
  test('each key reads a bounded slice: the summary, the active orders, one order by number', () => {
    expect(queryKeyUrl(ORDER_SUMMARY_KEY)).toBe('/api/orders/summary')
    expect(decodeURIComponent(queryKeyUrl(ACTIVE_ORDERS_KEY))).toBe('/api/orders?limit=500&status=pending,confirmed,preparing,ready')
    expect(queryKeyUrl(orderListKey({ limit: 5 }))).toBe('/api/orders?limit=5')
    expect(queryKeyUrl(orderKey(42))).toBe('/api/orders?limit=1&before=43')
  })

  test('invalidating ORDERS_KEY marks every order read (summary, lists, one order, the Todos pages), nothing else', async () => {
    const qc = createQueryClient()
    const keys = [ORDER_SUMMARY_KEY, ACTIVE_ORDERS_KEY, orderListKey({ limit: 5 }), orderKey(7), orderHistoryKey({}), orderHistoryKey({ from: '2026-11-22', to: '2026-11-22' })]
    for (const key of keys) qc.setQueryData(key, [])
    qc.setQueryData(PRODUCTS_KEY, [])
    await qc.invalidateQueries({ queryKey: ORDERS_KEY })
    for (const key of keys) expect(invalidated(qc, key)).toBe(true)
    expect(invalidated(qc, PRODUCTS_KEY)).toBe(false)
  })

  test('the same query in another key order is the same cache entry', () => {
    const qc = createQueryClient()
    qc.setQueryData(orderListKey({ status: ['pending'], limit: 5 }), ['cached'])
    expect(qc.getQueryData(orderListKey({ limit: 5, status: ['pending'] }))).toEqual(['cached'])
  })
})
