import { describe, expect, test } from 'bun:test'
import * as schemas from './schemas/product'
import { CATEGORY_LABELS, compareMenuOrder, MENU_CATEGORIES, PRODUCT_CATEGORIES } from './menu'

describe('menu categories', () => {
  test('the same lists, in the same order, as the product schema accepts', () => {
    expect([...PRODUCT_CATEGORIES]).toEqual([...schemas.PRODUCT_CATEGORIES])
    expect([...MENU_CATEGORIES]).toEqual([...schemas.MENU_CATEGORIES])
  })

  test('the public menu shows chilaquiles, bebidas, postres in that order, never extras', () => {
    expect([...MENU_CATEGORIES]).toEqual(['chilaquiles', 'bebidas', 'postres'])
  })

  test('every category has a Spanish label, and only those', () => {
    expect(Object.keys(CATEGORY_LABELS).sort()).toEqual([...PRODUCT_CATEGORIES].sort())
    expect(MENU_CATEGORIES.map((c) => CATEGORY_LABELS[c])).toEqual(['Chilaquiles', 'Bebidas', 'Postres'])
  })
})

describe('compareMenuOrder', () => {
  const p = (id: number, displayOrder: number, category = 'chilaquiles', name = `P${id}`) => ({ id, displayOrder, category, name })

  test('lower display order first, then lower id; the name plays no part', () => {
    const list = [p(4, 2, 'chilaquiles', 'Aa'), p(3, 1, 'chilaquiles', 'Zz'), p(1, 2, 'chilaquiles', 'Mm'), p(2, 1, 'chilaquiles', 'Zz')]
    expect(list.sort(compareMenuOrder).map((x) => x.id)).toEqual([2, 3, 1, 4])
  })

  test('categories in menu order first (the server orders the same way)', () => {
    const list = [p(1, 0, 'extras'), p(2, 0, 'postres'), p(3, 5, 'chilaquiles'), p(4, 0, 'bebidas'), p(5, 0, 'chilaquiles')]
    expect(list.sort(compareMenuOrder).map((x) => x.id)).toEqual([5, 3, 4, 2, 1])
  })

  test('an unknown category sorts last instead of throwing', () => {
    expect([p(1, 0, 'otra'), p(2, 9, 'extras')].sort(compareMenuOrder).map((x) => x.id)).toEqual([2, 1])
  })

  test('negative display orders come first; equal items compare 0', () => {
    expect(compareMenuOrder(p(9, -1), p(1, 0))).toBeLessThan(0)
    expect(compareMenuOrder(p(1, 0), p(1, 0))).toBe(0)
  })
})
