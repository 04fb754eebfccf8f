import { describe, expect, test } from 'bun:test'
import { addItem, emptyCart } from './cart'
import {
  cashShortfall,
  checkoutProblems,
  checkoutRequest,
  DEFAULT_CHECKOUT_DETAILS,
  deliveryProblems,
  parseCheckoutDetails,
  QUOTE_ADDRESS,
  quoteRequest,
  type CheckoutDetails,
  type DeliveryZone,
} from './checkout'
import { checkoutInputSchema } from './schemas/checkout'

const zones: DeliveryZone[] = [{ id: 2, name: 'Zona 10', deliveryCost: 15, estimatedTime: null }]
const details = (over: Partial<CheckoutDetails>): CheckoutDetails => ({ ...DEFAULT_CHECKOUT_DETAILS, ...over })
const plate = { id: 1, name: 'Chilaquiles Verdes', price: 45, priceGrande: 60 }
const horchata = { id: 5, name: 'Horchata', price: 20 }

describe('what delivery requires', () => {
  test('pickup needs nothing; delivery needs a zone and a non-blank address', () => {
    expect(deliveryProblems({ fulfilment: 'pickup' })).toEqual([])
    expect(deliveryProblems({ fulfilment: 'delivery', zoneId: null, address: '  ' })).toEqual([
      { path: 'zoneId', message: 'Elige la zona de entrega' },
      { path: 'address', message: 'Escribe la dirección de entrega' },
    ])
    expect(deliveryProblems({ fulfilment: 'delivery', zoneId: 2, address: 'Calle 1' })).toEqual([])
  })

  test('the server\'s schema refuses with the same messages on the same paths', () => {
    const result = checkoutInputSchema.safeParse({ items: [{ productId: 1, size: 'mediano', quantity: 1 }], fulfilment: 'delivery', address: ' ' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))).toEqual(
      deliveryProblems({ fulfilment: 'delivery', zoneId: null, address: ' ' }),
    )
  })

  test('a zone that is no longer offered counts as none chosen', () => {
    expect(checkoutProblems(details({ fulfilment: 'delivery', zoneId: 99, address: 'Calle 1' }), zones, 50)).toEqual([{ path: 'zoneId', message: 'Elige la zona de entrega' }])
  })

  test('a zone\'s minimum order is checked on the subtotal, before the fee', () => {
    const withMinimum: DeliveryZone[] = [{ ...zones[0]!, minimumOrder: 100 }]
    const order = details({ fulfilment: 'delivery', zoneId: 2, address: 'Calle 1' })
    expect(checkoutProblems(order, withMinimum, 99)).toEqual([{ path: 'zoneId', message: 'Pedido mínimo para Zona 10: Q100' }])
    expect(checkoutProblems(order, withMinimum, 100)).toEqual([])
    expect(checkoutProblems({ ...order, fulfilment: 'pickup' }, withMinimum, 10)).toEqual([])
  })

  test('cash must cover the subtotal plus the fee', () => {
    const order = details({ fulfilment: 'delivery', zoneId: 2, address: 'Calle 1', cashAmount: 60 })
    expect(checkoutProblems(order, zones, 50)).toEqual([{ path: 'cashAmount', message: 'El efectivo (Q60) no cubre el total del pedido (Q65)' }])
  })

  test('cash below the total is refused with the amounts; exact cash, more cash or another payment is fine', () => {
    expect(cashShortfall('efectivo', 34, 35)).toBe('El efectivo (Q34) no cubre el total del pedido (Q35)')
    expect([cashShortfall('efectivo', 35, 35), cashShortfall('efectivo', 100, 35), cashShortfall('efectivo', null, 35), cashShortfall('tarjeta', 1, 35)]).toEqual([null, null, null, null])
  })
})

describe('the request sent to POST /api/checkout', () => {
  const cart = addItem(addItem(emptyCart, { product: horchata, size: 'mediano' }), {
    product: plate,
    size: 'grande',
    customization: { sauce: 'Salsa Verde', sauceId: 30, sauceOnSide: true, removedIngredients: [3], removedNames: ['Cebolla'], addedExtras: [{ id: 20, name: 'Pollo', price: 15 }] },
  })

  test('ids and choices only, no price; blank texts are left out; pickup drops zone and address', () => {
    const body = checkoutRequest(cart, details({ zoneId: 2, address: 'Calle 1', customerName: '  Ana ', notes: ' ', cashAmount: 100 }))
    expect(body).toEqual({
      items: [
        { productId: 5, size: 'mediano', quantity: 1 },
        { productId: 1, size: 'grande', quantity: 1, customization: { sauceId: 30, sauceOnSide: true, removedIngredientIds: [3], extraIds: [20] } },
      ],
      fulfilment: 'pickup',
      customerName: 'Ana',
      payment: 'efectivo',
      cashAmount: 100,
    })
    expect(JSON.stringify(body)).not.toContain('price')
    expect(checkoutInputSchema.safeParse(body).success).toBe(true)
  })

  test('delivery carries zone, address and reference; a card payment drops the cash amount', () => {
    const body = checkoutRequest(cart, details({ fulfilment: 'delivery', zoneId: 2, address: 'Calle 1', addressReference: 'Portón negro', payment: 'tarjeta', cashAmount: 100 }))
    expect(body).toMatchObject({ fulfilment: 'delivery', zoneId: 2, address: 'Calle 1', addressReference: 'Portón negro', payment: 'tarjeta' })
    expect(body.cashAmount).toBeUndefined()
  })

  test('a line stored without the sauce id gets it from the name', () => {
    const old = cart.map((line) => (line.customization ? { ...line, customization: { ...line.customization, sauceId: null } } : line))
    const body = checkoutRequest(old, DEFAULT_CHECKOUT_DETAILS, (name) => (name === 'Salsa Verde' ? 30 : null))
    expect(body.items[1]?.customization?.sauceId).toBe(30)
  })
})

describe("the code (issue #33): sent with the order, and the quote's body", () => {
  const cart = addItem(addItem(emptyCart, { product: horchata, size: 'mediano' }), { product: horchata, size: 'mediano' })

  test('the checkout carries the code the cart holds; none: no field', () => {
    expect(checkoutRequest(cart, DEFAULT_CHECKOUT_DETAILS, undefined, 'MARTES').promoCode).toBe('MARTES')
    expect('promoCode' in checkoutRequest(cart, DEFAULT_CHECKOUT_DETAILS)).toBe(false)
  })

  test('the quote sends only what a price depends on, and the schema accepts it', () => {
    const typed = details({ fulfilment: 'delivery', zoneId: 2, address: 'Calle 1, casa 5', addressReference: 'Portón', customerName: 'Ana', notes: 'Sin hielo', cashAmount: 5, customerPhone: '5555 1234', scheduledFor: '2026-12-01T19:30' })
    const body = quoteRequest(cart, typed, 'MARTES')
    expect(body).toEqual({
      items: [{ productId: 5, size: 'mediano', quantity: 2 }],
      fulfilment: 'delivery',
      zoneId: 2,
      address: QUOTE_ADDRESS,
      payment: 'efectivo',
      customerPhone: '50255551234',
      scheduledFor: '2026-12-01T19:30',
      promoCode: 'MARTES',
    })
    // Cash that does not cover the total would make it a 400: never sent.
    expect(checkoutInputSchema.safeParse(body).success).toBe(true)
    // A phone being typed is left out until it is a number.
    expect(quoteRequest(cart, details({ customerPhone: '5555' }), null)?.customerPhone).toBeUndefined()
  })

  test('no quote for an empty cart or a delivery without a zone', () => {
    expect(quoteRequest(emptyCart, DEFAULT_CHECKOUT_DETAILS, null)).toBeNull()
    expect(quoteRequest(cart, details({ fulfilment: 'delivery', zoneId: null }), 'MARTES')).toBeNull()
  })

  test('cash is checked on the total after the discount', () => {
    const cash = details({ cashAmount: 20 })
    expect(checkoutProblems(cash, [], 40)).toEqual([{ path: 'cashAmount', message: 'El efectivo (Q20) no cubre el total del pedido (Q40)' }])
    expect(checkoutProblems(cash, [], 40, 20)).toEqual([])
  })
})

describe('stored details', () => {
  test('round-trip, and a corrupt or hand-edited value falls back field by field, never throws', () => {
    const saved = details({ fulfilment: 'delivery', zoneId: 2, address: 'Calle 1', customerName: 'Ana', payment: 'transferencia' })
    expect(parseCheckoutDetails(JSON.stringify(saved))).toEqual(saved)
    for (const raw of [null, '', '{', 'null', '[]', '42', '"x"']) expect(parseCheckoutDetails(raw)).toEqual(DEFAULT_CHECKOUT_DETAILS)
    expect(parseCheckoutDetails(JSON.stringify({ fulfilment: 'volando', zoneId: -1, address: 7, payment: 'bitcoin', cashAmount: 1.5, customerName: 'x'.repeat(500) }))).toEqual({
      ...DEFAULT_CHECKOUT_DETAILS,
      customerName: 'x'.repeat(80),
    })
  })
})
