import { describe, expect, test } from 'bun:test'
import { addItems, cartTotal, emptyCart } from '../../shared/cart'
import { parseRecentOrders, RECENT_KEPT, type RecentOrder } from './recent-orders-store'
import { repeatOrder } from './repeat-order'
import { BASE, EXTRAS, LECHE, OPTION_GROUPS, PROTEINA, SAUCES, TOPPINGS, horchata, latte, plate } from './test/fixtures'
import type { OptionGroup } from '../../shared/options'
import type { RecentLine } from './recent-orders-store'

const ingredients = { salsa: SAUCES, base: BASE, extra: EXTRAS }
const past: RecentOrder = {
  number: 12,
  token: 'k3Jd9Qm2xVb7LpR4sT8wZc1N',
  createdAt: '2026-11-20T18:00:00.000Z',
  total: 130,
  lines: [
    { productId: 1, name: 'Chilaquiles Clásicos', size: 'grande', quantity: 2, sauce: { id: 1, name: 'Salsa Verde' }, sauceOnSide: true, removed: [{ id: 11, name: 'Cebolla morada' }], extras: [{ id: 20, name: 'Aguacate' }], customized: true, options: [] },
    { productId: 5, name: 'Horchata', size: 'mediano', quantity: 1, sauce: null, sauceOnSide: false, removed: [], extras: [], customized: false, options: [] },
  ],
}

describe("'Repetir pedido'", () => {
  test("the same lines, sizes and customisation, at today's prices", () => {
    const today = [plate({ priceGrande: 55 }), { ...horchata, price: 22 }]
    const result = repeatOrder(past, today, ingredients)
    expect(result.leftOut).toEqual([])
    const cart = result.lines.reduce((c, l) => addItems(c, l.input, l.quantity), emptyCart)
    expect(cart.map((l) => [l.product.name, l.size, l.quantity, l.price])).toEqual([
      ['Chilaquiles Clásicos', 'grande', 2, 65], // 55 today + Aguacate 10
      ['Horchata', 'mediano', 1, 22],
    ])
    expect(cart[0]?.customization).toMatchObject({ sauce: 'Salsa Verde', sauceId: 1, sauceOnSide: true, removedIngredients: [11], removedNames: ['Cebolla morada'] })
    expect(cartTotal(cart)).toBe(2 * 65 + 22)
  })

  test('sold out, gone, or a size no longer offered: left out and named', () => {
    expect(repeatOrder(past, [plate(), { ...horchata, available: false }], ingredients).leftOut).toEqual(['Horchata (agotado)'])
    expect(repeatOrder(past, [{ ...horchata }], ingredients).leftOut).toEqual(['Chilaquiles Clásicos (ya no está en el menú)'])
    expect(repeatOrder(past, [plate({ priceGrande: null }), horchata], ingredients).leftOut).toEqual(['Chilaquiles Clásicos (ya no hay tamaño Grande)'])
  })

  test("a sauce no longer offered leaves the plate out; an extra that is gone is dropped from it and said", () => {
    const noVerde = { ...ingredients, salsa: SAUCES.filter((s) => s.id !== 1) }
    expect(repeatOrder(past, [plate(), horchata], noVerde).leftOut).toEqual(['Chilaquiles Clásicos (la Salsa Verde ya no está disponible)'])
    const noAguacate = { ...ingredients, extra: EXTRAS.filter((e) => e.id !== 20) }
    const result = repeatOrder(past, [plate(), horchata], noAguacate)
    expect(result.leftOut).toEqual([])
    expect(result.changed).toEqual(['Chilaquiles Clásicos: sin Aguacate (ya no está disponible)'])
    expect(result.lines[0]?.input.customization?.addedExtras).toEqual([])
  })
})

describe("'Repetir pedido' with options (issue #32)", () => {
  const groups = (...list: OptionGroup[]) => new Map(list.map((g) => [g.id, g]))
  const all = groups(...OPTION_GROUPS)
  const soldOut = (group: OptionGroup, ...ids: number[]): OptionGroup => ({ ...group, options: group.options.map((o) => (ids.includes(o.id) ? { ...o, available: false } : o)) })
  const drinkLine = (over: Partial<RecentLine> = {}): RecentLine => ({
    productId: 7,
    name: 'Café con leche',
    size: 'grande',
    quantity: 2,
    sauce: null,
    sauceOnSide: false,
    removed: [],
    extras: [],
    customized: false,
    options: [{ groupId: 1, optionId: 103, group: 'Leche', name: 'Almendra', price: 7 }],
    ...over,
  })
  const order = (...lines: RecentLine[]): RecentOrder => ({ ...past, lines })
  const bowlLine: RecentLine = {
    ...past.lines[0]!,
    size: 'mediano',
    quantity: 1,
    options: [
      { groupId: 2, optionId: 202, group: 'Proteína', name: 'Res', price: 15 },
      { groupId: 3, optionId: 302, group: 'Toppings', name: 'Nuez', price: 4 },
      { groupId: 3, optionId: 303, group: 'Toppings', name: 'Chispas', price: 3 },
    ],
  }
  const bowl = plate({ optionGroupIds: [2, 3] })

  test("the options come back by id, at today's names and prices, and keep the line apart from other milks", () => {
    const renamed = groups({ ...LECHE, name: 'Tipo de leche', options: LECHE.options.map((o) => (o.id === 103 ? { ...o, price: 6, priceGrande: 8 } : o)) })
    const result = repeatOrder(order(drinkLine(), drinkLine({ quantity: 1, options: [{ groupId: 1, optionId: 101, group: 'Leche', name: 'Entera', price: 0 }] })), [latte()], ingredients, renamed)
    expect(result.leftOut).toEqual([])
    expect(result.changed).toEqual([])
    const cart = result.lines.reduce((c, l) => addItems(c, l.input, l.quantity), emptyCart)
    expect(cart.map((l) => [l.options?.map((o) => `${o.group}: ${o.name}`), l.quantity, l.price])).toEqual([
      [['Tipo de leche: Almendra'], 2, 33], // 25 Grande + 8 Almendra at Grande today
      [['Tipo de leche: Entera'], 1, 25],
    ])
  })

  test('a plate keeps its customisation and its options together', () => {
    const result = repeatOrder(order(bowlLine), [bowl], ingredients, all)
    expect(result.leftOut).toEqual([])
    const [line] = result.lines.reduce((c, l) => addItems(c, l.input, l.quantity), emptyCart)
    expect(line?.customization?.sauce).toBe('Salsa Verde')
    expect(line?.options?.map((o) => o.name)).toEqual(['Res', 'Nuez', 'Chispas'])
    expect(line?.price).toBe(35 + 10 + 15 + 4 + 3) // plate, Aguacate, Res, Nuez, Chispas
  })

  test('an optional option sold out or deleted is dropped from the line and named', () => {
    const result = repeatOrder(order(bowlLine), [bowl], ingredients, groups(PROTEINA, soldOut(TOPPINGS, 302)))
    expect(result.leftOut).toEqual([])
    expect(result.changed).toEqual(['Chilaquiles Clásicos: sin Nuez (ya no está disponible)'])
    expect(result.lines[0]?.input.options?.map((o) => o.name)).toEqual(['Res', 'Chispas'])
    const deleted = groups(PROTEINA, { ...TOPPINGS, options: TOPPINGS.options.filter((o) => o.id !== 303) })
    expect(repeatOrder(order(bowlLine), [bowl], ingredients, deleted).changed).toEqual(['Chilaquiles Clásicos: sin Chispas (ya no está disponible)'])
    // The dish no longer asks for Toppings at all.
    const fewer = repeatOrder(order(bowlLine), [plate({ optionGroupIds: [2] })], ingredients, all)
    expect(fewer.changed).toEqual(['Chilaquiles Clásicos: sin Nuez (ya no está disponible)', 'Chilaquiles Clásicos: sin Chispas (ya no está disponible)'])
  })

  test('the choice of a required group gone: the line is left out, saying which', () => {
    const result = repeatOrder(order(drinkLine(), { ...past.lines[1]!, options: [] }), [latte(), horchata], ingredients, groups(soldOut(LECHE, 103)))
    expect(result.leftOut).toEqual(['Café con leche (Leche: Almendra ya no está disponible)'])
    expect(result.lines.map((l) => l.input.product.name)).toEqual(['Horchata'])
  })

  test('a required group the dish gained: its default, as the drawer would; none to take: left out', () => {
    const plain = { ...past.lines[1]!, productId: 7, name: 'Café con leche', options: [] }
    expect(repeatOrder(order(plain), [latte()], ingredients, all).leftOut).toEqual(['Café con leche (ahora hay que elegir Leche)'])
    const withDefault = groups({ ...LECHE, options: LECHE.options.map((o) => (o.id === 101 ? { ...o, isDefault: true } : o)) })
    const result = repeatOrder(order(plain), [latte()], ingredients, withDefault)
    expect(result.leftOut).toEqual([])
    expect(result.lines[0]?.input.options?.map((o) => o.name)).toEqual(['Entera'])
  })

  test("a device's list kept before options were reads with none; options are kept as recorded", () => {
    const { options: _, ...old } = drinkLine()
    expect(parseRecentOrders(JSON.stringify([{ ...past, lines: [old] }]))[0]?.lines[0]?.options).toEqual([])
    expect(parseRecentOrders(JSON.stringify([order(drinkLine())]))[0]?.lines[0]?.options).toEqual(drinkLine().options)
  })
})

describe("'Tus pedidos' as kept on the device", () => {
  test('corrupt, foreign or partial values never break the page; at most the newest ten are kept', () => {
    expect(parseRecentOrders(null)).toEqual([])
    expect(parseRecentOrders('{nope')).toEqual([])
    expect(parseRecentOrders('{"a":1}')).toEqual([])
    expect(parseRecentOrders(JSON.stringify([{ number: 'x' }, past, { ...past, token: 'short' }]))).toEqual([past])
    const drink = past.lines[1]!
    const broken = { ...past, lines: [{ productId: 1 }, drink] }
    expect(parseRecentOrders(JSON.stringify([broken]))[0]?.lines).toEqual([drink])
    const many = Array.from({ length: 14 }, (_, i) => ({ ...past, number: i + 1, token: `${past.token.slice(0, 20)}${String(i).padStart(4, '0')}` }))
    expect(parseRecentOrders(JSON.stringify(many))).toHaveLength(RECENT_KEPT)
  })
})
