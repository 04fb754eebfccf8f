/**
 * The customer's tracking page in a real browser at 390 px: the order is placed through
 * the storefront, the link is read from the recorded wa.me text, and the page follows the
 * board's moves by itself (no reload), also after the phone "slept" (the page hidden while
 * the status moved). Then the cancelled and not-found pages, and the page without JavaScript.
 * Screenshots: e2e/screenshots/tracking-*.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { CheckoutAnswer } from '../src/shared/tracking'
import { CAPTURE_OPEN, openedChats } from './support/chat'
import { launchBrowser, PHONE, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { type AdminApi, adminApi, adminCookie, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let api: AdminApi
let customer: TrackedPage


const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true })
const status = (page: Page) => page.getByTestId('tracking-status').textContent()

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  api = adminApi(server.url, await adminCookie(server.url))
  await api('/api/coverage-zones', { method: 'POST', json: { name: 'Zona 10', deliveryCost: 15, estimatedTime: '30-45 min' } })
  browser = await launchBrowser()
  customer = await browser.newPage(PHONE)
})

afterEach(() => {
  expect(takeProblems(customer)).toEqual([])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** Moves an order as the board does (PATCH with the admin's session). */
async function move(id: number, to: string) {
  const res = await api(`/api/orders/${id}/status`, { method: 'PATCH', json: { status: to } })
  expect(res.status).toBe(200)
}

describe('tracking page at 390 px', () => {
  let link = ''
  let orderId = 0

  test('the chat text of a storefront order carries the link to its tracking page', async () => {
    const { page } = customer
    await page.addInitScript(CAPTURE_OPEN)
    await page.goto(`${server.url}/`)
    await page.waitForSelector('html[data-hydrated="true"]')
    await page.getByRole('tab', { name: 'Bebidas' }).click()
    await page.getByRole('button', { name: 'Agregar Horchata' }).click()
    await page.getByRole('button', { name: /Abrir carrito/ }).click()
    const sheet = page.getByTestId('cart-sheet')
    await sheet.getByLabel(/Tu WhatsApp/).fill('5555 1234')
    await sheet.getByRole('button', { name: 'Ordenar por WhatsApp' }).click()
    await sheet.getByTestId('order-sent').waitFor()
    const [chat] = await openedChats(page)
    const text = decodeURIComponent(chat?.split('?text=')[1] ?? '')
    link = /Sigue tu pedido: (\S+)$/.exec(text)?.[1] ?? ''
    expect(link).toMatch(/\/pedido\/[A-Za-z0-9_-]{24}$/)
    console.log(`chat text:\n${text}`)
    const orders = (await (await api('/api/orders')).json()) as CheckoutAnswer[]
    const order = orders.find((o) => link.endsWith(o.trackingToken ?? '-'))
    expect(order?.customerPhone).toBe('50255551234')
    orderId = order?.id ?? 0
  })

  test('it opens pending, then follows every move without a reload, also after the page was hidden', async () => {
    const { page } = customer
    await page.goto(link)
    expect(await status(page)).toBe('Pendiente')
    await shot(page, 'tracking-phone-pending')
    const navigations: string[] = []
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()))
    // The first move needs a live stream to travel on.
    await page.waitForSelector('html[data-live="open"]')

    await move(orderId, 'confirmed')
    await page.waitForFunction(() => document.querySelector('[data-testid="tracking-status"]')?.textContent === 'Confirmado', undefined, { timeout: 5000 })
    await move(orderId, 'preparing')
    await page.waitForFunction(() => document.querySelector('[data-testid="tracking-status"]')?.textContent === 'En preparación', undefined, { timeout: 5000 })

    // The phone sleeps: the page is hidden and its connection dropped; the order moves meanwhile.
    await page.context().setOffline(true)
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await move(orderId, 'ready')
    await Bun.sleep(1500)
    expect(await status(page)).toBe('En preparación') // the move did not reach the sleeping page
    await page.context().setOffline(false)
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await page.waitForFunction(() => document.querySelector('[data-testid="tracking-status"]')?.textContent === 'Listo', undefined, { timeout: 5000 })
    expect(navigations).toEqual([])
    const timeline = await page.getByTestId('tracking-timeline').innerText()
    expect(timeline).toMatch(/Pendiente\s+\d{1,2}:\d{2}/)
    expect(timeline).toMatch(/Listo\s+\d{1,2}:\d{2}/)
    expect(await page.getByText('Listo para recoger en el local').isVisible()).toBe(true)
    await shot(page, 'tracking-phone-ready')
    // Whatever a browser dropped while offline is its own noise, not the page's.
    takeProblems(customer)
  })

  test('a final status ends the live updates; the page shows it and never the phone or the address', async () => {
    const { page } = customer
    await move(orderId, 'delivered')
    await page.waitForFunction(() => document.querySelector('#tracking')?.getAttribute('data-final') === 'true', undefined, { timeout: 5000 })
    expect(await status(page)).toBe('Entregado')
    const html = await page.content()
    expect(html).not.toContain('5555')
    expect(html).not.toContain('50255551234')
  })

  test('a cancelled delivery order says so clearly', async () => {
    const res = await fetch(`${server.url}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        items: [{ productId: 1, size: 'mediano', quantity: 1 }],
        fulfilment: 'delivery',
        zoneId: 1,
        address: '5a avenida 12-34, zona 10',
        customerName: 'Ana López',
        payment: 'efectivo',
      }),
    })
    const order = (await res.json()) as CheckoutAnswer
    await move(order.id, 'confirmed')
    await move(order.id, 'cancelled')
    const { page } = customer
    await page.goto(order.trackingUrl)
    expect(await status(page)).toBe('Cancelado')
    expect(await page.getByTestId('tracking-cancelled').innerText()).toContain('Este pedido fue cancelado')
    expect(await page.getByTestId('tracking-fulfilment').innerText()).toBe('A domicilio · Zona 10')
    const text = await page.locator('body').innerText()
    expect(text).not.toContain('5a avenida')
    expect(text).not.toContain('Ana López')
    await shot(page, 'tracking-phone-cancelled')
  })

  test('a changed character is the not-found page (404)', async () => {
    const { page } = customer
    const wrong = link.slice(0, -1) + (link.endsWith('A') ? 'B' : 'A')
    const res = await page.goto(wrong)
    expect(res?.status()).toBe(404)
    await page.getByRole('heading', { name: 'Pedido no encontrado' }).waitFor()
    expect(takeProblems(customer)).toEqual(['console.error: Failed to load resource: the server responded with a status of 404 (Not Found)'])
    await shot(page, 'tracking-phone-not-found')
  })
})

describe('without JavaScript', () => {
  test('the page shows the status as of the request', async () => {
    const noJs = await launchBrowser({ javaScriptEnabled: false })
    try {
      const t = await noJs.newPage(PHONE)
      const order = (await (
        await fetch(`${server.url}/api/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url },
          body: JSON.stringify({ items: [{ productId: 5, size: 'mediano', quantity: 2 }], fulfilment: 'pickup', payment: 'tarjeta' }),
        })
      ).json()) as CheckoutAnswer
      await move(order.id, 'confirmed')
      await t.page.goto(order.trackingUrl)
      expect(await t.page.getByTestId('tracking-status').textContent()).toBe('Confirmado')
      expect(await t.page.getByTestId('tracking-lines').innerText()).toContain('2 ×')
      expect(await t.page.getByRole('link', { name: 'Escribir al restaurante' }).getAttribute('href')).toBe(
        `https://wa.me/50212345678?text=${encodeURIComponent(`Hola, les escribo por mi Pedido #${order.number}`)}`,
      )
    } finally {
      await noJs.close()
    }
  })
})
