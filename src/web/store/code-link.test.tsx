/**
 * A code's link (/?codigo=MARTES, issue #33): what the look-up makes of it (the cart's code and
 * the notice), and the address the page is left at. The link says what the cart will say (issue
 * 40): 'aplicado' only when the server says a cart gets the code now: with an empty cart the
 * look-up's judgement, with something in it the cart's own quote.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { applyCodeLink } from './code-link'
import { cartActions } from './cart-store'
import type { LinkNotice } from './link-notice'
import { openCodeLink } from './open-code-link'
import { PROMO_CODE_KEY, promoCodeActions, readPromoCode } from './promo-code-store'
import { horchata } from './test/fixtures'

const asked: string[] = []
let answer: (url: string, init?: RequestInit) => Promise<Response> = async () => new Response('no', { status: 500 })
const original = globalThis.fetch
beforeAll(() => {
  globalThis.fetch = Object.assign(
    async (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(String(input))
      return answer(String(input), init)
    },
    { preconnect: () => {} },
  ) as typeof fetch
})
afterAll(() => {
  globalThis.fetch = original
})
afterEach(() => {
  asked.length = 0
  promoCodeActions.clear()
  cartActions.clear()
})

const martes = {
  code: 'MARTES',
  summary: '2x1 en bebidas',
  description: '2x1 en bebidas los martes de 15:00 a 18:00',
  message: 'Código MARTES aplicado: 2x1 en bebidas',
  appliesNow: true,
  reason: null,
  needsPhone: false,
}
const friday = { ...martes, message: 'Código MARTES: 2x1 en bebidas', appliesNow: false, reason: 'Ese código vale los martes de 15:00 a 18:00' }
const quote = (over: Record<string, unknown>) => ({ items: [], subtotal: 40, deliveryFee: 0, discounts: [], total: 40, promoCode: null, codeRefusal: null, ...over })
/** The look-up answers `lookup`; the quote answers `quoted`. */
const server = (lookup: unknown, quoted?: unknown) => async (url: string) => (url.startsWith('/api/checkout/quote') ? Response.json(quoted) : Response.json(lookup))

describe("the look-up of a link's code, with an empty cart", () => {
  test('a code a cart gets now: in the cart, upper-case; the notice says what it gives and when', async () => {
    answer = server(martes)
    expect(await applyCodeLink(' martes')).toEqual({ kind: 'code', tone: 'applied', title: 'Código MARTES aplicado: 2x1 en bebidas', detail: 'Aplica los martes de 15:00 a 18:00.' })
    expect(asked).toEqual(['/api/promotions/code/MARTES'])
    expect(readPromoCode()).toBe('MARTES')
    expect(localStorage.getItem(PROMO_CODE_KEY)).toBe('"MARTES"')
  })

  test("one that holds whenever: no 'Aplica' line, but where the discount shows", async () => {
    answer = server({ ...martes, description: martes.summary })
    expect((await applyCodeLink('MARTES')).detail).toBe('Verás el descuento en tu pedido.')
  })

  test('one limited per phone: that the WhatsApp is needed to use it', async () => {
    answer = server({ ...martes, needsPhone: true })
    expect((await applyCodeLink('MARTES')).detail).toBe('Aplica los martes de 15:00 a 18:00. Para usarlo, escribe tu WhatsApp en tu pedido.')
    answer = server({ ...martes, description: martes.summary, needsPhone: true })
    expect((await applyCodeLink('MARTES')).detail).toBe('Para usarlo, escribe tu WhatsApp en tu pedido.')
  })

  test("on a Friday: not 'aplicado'; when it applies, in the cart's words; kept in the cart for then", async () => {
    answer = server(friday)
    expect(await applyCodeLink('MARTES')).toEqual({
      kind: 'code',
      tone: 'later',
      title: 'Código MARTES: 2x1 en bebidas',
      detail: 'Ese código vale los martes de 15:00 a 18:00. Queda guardado en tu pedido.',
    })
    expect(readPromoCode()).toBe('MARTES')
  })

  test("no such code, expired or used up: the server's reason, and the cart keeps the code it had", async () => {
    promoCodeActions.set('ENVIO')
    answer = async () => Response.json({ message: 'Ese código no existe' }, { status: 404 })
    expect(await applyCodeLink('NOEXISTE')).toEqual({ kind: 'code', tone: 'refused', title: 'Código NOEXISTE', detail: 'Ese código no existe' })
    answer = async () => Response.json({ message: 'Ese código ya se agotó' }, { status: 409 })
    expect((await applyCodeLink('VIEJO')).detail).toBe('Ese código ya se agotó')
    expect(readPromoCode()).toBe('ENVIO')
  })

  test('a shape no code has is not even looked up', async () => {
    expect(await applyCodeLink('hola mundo')).toMatchObject({ tone: 'refused', title: 'Ese código no existe' })
    expect(asked).toEqual([])
    expect(readPromoCode()).toBeNull()
  })

  test('no answer (offline, throttled): the code goes in the cart, whose quote says whether it applies; never a green "aplicado"', async () => {
    answer = async () => {
      throw new TypeError('Failed to fetch')
    }
    expect(await applyCodeLink('martes')).toEqual({ kind: 'code', tone: 'later', title: 'Código MARTES guardado en tu pedido', detail: 'Al ver tu pedido te decimos si aplica.' })
    expect(readPromoCode()).toBe('MARTES')
    answer = async () => Response.json({ message: 'Demasiados intentos' }, { status: 429 })
    promoCodeActions.clear()
    expect((await applyCodeLink('MARTES')).tone).toBe('later')
    expect(readPromoCode()).toBe('MARTES')
  })
})

describe('with something in the cart: the cart’s own quote decides', () => {
  test("it gives the code: 'aplicado', with what it takes off", async () => {
    cartActions.add({ product: horchata, size: 'mediano' })
    cartActions.add({ product: horchata, size: 'mediano' })
    answer = server(martes, quote({ promoCode: 'MARTES', discounts: [{ promotionId: 1, name: 'Martes', code: 'MARTES', amount: 20 }], total: 20 }))
    expect(await applyCodeLink('MARTES')).toEqual({ kind: 'code', tone: 'applied', title: 'Código MARTES aplicado: 2x1 en bebidas', detail: 'Descuenta Q20 en tu pedido.' })
    expect(asked).toEqual(['/api/promotions/code/MARTES', '/api/checkout/quote'])
  })

  test('it takes nothing yet (one drink of a 2x1): the cart’s words', async () => {
    cartActions.add({ product: horchata, size: 'mediano' })
    answer = server(martes, quote({ promoCode: 'MARTES' }))
    expect(await applyCodeLink('MARTES')).toMatchObject({ tone: 'applied', detail: 'Aplica, pero aún no descuenta nada en este pedido.' })
  })

  test("the cart would not get it (a minimum, a delivery-only code): not 'aplicado', the quote's reason word for word", async () => {
    cartActions.add({ product: horchata, size: 'mediano' })
    answer = server(martes, quote({ codeRefusal: 'Ese código pide un pedido mínimo de Q100' }))
    expect(await applyCodeLink('MARTES')).toEqual({
      kind: 'code',
      tone: 'later',
      title: 'Código MARTES: 2x1 en bebidas',
      detail: 'Ese código pide un pedido mínimo de Q100. Queda guardado en tu pedido.',
    })
    expect(readPromoCode()).toBe('MARTES')
  })

  test('no quote (closed, refused): the look-up’s judgement', async () => {
    cartActions.add({ product: horchata, size: 'mediano' })
    answer = async (url) => (url.startsWith('/api/checkout/quote') ? Response.json({ message: 'Cerrado por ahora' }, { status: 409 }) : Response.json(friday))
    expect(await applyCodeLink('MARTES')).toMatchObject({ tone: 'later', title: 'Código MARTES: 2x1 en bebidas' })
  })
})

describe('the address', () => {
  test('?codigo= leaves the address once read (a reload does not announce it again); other parameters stay', async () => {
    answer = server(martes)
    window.history.replaceState(null, '', '/?producto=5&codigo=martes#menu')
    const notice = await new Promise<LinkNotice>((done) => openCodeLink(done))
    expect(notice.title).toBe('Código MARTES aplicado: 2x1 en bebidas')
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/?producto=5#menu')
  })

  test('an address without it: nothing asked', () => {
    window.history.replaceState(null, '', '/?producto=5')
    openCodeLink(() => {
      throw new Error('no notice expected')
    })
    expect(asked).toEqual([])
  })
})
