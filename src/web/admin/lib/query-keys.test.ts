import { describe, expect, test } from 'bun:test'
import { PRODUCT_CATEGORIES } from '@/shared/menu'
import { INGREDIENT_TYPES } from '@/shared/schemas'
import { createQueryClient } from './query-client'
import { invalidateIngredients, invalidateProducts } from './query-keys'

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
