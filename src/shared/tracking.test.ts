import { describe, expect, test } from 'bun:test'
import { whatsappLink } from './chat-link'
import { customerPhoneDigits } from './checkout'
import { ORDER_STATUSES, statusLabel } from './order-status'
import type { Order } from './schemas/order'
import { customerStatusLabel, expectation, notifyText, statusSentence, stepTimes, trackingOf } from './tracking'

const order: Order = {
  id: 7,
  number: 12,
  source: 'storefront',
  status: 'ready',
  statusHistory: [
    { status: 'pending', at: '2026-11-23T18:03:00.000Z' },
    { status: 'confirmed', at: '2026-11-23T18:05:00.000Z' },
    { status: 'preparing', at: '2026-11-23T18:07:00.000Z' },
    { status: 'ready', at: '2026-11-23T18:21:00.000Z' },
  ],
  customerName: 'Ana López',
  customerPhone: '50255551234',
  fulfilment: 'pickup',
  zoneId: null,
  zoneName: null,
  address: '5a avenida',
  addressReference: 'Portón negro',
  payment: 'efectivo',
  cashAmount: 200,
  items: [{ name: 'Horchata', quantity: 2, price: 20, lineTotal: 40, notes: 'sin hielo' }],
  subtotal: 40,
  deliveryFee: 0,
  discounts: [],
  changes: [],
  total: 40,
  notes: 'Tocar el timbre',
  createdAt: '2026-11-23T18:03:00.000Z',
  trackingToken: 'k3Jd9Qm2xVb7LpR4sT8wZc1N',
  zoneEstimatedTime: null,
  scheduledFor: null,
}

describe("the restaurant's notice ('Avisar por WhatsApp')", () => {
  test('says the status in words and the total, and ends with the tracking link', () => {
    expect(notifyText(order, 'https://pedidos.example.gt')).toBe(
      'Tu pedido #12 está listo para recoger\nTotal: Q40\n\nSigue tu pedido: https://pedidos.example.gt/pedido/k3Jd9Qm2xVb7LpR4sT8wZc1N',
    )
    expect(statusSentence({ ...order, fulfilment: 'delivery' })).toBe('Tu pedido #12 va en camino')
    expect(statusSentence({ ...order, status: 'preparing' })).toBe('Tu pedido #12 está en preparación')
    expect(statusSentence({ ...order, status: 'cancelled' })).toBe('Tu pedido #12 fue cancelado')
  })

  test('an order for later says when it is for, as the chat text does (restaurant time, 24 h); not once it is over', () => {
    const later = { ...order, status: 'confirmed' as const, scheduledFor: '2026-11-24T19:30' }
    const now = new Date('2026-11-23T18:03:00.000Z') // 12:03 on the 23rd in Guatemala
    expect(notifyText(later, 'https://x.gt', now)).toBe('Tu pedido #12 está confirmado\nPara: mañana 19:30\nTotal: Q40\n\nSigue tu pedido: https://x.gt/pedido/k3Jd9Qm2xVb7LpR4sT8wZc1N')
    expect(notifyText({ ...later, scheduledFor: '2026-11-23T08:05', trackingToken: null }, 'https://x.gt', now)).toBe('Tu pedido #12 está confirmado\nPara: hoy 8:05\nTotal: Q40')
    expect(notifyText({ ...later, status: 'delivered' }, 'https://x.gt', now)).toStartWith('Tu pedido #12 fue entregado. ¡Gracias!\nTotal: Q40\n\nSigue')
  })

  test('an order from before the tracking page: the sentence and the total; a cancelled order has no total to tell', () => {
    expect(notifyText({ ...order, trackingToken: null }, 'https://x.gt')).toBe('Tu pedido #12 está listo para recoger\nTotal: Q40')
    expect(notifyText({ ...order, status: 'cancelled', trackingToken: null }, 'https://x.gt')).toBe('Tu pedido #12 fue cancelado')
  })

  test('an order staff changed since it last moved (issue #34) says what changed and the new total; once it moves again, the status', () => {
    const preparing = { ...order, status: 'preparing' as const, statusHistory: order.statusHistory.slice(0, 3), total: 105, trackingToken: null }
    const changes = [
      { at: '2026-11-23T18:06:00.000Z', by: 'ana', summary: 'Quitó 1 Horchata (Mediano); total Q40 → Q20', customerSummary: 'Quitó 1 Horchata (Mediano); total Q40 → Q20' }, // before it moved to preparing
      {
        at: '2026-11-23T18:10:00.000Z',
        by: 'ana',
        summary: 'Agregó 1 Horchata (Mediano); total Q85 → Q105 (lo pidió por WhatsApp)',
        customerSummary: 'Agregó 1 Horchata (Mediano); total Q85 → Q105',
      },
      { at: '2026-11-23T18:12:00.000Z', by: 'luis', summary: 'Cambió las notas: "sin hielo"', customerSummary: null },
    ]
    // The customer's words only (issue #39): neither the staff's notes nor the reason reach the chat.
    expect(notifyText({ ...preparing, changes }, 'https://x.gt')).toBe('Tu pedido #12 cambió: agregó 1 Horchata (Mediano)\nTotal: Q105')
    // Ready after the change: the news is that it is ready (the total stays said).
    expect(notifyText({ ...preparing, changes, status: 'ready', statusHistory: [...preparing.statusHistory, { status: 'ready', at: '2026-11-23T18:20:00.000Z' }] }, 'https://x.gt')).toBe(
      'Tu pedido #12 está listo para recoger\nTotal: Q105',
    )
  })

  test("opens the customer's chat: wa.me/<their number> with the notice", () => {
    const link = whatsappLink(order.customerPhone, notifyText(order, 'https://x.gt'))
    expect(link.startsWith('https://wa.me/50255551234?text=')).toBe(true)
    expect(decodeURIComponent(link.split('?text=')[1] ?? '')).toContain('está listo para recoger')
  })
})

describe("the customer's WhatsApp number", () => {
  test('digits only; 502 in front of a local 8-digit number; 8 to 15 digits or nothing', () => {
    expect(customerPhoneDigits('5555 1234')).toBe('50255551234')
    expect(customerPhoneDigits('+502 5555-1234')).toBe('50255551234')
    expect(customerPhoneDigits('+1 415 555 0100')).toBe('14155550100')
    expect(customerPhoneDigits('1234567')).toBeNull()
    expect(customerPhoneDigits('1234567890123456')).toBeNull()
  })
})

describe('what the tracking page shows', () => {
  test('never the phone, the name, the address, the notes, a line\'s kitchen notes or who on the staff moved it', () => {
    const text = JSON.stringify(trackingOf({ ...order, statusHistory: order.statusHistory.map((h) => ({ ...h, by: 'cocina' })) }))
    expect(text).not.toContain('cocina')
    for (const secret of ['5555', 'Ana', '5a avenida', 'Portón', 'timbre', 'sin hielo']) expect(text).not.toContain(secret)
  })

  test("an edit says what changed in the order, never the staff's notes, the reason or who (issue #39); a notes edit says nothing", () => {
    const changes = [
      { at: '2026-11-23T18:10:00.000Z', by: 'ana', summary: 'Agregó 1 Horchata (Mediano); cambió las notas: "nota interna: cliente grosero"; total Q85 → Q105 (cliente grosero)', customerSummary: 'Agregó 1 Horchata (Mediano); total Q85 → Q105' },
      { at: '2026-11-23T18:12:00.000Z', by: 'luis', summary: 'Cambió las notas: "nota interna"', customerSummary: null },
      // Recorded before the customer's words existed: nothing is told of it.
      { at: '2026-11-23T18:13:00.000Z', by: 'luis', summary: 'Cambió las notas: "otra nota"' },
    ]
    const tracking = trackingOf({ ...order, changes })
    expect(tracking.changes).toEqual([{ at: '2026-11-23T18:10:00.000Z', summary: 'Agregó 1 Horchata (Mediano); total Q85 → Q105' }])
    for (const secret of ['nota interna', 'grosero', 'otra nota', 'ana', 'luis']) expect(JSON.stringify(tracking)).not.toContain(secret)
  })

  test('each step with the time it was reached, on the restaurant\'s clock', () => {
    expect(stepTimes(order.statusHistory)).toEqual({
      pending: '2026-11-23T18:03:00.000Z',
      confirmed: '2026-11-23T18:05:00.000Z',
      preparing: '2026-11-23T18:07:00.000Z',
      ready: '2026-11-23T18:21:00.000Z',
    })
  })

  test("'Listo' for pickup, 'En camino' for delivery: the board's own words for every status", () => {
    expect(customerStatusLabel('ready', 'pickup')).toBe('Listo')
    expect(customerStatusLabel('ready', 'delivery')).toBe('En camino')
    expect(customerStatusLabel('pending', null)).toBe('Pendiente')
    for (const status of ORDER_STATUSES) for (const f of ['pickup', 'delivery', null] as const) expect(customerStatusLabel(status, f)).toBe(statusLabel(status, f))
  })

  test('when to expect it: the zone\'s time for a delivery, the preparation time for pickup (Guatemala time), nothing once final', () => {
    const base = { createdAt: '2026-11-23T18:03:00.000Z', zoneEstimatedTime: '30-45 min', scheduledFor: null }
    expect(expectation({ ...base, status: 'pending', fulfilment: 'delivery' })).toBe('Entrega estimada: 30-45 min')
    expect(expectation({ ...base, status: 'pending', fulfilment: 'pickup' })).toBe('Listo hacia las 12:23 (unos 20 min)')
    expect(expectation({ ...base, status: 'ready', fulfilment: 'pickup' })).toBe('Listo para recoger en el local')
    expect(expectation({ ...base, status: 'delivered', fulfilment: 'pickup' })).toBeNull()
    expect(expectation({ ...base, status: 'cancelled', fulfilment: 'delivery' })).toBeNull()
  })

  test('an order for later says when it is for, until it is ready', () => {
    const base = { createdAt: '2026-11-23T18:03:00.000Z', zoneEstimatedTime: null, scheduledFor: '2026-11-24T08:15', fulfilment: 'pickup' as const }
    const now = new Date('2026-11-23T18:05:00.000Z')
    expect(expectation({ ...base, status: 'pending' }, now)).toBe('Programado para mañana 8:15')
    expect(expectation({ ...base, status: 'ready' }, now)).toBe('Listo para recoger en el local')
  })
})
