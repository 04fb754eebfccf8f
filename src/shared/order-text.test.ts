import { describe, expect, test } from 'bun:test'
import { addItem, emptyCart } from './cart'
import { DEFAULT_CHECKOUT_DETAILS, type CheckoutDetails, type DeliveryZone } from './checkout'
import { buildOrderText, EMPTY_ORDER_TEXT, fromCart, fromRecordedOrder, INFO_REQUEST_TEXT, ORDER_GREETING, orderText, whatsappLink } from './order-text'
import type { Order } from './schemas/order'

const plate = { id: 1, name: 'Chilaquiles Verdes', price: 45, priceGrande: 60 }
const horchata = { id: 5, name: 'Horchata', price: 20, priceGrande: 28 }
const flan = { id: 9, name: 'Flan de Elote', price: 35 }

describe('buildOrderText', () => {
  test('a mixed cart gives this exact text', () => {
    let cart = addItem(emptyCart, {
      product: plate,
      size: 'grande',
      customization: {
        sauce: 'Salsa Verde',
        sauceId: 30,
        sauceOnSide: true,
        removedIngredients: [3],
        removedNames: ['Cebolla morada'],
        addedExtras: [
          { id: 20, name: 'Pollo deshebrado', price: 15 },
          { id: 21, name: 'Aguacate', price: 10 },
        ],
      },
    })
    cart = addItem(cart, { product: horchata, size: 'mediano' })
    cart = addItem(cart, { product: horchata, size: 'mediano' })
    cart = addItem(cart, { product: flan, size: 'mediano' })
    cart = addItem(cart, {
      product: plate,
      size: 'mediano',
      customization: { sauce: 'Mole', sauceId: 31, sauceOnSide: false, removedIngredients: [], removedNames: [], addedExtras: [] },
    })

    expect(buildOrderText(cart)).toBe(
      [
        '¡Hola! Quiero ordenar:',
        '',
        '1. Chilaquiles Verdes (Grande)',
        '   Salsa: Salsa Verde',
        '   Extras: Pollo deshebrado, Aguacate',
        '   Sin: Cebolla morada',
        '   Salsa por aparte',
        '   Cantidad: 1',
        '   Precio: Q85',
        '',
        '2. Horchata (Mediano)',
        '   Cantidad: 2',
        '   Precio: Q40',
        '',
        '3. Flan de Elote (Mediano)',
        '   Cantidad: 1',
        '   Precio: Q35',
        '',
        '4. Chilaquiles Verdes (Mediano)',
        '   Salsa: Mole',
        '   Cantidad: 1',
        '   Precio: Q45',
        '',
        'Total: Q205',
      ].join('\n'),
    )
  })

  test('an empty cart asks to order chilaquiles', () => {
    expect(buildOrderText(emptyCart)).toBe(EMPTY_ORDER_TEXT)
    expect(EMPTY_ORDER_TEXT).toContain('chilaquiles')
  })

})

/** An order as POST /api/checkout answers it: one customised plate and two horchatas. */
function recorded(over: Partial<Order>): Order {
  return {
    id: 7,
    number: 12,
    source: 'storefront',
    status: 'pending',
    statusHistory: [{ status: 'pending', at: '2026-11-23T18:00:00.000Z' }],
    customerName: null,
    customerPhone: '',
    fulfilment: 'pickup',
    zoneId: null,
    zoneName: null,
    zoneEstimatedTime: null,
    scheduledFor: null,
    trackingToken: null,
    address: null,
    addressReference: null,
    payment: 'efectivo',
    cashAmount: null,
    items: [
      {
        productId: 1,
        name: 'Chilaquiles Verdes',
        size: 'grande',
        quantity: 1,
        price: 75,
        lineTotal: 75,
        customization: {
          sauce: { id: 30, name: 'Salsa Verde' },
          sauceOnSide: true,
          removed: [{ id: 3, name: 'Cebolla morada' }],
          extras: [{ id: 20, name: 'Pollo deshebrado', price: 15 }],
        },
      },
      { productId: 5, name: 'Horchata', size: 'mediano', quantity: 2, price: 20, lineTotal: 40, customization: null },
    ],
    subtotal: 115,
    deliveryFee: 0,
  discounts: [],
  changes: [],
    total: 115,
    notes: null,
    createdAt: '2026-11-23T18:00:00.000Z',
    ...over,
  }
}

const LINES = [
  '¡Hola! Quiero ordenar:',
  '',
  '1. Chilaquiles Verdes (Grande)',
  '   Salsa: Salsa Verde',
  '   Extras: Pollo deshebrado',
  '   Sin: Cebolla morada',
  '   Salsa por aparte',
  '   Cantidad: 1',
  '   Precio: Q75',
  '',
  '2. Horchata (Mediano)',
  '   Cantidad: 2',
  '   Precio: Q40',
  '',
]

describe('the message of a recorded order (number, delivery, payment)', () => {
  test('pickup with the defaults: the specification\'s lines, then the number, pickup, payment, total', () => {
    expect(orderText(fromRecordedOrder(recorded({})))).toBe(
      [...LINES, 'Pedido #12', 'Entrega: Recoger en el local', 'Pago: Efectivo', '', 'Total: Q115'].join('\n'),
    )
  })

  test("an order from a table's QR names the table where a pickup says 'Entrega' (issue #45)", () => {
    expect(orderText(fromRecordedOrder(recorded({ fulfilment: 'mesa', tableId: 3, tableName: 'Mesa 5' })))).toBe(
      [...LINES, 'Pedido #12', 'En mesa: Mesa 5', 'Pago: Efectivo', '', 'Total: Q115'].join('\n'),
    )
  })

  test('with its tracking link: the message ends with \'Sigue tu pedido: <link>\' after the total', () => {
    const link = 'https://pedidos.example.gt/pedido/k3Jd9Qm2xVb7LpR4sT8wZc1N'
    expect(orderText(fromRecordedOrder(recorded({}), link))).toBe(
      [...LINES, 'Pedido #12', 'Entrega: Recoger en el local', 'Pago: Efectivo', '', 'Total: Q115', '', `Sigue tu pedido: ${link}`].join('\n'),
    )
  })

  test('delivery with a fee: zone, address, reference, name, notes; Subtotal and Envío before a Total that includes the fee', () => {
    const order = recorded({
      fulfilment: 'delivery',
      zoneId: 2,
      zoneName: 'Zona 10',
      address: '5a avenida 10-20, zona 10',
      addressReference: 'Portón negro',
      customerName: 'Ana López',
      payment: 'tarjeta',
      notes: 'Bien doradito, por favor',
      deliveryFee: 15,
  discounts: [],
  changes: [],
      total: 130,
    })
    expect(orderText(fromRecordedOrder(order))).toBe(
      [
        ...LINES,
        'Pedido #12',
        'Entrega: A domicilio, Zona 10',
        'Dirección: 5a avenida 10-20, zona 10',
        'Referencia: Portón negro',
        'Nombre: Ana López',
        'Pago: Tarjeta',
        'Notas: Bien doradito, por favor',
        '',
        'Subtotal: Q115',
        'Envío: Q15',
        'Total: Q130',
      ].join('\n'),
    )
  })

  test('cash with change, and cash that is exact', () => {
    const text = (cashAmount: number) => orderText(fromRecordedOrder(recorded({ cashAmount })))
    expect(text(200)).toContain('\nPago: Efectivo, pago con Q200 (cambio: Q85)\n')
    expect(text(115)).toContain('\nPago: Efectivo, pago con Q115 (exacto)\n')
    expect(orderText(fromRecordedOrder(recorded({ payment: 'transferencia' })))).toContain('\nPago: Transferencia\n')
  })

  test('a typical delivery order stays well under 1,500 characters, and its link decodes back to the text', () => {
    const order = recorded({ fulfilment: 'delivery', zoneName: 'Zona 10', address: '5a avenida 10-20, zona 10, edificio Torre Azul, apto 502', addressReference: 'Frente al parque', customerName: 'Ana López', cashAmount: 200, deliveryFee: 15,
  discounts: [],
  changes: [], total: 130, notes: 'Tocar el timbre dos veces' })
    const text = orderText(fromRecordedOrder(order))
    expect(text.length).toBeLessThan(1500)
    expect(new URL(whatsappLink('50212345678', text)).searchParams.get('text')).toBe(text)
  })
})

describe('the message without a number (the server could not be reached)', () => {
  const zones: DeliveryZone[] = [{ id: 2, name: 'Zona 10', deliveryCost: 15, estimatedTime: '30-45 min' }]
  const cart = addItem(addItem(emptyCart, { product: horchata, size: 'mediano' }), { product: horchata, size: 'mediano' })
  const details = (over: Partial<CheckoutDetails>): CheckoutDetails => ({ ...DEFAULT_CHECKOUT_DETAILS, ...over })

  test('from the cart and the sheet: no number; the chosen zone\'s fee is added to the total', () => {
    const text = orderText(fromCart(cart, { details: details({ fulfilment: 'delivery', zoneId: 2, address: ' Calle 1 ', payment: 'efectivo', cashAmount: 100 }), zones }))
    expect(text).toBe(
      [
        '¡Hola! Quiero ordenar:',
        '',
        '1. Horchata (Mediano)',
        '   Cantidad: 2',
        '   Precio: Q40',
        '',
        'Entrega: A domicilio, Zona 10',
        'Dirección: Calle 1',
        'Pago: Efectivo, pago con Q100 (cambio: Q45)',
        '',
        'Subtotal: Q40',
        'Envío: Q15',
        'Total: Q55',
      ].join('\n'),
    )
  })

  test('pickup keeps no address or fee even if a zone and address were typed before', () => {
    const text = orderText(fromCart(cart, { details: details({ zoneId: 2, address: 'Calle 1', customerName: 'Luis' }), zones }))
    expect(text).toBe(['¡Hola! Quiero ordenar:', '', '1. Horchata (Mediano)', '   Cantidad: 2', '   Precio: Q40', '', 'Entrega: Recoger en el local', 'Nombre: Luis', 'Pago: Efectivo', '', 'Total: Q40'].join('\n'))
  })
})

describe("a line's options (issue #32)", () => {
  const almendra = { groupId: 1, optionId: 103, group: 'Leche', name: 'Almendra', price: 5, priceGrande: 7 }
  const pollo = { groupId: 2, optionId: 201, group: 'Proteína', name: 'Pollo', price: 10, priceGrande: null }
  const canela = { groupId: 3, optionId: 301, group: 'Toppings', name: 'Canela', price: 0, priceGrande: null }
  const nuez = { groupId: 3, optionId: 302, group: 'Toppings', name: 'Nuez', price: 4, priceGrande: null }

  test('from the cart: one row per group after the customisation, each option at the line\'s size; a line without options as before', () => {
    let cart = addItem(emptyCart, { product: horchata, size: 'mediano', options: [almendra] })
    cart = addItem(cart, { product: horchata, size: 'grande', options: [almendra] })
    cart = addItem(cart, {
      product: plate,
      size: 'mediano',
      customization: { sauce: 'Mole', sauceId: 31, sauceOnSide: true, removedIngredients: [], removedNames: [], addedExtras: [] },
      options: [pollo, canela, nuez],
    })
    cart = addItem(cart, { product: flan, size: 'mediano' })
    expect(buildOrderText(cart)).toBe(
      [
        '¡Hola! Quiero ordenar:',
        '',
        '1. Horchata (Mediano)',
        '   Leche: Almendra (+Q5)',
        '   Cantidad: 1',
        '   Precio: Q25',
        '',
        '2. Horchata (Grande)',
        '   Leche: Almendra (+Q7)',
        '   Cantidad: 1',
        '   Precio: Q35',
        '',
        '3. Chilaquiles Verdes (Mediano)',
        '   Salsa: Mole',
        '   Salsa por aparte',
        '   Proteína: Pollo (+Q10)',
        '   Toppings: Canela, Nuez (+Q4)',
        '   Cantidad: 1',
        '   Precio: Q59',
        '',
        '4. Flan de Elote (Mediano)',
        '   Cantidad: 1',
        '   Precio: Q35',
        '',
        'Total: Q154',
      ].join('\n'),
    )
  })

  test('from the recorded order: the names and prices the server froze on the line, whatever the menu says now', () => {
    const order = recorded({
      items: [
        {
          productId: 5,
          name: 'Horchata',
          size: 'grande',
          quantity: 2,
          price: 35,
          lineTotal: 70,
          customization: null,
          options: [{ groupId: 1, optionId: 103, group: 'Leche', name: 'Almendra', price: 7 }],
        },
        { productId: 5, name: 'Horchata', size: 'mediano', quantity: 1, price: 20, lineTotal: 20, customization: null, options: [] },
      ],
      subtotal: 90,
      total: 90,
    })
    expect(orderText(fromRecordedOrder(order))).toBe(
      [
        '¡Hola! Quiero ordenar:',
        '',
        '1. Horchata (Grande)',
        '   Leche: Almendra (+Q7)',
        '   Cantidad: 2',
        '   Precio: Q70',
        '',
        '2. Horchata (Mediano)',
        '   Cantidad: 1',
        '   Precio: Q20',
        '',
        'Pedido #12',
        'Entrega: Recoger en el local',
        'Pago: Efectivo',
        '',
        'Total: Q90',
      ].join('\n'),
    )
  })
})

describe('discounts (issue #33): a row each, before the total', () => {
  test("a code on a pickup: Subtotal, then 'Descuento (MARTES): -Q20', then the total the server recorded", () => {
    const order = recorded({ discounts: [{ promotionId: 3, name: 'Martes de bebidas', code: 'MARTES', amount: 20 }], total: 95 })
    expect(orderText(fromRecordedOrder(order))).toBe(
      [...LINES, 'Pedido #12', 'Entrega: Recoger en el local', 'Pago: Efectivo', '', 'Subtotal: Q115', 'Descuento (MARTES): -Q20', 'Total: Q95'].join('\n'),
    )
  })

  test('an automatic promotion is named by its name; on a delivery the fee comes first, then each discount in the order applied', () => {
    const order = recorded({
      fulfilment: 'delivery',
      zoneName: 'Zona 10',
      address: 'Calle 1',
      deliveryFee: 15,
      discounts: [
        { promotionId: 3, name: 'Martes de bebidas', code: 'MARTES', amount: 20 },
        { promotionId: 4, name: 'Envío gratis', code: null, amount: 15 },
      ],
      total: 95,
      cashAmount: 100,
    })
    const text = orderText(fromRecordedOrder(order))
    expect(text.endsWith(['Subtotal: Q115', 'Envío: Q15', 'Descuento (MARTES): -Q20', 'Descuento (Envío gratis): -Q15', 'Total: Q95'].join('\n'))).toBe(true)
    // The change is worked out on the total paid, net of the discounts.
    expect(text).toContain('\nPago: Efectivo, pago con Q100 (cambio: Q5)\n')
  })

  test('no discounts: the totals read exactly as before (no Subtotal row on a pickup)', () => {
    const text = orderText(fromRecordedOrder(recorded({ discounts: [] })))
    expect(text).not.toContain('Descuento')
    expect(text).not.toContain('Subtotal')
    expect(text.endsWith('\n\nTotal: Q115')).toBe(true)
  })

  test("without the server's record: the quote's discounts of this cart are taken off the cart's total", () => {
    const cart = addItem(addItem(emptyCart, { product: horchata, size: 'mediano' }), { product: horchata, size: 'mediano' })
    const text = orderText(fromCart(cart, { details: DEFAULT_CHECKOUT_DETAILS, zones: [], discounts: [{ name: 'Martes de bebidas', code: 'MARTES', amount: 20 }] }))
    expect(text.endsWith(['Subtotal: Q40', 'Descuento (MARTES): -Q20', 'Total: Q20'].join('\n'))).toBe(true)
    expect(orderText(fromCart(cart, { details: DEFAULT_CHECKOUT_DETAILS, zones: [] }))).not.toContain('Descuento')
  })
})

describe('the information request (footer chat button)', () => {
  test('its link carries the whole text, encoded, and decodes back to it', () => {
    const link = whatsappLink('50212345678', INFO_REQUEST_TEXT)
    const url = new URL(link)
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/50212345678')
    expect(url.searchParams.get('text')).toBe(INFO_REQUEST_TEXT)
    // Spaces, ¡ and accents are percent-encoded: nothing in the query is raw.
    expect(link.split('?text=')[1]).toMatch(/^[A-Za-z0-9%\-_.!~*'()]+$/)
    expect(link).toContain('%C2%A1Hola!%20Me%20gustar%C3%ADa')
  })

  test('asks about the menu, hours and delivery, and differs from an order', () => {
    expect(INFO_REQUEST_TEXT).toMatch(/información/)
    expect(INFO_REQUEST_TEXT).toMatch(/menú/)
    expect(INFO_REQUEST_TEXT).not.toBe(EMPTY_ORDER_TEXT)
    expect(INFO_REQUEST_TEXT.startsWith(ORDER_GREETING)).toBe(false)
  })
})

describe('whatsappLink', () => {
  test('digits only, text URL-encoded', () => {
    expect(whatsappLink('+502 1234-5678', 'Hola & adiós\nTotal: Q5')).toBe('https://wa.me/50212345678?text=Hola%20%26%20adi%C3%B3s%0ATotal%3A%20Q5')
  })
})

describe("a pickup order says where ('Tu restaurante', issue #41)", () => {
  test("'Recoger en: …' with the map link under 'Entrega: Recoger en el local'; never on a delivery", () => {
    const base = {
      lines: [{ name: 'Horchata', size: 'mediano' as const, quantity: 1, lineTotal: 15, sauce: null, sauceOnSide: false, extras: [], removed: [] }],
      total: 15,
      pickupPlace: { address: '5a avenida 3-20, zona 1, Mixco', mapUrl: 'https://maps.app.goo.gl/ceiba' },
    }
    const delivery = { zoneName: null, address: null, addressReference: null, customerName: null, payment: null, cashAmount: null, notes: null, subtotal: 15, deliveryFee: 0 }
    expect(orderText({ ...base, delivery: { ...delivery, fulfilment: 'pickup' } })).toContain(
      'Entrega: Recoger en el local\nRecoger en: 5a avenida 3-20, zona 1, Mixco (https://maps.app.goo.gl/ceiba)',
    )
    expect(orderText({ ...base, delivery: { ...delivery, fulfilment: 'delivery', address: 'Casa' } })).not.toContain('Recoger en:')
  })
})
