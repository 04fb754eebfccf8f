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
