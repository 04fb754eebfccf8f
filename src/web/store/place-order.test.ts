/**
 * Sending a cart whose lines have options (issue #32): the checkout names them by id only
 * (the server prices them), and the chat text carries them, from the recorded order when the
 * server answers and from the cart when it cannot be reached.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { addItem, emptyCart, type CartOption } from '../../shared/cart'
import { DEFAULT_CHECKOUT_DETAILS } from '../../shared/checkout'
import type { CheckoutAnswer } from '../../shared/tracking'
import { placeOrder } from './place-order'
import { latte } from './test/fixtures'

const almendra: CartOption = { groupId: 1, optionId: 103, group: 'Leche', name: 'Almendra', price: 5, priceGrande: 7 }
const cart = addItem(addItem(emptyCart, { product: latte(), size: 'grande', options: [almendra] }), { product: latte(), size: 'mediano' })
const input = { cart, details: DEFAULT_CHECKOUT_DETAILS, zones: [], whatsappNumber: '50212345678' }

const answer: CheckoutAnswer = {
  id: 1,
  number: 31,
  source: 'storefront',
  status: 'pending',
  statusHistory: [{ status: 'pending', at: '2026-11-25T18:00:00.000Z' }],
  customerName: null,
  customerPhone: '',
  fulfilment: 'pickup',
  zoneId: null,
  zoneName: null,
  zoneEstimatedTime: null,
  scheduledFor: null,
  trackingToken: 'k3Jd9Qm2xVb7LpR4sT8wZc1N',
  trackingUrl: 'http://localhost:3000/pedido/k3Jd9Qm2xVb7LpR4sT8wZc1N',
  address: null,
  addressReference: null,
  payment: 'efectivo',
  cashAmount: null,
  items: [
    { productId: 7, name: 'Café con leche', size: 'grande', quantity: 1, price: 32, lineTotal: 32, customization: null, options: [{ groupId: 1, optionId: 103, group: 'Leche', name: 'Almendra', price: 7 }] },
    { productId: 7, name: 'Café con leche', size: 'mediano', quantity: 1, price: 20, lineTotal: 20, customization: null },
  ],
  subtotal: 52,
  deliveryFee: 0,
  discounts: [],
  changes: [],
  total: 52,
  notes: null,
  createdAt: '2026-11-25T18:00:00.000Z',
}

const sent: { body: unknown }[] = []
let respond: () => Response = () => Response.json(answer, { status: 201 })
const chats: string[] = []
const original = { fetch: globalThis.fetch, open: window.open }
beforeAll(() => {
  globalThis.fetch = Object.assign(
    async (_url: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ body: JSON.parse(String(init?.body)) })
      return respond()
    },
    { preconnect: () => {} },
  ) as typeof fetch
  // The blank chat window the order points at WhatsApp (decision 009).
  window.open = (() => ({ closed: false, opener: null, close() {}, document: { title: '', body: {} }, location: { set href(to: string) { chats.push(to) } } })) as unknown as typeof window.open
})
afterAll(() => {
  globalThis.fetch = original.fetch
  window.open = original.open
})

const chatText = () => new URL(chats.at(-1) ?? '').searchParams.get('text') ?? ''

describe('an order with options', () => {
  test('the checkout sends each line\'s options by id; a line without options sends none', async () => {
    const outcome = await placeOrder(input)
    expect(outcome.kind).toBe('recorded')
    const body = sent.at(-1)?.body as { items: { options?: unknown }[] }
    expect(body.items.map((i) => i.options)).toEqual([[{ groupId: 1, optionId: 103 }], undefined])
    expect(chatText()).toContain('1. Café con leche (Grande)\n   Leche: Almendra (+Q7)\n   Cantidad: 1\n   Precio: Q32')
    expect(chatText()).toContain('2. Café con leche (Mediano)\n   Cantidad: 1\n   Precio: Q20')
  })

  test('the server unreachable: the text from the cart says the same', async () => {
    respond = () => new Response('no', { status: 503 })
    const outcome = await placeOrder(input)
    expect(outcome.kind).toBe('unrecorded')
    expect(chatText()).toContain('1. Café con leche (Grande)\n   Leche: Almendra (+Q7)\n   Cantidad: 1\n   Precio: Q32')
  })
})
