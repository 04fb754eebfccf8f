import { describe, expect, test } from 'bun:test'
import { createQueryClient } from './query-client'
import { api, keyOf } from './api'
import { ACTIVE_ORDERS_KEY, ORDER_SUMMARY_KEY, ORDERS_KEY, PRODUCTS_KEY, orderHistoryKey, orderKey, orderListKey } from './query-keys'

const invalidated = (qc: ReturnType<typeof createQueryClient>, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated

describe('cache refresh after writes', () => {
  test('the spec defaults: never stale, no focus refetch, no polling, no retries', () => {
    const d = createQueryClient().getDefaultOptions()
    expect(d.queries).toMatchObject({ staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false })
    expect(d.mutations).toMatchObject({ retry: false })
  })

  test('invalidating a resource’s path refreshes its list, one item and every sub-list, nothing else', async () => {
    const qc = createQueryClient()
    const below = [keyOf(api.products), keyOf(api.products({ id: 3 })), keyOf(api.products.category({ category: 'bebidas' }))]
    for (const key of below) qc.setQueryData(key, [])
    qc.setQueryData(keyOf(api.ingredients), [])
    await qc.invalidateQueries({ queryKey: PRODUCTS_KEY })
    for (const key of below) expect(invalidated(qc, key)).toBe(true)
    expect(invalidated(qc, keyOf(api.ingredients))).toBe(false)
  })
})

describe('order reads', () => {
  test('each key is the path of a bounded slice: the summary, a list by its query, one order by number', () => {
    expect(ORDER_SUMMARY_KEY).toEqual(['api', 'orders', 'summary'])
    expect(ACTIVE_ORDERS_KEY).toEqual(['api', 'orders', { limit: 500, status: ['pending', 'confirmed', 'preparing', 'ready'] }])
    expect(orderListKey({ limit: 5 })).toEqual(['api', 'orders', { limit: 5 }])
    expect(orderKey(42)).toEqual(['api', 'orders', { limit: 1, before: 43 }])
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
