import { describe, expect, test } from 'bun:test'
import {
  addItem,
  cartCount,
  cartTotal,
  clearCart,
  emptyCart,
  lineKey,
  parseCart,
  plateTotal,
  removeItem,
  setQuantity,
  unitPrice,
  type CartOption,
  type CustomizationInput,
} from './cart'

const plate = { id: 1, name: 'Chilaquiles Verdes', price: 45, priceGrande: 60 }
const horchata = { id: 5, name: 'Horchata', price: 20, priceGrande: 28 }
const flan = { id: 9, name: 'Flan', price: 35 }

const custom = (over: Partial<CustomizationInput> = {}): CustomizationInput => ({
  sauce: 'Salsa Verde',
  sauceId: 30,
  sauceOnSide: false,
  removedIngredients: [],
  removedNames: [],
  addedExtras: [{ id: 20, name: 'Aguacate', price: 10 }],
  ...over,
})

describe('unit price', () => {
  test('grande uses priceGrande when present, else the normal price', () => {
    expect(unitPrice(plate, 'mediano')).toBe(45)
    expect(unitPrice(plate, 'grande')).toBe(60)
    expect(unitPrice(flan, 'grande')).toBe(35)
  })
})

describe('plate total (SPEC 9: price by size plus the extras)', () => {
  test('no extras: the price at the size', () => {
    expect(plateTotal(plate, 'mediano')).toBe(45)
    expect(plateTotal(plate, 'grande', [])).toBe(60)
  })

  test('extras add their prices at either size', () => {
    const extras = [{ price: 10 }, { price: 15 }]
    expect(plateTotal(plate, 'mediano', extras)).toBe(70)
    expect(plateTotal(plate, 'grande', extras)).toBe(85)
    expect(plateTotal(flan, 'grande', extras)).toBe(60)
  })
})

describe('add', () => {
  test('a new product becomes a line of quantity 1 priced by size', () => {
    const cart = addItem(emptyCart, { product: horchata, size: 'grande' })
    expect(cart).toEqual([{ product: { ...horchata }, size: 'grande', quantity: 1, price: 28 }])
  })

  test('the same product, size and customisation merges', () => {
    let cart = addItem(emptyCart, { product: horchata, size: 'mediano' })
    cart = addItem(cart, { product: horchata, size: 'mediano' })
    expect(cart).toHaveLength(1)
    expect(cart[0]?.quantity).toBe(2)
  })

  test('another size or another customisation is another line', () => {
    let cart = addItem(emptyCart, { product: horchata, size: 'mediano' })
    cart = addItem(cart, { product: horchata, size: 'grande' })
    cart = addItem(cart, { product: plate, size: 'mediano', customization: custom() })
    cart = addItem(cart, { product: plate, size: 'mediano', customization: custom({ sauce: 'Salsa Roja' }) })
    cart = addItem(cart, { product: plate, size: 'mediano', customization: custom() })
    expect(cart.map((l) => l.quantity)).toEqual([1, 1, 2, 1])
  })

  test('a customised plate is charged its plate total, also kept as the customisation total', () => {
    const extras = [{ id: 20, name: 'Aguacate', price: 10 }, { id: 21, name: 'Pollo', price: 15 }]
    const cart = addItem(emptyCart, { product: plate, size: 'grande', customization: custom({ addedExtras: extras }) })
    expect(cart[0]?.price).toBe(85)
    expect(cart[0]?.customization?.totalPrice).toBe(85)
  })

  test('extras order does not split identical plates', () => {
    const a = custom({ addedExtras: [{ id: 20, name: 'Aguacate', price: 10 }, { id: 21, name: 'Pollo', price: 15 }] })
    const b = custom({ addedExtras: [{ id: 21, name: 'Pollo', price: 15 }, { id: 20, name: 'Aguacate', price: 10 }] })
    const cart = addItem(addItem(emptyCart, { product: plate, size: 'mediano', customization: a }), { product: plate, size: 'mediano', customization: b })
    expect(cart).toHaveLength(1)
  })

  test('does not mutate the previous cart', () => {
    const before = addItem(emptyCart, { product: flan, size: 'mediano' })
    const snapshot = structuredClone(before)
    addItem(before, { product: flan, size: 'mediano' })
    expect(before).toEqual(snapshot)
  })
})

describe('quantity, remove, clear, totals', () => {
  const build = () => {
    let cart = addItem(emptyCart, { product: horchata, size: 'mediano' })
    cart = addItem(cart, { product: plate, size: 'grande', customization: custom() })
    return cart
  }

  test('setQuantity changes one line', () => {
    const cart = build()
    const next = setQuantity(cart, lineKey(cart[1]!), 3)
    expect(next.map((l) => l.quantity)).toEqual([1, 3])
  })

  test('setQuantity to 0 or below removes the line', () => {
    const cart = build()
    expect(setQuantity(cart, lineKey(cart[0]!), 0)).toHaveLength(1)
    expect(setQuantity(cart, lineKey(cart[0]!), -2)).toHaveLength(1)
  })

  test('remove and clear', () => {
    const cart = build()
    expect(removeItem(cart, lineKey(cart[0]!)).map((l) => l.product.name)).toEqual(['Chilaquiles Verdes'])
    expect(clearCart()).toEqual([])
  })

  test('total is price times quantity; count is the sum of quantities', () => {
    const cart = setQuantity(build(), '5:mediano:', 2)
    expect(cartTotal(cart)).toBe(20 * 2 + 70)
    expect(cartCount(cart)).toBe(3)
    expect(cartTotal(emptyCart)).toBe(0)
    expect(cartCount(emptyCart)).toBe(0)
  })
})

describe('parseCart (restoring from localStorage)', () => {
  test('round-trips a valid cart', () => {
    const cart = addItem(addItem(emptyCart, { product: horchata, size: 'grande' }), { product: plate, size: 'mediano', customization: custom() })
    expect(parseCart(JSON.stringify(cart))).toEqual(cart)
  })

  test('corrupt or foreign values give an empty cart', () => {
    for (const raw of [null, '', '{', 'null', '42', '"x"', '{"items":[]}']) expect(parseCart(raw)).toEqual([])
  })

  test('malformed lines are dropped, good ones kept', () => {
    const good = { product: { id: 5, name: 'Horchata', price: 20 }, size: 'mediano', quantity: 2, price: 20 }
    const raw = JSON.stringify([
      good,
      { product: { id: 'x', name: 'Bad' }, size: 'mediano', quantity: 1, price: 1 },
      { ...good, size: 'enorme' },
      { ...good, quantity: 0 },
      { ...good, price: -5 },
      { ...good, customization: { sauce: 3 } },
      'line',
    ])
    expect(parseCart(raw)).toEqual([{ ...good, product: { ...good.product, priceGrande: null } }] as never)
  })

  test('prices are recomputed, never read from storage', () => {
    const stored = [
      { product: { id: 5, name: 'Horchata', price: 20, priceGrande: 28 }, size: 'grande', quantity: 1, price: 1 },
      { product: { id: 1, name: 'Chilaquiles', price: 45 }, size: 'mediano', quantity: 2, price: 0, customization: { ...custom(), totalPrice: 0 } },
    ]
    const cart = parseCart(JSON.stringify(stored))
    expect(cart.map((l) => l.price)).toEqual([28, 55])
    expect(cart[1]?.customization?.totalPrice).toBe(55)
  })

  test('an older customisation without removedNames is still read', () => {
    const old = { product: { id: 1, name: 'Chilaquiles', price: 45 }, size: 'mediano', quantity: 1, price: 45, customization: { sauce: 'Roja', sauceOnSide: true, removedIngredients: [2], addedExtras: [], totalPrice: 45 } }
    expect(parseCart(JSON.stringify([old]))[0]?.customization?.removedNames).toEqual([])
  })

  test('the sauce id is kept; a cart stored before ids were kept reads as null (the checkout looks the name up)', () => {
    const line = (customization: object) => ({ product: { id: 1, name: 'Chilaquiles', price: 45 }, size: 'mediano', quantity: 1, price: 45, customization })
    const withId = { ...custom(), totalPrice: 55 }
    const { sauceId: _, ...withoutId } = withId
    const [a, b, c] = parseCart(JSON.stringify([line(withId), line(withoutId), line({ ...withId, sauceId: 'x' })]))
    expect([a?.customization?.sauceId, b?.customization?.sauceId, c?.customization?.sauceId]).toEqual([30, null, null])
    expect(b?.customization?.sauce).toBe('Salsa Verde')
  })
})

describe('option groups on a line (issue #32)', () => {
  const milk = (optionId: number, name: string, price = 0, priceGrande: number | null = null): CartOption => ({ groupId: 1, optionId, group: 'Leche', name, price, priceGrande })
  const entera = milk(101, 'Entera')
  const almendra = milk(103, 'Almendra', 5, 7)
  const canela: CartOption = { groupId: 3, optionId: 301, group: 'Toppings', name: 'Canela', price: 0, priceGrande: null }
  const nuez: CartOption = { groupId: 3, optionId: 302, group: 'Toppings', name: 'Nuez', price: 4, priceGrande: null }

  test('two horchatas with different milk are two lines, each with its own controls', () => {
    let cart = addItem(emptyCart, { product: horchata, size: 'mediano', options: [entera] })
    cart = addItem(cart, { product: horchata, size: 'mediano', options: [almendra] })
    cart = addItem(cart, { product: horchata, size: 'mediano', options: [almendra] })
    expect(cart.map((l) => [l.options?.map((o) => o.name), l.quantity, l.price])).toEqual([
      [['Entera'], 1, 20],
      [['Almendra'], 2, 25],
    ])
    // Changing one line never touches the other.
    const [first, second] = cart.map(lineKey)
    expect(first).not.toBe(second)
    cart = setQuantity(cart, second ?? '', 5)
    expect(cart.map((l) => l.quantity)).toEqual([1, 5])
    cart = removeItem(cart, first ?? '')
    expect(cart.map((l) => l.options?.[0]?.name)).toEqual(['Almendra'])
  })

  test('the same choices in another order are the same line; no options is a line of its own', () => {
    let cart = addItem(emptyCart, { product: horchata, size: 'mediano', options: [canela, nuez] })
    cart = addItem(cart, { product: horchata, size: 'mediano', options: [nuez, canela] })
    cart = addItem(cart, { product: horchata, size: 'mediano' })
    cart = addItem(cart, { product: horchata, size: 'mediano', options: [] })
    expect(cart.map((l) => l.quantity)).toEqual([2, 2])
    expect(cart[1]?.options).toBeUndefined()
    // A plain product's key is still product id + size (decision 005).
    expect(lineKey({ product: horchata, size: 'mediano', options: [] })).toBe(lineKey({ product: horchata, size: 'mediano' }))
  })

  test("unit price: the size's price, plus extras, plus each option at that size (priceGrande when it has one)", () => {
    expect(plateTotal(horchata, 'mediano', [], [almendra])).toBe(25)
    expect(plateTotal(horchata, 'grande', [], [almendra])).toBe(35) // 28 + 7
    expect(plateTotal(horchata, 'grande', [], [nuez])).toBe(32) // no priceGrande: 4 at either size
    expect(plateTotal(plate, 'grande', [{ price: 10 }], [almendra, nuez])).toBe(81) // 60 + 10 + 7 + 4
    const line = addItem(emptyCart, { product: plate, size: 'grande', customization: custom(), options: [almendra] })[0]
    expect(line?.price).toBe(77) // 60 + Aguacate 10 + Almendra 7
    expect(line?.customization?.totalPrice).toBe(77)
  })

  test('the options survive a reload (parseCart), repriced from their own prices, never from the stored price', () => {
    let cart = addItem(emptyCart, { product: horchata, size: 'grande', options: [almendra] })
    cart = addItem(cart, { product: plate, size: 'mediano', customization: custom(), options: [canela, nuez] })
    const restored = parseCart(JSON.stringify(cart))
    expect(restored).toEqual(cart)
    expect(restored.map(lineKey)).toEqual(cart.map(lineKey))
    const tampered = JSON.parse(JSON.stringify(cart)) as { price: number }[]
    for (const line of tampered) line.price = 1
    expect(parseCart(JSON.stringify(tampered)).map((l) => l.price)).toEqual([35, 59])
  })

  test('a line whose options cannot be read is dropped, not the cart', () => {
    const good = { product: { id: 5, name: 'Horchata', price: 20, priceGrande: 28 }, size: 'mediano', quantity: 1, price: 20 }
    const raw = JSON.stringify([
      { ...good, options: [{ groupId: 1, optionId: 103, group: 'Leche', name: 'Almendra', price: -5, priceGrande: null }] },
      { ...good, options: 'Almendra' },
      { ...good, options: [{ groupId: 1, group: 'Leche', name: 'Almendra', price: 5 }] },
      { ...good, options: [{ ...almendra, priceGrande: undefined }] },
    ])
    const cart = parseCart(raw)
    expect(cart).toHaveLength(1)
    expect(cart[0]?.options).toEqual([{ ...almendra, priceGrande: null }])
    expect(cart[0]?.price).toBe(25)
  })
})
