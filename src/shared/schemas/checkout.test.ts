import { describe, expect, test } from 'bun:test'
import { checkoutInputSchema } from './checkout'

const base = { items: [{ productId: 4, size: 'mediano', quantity: 1 }], fulfilment: 'pickup' }

describe('checkout schema', () => {
  test('defaults: blanks become null, customisation lists empty, sauce on the side off', () => {
    const parsed = checkoutInputSchema.parse({
      ...base,
      items: [{ productId: 1, size: 'grande', quantity: 2, customization: { sauceId: 15 } }],
      customerName: '  ',
      notes: '',
    })
    expect(parsed).toMatchObject({ customerName: null, notes: null, address: null, addressReference: null })
    expect(parsed.items[0]?.customization).toEqual({ sauceId: 15, sauceOnSide: false, removedIngredientIds: [], extraIds: [] })
  })

  test('prices and totals a client adds are dropped', () => {
    const parsed = checkoutInputSchema.parse({ ...base, total: 1, items: [{ ...base.items[0], price: 1, lineTotal: 1 }] })
    expect('total' in parsed).toBe(false)
    expect(parsed.items[0]).toEqual({ productId: 4, size: 'mediano', quantity: 1, options: [] })
  })

  test('a delivery needs a zone and an address; a pickup needs neither', () => {
    expect(checkoutInputSchema.safeParse(base).success).toBe(true)
    const res = checkoutInputSchema.safeParse({ ...base, fulfilment: 'delivery' })
    expect(res.success ? [] : res.error.issues.map((i) => i.path.join('.'))).toEqual(['zoneId', 'address'])
    expect(checkoutInputSchema.safeParse({ ...base, fulfilment: 'delivery', zoneId: 1, address: 'Calle 1' }).success).toBe(true)
  })

  test('repeated ids in a customisation list are refused', () => {
    expect(checkoutInputSchema.safeParse({ ...base, items: [{ ...base.items[0], customization: { removedIngredientIds: [2, 2] } }] }).success).toBe(false)
  })
})
