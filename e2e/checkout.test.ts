/**
 * The checkout in 'Tu Pedido' on a 390 px phone, in real Chromium against the real
 * server: details, inline errors, the recorded order and the chat it opens. The chat
 * opens in a REAL pop-up (no stubbed window.open): wa.me is routed to a stub page so
 * the test can read the link the pop-up was pointed at.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { Order } from '../src/shared/schemas/order'
import { LAPTOP, launchBrowser, PHONE, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { adminApi, adminCookie, type AdminApi, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let t: TrackedPage

let api: AdminApi

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  api = adminApi(server.url, await adminCookie(server.url))
  for (const zone of [
    { name: 'Zona 10', deliveryCost: 15, estimatedTime: '30-45 min' },
    { name: 'Mixco', deliveryCost: 25, estimatedTime: null },
    { name: 'Antigua', deliveryCost: 60, available: false },
  ]) {
    expect((await api('/api/coverage-zones', { method: 'POST', json: zone })).status).toBe(201)
  }
  browser = await launchBrowser()
  await browser.context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
  t = await browser.newPage(PHONE)
  await t.page.goto(`${server.url}/`)
  await t.page.waitForSelector('html[data-hydrated="true"]')
})

afterEach(() => {
  expect(takeProblems(t)).toEqual([])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const card = (page: Page, name: string) => page.locator('[data-testid="product-card"]', { has: page.getByRole('heading', { name, exact: true }) })
const sheet = (page: Page) => page.getByTestId('cart-sheet')
/** The viewport as the customer sees it, once the sheet has finished sliding in. */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) })
}
const orders = async () => (await (await api('/api/orders')).json()) as Order[]

async function addHorchataAndPlate(page: Page) {
  await page.getByRole('tab', { name: 'Bebidas' }).click()
  await card(page, 'Horchata').getByRole('button', { name: 'Agregar Horchata' }).click()
  await page.getByRole('tab', { name: 'Chilaquiles' }).click()
  await card(page, 'Chilaquiles Clásicos').getByRole('button', { name: 'Agregar Chilaquiles Clásicos' }).click()
  const drawer = page.getByTestId('customize-drawer')
  await drawer.getByRole('radio', { name: 'Salsa Verde' }).waitFor()
  await drawer.getByText('Aguacate', { exact: true }).click()
  await drawer.getByTestId('drawer-confirm').click()
  await drawer.waitFor({ state: 'hidden' })
}

async function openSheet(page: Page) {
  await page.getByRole('button', { name: /Abrir carrito/ }).click()
  await sheet(page).getByRole('heading', { name: 'Tu Pedido' }).waitFor()
}

/** Clicks 'Ordenar por WhatsApp' and returns the text of the chat the pop-up opened, and how long that took. */
async function sendAndReadChat(page: Page): Promise<{ text: string; ms: number }> {
  const started = performance.now()
  const [popup] = await Promise.all([page.waitForEvent('popup'), sheet(page).getByRole('button', { name: 'Ordenar por WhatsApp' }).click()])
  await popup.waitForURL(/^https:\/\/wa\.me\//)
  const ms = performance.now() - started
  const url = new URL(popup.url())
  await popup.close()
  expect(url.pathname).toBe('/50212345678')
  return { text: url.searchParams.get('text') ?? '', ms }
}

describe('checkout on a phone (390 px)', () => {
  test('pickup with the defaults: one tap records the order and opens the chat with its number', async () => {
    const { page } = t
    await addHorchataAndPlate(page)
    await openSheet(page)
    expect(await sheet(page).getByRole('radio', { name: 'Recoger en el local' }).isChecked()).toBe(true)
    expect(await sheet(page).getByRole('radio', { name: 'Efectivo' }).isChecked()).toBe(true)
    expect(await sheet(page).getByTestId('cart-total').textContent()).toBe('Q65')
    await shot(page, 'phone-checkout-pickup')
    const before = (await orders()).length
    const { text, ms } = await sendAndReadChat(page)
    const [order] = await orders()
    expect((await orders()).length).toBe(before + 1)
    expect(order).toMatchObject({ status: 'pending', fulfilment: 'pickup', total: 65, payment: 'efectivo' })
    expect(text).toBe(
      [
        '¡Hola! Quiero ordenar:',
        '',
        '1. Horchata (Mediano)',
        '   Cantidad: 1',
        '   Precio: Q20',
        '',
        '2. Chilaquiles Clásicos (Mediano)',
        '   Salsa: Salsa Verde',
        '   Extras: Aguacate',
        '   Cantidad: 1',
        '   Precio: Q45',
        '',
        `Pedido #${order?.number}`,
        'Entrega: Recoger en el local',
        'Pago: Efectivo',
        '',
        'Total: Q65',
        '',
        `Sigue tu pedido: ${server.url}/pedido/${order?.trackingToken}`,
      ].join('\n'),
    )
    console.log(`request-to-chat (pickup, unthrottled): ${ms.toFixed(0)} ms`)
    expect(await sheet(page).getByText(`Pedido #${order?.number} recibido`).isVisible()).toBe(true)
    expect(await page.getByTestId('cart-badge').count()).toBe(0)
    await shot(page, 'phone-checkout-sent')
    await page.keyboard.press('Escape')
    await sheet(page).waitFor({ state: 'hidden' })
  })

  test('delivery: inline errors and no chat without a zone or address; then the link carries number, zone, fee, address and total', async () => {
    const { page } = t
    await addHorchataAndPlate(page)
    await openSheet(page)
    const s = sheet(page)
    await s.getByText('A domicilio', { exact: true }).click()
    // Only active zones are offered, with fee and time.
    expect(await s.getByText('Costo de envío Q15 · Tiempo estimado 30-45 min').isVisible()).toBe(true)
    expect(await s.getByText('Mixco').isVisible()).toBe(true)
    expect(await s.getByText('Antigua').count()).toBe(0)

    const before = (await orders()).length
    let popups = 0
    const countPopup = () => popups++
    page.on('popup', countPopup)
    await s.getByRole('button', { name: 'Ordenar por WhatsApp' }).click()
    expect(await s.getByText('Elige la zona de entrega').isVisible()).toBe(true)
    expect(await s.getByText('Escribe la dirección de entrega').isVisible()).toBe(true)
    expect(await s.getByLabel('Dirección de entrega').getAttribute('aria-invalid')).toBe('true')
    await shot(page, 'phone-checkout-errors')
    page.off('popup', countPopup)
    expect(popups).toBe(0)
    expect((await orders()).length).toBe(before)

    await s.getByText('Zona 10', { exact: true }).click()
    expect(await s.getByTestId('cart-fee').textContent()).toBe('Q15')
    expect(await s.getByTestId('cart-total').textContent()).toBe('Q80')
    await s.getByLabel('Dirección de entrega').fill('5a avenida 10-20, zona 10')
    await s.getByLabel(/^Referencia/).fill('Portón negro')
    await s.getByLabel(/^Nombre/).fill('Ana López')
    await s.getByLabel(/Con cuánto pagas/).fill('100')
    await s.getByLabel(/Notas para la cocina/).fill('Sin picante')
    expect(await s.getByTestId('field-error').count()).toBe(0)
    await shot(page, 'phone-checkout-delivery')

    const { text } = await sendAndReadChat(page)
    const [order] = await orders()
    expect(order).toMatchObject({ fulfilment: 'delivery', zoneName: 'Zona 10', deliveryFee: 15, subtotal: 65, total: 80, address: '5a avenida 10-20, zona 10', cashAmount: 100, customerName: 'Ana López' })
    console.log(`delivery message as it arrives in WhatsApp:\n${text}`)
    for (const part of [`Pedido #${order?.number}`, 'Entrega: A domicilio, Zona 10', 'Dirección: 5a avenida 10-20, zona 10', 'Referencia: Portón negro', 'Nombre: Ana López', 'Pago: Efectivo, pago con Q100 (cambio: Q20)', 'Notas: Sin picante', 'Subtotal: Q65\nEnvío: Q15\nTotal: Q80']) {
      expect(text).toContain(part)
    }
    await page.keyboard.press('Escape')
    await s.waitFor({ state: 'hidden' })
  })

  test('the details are remembered for the next order (not the notes or cash); a corrupt stored value never breaks the page', async () => {
    const { page } = t
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('checkout-details'))) ?? '{}') as Record<string, unknown>
    expect(stored).toMatchObject({ fulfilment: 'delivery', address: '5a avenida 10-20, zona 10', customerName: 'Ana López', notes: '', cashAmount: null })
    await page.reload()
    await page.waitForSelector('html[data-hydrated="true"]')
    await addHorchataAndPlate(page)
    await openSheet(page)
    expect(await sheet(page).getByLabel('Dirección de entrega').inputValue()).toBe('5a avenida 10-20, zona 10')
    expect(await sheet(page).getByRole('radio', { name: /Zona 10/ }).isChecked()).toBe(true)

    await page.evaluate(() => localStorage.setItem('checkout-details', '{"fulfilment":"volar","zoneId":"x",'))
    await page.reload()
    await page.waitForSelector('html[data-hydrated="true"]')
    await openSheet(page)
    expect(await sheet(page).getByRole('radio', { name: 'Recoger en el local' }).isChecked()).toBe(true)
    expect(await sheet(page).getByTestId('cart-line').count()).toBe(2)
    await page.keyboard.press('Escape')
  })

  test('when the server cannot be reached, the chat still opens, without a number, and the cart is kept', async () => {
    const { page } = t
    await page.route('**/api/checkout', (route) => route.abort('internetdisconnected'))
    try {
      await openSheet(page)
      const before = (await orders()).length
      const { text } = await sendAndReadChat(page)
      expect(text).not.toContain('Pedido #')
      expect(text).toStartWith('¡Hola! Quiero ordenar:')
      expect(text).toEndWith('Total: Q65') // no number, so no tracking link either
      expect((await orders()).length).toBe(before)
      expect(await sheet(page).getByText('Tu pedido está listo para enviar').isVisible()).toBe(true)
      expect(await page.getByTestId('cart-badge').textContent()).toBe('2')
      // The aborted request is logged by the browser as a failed resource.
      t.problems.splice(0, t.problems.length, ...t.problems.filter((p) => !p.includes('Failed to load resource')))
    } finally {
      await page.unroute('**/api/checkout')
      await page.keyboard.press('Escape')
    }
  })

  test('a dish sold out after it was added: the server\'s reason is shown, no chat opens, nothing is recorded', async () => {
    const { page } = t
    const products = (await (await api('/api/products')).json()) as { id: number; name: string }[]
    const horchata = products.find((p) => p.name === 'Horchata')
    const full = (await (await api(`/api/products/${horchata?.id}`)).json()) as Record<string, unknown>
    const { id: _id, ...input } = full
    expect((await api(`/api/products/${horchata?.id}`, { method: 'PUT', json: { ...input, available: false } })).status).toBe(200)
    // An open page re-reads its menu when the cart opens and learns of it first (issue #40 item 9,
    // e2e/storefront-first-hour.test.ts); here that read is lost, as on a bad connection, so the
    // server's own refusal is what tells the customer.
    const isMenuRead = (u: URL) => u.pathname === '/'
    await page.route(isMenuRead, (route) => (route.request().resourceType() === 'document' ? route.continue() : route.abort()))
    try {
      await openSheet(page)
      const before = (await orders()).length
      await sheet(page).getByRole('button', { name: 'Ordenar por WhatsApp' }).click()
      const refusal = sheet(page).getByTestId('checkout-refusal')
      await refusal.waitFor()
      expect(await refusal.textContent()).toBe('El producto "Horchata" no está disponible')
      expect((await orders()).length).toBe(before)
      expect(browser.context.pages().filter((p) => p.url().startsWith('https://wa.me')).length).toBe(0)
      t.problems.splice(0, t.problems.length, ...t.problems.filter((p) => !p.includes('409') && !p.includes('Failed to load resource')))
    } finally {
      await page.unroute(isMenuRead)
      await api(`/api/products/${horchata?.id}`, { method: 'PUT', json: { ...input, available: true } })
      await page.keyboard.press('Escape')
    }
  })
})

describe('the zones section and the sheet on a laptop', () => {
  test('the footer link leads to the active zones with fee and time', async () => {
    const laptop = await browser.newPage(LAPTOP)
    try {
      await laptop.page.goto(`${server.url}/`)
      await laptop.page.waitForSelector('html[data-hydrated="true"]')
      await laptop.page.getByRole('contentinfo').getByRole('link', { name: 'Zonas de entrega' }).click()
      const zones = laptop.page.getByTestId('delivery-zones')
      expect(await zones.getByRole('listitem').allTextContents()).toEqual(['MixcoCosto de envío Q25', 'Zona 10Costo de envío Q15 Tiempo estimado 30-45 min'])
      expect(await laptop.page.evaluate(() => location.hash)).toBe('#zonas')
      await addHorchataAndPlate(laptop.page)
      await openSheet(laptop.page)
      await sheet(laptop.page).getByText('A domicilio', { exact: true }).click()
      await sheet(laptop.page).getByText('Zona 10', { exact: true }).click()
      await shot(laptop.page, 'laptop-checkout-delivery')
      expect(takeProblems(laptop)).toEqual([])
    } finally {
      await laptop.page.close()
    }
  })
})
