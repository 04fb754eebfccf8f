import { describe, expect, test } from 'bun:test'
import { addItems, cartTotal, emptyCart } from '../../shared/cart'
import { parseRecentOrders, RECENT_KEPT, type RecentOrder } from './recent-orders-store'
import { repeatOrder } from './repeat-order'
import { BASE, EXTRAS, SAUCES, horchata, plate } from './test/fixtures'

const ingredients = { salsa: SAUCES, base: BASE, extra: EXTRAS }
const past: RecentOrder = {
  number: 12,
  token: 'k3Jd9Qm2xVb7LpR4sT8wZc1N',
  createdAt: '2026-11-20T18:00:00.000Z',
  total: 130,
  lines: [
    { productId: 1, name: 'Chilaquiles Clásicos', size: 'grande', quantity: 2, sauce: { id: 1, name: 'Salsa Verde' }, sauceOnSide: true, removed: [{ id: 11, name: 'Cebolla morada' }], extras: [{ id: 20, name: 'Aguacate' }], customized: true },
    { productId: 5, name: 'Horchata', size: 'mediano', quantity: 1, sauce: null, sauceOnSide: false, removed: [], extras: [], customized: false },
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
