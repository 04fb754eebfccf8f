/**
 * Open or closed, as a customer on a 390 px phone sees it, in real Chromium against the
 * real server (real clock): a schedule that is closed now, one that closes within the
 * hour, a pause and its end, a dish switched to Agotado, and a zone's minimum order.
 * Screenshots of each state go to e2e/screenshots/store-*.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { Product } from '../src/shared/schemas/product'
import { launchBrowser, PHONE, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { adminApi, adminCookie, type AdminApi, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let t: TrackedPage

let api: AdminApi

/** "HH:MM" in Guatemala (UTC-6, no daylight saving) `offset` minutes from now. */
const guatemalaTime = (offset: number) => {
  const minutes = (((Math.floor((Date.now() - 6 * 3600_000) / 60_000) + offset) % 1440) + 1440) % 1440
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/** The same range on every day of the week. */
async function saveHours(range: { open: string; close: string } | null, pause: { paused: boolean; pauseMessage?: string } = { paused: false }) {
  const days = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
  const week = range ? Object.fromEntries(days.map((d) => [d, [range]])) : null
  const res = await api('/api/opening-hours', { method: 'PUT', json: { timezone: 'America/Guatemala', week, closedDates: [], ...pause } })
  expect(res.status).toBe(200)
}

async function reload(page: Page) {
  await page.goto(`${server.url}/`)
  await page.waitForSelector('html[data-hydrated="true"]')
  // The status the page asks for after hydration has arrived.
  await page.waitForLoadState('networkidle')
}

const banner = (page: Page) => page.getByTestId('store-status')
const sheet = (page: Page) => page.getByTestId('cart-sheet')
const card = (page: Page, name: string) => page.locator('[data-testid="product-card"]', { has: page.getByRole('heading', { name, exact: true }) })
async function shot(page: Page, name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) })
}
async function openSheet(page: Page) {
  await page.getByRole('button', { name: /Abrir carrito/ }).click()
  await sheet(page).getByRole('heading', { name: 'Tu Pedido' }).waitFor()
}
async function closeSheet(page: Page) {
  await page.keyboard.press('Escape')
  await sheet(page).waitFor({ state: 'hidden' })
}

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  api = adminApi(server.url, await adminCookie(server.url))
  browser = await launchBrowser()
  await browser.context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
  t = await browser.newPage(PHONE)
  await reload(t.page)
})

afterEach(() => {
  expect(takeProblems(t)).toEqual([])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('open or closed, on a phone', () => {
  test('no schedule saved: open, no banner, ordering works (the specification\'s behaviour)', async () => {
    const { page } = t
    expect(await banner(page).count()).toBe(0)
    await page.getByRole('tab', { name: 'Bebidas' }).click()
    await card(page, 'Horchata').getByRole('button', { name: 'Agregar Horchata' }).click()
    await openSheet(page)
    expect(await sheet(page).getByRole('button', { name: 'Ordenar por WhatsApp' }).isEnabled()).toBe(true)
    await closeSheet(page)
    await shot(page, 'store-open')
  })

  test('closed now: the banner says when it opens; the menu and cart still work; ordering is disabled with the reason; the footer lists the week', async () => {
    const { page } = t
    await saveHours({ open: guatemalaTime(120), close: guatemalaTime(180) })
    await reload(page)
    expect(await banner(page).getAttribute('data-state')).toBe('closed')
    expect(await banner(page).textContent()).toMatch(/^Cerrado · abrimos (hoy|mañana) a las \d{1,2}:\d{2}/)
    expect(await page.getByTestId('footer-schedule').textContent()).toContain('Lunes a domingo')
    await page.getByRole('tab', { name: 'Postres' }).click()
    await card(page, 'Flan de cajeta').getByRole('button', { name: 'Agregar Flan de cajeta' }).click()
    expect(await page.getByTestId('cart-badge').textContent()).toBe('2')
    await openSheet(page)
    const send = sheet(page).getByRole('button', { name: 'Ordenar por WhatsApp' })
    expect(await send.isDisabled()).toBe(true)
    expect(await sheet(page).getByTestId('checkout-blocked').textContent()).toMatch(/^Cerrado · abrimos .*\. Tu pedido se queda guardado aquí\.$/)
    await shot(page, 'store-closed-sheet')
    await closeSheet(page)
    expect(await page.getByRole('main').getByRole('button', { name: 'Ordenar por WhatsApp' }).isDisabled()).toBe(true)
    await page.evaluate(() => window.scrollTo(0, 0))
    await shot(page, 'store-closed')
  })

  test('the last hour: open, with the closing time', async () => {
    const { page } = t
    const closes = guatemalaTime(30)
    await saveHours({ open: guatemalaTime(-60), close: closes })
    await reload(page)
    expect(await banner(page).getAttribute('data-state')).toBe('closing-soon')
    expect(await banner(page).textContent()).toBe(`Abierto · cierra a las ${closes.replace(/^0/, '')}`)
    await openSheet(page)
    expect(await sheet(page).getByRole('button', { name: 'Ordenar por WhatsApp' }).isEnabled()).toBe(true)
    await closeSheet(page)
    await shot(page, 'store-closing-soon')
  })

  test('paused with a message, then resumed', async () => {
    const { page } = t
    await saveHours(null, { paused: true, pauseMessage: 'Nos quedamos sin totopos, volvemos en 30 minutos' })
    await reload(page)
    expect(await banner(page).getAttribute('data-state')).toBe('paused')
    expect(await banner(page).textContent()).toContain('Nos quedamos sin totopos, volvemos en 30 minutos')
    await openSheet(page)
    expect(await sheet(page).getByRole('button', { name: 'Ordenar por WhatsApp' }).isDisabled()).toBe(true)
    await closeSheet(page)
    await page.evaluate(() => window.scrollTo(0, 0))
    await shot(page, 'store-paused')

    await saveHours(null, { paused: false })
    await reload(page)
    expect(await banner(page).count()).toBe(0)
  })

  test('a dish switched to Agotado: greyed card without an add button; the cart line is flagged and holds the checkout until removed', async () => {
    const { page } = t
    const products = (await (await api('/api/products')).json()) as Product[]
    const flan = products.find((p) => p.name === 'Flan de cajeta')
    if (!flan) throw new Error('seed has no Flan de cajeta')
    const { id, ...input } = flan
    expect((await api(`/api/products/${id}`, { method: 'PUT', json: { ...input, available: false } })).status).toBe(200)
    try {
      await reload(page)
      await page.getByRole('tab', { name: 'Postres' }).click()
      const sold = card(page, 'Flan de cajeta')
      expect(await sold.getAttribute('data-sold-out')).toBe('true')
      expect(await sold.getByText('Agotado por hoy').isVisible()).toBe(true)
      expect(await sold.getByRole('button', { name: /^Agregar/ }).count()).toBe(0)
      await sold.scrollIntoViewIfNeeded()
      await shot(page, 'store-sold-out')

      await openSheet(page)
      const line = sheet(page).locator('[data-testid="cart-line"][data-unavailable]')
      expect(await line.textContent()).toContain('Agotado por hoy. Quítalo para continuar.')
      expect(await sheet(page).getByRole('button', { name: 'Ordenar por WhatsApp' }).isDisabled()).toBe(true)
      await shot(page, 'store-sold-out-sheet')
      await sheet(page).getByRole('button', { name: 'Eliminar Flan de cajeta (Mediano)' }).click()
      expect(await sheet(page).getByRole('button', { name: 'Ordenar por WhatsApp' }).isEnabled()).toBe(true)
      await closeSheet(page)
    } finally {
      await api(`/api/products/${id}`, { method: 'PUT', json: { ...input, available: true } })
    }
  })

  test('a zone\'s minimum order: the sheet says it and delivery is held back; pickup is not', async () => {
    const { page } = t
    expect((await api('/api/coverage-zones', { method: 'POST', json: { name: 'Zona 10', deliveryCost: 15, estimatedTime: '30-45 min', minimumOrder: 100 } })).status).toBe(201)
    await reload(page)
    await openSheet(page)
    const s = sheet(page)
    await s.getByText('A domicilio', { exact: true }).click()
    expect(await s.getByText('Costo de envío Q15 · Tiempo estimado 30-45 min · Pedido mínimo Q100').isVisible()).toBe(true)
    await s.getByText('Zona 10', { exact: true }).click()
    expect(await s.getByText('Pedido mínimo para Zona 10: Q100').isVisible()).toBe(true)
    await s.getByLabel('Dirección de entrega').fill('5a avenida 10-20')
    await shot(page, 'store-minimum-order')
    let popups = 0
    const count = () => popups++
    page.on('popup', count)
    await s.getByRole('button', { name: 'Ordenar por WhatsApp' }).click()
    expect(await s.getByText('Revisa los datos marcados arriba.').isVisible()).toBe(true)
    page.off('popup', count)
    expect(popups).toBe(0)
    // Pickup has no minimum.
    await s.getByText('Recoger en el local', { exact: true }).click()
    const [popup] = await Promise.all([page.waitForEvent('popup'), s.getByRole('button', { name: 'Ordenar por WhatsApp' }).click()])
    await popup.waitForURL(/^https:\/\/wa\.me\//)
    expect(new URL(popup.url()).searchParams.get('text')).toContain('Entrega: Recoger en el local')
    await popup.close()
  })
})
