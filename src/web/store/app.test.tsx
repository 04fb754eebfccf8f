/**
 * The landing page's App in happy-dom: the cart kept in localStorage under
 * `cart` (SPEC 4), a corrupt stored value, and the footer's chat link.
 * The cart store is module state, so the tests of this file run in order.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { parseCart } from '../../shared/cart'
import { INFO_REQUEST_TEXT } from '../../shared/order-text'
import { App } from './app'
import { DEFAULT_MENU_TABS, type LandingData } from '../../shared/landing-data'
import { DEFAULT_ORDER_SETTINGS } from '../../shared/order-slots'
import { DEFAULT_STORE_PROFILE } from '../../shared/store-profile'
import { horchata, latte, menuFetch, plate } from './test/fixtures'
import { forgetOptionGroups } from './option-groups'

const data: LandingData = {
  products: [plate(), horchata, latte()],
  categories: DEFAULT_MENU_TABS,
  whatsappNumber: '50212345678',
  zones: [],
  hours: null,
  status: { open: true, state: 'open', message: 'Abierto' },
  showcase: { sauces: [], extras: [] },
  orderSettings: DEFAULT_ORDER_SETTINGS,
  profile: DEFAULT_STORE_PROFILE,
}
/**
 * The page body is a lazy chunk (page-body.tsx): wait until it has rendered. The first import of
 * a chunk in a busy run of every DOM test can pass testing-library's default second.
 */
const LAZY = { timeout: 5000 }
const renderApp = async () => {
  render(<App data={data} />)
  await screen.findByRole('heading', { name: 'Chilaquiles Clásicos' }, LAZY)
}
const badge = () => screen.queryByTestId('cart-badge')?.textContent ?? null
const addHorchata = () => {
  fireEvent.click(screen.getByRole('tab', { name: 'Bebidas' }))
  fireEvent.click(screen.getByRole('button', { name: 'Agregar Horchata' }))
}

const opened: string[] = []
const originalOpen = window.open
beforeAll(() => {
  window.open = ((url?: string | URL) => {
    opened.push(String(url))
    return null
  }) as typeof window.open
  // A value an older page, a hand edit or another site left behind.
  localStorage.setItem('cart', '{"items": [oops')
})
afterAll(() => {
  window.open = originalOpen
  cleanup()
  localStorage.removeItem('cart')
})

describe('cart persistence', () => {
  test('a corrupt stored cart: the page still works, with an empty cart', async () => {
    await renderApp()
    expect(badge()).toBeNull()
    addHorchata()
    expect(badge()).toBe('1')
    cleanup()
  })

  test('every change is written to localStorage under "cart" and reads back as the same cart', async () => {
    await renderApp()
    expect(badge()).toBe('1')
    addHorchata()
    expect(badge()).toBe('2')
    const stored = localStorage.getItem('cart')
    const cart = parseCart(stored)
    expect(cart.map((l) => [l.product.name, l.size, l.quantity, l.price])).toEqual([['Horchata', 'mediano', 2, 20]])
    expect(JSON.parse(stored ?? 'null')).toEqual(cart)
    cleanup()
  })

  test('a cart another tab stores is taken at once; a corrupt one empties the cart, the page keeps working', async () => {
    await renderApp()
    expect(badge()).toBe('2')
    const other = JSON.stringify([{ product: { id: 5, name: 'Horchata', price: 20, priceGrande: 25 }, size: 'grande', quantity: 3, price: 25 }])
    act(() => {
      localStorage.setItem('cart', other)
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: other }))
    })
    expect(badge()).toBe('3')
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart', newValue: 'not json' }))
    })
    expect(badge()).toBeNull()
    cleanup()
  })
})

describe('footer chat button', () => {
  test('opens the chat with the information request, URL-encoded, to the order number', async () => {
    await renderApp()
    fireEvent.click(screen.getByRole('button', { name: 'Escríbenos por WhatsApp' }))
    expect(opened).toHaveLength(1)
    const url = new URL(opened[0] ?? '')
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/50212345678')
    expect(url.searchParams.get('text')).toBe(INFO_REQUEST_TEXT)
    expect(opened[0]).toBe(`https://wa.me/50212345678?text=${encodeURIComponent(INFO_REQUEST_TEXT)}`)
  })
})

describe("'Ordenar por WhatsApp' with an empty cart", () => {
  const ctaText = async (profile: LandingData['profile']) => {
    localStorage.removeItem('cart')
    opened.length = 0
    render(<App data={{ ...data, profile }} />)
    await screen.findByRole('heading', { name: 'Chilaquiles Clásicos' }, LAZY)
    fireEvent.click(screen.getByRole('button', { name: 'Ordenar por WhatsApp' }))
    cleanup()
    return new URL(opened[0] ?? 'about:blank').searchParams.get('text')
  }

  test("the SPEC restaurant asks for chilaquiles; one with its own headline ('Tu restaurante') asks for an order", async () => {
    expect(await ctaText(DEFAULT_STORE_PROFILE)).toBe('¡Hola! Quiero ordenar unos chilaquiles. ¿Qué opciones tienen disponibles hoy?')
    expect(await ctaText({ ...DEFAULT_STORE_PROFILE, name: 'Chilaquiles Doña Tere' })).toBe('¡Hola! Quiero ordenar unos chilaquiles. ¿Qué opciones tienen disponibles hoy?')
    expect(await ctaText({ ...DEFAULT_STORE_PROFILE, name: 'Pupusería La Ceiba', headline: 'Pupusas de la CEIBA' })).toBe('¡Hola! Quiero hacer un pedido. ¿Qué opciones tienen disponibles hoy?')
  })
})

describe('which products open the drawer (issue #32)', () => {
  test('a drink with option groups opens it, with only its groups (one without went straight into the cart above)', async () => {
    const original = globalThis.fetch
    globalThis.fetch = menuFetch()
    // Another test file in this process may have read other groups (the loader keeps them for the page's life).
    forgetOptionGroups()
    try {
      await renderApp()
      const before = badge()
      fireEvent.click(screen.getByRole('tab', { name: 'Bebidas' }))
      fireEvent.click(screen.getByRole('button', { name: 'Agregar Café con leche' }))
      const drawer = await screen.findByTestId('customize-drawer', {}, LAZY)
      await screen.findByText('Obligatorio', {}, LAZY)
      expect(drawer.querySelector('[data-group="Leche"]')).not.toBeNull()
      expect(screen.queryByText('Salsa por aparte')).toBeNull()
      expect(badge()).toBe(before)
    } finally {
      globalThis.fetch = original
      cleanup()
    }
  })
})
