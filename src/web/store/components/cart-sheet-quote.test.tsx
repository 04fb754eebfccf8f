/**
 * 'Tu Pedido' with the server's quote (issue #33): the device's figure until the answer, then
 * the server's lines, discounts and total; the 'Código' field (typed, kept across reloads,
 * 'Quitar'); the plain reason a code does not apply, and the order then sent without it; a
 * quote that fails leaves the device's figure and never blocks sending. The cart and the code
 * are module state (localStorage), so the tests of this file run in order.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { DEFAULT_ORDER_SETTINGS } from '../../../shared/order-slots'
import type { CheckoutQuote } from '../../../shared/schemas/responses'
import type { CheckoutAnswer } from '../../../shared/tracking'
import { cartActions } from '../cart-store'
import { PROMO_CODE_KEY, promoCodeActions } from '../promo-code-store'
import { horchata } from '../test/fixtures'
import { CartSheet } from './cart-sheet'

type Call = { url: string; body: Record<string, unknown> | null; signal: AbortSignal | null }
const calls: Call[] = []
/** How the fake server answers the quote: the body it was sent → a response (or a hang, or a throw). */
let quoteAnswer: (body: Record<string, unknown>) => Promise<Response> = async () => new Response('no', { status: 503 })
const chats: string[] = []
const original = { fetch: globalThis.fetch, open: window.open }

const quotes = () => calls.filter((c) => c.url === '/api/checkout/quote')
const checkouts = () => calls.filter((c) => c.url === '/api/checkout')

/** Two horchatas at Q20: a 2x1 takes Q20 off. */
const quoteOf = (body: Record<string, unknown>, over: Partial<CheckoutQuote> = {}): CheckoutQuote => {
  const items = (body.items as { productId: number; size: 'mediano'; quantity: number }[]).map((i) => ({ productId: i.productId, name: 'Horchata', size: i.size, quantity: i.quantity, price: 20, lineTotal: 20 * i.quantity, customization: null }))
  const subtotal = items.reduce((s, i) => s + i.lineTotal, 0)
  return { items, subtotal, deliveryFee: 0, discounts: [], total: subtotal, promoCode: null, codeRefusal: null, ...over }
}
const twoForOne = (body: Record<string, unknown>) => {
  const q = quoteOf(body)
  const free = Math.floor(((q.items[0]?.quantity ?? 0) / 2)) * 20
  return body.promoCode === 'MARTES' && free > 0
    ? quoteOf(body, { discounts: [{ promotionId: 3, name: 'Martes de bebidas', code: 'MARTES', amount: free }], total: q.subtotal - free, promoCode: 'MARTES' })
    : quoteOf(body, { promoCode: body.promoCode === 'MARTES' ? 'MARTES' : null })
}

const recorded = (body: Record<string, unknown>): CheckoutAnswer => ({
  id: 1,
  number: 40,
  source: 'storefront',
  status: 'pending',
  statusHistory: [{ status: 'pending', at: '2026-11-24T21:00:00.000Z' }],
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
  notes: null,
  changes: [],
  createdAt: '2026-11-24T21:00:00.000Z',
  ...(({ items, subtotal, discounts, total }) => ({ items, subtotal, deliveryFee: 0, total, discounts: discounts.map((d) => ({ ...d })) }))(twoForOne(body)),
})

beforeAll(() => {
  globalThis.fetch = Object.assign(
    async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input)
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null
      calls.push({ url, body, signal: init?.signal ?? null })
      if (url === '/api/checkout/quote' && body) return quoteAnswer(body)
      if (url === '/api/checkout' && body) return Response.json(recorded(body), { status: 201 })
      return new Response('no', { status: 404 })
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
beforeEach(() => {
  calls.length = 0
  act(() => {
    cartActions.clear()
    cartActions.add({ product: horchata, size: 'mediano' })
    cartActions.add({ product: horchata, size: 'mediano' })
  })
})
afterEach(() => {
  cleanup()
  act(() => promoCodeActions.clear())
})

const sheet = () =>
  render(<CartSheet open onOpenChange={() => {}} zones={[]} whatsappNumber="50212345678" menu={[horchata]} status={{ open: true, state: 'open', message: 'Abierto' }} hours={null} orderSettings={DEFAULT_ORDER_SETTINGS} />)
const total = () => screen.getByTestId('cart-total').textContent
const codeSays = () => screen.getByTestId('promo-code-state').textContent
const discounts = () => screen.queryAllByTestId('cart-discount').map((dd) => `${dd.previousElementSibling?.textContent} ${dd.textContent}`)

describe("the cart's figures from the quote", () => {
  test("a 2x1 code: the device's Q40 until the answer, then the server's 'Código MARTES -Q20' and Q20", async () => {
    let release: () => void = () => {}
    quoteAnswer = (body) => new Promise((done) => (release = () => done(Response.json(twoForOne(body)))))
    act(() => promoCodeActions.set('martes'))
    sheet()
    // Before the answer: the cart's own sum, marked busy; the code is being checked.
    expect(total()).toBe('Q40')
    expect(screen.getByTestId('cart-total').closest('[aria-busy]')).not.toBeNull()
    expect(codeSays()).toBe('Revisando el código…')
    await waitFor(() => expect(quotes().length).toBe(1))
    expect(quotes()[0]?.body).toMatchObject({ items: [{ productId: 5, size: 'mediano', quantity: 2 }], fulfilment: 'pickup', promoCode: 'MARTES' })
    act(() => release())
    await waitFor(() => expect(total()).toBe('Q20'))
    expect(discounts()).toEqual(['Código MARTES -Q20'])
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('Q40')
    expect(codeSays()).toBe('Código MARTES: -Q20')
    expect(screen.getByTestId('cart-total').closest('[aria-busy]')).toBeNull()
    const results = await axe.run(screen.getByTestId('cart-sheet'), { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] })
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })

  test("taps in a row ask once, for the cart as it ends; a code that takes nothing yet says so", async () => {
    quoteAnswer = async (body) => Response.json(twoForOne(body))
    act(() => promoCodeActions.set('MARTES'))
    sheet()
    await waitFor(() => expect(total()).toBe('Q20'))
    calls.length = 0
    const minus = screen.getByRole('button', { name: 'Quitar uno: Horchata (Mediano)' })
    const plus = screen.getByRole('button', { name: 'Agregar uno: Horchata (Mediano)' })
    fireEvent.click(plus)
    fireEvent.click(plus)
    fireEvent.click(minus)
    fireEvent.click(minus)
    fireEvent.click(minus)
    // One horchata: a 2x1 holds but gives nothing yet.
    await waitFor(() => expect(codeSays()).toBe('Aplica, pero aún no descuenta nada en este pedido.'))
    expect(quotes().map((c) => (c.body?.items as { quantity: number }[])[0]?.quantity)).toEqual([1])
    expect(total()).toBe('Q20')
    expect(discounts()).toEqual([])
  })

  test('a request a newer one supersedes is aborted, and its late answer never shows', async () => {
    const pending: { body: Record<string, unknown>; done: (r: Response) => void }[] = []
    quoteAnswer = (body) => new Promise((done) => pending.push({ body, done }))
    act(() => promoCodeActions.set('MARTES'))
    sheet()
    await waitFor(() => expect(quotes().length).toBe(1))
    fireEvent.click(screen.getByRole('button', { name: 'Agregar uno: Horchata (Mediano)' }))
    await waitFor(() => expect(quotes().length).toBe(2))
    expect(quotes()[0]?.signal?.aborted).toBe(true)
    // The first (two horchatas) answers late: ignored; the cart has three.
    act(() => pending[0]?.done(Response.json(twoForOne(pending[0].body))))
    act(() => pending[1]?.done(Response.json(twoForOne(pending[1].body))))
    await waitFor(() => expect(total()).toBe('Q40'))
    expect(screen.getAllByTestId('cart-line-total').map((p) => p.textContent)).toEqual(['Q60'])
    expect(discounts()).toEqual(['Código MARTES -Q20'])
  })

  test('the quote fails: the device\'s figure stays, without a word, and the order is sent with the code', async () => {
    quoteAnswer = async () => {
      throw new TypeError('Failed to fetch')
    }
    act(() => promoCodeActions.set('MARTES'))
    sheet()
    await waitFor(() => expect(codeSays()).toBe('Lo revisamos al enviar tu pedido.'))
    expect(total()).toBe('Q40')
    expect(discounts()).toEqual([])
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Ordenar por WhatsApp' }))
    await screen.findByTestId('order-sent')
    expect(checkouts()[0]?.body?.promoCode).toBe('MARTES')
    // The recorded order's text: the server's 2x1.
    const text = new URL(chats.at(-1) ?? '').searchParams.get('text') ?? ''
    expect(text).toContain('Subtotal: Q40\nDescuento (MARTES): -Q20\nTotal: Q20')
    // Gone with the cart.
    expect(localStorage.getItem(PROMO_CODE_KEY)).toBe('null')
  })
})

describe("the 'Código' field", () => {
  test('typed in lower case, kept upper-case under its own key; a shape no code has is refused at once', async () => {
    quoteAnswer = async (body) => Response.json(twoForOne(body))
    sheet()
    const field = screen.getByLabelText(/Código de descuento/)
    fireEvent.change(field, { target: { value: 'no vale!' } })
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }))
    expect(screen.getByTestId('field-error').textContent).toBe('Ese código no existe')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    const results = await axe.run(screen.getByTestId('promo-code'), { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] })
    expect(results.violations.map((v) => v.id)).toEqual([])
    expect(localStorage.getItem(PROMO_CODE_KEY)).not.toContain('NO')
    fireEvent.change(field, { target: { value: ' martes ' } })
    fireEvent.submit(field.closest('form') as HTMLFormElement)
    expect(await screen.findByTestId('promo-code-value')).toHaveProperty('textContent', 'MARTES')
    expect(localStorage.getItem(PROMO_CODE_KEY)).toBe('"MARTES"')
    await waitFor(() => expect(total()).toBe('Q20'))
    // A reload: the sheet comes back with the code.
    cleanup()
    sheet()
    expect(screen.getByTestId('promo-code-value').textContent).toBe('MARTES')
  })

  test("a code that does not apply: the plain reason, the figures without it, and the order goes without it", async () => {
    quoteAnswer = async (body) => Response.json(quoteOf(body, { codeRefusal: 'Ese código ya venció' }))
    act(() => promoCodeActions.set('VIEJO'))
    sheet()
    await waitFor(() => expect(codeSays()).toBe('Ese código ya venció'))
    expect(screen.getByTestId('promo-code-state').dataset.state).toBe('refused')
    expect(total()).toBe('Q40')
    fireEvent.click(screen.getByRole('button', { name: 'Ordenar por WhatsApp' }))
    await screen.findByTestId('order-sent')
    expect(checkouts().length).toBe(1)
    expect('promoCode' in (checkouts()[0]?.body ?? {})).toBe(false)
  })

  test("'Quitar' takes the code out: the field is back and the quote is asked without it", async () => {
    quoteAnswer = async (body) => Response.json(twoForOne(body))
    act(() => promoCodeActions.set('MARTES'))
    sheet()
    await waitFor(() => expect(total()).toBe('Q20'))
    const asked = quotes().length
    fireEvent.click(within(screen.getByTestId('promo-code')).getByRole('button', { name: 'Quitar el código MARTES' }))
    await waitFor(() => expect(quotes().length).toBe(asked + 1))
    expect('promoCode' in (quotes().at(-1)?.body ?? {})).toBe(false)
    await waitFor(() => expect(screen.getByTestId('cart-total').closest('[aria-busy]')).toBeNull())
    expect(total()).toBe('Q40')
    expect(screen.getByLabelText(/Código de descuento/)).toBeDefined()
    expect(localStorage.getItem(PROMO_CODE_KEY)).toBe('null')
  })
})
