/**
 * The one pricing rule (pricing.ts): what it charges, what it refuses and why, and the
 * invariants that must hold for any menu and any order (fast-check): the lines add up to
 * the subtotal, the total is the subtotal plus the fee and never below the fee, a line's
 * price is its product's price at the size plus its extras, and nothing but the rows given
 * decides it.
 */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { type OptionGroup, optionPrice } from './options'
import { type PricingInput, type PricingMenu, menuIdsOf, priceOptions, priceOrder } from './pricing'
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
  optionGroupIds: [],
  ...over,
})
const zone = (over: Partial<CoverageZone> = {}): CoverageZone => ({ id: 7, name: 'Zona 10', deliveryCost: 15, estimatedTime: '30-45 min', available: true, minimumOrder: null, ...over })
const menu = (products: Product[], ingredients: Ingredient[], z: CoverageZone | null = null, groups: OptionGroup[] = []): PricingMenu => ({
  products: new Map(products.map((p) => [p.id, p])),
  ingredients: new Map(ingredients.map((i) => [i.id, i])),
  zone: z,
  optionGroups: new Map(groups.map((g) => [g.id, g])),
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

describe('option groups (issue #32)', () => {
  // 'Leche' (required, one): Entera Q0 / Deslactosada Q0 / Almendra Q5 (Q7 at Grande); 'Extras' (up to 2).
  const leche: OptionGroup = {
    id: 1,
    name: 'Leche',
    min: 1,
    max: 1,
    options: [
      { id: 11, name: 'Entera', price: 0, priceGrande: null, available: true, isDefault: true },
      { id: 12, name: 'Deslactosada', price: 0, priceGrande: null, available: true, isDefault: false },
      { id: 13, name: 'Almendra', price: 5, priceGrande: 7, available: true, isDefault: false },
    ],
  }
  const toppings: OptionGroup = {
    id: 2,
    name: 'Toppings',
    min: 0,
    max: 2,
    options: [
      { id: 21, name: 'Canela', price: 0, priceGrande: null, available: true, isDefault: false },
      { id: 22, name: 'Crema batida', price: 4, priceGrande: null, available: true, isDefault: false },
      { id: 23, name: 'Chispas', price: 3, priceGrande: 5, available: true, isDefault: false },
    ],
  }
  const protein: OptionGroup = { id: 3, name: 'Proteína', min: 1, max: 1, options: [{ id: 31, name: 'Pollo', price: 10, priceGrande: null, available: true, isDefault: false }] }
  const latte = product(30, { name: 'Latte', category: 'bebidas', price: 20, priceGrande: 25, optionGroupIds: [1, 2] })
  const cafe = (groups: OptionGroup[] = [leche, toppings, protein]) => menu([latte], [], null, groups)
  const line = (options: { groupId: number; optionId: number }[], size: 'mediano' | 'grande' = 'mediano') => ({ items: [{ productId: 30, size, quantity: 2, options }], fulfilment: 'pickup' as const })
  const refusal = (input: PricingInput, m = cafe()) => {
    const priced = priceOrder(m, input)
    return priced.ok ? null : priced.refusal
  }

  test('the options chosen are priced at the line\'s size, added to the unit price, and frozen with their names', () => {
    const mediano = priceOrder(cafe(), line([{ groupId: 1, optionId: 13 }, { groupId: 2, optionId: 22 }]))
    if (!mediano.ok) throw new Error(mediano.refusal.message)
    expect(mediano.order.items[0]).toMatchObject({ price: 20 + 5 + 4, lineTotal: 58 })
    expect(mediano.order.items[0]?.options).toEqual([
      { groupId: 1, optionId: 13, group: 'Leche', name: 'Almendra', price: 5 },
      { groupId: 2, optionId: 22, group: 'Toppings', name: 'Crema batida', price: 4 },
    ])
    // At Grande: Almendra's priceGrande (Q7); Crema batida has none and costs the same.
    const grande = priceOrder(cafe(), line([{ groupId: 2, optionId: 22 }, { groupId: 1, optionId: 13 }], 'grande'))
    if (!grande.ok) throw new Error(grande.refusal.message)
    expect(grande.order.items[0]).toMatchObject({ price: 25 + 7 + 4, lineTotal: 72 })
    // In the product's order of groups, whatever order they were sent in.
    expect(grande.order.items[0]?.options?.map((o) => [o.group, o.name, o.price])).toEqual([
      ['Leche', 'Almendra', 7],
      ['Toppings', 'Crema batida', 4],
    ])
    // A free option is priced Q0 and still kept; a line without options has no `options`.
    const plain = priceOrder(cafe(), line([{ groupId: 1, optionId: 11 }]))
    expect(plain.ok && plain.order.items[0]?.options).toEqual([{ groupId: 1, optionId: 11, group: 'Leche', name: 'Entera', price: 0 }])
    const noGroups = priceOrder(everything, { items: [{ productId: 20, size: 'mediano', quantity: 1 }], fulfilment: 'pickup' })
    expect(noGroups.ok && 'options' in (noGroups.order.items[0] ?? {})).toBe(false)
  })

  test('min and max are counted per group, naming it (invalid: the drawer never sends it)', () => {
    expect(refusal(line([]))).toEqual({ kind: 'invalid', reason: 'invalid', message: 'Elige una opción de Leche' })
    expect(refusal(line([{ groupId: 2, optionId: 21 }]))).toMatchObject({ kind: 'invalid', message: 'Elige una opción de Leche' })
    expect(refusal(line([{ groupId: 1, optionId: 11 }, { groupId: 1, optionId: 12 }]))).toEqual({ kind: 'invalid', reason: 'invalid', message: 'Elige como máximo 1 de Leche' })
    const three = [21, 22, 23].map((optionId) => ({ groupId: 2, optionId }))
    expect(refusal(line([{ groupId: 1, optionId: 11 }, ...three]))).toMatchObject({ kind: 'invalid', message: 'Elige como máximo 2 de Toppings' })
    const atLeastTwo = { ...leche, min: 2, max: 3 }
    expect(refusal(line([{ groupId: 1, optionId: 11 }]), cafe([atLeastTwo, toppings]))).toMatchObject({ message: 'Elige al menos 2 de Leche' })
  })

  test('a sold-out option is a conflict naming it; a required group with nothing left sells the dish out', () => {
    const noAlmond = { ...leche, options: leche.options.map((o) => (o.id === 13 ? { ...o, available: false } : o)) }
    expect(refusal(line([{ groupId: 1, optionId: 13 }]), cafe([noAlmond, toppings]))).toEqual({ kind: 'conflict', reason: 'unavailable', message: 'Ya no tenemos Almendra (Leche)' })
    // The others are still sold.
    expect(refusal(line([{ groupId: 1, optionId: 12 }]), cafe([noAlmond, toppings]))).toBeNull()
    const noMilk = { ...leche, options: leche.options.map((o) => ({ ...o, available: false })) }
    expect(refusal(line([{ groupId: 1, optionId: 11 }]), cafe([noMilk, toppings]))).toEqual({ kind: 'conflict', reason: 'unavailable', message: 'El producto "Latte" no está disponible' })
  })

  test('an option must be of one of the product\'s groups: another group\'s is invalid, a deleted one is gone', () => {
    // A group the product does not name.
    expect(refusal(line([{ groupId: 1, optionId: 11 }, { groupId: 3, optionId: 31 }]))).toMatchObject({ kind: 'invalid', message: '"Latte" no tiene el grupo de opciones #3' })
    // Another group's option sent under one of the product's groups.
    expect(refusal(line([{ groupId: 1, optionId: 31 }]))).toEqual({ kind: 'invalid', reason: 'invalid', message: 'Esa opción no es de Leche' })
    expect(refusal(line([{ groupId: 1, optionId: 11 }, { groupId: 2, optionId: 13 }]))).toMatchObject({ kind: 'invalid', message: 'Esa opción no es de Toppings' })
    // An option deleted while it sat in a cart: the menu changed.
    expect(refusal(line([{ groupId: 1, optionId: 99 }]))).toEqual({ kind: 'conflict', reason: 'gone', message: 'Leche: esa opción ya no existe' })
  })

  test('what a line keeps does not follow the menu: names and prices are those of when it was priced', () => {
    const priced = priceOrder(cafe(), line([{ groupId: 1, optionId: 13 }]))
    if (!priced.ok) throw new Error(priced.refusal.message)
    const kept = structuredClone(priced.order.items[0])
    // The owner renames the group and reprices the option afterwards.
    const renamed = { ...leche, name: 'Tipo de leche', options: leche.options.map((o) => (o.id === 13 ? { ...o, name: 'Leche de almendra', price: 9 } : o)) }
    const later = priceOrder(cafe([renamed, toppings]), line([{ groupId: 1, optionId: 13 }]))
    expect(later.ok && later.order.items[0]?.options).toEqual([{ groupId: 1, optionId: 13, group: 'Tipo de leche', name: 'Leche de almendra', price: 9 }])
    expect(kept?.options).toEqual([{ groupId: 1, optionId: 13, group: 'Leche', name: 'Almendra', price: 5 }])
    expect(kept?.price).toBe(25)
  })

  test('priceOptions: the same rule for a line priced elsewhere (the point of sale)', () => {
    const groups = new Map([leche, toppings].map((g) => [g.id, g]))
    expect(priceOptions(groups, latte, [{ groupId: 1, optionId: 13 }], 'grande')).toEqual({ ok: true, options: [{ groupId: 1, optionId: 13, group: 'Leche', name: 'Almendra', price: 7 }] })
    expect(priceOptions(groups, latte, [], 'mediano')).toEqual({ ok: false, refusal: { kind: 'invalid', reason: 'invalid', message: 'Elige una opción de Leche' } })
  })
})

describe('invariants, for any menu and order (fast-check)', () => {
  const extraArb = fc.record({ id: fc.integer({ min: 100, max: 120 }), price: fc.integer({ min: 0, max: 50 }) })
  const scenario = fc.record({
    products: fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 20 }), price: fc.integer({ min: 0, max: 200 }), grande: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }), groups: fc.nat() }), { minLength: 1, maxLength: 6, selector: (p) => p.id }),
    extras: fc.uniqueArray(extraArb, { maxLength: 6, selector: (e) => e.id }),
    // Option groups: n options each, max 1..n, min 0..max (normalised in groupsOf below).
    groups: fc.uniqueArray(
      fc.record({ id: fc.integer({ min: 200, max: 210 }), options: fc.array(fc.record({ price: fc.integer({ min: 0, max: 20 }), grande: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }) }), { minLength: 1, maxLength: 4 }), min: fc.nat(), max: fc.nat() }),
      { maxLength: 3, selector: (g) => g.id },
    ),
    lines: fc.array(fc.record({ pick: fc.nat(), grande: fc.boolean(), quantity: fc.integer({ min: 1, max: 50 }), extras: fc.nat(), options: fc.nat() }), { minLength: 1, maxLength: 10 }),
    delivery: fc.boolean(),
    fee: fc.integer({ min: 0, max: 100 }),
  })

  test('lines add up to the subtotal, the total is subtotal + fee and never below the fee, each price is product + extras + options at the size', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const extras = s.extras.map((e) => ingredient(e.id, 'extra', e.price))
        const groups: OptionGroup[] = s.groups.map((g) => {
          const max = 1 + (g.max % g.options.length)
          const options = g.options.map((o, i) => ({ id: g.id * 10 + i, name: `Opción ${g.id}.${i}`, price: o.price, priceGrande: o.grande, available: true, isDefault: false }))
          return { id: g.id, name: `Grupo ${g.id}`, min: g.min % (max + 1), max, options }
        })
        const products = s.products.map((p) => product(p.id, { price: p.price, priceGrande: p.grande, extraIngredientIds: [], optionGroupIds: groups.filter((_, i) => (p.groups >> i) & 1).map((g) => g.id) }))
        const lines = s.lines.map((l) => {
          const p = products[l.pick % products.length] ?? products[0]
          const chosen = extras.filter((_, i) => (l.extras >> i) & 1).map((e) => e.id)
          // Within each of the product's groups: between min and max of its options, from a varying start.
          const options = groups
            .filter((g) => p?.optionGroupIds.includes(g.id))
            .flatMap((g, j) => {
              const count = g.min + ((l.options >> (2 * j)) % (g.max - g.min + 1))
              return Array.from({ length: count }, (_, k) => ({ groupId: g.id, optionId: g.options[(l.options + k) % g.options.length]?.id ?? 0 }))
            })
          return { productId: p?.id ?? 1, size: l.grande && p?.priceGrande != null ? ('grande' as const) : ('mediano' as const), quantity: l.quantity, customization: { sauceId: null, sauceOnSide: false, removedIngredientIds: [], extraIds: chosen }, options }
        })
        const priced = priceOrder(menu(products, extras, zone({ deliveryCost: s.fee }), groups), { items: lines, fulfilment: s.delivery ? 'delivery' : 'pickup', zoneId: 7 })
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
          const options = (lines[i]?.options ?? []).reduce((sum, c) => {
            const option = groups.find((g) => g.id === c.groupId)?.options.find((o) => o.id === c.optionId)
            return sum + (option && line.size ? optionPrice(option, line.size) : 0)
          }, 0)
          expect(line.price).toBe(base + added + options)
          // Every option chosen is on the line, as the menu names it.
          expect((line.options ?? []).map((o) => o.optionId).sort()).toEqual((lines[i]?.options ?? []).map((c) => c.optionId).sort())
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
