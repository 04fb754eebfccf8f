/**
 * A code's link (/?codigo=MARTES, issue #33): what the look-up makes of it (the cart's code and
 * the notice), and the address the page is left at.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { applyCodeLink } from './code-link'
import { openCodeLink, type CodeLinkNotice } from './open-code-link'
import { PROMO_CODE_KEY, promoCodeActions, readPromoCode } from './promo-code-store'

const asked: string[] = []
let answer: (url: string) => Promise<Response> = async () => new Response('no', { status: 500 })
const original = globalThis.fetch
beforeAll(() => {
  globalThis.fetch = Object.assign(
    async (input: RequestInfo | URL) => {
      asked.push(String(input))
      return answer(String(input))
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
})

const martes = { code: 'MARTES', summary: '2x1 en bebidas', description: '2x1 en bebidas los martes de 15:00 a 18:00', message: 'Código MARTES aplicado: 2x1 en bebidas' }

describe('the look-up of a link\'s code', () => {
  test('a code that exists: in the cart, upper-case; the notice says what it gives and when', async () => {
    answer = async () => Response.json(martes)
    expect(await applyCodeLink(' martes')).toEqual({ applied: true, title: 'Código MARTES aplicado: 2x1 en bebidas', detail: 'Aplica los martes de 15:00 a 18:00.' })
    expect(asked).toEqual(['/api/promotions/code/MARTES'])
    expect(readPromoCode()).toBe('MARTES')
    expect(localStorage.getItem(PROMO_CODE_KEY)).toBe('"MARTES"')
  })

  test("one that holds whenever: no 'Aplica' line, but where the discount shows", async () => {
    answer = async () => Response.json({ ...martes, description: martes.summary })
    expect((await applyCodeLink('MARTES')).detail).toBe('Verás el descuento en tu pedido.')
  })

  test("no such code, or expired: the server's reason, and the cart keeps the code it had", async () => {
    promoCodeActions.set('ENVIO')
    answer = async () => Response.json({ message: 'Ese código no existe' }, { status: 404 })
    expect(await applyCodeLink('NOEXISTE')).toEqual({ applied: false, title: 'Código NOEXISTE', detail: 'Ese código no existe' })
    answer = async () => Response.json({ message: 'Ese código ya venció' }, { status: 409 })
    expect((await applyCodeLink('VIEJO')).detail).toBe('Ese código ya venció')
    expect(readPromoCode()).toBe('ENVIO')
  })

  test('a shape no code has is not even looked up', async () => {
    expect(await applyCodeLink('hola mundo')).toMatchObject({ applied: false, title: 'Ese código no existe' })
    expect(asked).toEqual([])
    expect(readPromoCode()).toBeNull()
  })

  test('no answer (offline, throttled): the code goes in the cart, whose quote says whether it applies', async () => {
    answer = async () => {
      throw new TypeError('Failed to fetch')
    }
    expect(await applyCodeLink('martes')).toEqual({ applied: true, title: 'Código MARTES guardado en tu pedido', detail: 'Al ver tu pedido te decimos si aplica.' })
    expect(readPromoCode()).toBe('MARTES')
    answer = async () => Response.json({ message: 'Demasiados intentos' }, { status: 429 })
    promoCodeActions.clear()
    expect((await applyCodeLink('MARTES')).applied).toBe(true)
    expect(readPromoCode()).toBe('MARTES')
  })
})

describe('the address', () => {
  test('?codigo= leaves the address once read (a reload does not announce it again); other parameters stay', async () => {
    answer = async () => Response.json(martes)
    window.history.replaceState(null, '', '/?producto=5&codigo=martes#menu')
    const notice = await new Promise<CodeLinkNotice>((done) => openCodeLink(done))
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
