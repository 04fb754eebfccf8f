/** The tracking page says each line's options as ordered (issue #32), under the line. */
import { describe, expect, test } from 'bun:test'
import { renderToString } from 'react-dom/server'
import type { Order } from '../../shared/schemas/order'
import { trackingOf } from '../../shared/tracking'
import { TrackingView } from './tracking-view'

const order: Order = {
  id: 1,
  number: 31,
  source: 'storefront',
  status: 'confirmed',
  statusHistory: [{ status: 'pending', at: '2026-11-25T18:00:00.000Z' }],
  customerName: 'Ana',
  customerPhone: '',
  fulfilment: 'pickup',
  zoneId: null,
  zoneName: null,
  zoneEstimatedTime: null,
  scheduledFor: null,
  trackingToken: 'k3Jd9Qm2xVb7LpR4sT8wZc1N',
  address: null,
  addressReference: null,
  payment: 'efectivo',
  cashAmount: null,
  items: [
    {
      productId: 7,
      name: 'Frappé',
      size: 'grande',
      quantity: 1,
      price: 39,
      lineTotal: 39,
      customization: null,
      options: [
        { groupId: 1, optionId: 103, group: 'Leche', name: 'Almendra', price: 7 },
        { groupId: 3, optionId: 301, group: 'Toppings', name: 'Canela', price: 0 },
        { groupId: 3, optionId: 302, group: 'Toppings', name: 'Nuez', price: 4 },
      ],
    },
    { productId: 5, name: 'Horchata', size: 'mediano', quantity: 2, price: 20, lineTotal: 40, customization: null },
  ],
  subtotal: 79,
  deliveryFee: 0,
  discounts: [],
  changes: [],
  total: 79,
  notes: null,
  createdAt: '2026-11-25T18:00:00.000Z',
}

describe('tracking page lines', () => {
  test("a line's options, one row per group, with what each added; a plain line has none", () => {
    const html = renderToString(<TrackingView tracking={trackingOf(order)} token="k3Jd9Qm2xVb7LpR4sT8wZc1N" whatsappNumber="50212345678" renderedAt={new Date('2026-11-25T18:05:00.000Z')} />)
    const lines = html.slice(html.indexOf('data-testid="tracking-lines"'))
    const text = lines.replace(/<[^>]+>/g, '|').replace(/\|+/g, '|')
    expect(text).toContain('|Leche: Almendra (+Q7)|Toppings: Canela, Nuez (+Q4)|Q39|')
    expect(text).toContain('|Horchata| (|Mediano|)|Q40|')
  })
})

describe('tracking page totals and changes (issues #33, #34)', () => {
  const render = (over: Partial<Order>) =>
    renderToString(<TrackingView tracking={trackingOf({ ...order, ...over })} token="k3Jd9Qm2xVb7LpR4sT8wZc1N" whatsappNumber="50212345678" renderedAt={new Date('2026-11-25T18:05:00.000Z')} />)
  /** The element's rows (dt, dd, p, li) as read, '|' between them; null when absent. */
  const rows = (html: string, testId: string) => {
    const box = document.createElement('div')
    box.innerHTML = html
    const el = box.querySelector(`[data-testid="${testId}"]`)
    return el ? [...el.querySelectorAll('dt, dd, p, li')].map((n) => n.textContent?.trim()).join('|') : null
  }

  test("each discount before the total, as the chat text says it ('Descuento (MARTES)'); an automatic one by its name", () => {
    const html = render({
      fulfilment: 'delivery',
      zoneName: 'Zona 10',
      deliveryFee: 15,
      discounts: [
        { promotionId: 3, name: 'Martes de bebidas', code: 'MARTES', amount: 20 },
        { promotionId: 4, name: 'Envío gratis', code: null, amount: 15 },
      ],
      total: 59,
    })
    expect(rows(html, 'tracking-totals')).toBe('Subtotal|Q79|Envío|Q15|Descuento (MARTES)|-Q20|Descuento (Envío gratis)|-Q15|Total|Q59')
  })

  test('no discounts and no fee: the total alone, as before; nothing changed: no notice', () => {
    const html = render({})
    expect(rows(html, 'tracking-totals')).toBe('Total|Q79')
    expect(rows(html, 'tracking-changes')).toBeNull()
  })

  test("changed by staff: 'Actualizado' with the last change's time on the restaurant's clock, and each change", () => {
    const html = render({
      changes: [
        { at: '2026-11-25T18:02:00.000Z', by: 'ana', summary: 'Agregó 1 Horchata (Mediano); total Q59 → Q79 (lo pidió por WhatsApp)', customerSummary: 'Agregó 1 Horchata (Mediano); total Q59 → Q79' },
        { at: '2026-11-25T18:10:00.000Z', by: 'ana', summary: 'Quitó Cebolla de Chilaquiles Clásicos', customerSummary: 'Quitó Cebolla de Chilaquiles Clásicos' },
        // The staff's alone (issue #39): neither shown nor counted for 'Actualizado'.
        { at: '2026-11-25T18:12:00.000Z', by: 'ana', summary: 'Cambió las notas: "nota interna: cliente grosero"', customerSummary: null },
      ],
    })
    // 18:10 UTC is 12:10 in Guatemala (UTC-6).
    expect(rows(html, 'tracking-changes')).toBe('Actualizado 12:10|12:02 · Agregó 1 Horchata (Mediano); total Q59 → Q79|12:10 · Quitó Cebolla de Chilaquiles Clásicos')
    // Who changed it, the notes and the reason are the staff's business.
    for (const secret of ['ana', 'grosero', 'WhatsApp)']) expect(html).not.toContain(secret)
  })
})
