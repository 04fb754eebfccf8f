import { describe, expect, test } from 'bun:test'
import { addItem, emptyCart } from './cart'
import { buildOrderText, EMPTY_ORDER_TEXT, INFO_REQUEST_TEXT, ORDER_GREETING, whatsappLink } from './order-text'

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
      customization: { sauce: 'Mole', sauceOnSide: false, removedIngredients: [], removedNames: [], addedExtras: [] },
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
