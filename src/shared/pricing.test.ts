/**
 * The one pricing rule (pricing.ts): what it charges, what it refuses and why, and the
 * invariants that must hold for any menu and any order (fast-check): the lines add up to
 * the subtotal, the total is the subtotal plus the fee and never below the fee, a line's
 * price is its product's price at the size plus its extras, and nothing but the rows given
 * decides it.
 */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { type PricingInput, type PricingMenu, menuIdsOf, priceOrder } from './pricing'
import type { CoverageZone, Ingredient, Product } from './schemas'

const ingredient = (id: number, type: Ingredient['type'], price = 0, available = true): Ingredient => ({
  id,
  name: `${type} ${id}`,
  type,
  price,
  category: type === 'extra' ? 'topping' : type,
  available,
  image: null,
  description: null,
})
const product = (id: number, over: Partial<Product> = {}): Product => ({
  id,
  name: `Plato ${id}`,
  description: '',
  category: 'chilaquiles',
  price: 35,
  priceGrande: 45,
  sauce: null,
  image: null,
  available: true,
  displayOrder: 0,
  availableSauces: [],
  baseIngredientIds: [],
  extraIngredientIds: [],
  dailyLimit: null,
  windows: null,
  ...over,
})
const zone = (over: Partial<CoverageZone> = {}): CoverageZone => ({ id: 7, name: 'Zona 10', deliveryCost: 15, estimatedTime: '30-45 min', available: true, minimumOrder: null, ...over })
const menu = (products: Product[], ingredients: Ingredient[], z: CoverageZone | null = null): PricingMenu => ({
  products: new Map(products.map((p) => [p.id, p])),
  ingredients: new Map(ingredients.map((i) => [i.id, i])),
  zone: z,
})

const salsa = ingredient(1, 'salsa')
const crema = ingredient(2, 'base')
const pollo = ingredient(3, 'extra', 15)
const aguacate = ingredient(4, 'extra', 10)
const plate = product(10, { availableSauces: [1], baseIngredientIds: [2], extraIngredientIds: [3, 4] })
const drink = product(20, { category: 'bebidas', price: 20, priceGrande: null })
const everything = menu([plate, drink], [salsa, crema, pollo, aguacate], zone())

describe('priceOrder', () => {
  test('a customised plate and two drinks, delivered: each line priced from the rows, the fee added', () => {
    const input: PricingInput = {
      items: [
        { productId: 10, size: 'grande', quantity: 1, customization: { sauceId: 1, sauceOnSide: true, removedIngredientIds: [2], extraIds: [3, 4] } },
        { productId: 20, size: 'mediano', quantity: 2 },
      ],
      fulfilment: 'delivery',
      zoneId: 7,
      payment: 'efectivo',
      cashAmount: 200,
    }
    const priced = priceOrder(everything, input)
    if (!priced.ok) throw new Error(priced.refusal.message)
    expect(priced.order.items.map((l) => [l.name, l.price, l.lineTotal])).toEqual([
      ['Plato 10', 45 + 15 + 10, 70],
      ['Plato 20', 20, 40],
    ])
    expect(priced.order.items[0]?.customization).toEqual({
      sauce: { id: 1, name: 'salsa 1' },
      sauceOnSide: true,
      removed: [{ id: 2, name: 'base 2' }],
      extras: [
        { id: 3, name: 'extra 3', price: 15 },
        { id: 4, name: 'extra 4', price: 10 },
      ],
    })
    expect(priced.order).toMatchObject({ subtotal: 110, deliveryFee: 15, total: 125, cashAmount: 200, zone: { id: 7, fee: 15 } })
  })

  test('each refusal with its kind and reason, the first line\'s first', () => {
    const refusal = (input: Partial<PricingInput>, m: PricingMenu = everything) => {
      const priced = priceOrder(m, { items: [{ productId: 20, size: 'mediano', quantity: 1 }], fulfilment: 'pickup', ...input })
      return priced.ok ? null : priced.refusal
    }
    expect(refusal({ items: [{ productId: 99, size: 'mediano', quantity: 1 }] })).toEqual({ kind: 'conflict', reason: 'gone', message: 'Línea 1: el producto #99 ya no existe' })
    expect(refusal({}, menu([{ ...drink, available: false }], []))).toMatchObject({ kind: 'conflict', reason: 'unavailable' })
    expect(refusal({ items: [{ productId: 20, size: 'grande', quantity: 1 }] })).toMatchObject({ kind: 'invalid', reason: 'invalid' })
    const customised = (c: NonNullable<PricingInput['items'][number]['customization']>) => ({ items: [{ productId: 10, size: 'mediano' as const, quantity: 1, customization: c }] })
    expect(refusal(customised({ sauceId: 3, sauceOnSide: false, removedIngredientIds: [], extraIds: [] }))).toMatchObject({ kind: 'invalid', message: '"extra 3" no es una salsa' })
    expect(refusal(customised({ sauceId: 1, sauceOnSide: false, removedIngredientIds: [], extraIds: [98] }))).toMatchObject({ reason: 'gone', message: 'Línea 1: el extra #98 ya no existe' })
    expect(refusal(customised({ sauceId: 1, sauceOnSide: false, removedIngredientIds: [], extraIds: [3] }), menu([plate], [salsa, { ...pollo, available: false }]))).toMatchObject({ reason: 'unavailable' })
    expect(refusal(customised({ sauceId: 1, sauceOnSide: false, removedIngredientIds: [1], extraIds: [] }))).toMatchObject({ kind: 'invalid', message: '"salsa 1" no es un ingrediente de "Plato 10"' })
    expect(refusal({ fulfilment: 'delivery', zoneId: 8 })).toEqual({ kind: 'conflict', reason: 'gone', message: 'La zona de entrega ya no existe' })
    expect(refusal({ fulfilment: 'delivery', zoneId: 7 }, menu([drink], [], zone({ available: false })))).toMatchObject({ reason: 'unavailable' })
    expect(refusal({ fulfilment: 'delivery', zoneId: 7 }, menu([drink], [], zone({ minimumOrder: 100 })))).toMatchObject({ reason: 'minimum', message: 'Pedido mínimo para Zona 10: Q100' })
    expect(refusal({ payment: 'efectivo', cashAmount: 10 })).toMatchObject({ kind: 'invalid', message: 'El efectivo (Q10) no cubre el total del pedido (Q20)' })
  })

  test('menuIdsOf names each table\'s rows once; a pickup names no zone', () => {
    const input: PricingInput = {
      items: [
        { productId: 10, size: 'mediano', quantity: 1, customization: { sauceId: 1, sauceOnSide: false, removedIngredientIds: [2], extraIds: [3] } },
        { productId: 10, size: 'grande', quantity: 1, customization: { sauceId: 1, sauceOnSide: false, removedIngredientIds: [], extraIds: [3, 4] } },
      ],
      fulfilment: 'pickup',
      zoneId: 7,
    }
    expect(menuIdsOf(input)).toEqual({ productIds: [10], ingredientIds: [1, 2, 3, 4], zoneId: null })
    expect(menuIdsOf({ ...input, fulfilment: 'delivery' }).zoneId).toBe(7)
  })
})

describe('invariants, for any menu and order (fast-check)', () => {
  const extraArb = fc.record({ id: fc.integer({ min: 100, max: 120 }), price: fc.integer({ min: 0, max: 50 }) })
  const scenario = fc.record({
    products: fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 20 }), price: fc.integer({ min: 0, max: 200 }), grande: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }) }), { minLength: 1, maxLength: 6, selector: (p) => p.id }),
    extras: fc.uniqueArray(extraArb, { maxLength: 6, selector: (e) => e.id }),
    lines: fc.array(fc.record({ pick: fc.nat(), grande: fc.boolean(), quantity: fc.integer({ min: 1, max: 50 }), extras: fc.nat() }), { minLength: 1, maxLength: 10 }),
    delivery: fc.boolean(),
    fee: fc.integer({ min: 0, max: 100 }),
  })

  test('lines add up to the subtotal, the total is subtotal + fee and never below the fee, each price is product + extras', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const extras = s.extras.map((e) => ingredient(e.id, 'extra', e.price))
        const products = s.products.map((p) => product(p.id, { price: p.price, priceGrande: p.grande, extraIngredientIds: [] }))
        const lines = s.lines.map((l) => {
          const p = s.products[l.pick % s.products.length] ?? s.products[0]
          const chosen = extras.filter((_, i) => (l.extras >> i) & 1).map((e) => e.id)
          return { productId: p?.id ?? 1, size: l.grande && p?.grande != null ? ('grande' as const) : ('mediano' as const), quantity: l.quantity, customization: { sauceId: null, sauceOnSide: false, removedIngredientIds: [], extraIds: chosen } }
        })
        const priced = priceOrder(menu(products, extras, zone({ deliveryCost: s.fee })), { items: lines, fulfilment: s.delivery ? 'delivery' : 'pickup', zoneId: 7 })
        if (!priced.ok) throw new Error(priced.refusal.message)
        const o = priced.order
        expect(o.items.reduce((sum, l) => sum + l.lineTotal, 0)).toBe(o.subtotal)
        expect(o.total).toBe(o.subtotal + o.deliveryFee)
        expect(o.total).toBeGreaterThanOrEqual(o.deliveryFee)
        expect(o.deliveryFee).toBe(s.delivery ? s.fee : 0)
        o.items.forEach((line, i) => {
          const p = products.find((x) => x.id === line.productId)
          const base = line.size === 'grande' ? (p?.priceGrande ?? 0) : (p?.price ?? 0)
          const added = (lines[i]?.customization.extraIds ?? []).reduce((sum, id) => sum + (extras.find((e) => e.id === id)?.price ?? 0), 0)
          expect(line.price).toBe(base + added)
          expect(line.lineTotal).toBe(line.price * line.quantity)
        })
      }),
      { numRuns: 300 },
    )
  })

  test('the same rows and input always give the same answer (nothing else decides it)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 50 }), (id, quantity) => {
        const input: PricingInput = { items: [{ productId: id, size: 'mediano', quantity }], fulfilment: 'pickup' }
        expect(priceOrder(everything, input)).toEqual(priceOrder(everything, input))
      }),
    )
  })
})
