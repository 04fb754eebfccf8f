import { describe, expect, test } from 'bun:test'
import type { Order } from '../../shared/schemas'
import { ticketCss, ticketHeightMm, wrappedLines } from './ticket-layout.server'

describe('wrappedLines: a monospace line of N characters, wrapped as the browser wraps', () => {
  test('words stay whole; a space at the end of a line does not count', () => {
    expect(wrappedLines('', 10)).toBe(1)
    expect(wrappedLines('Horchata', 10)).toBe(1)
    expect(wrappedLines('Café de olla', 12)).toBe(1)
    expect(wrappedLines('Café de olla', 11)).toBe(2) // 'Café de ' / 'olla'
    expect(wrappedLines('aaaa bbbb cccc', 9)).toBe(2) // 'aaaa bbbb' / 'cccc'
  })

  test('after a hyphen it may break; a word longer than the line is broken anywhere; newlines start lines', () => {
    expect(wrappedLines('12-34-56', 6)).toBe(2) // '12-34-' / '56'
    expect(wrappedLines('x'.repeat(25), 10)).toBe(3)
    expect(wrappedLines(`ab ${'x'.repeat(25)}`, 10)).toBe(4) // 'ab' / 10 / 10 / 5
    expect(wrappedLines('Sin picante\nTocar el timbre', 40)).toBe(2)
  })
})

describe('the page length', () => {
  const order = (over: Partial<Order> = {}): Order => ({
    id: 1,
    number: 7,
    source: 'storefront',
    status: 'pending',
    statusHistory: [],
    customerName: 'Ana',
    customerPhone: '',
    fulfilment: 'pickup',
    zoneId: null,
    zoneName: null,
    zoneEstimatedTime: null,
    scheduledFor: null,
    trackingToken: null,
    address: null,
    addressReference: null,
    payment: 'tarjeta',
    cashAmount: null,
    items: [{ productId: 1, name: 'Horchata', size: 'mediano', quantity: 1, price: 20, lineTotal: 20, customization: null }],
    subtotal: 20,
    deliveryFee: 0,
  discounts: [],
  changes: [],
    total: 20,
    notes: null,
    createdAt: '2026-11-23T18:00:00.000Z',
    ...over,
  })

  test('grows with what is printed: more lines, notes, the QR; narrower paper wraps long text more', () => {
    const short = ticketHeightMm(order(), '80', false)
    expect(ticketHeightMm(order(), '80', true)).toBeGreaterThan(short + 34)
    const line = order().items[0]!
    expect(ticketHeightMm(order({ items: [line, line, line] }), '80', false)).toBeGreaterThan(short + 10)
    expect(ticketHeightMm(order({ notes: 'Tocar el timbre dos veces' }), '80', false)).toBeGreaterThan(short + 8)
    const long = order({ notes: 'Tocar el timbre dos veces y esperar, el perro es amable pero ladra mucho. '.repeat(3) })
    expect(ticketHeightMm(long, '58', false) - ticketHeightMm(order(), '58', false)).toBeGreaterThan(ticketHeightMm(long, '80', false) - short)
  })

  test("a changed order's notice (issue #34) and its discounts lengthen the strip; a long summary wraps to more paper", () => {
    const short = ticketHeightMm(order(), '80', false)
    const change = { at: '2026-11-23T18:10:00.000Z', by: 'ana', summary: 'Agregó 1 Horchata (Mediano); total Q20 → Q40' }
    const changed = ticketHeightMm(order({ changes: [change] }), '80', false)
    expect(changed).toBeGreaterThan(short + 12)
    const wordy = ticketHeightMm(order({ changes: [{ ...change, summary: `${change.summary}; quitó Cebolla morada de Chilaquiles Clásicos; cambió las notas: "tocar el timbre"` }] }), '80', false)
    expect(wordy).toBeGreaterThan(changed + 6)
    const discounts = [{ promotionId: 1, name: 'Martes', code: 'MARTES', amount: 5 }]
    // A discount brings the subtotal line too (with no delivery fee there was none).
    expect(ticketHeightMm(order({ discounts, total: 15 }), '80', false)).toBeGreaterThan(short + 8)
  })

  test("the CSS draws the notice boxed and keeps an amount ('-Q20') whole", () => {
    const css = ticketCss('80', 200)
    expect(css).toContain('.modified { border: 3px solid #000;')
    expect(css).toContain('.totals div > :last-child { flex: none; }')
  })

  test('the CSS states the page: the paper width, that height, no margins', () => {
    expect(ticketCss('58', 187)).toContain('@page { size: 58mm 187mm; margin: 0; }')
    expect(ticketCss('80', 200)).toContain('body { width: 80mm; padding: 3mm 4mm 6mm;')
  })
})
