/**
 * Promotions on the storefront (issue #33, DESIGN "Selling more") on a 390 px phone, in real
 * Chromium against the real server. The owner's promotions are made through the admin API: the
 * code MARTES (2x1 in bebidas, no windows, so the test holds on any day) and two automatic ones
 * for the landing page's strip. A customer opens the code's link `/?codigo=MARTES`, reads what it
 * gives, adds two drinks, sees the 2x1 in 'Tu Pedido' from the server's quote, sends the order
 * and reads 'Descuento (MARTES)' in the recorded order's chat text, then on its tracking page.
 * A link with a code that does not exist says so. Screenshots: /work/helpers/shots/promo-*.png
 * (PROMO_SHOTS to put them elsewhere).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { Order } from '../src/shared/schemas/order'
import { launchBrowser, PHONE, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { adminApi, adminCookie, type AdminApi, seed, startServer, type TestServer } from './support/server'

const shots = process.env.PROMO_SHOTS ?? '/work/helpers/shots'
let server: TestServer
let browser: Browser
let t: TrackedPage
let api: AdminApi

const url = (p: string) => `${server.url}${p}`
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6]

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  server = await startServer()
  await seed(server.url)
  api = adminApi(server.url, await adminCookie(server.url))
  const promotions = [
    { name: 'Martes de bebidas', code: 'MARTES', kind: 'buyXgetY', buy: 2, free: 1, appliesTo: { categories: ['bebidas'] } },
    { name: 'Envío gratis', kind: 'freeDelivery', minSubtotal: 150 },
    { name: 'Tarde de postres', kind: 'percent', value: 10, appliesTo: { categories: ['postres'] }, windows: [{ days: EVERY_DAY, from: '15:00', to: '18:00' }] },
  ]
  for (const json of promotions) expect((await api('/api/promotions', { method: 'POST', json })).status).toBe(201)
  browser = await launchBrowser()
  await browser.context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
  t = await browser.newPage(PHONE)
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
/** The viewport as the customer sees it, once everything has finished moving. */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path: path.join(shots, `promo-${name}.png`) })
}

describe('promotions on the storefront (390 px)', () => {
  test("the landing page says today's automatic promotions under the nav bar, from the server's HTML", async () => {
    const html = await (await fetch(url('/'))).text()
    expect(html).toContain('Envío gratis desde Q150')
    expect(html).toContain('10% en postres todos los días de 15:00 a 18:00')
    // Never a code.
    expect(html).not.toContain('MARTES')

    const { page } = t
    await page.goto(url('/'))
    await page.waitForSelector('html[data-hydrated="true"]')
    const strip = page.getByRole('region', { name: 'Promociones de hoy' })
    expect(await strip.getByRole('listitem').allTextContents()).toEqual(['Envío gratis desde Q150', '10% en postres todos los días de 15:00 a 18:00'])
    // Under the nav bar, above the hero, on the first screen.
    const box = await strip.boundingBox()
    expect(box!.y).toBeLessThan(100)
    await shot(page, 'strip')
  })

  test("/?codigo=MARTES says what the code gives and puts it in the cart; the address is left clean", async () => {
    const { page } = t
    await page.goto(url('/?codigo=martes'))
    await page.waitForSelector('html[data-hydrated="true"]')
    const notice = page.getByTestId('code-link-notice')
    await notice.waitFor()
    expect(await notice.getAttribute('data-applied')).toBe('true')
    expect(await notice.locator('p').first().textContent()).toBe('Código MARTES aplicado: 2x1 en bebidas')
    expect(new URL(page.url()).search).toBe('')
    expect(await page.evaluate(() => localStorage.getItem('promo-code'))).toBe('"MARTES"')
    await shot(page, 'codigo-notice')
    await notice.getByRole('button', { name: 'Cerrar aviso' }).click()
    await notice.waitFor({ state: 'detached' })
  })

  test("two drinks: the cart shows the server's 2x1 ('Código MARTES -Q20'); the recorded order's chat text says 'Descuento (MARTES): -Q20'", async () => {
    const { page } = t
    await page.getByRole('tab', { name: 'Bebidas' }).click()
    const add = card(page, 'Horchata').getByRole('button', { name: 'Agregar Horchata' })
    await add.click()
    await add.click()
    await page.getByRole('button', { name: /Abrir carrito/ }).click()
    await sheet(page).getByRole('heading', { name: 'Tu Pedido' }).waitFor()

    // The quote's answer: Q40 of horchatas, one free.
    const discount = sheet(page).getByTestId('cart-discount')
    await discount.waitFor()
    expect(await discount.textContent()).toBe('-Q20')
    expect(await sheet(page).locator('dt', { hasText: 'Código MARTES' }).count()).toBe(1)
    expect(await sheet(page).getByTestId('cart-subtotal').textContent()).toBe('Q40')
    expect(await sheet(page).getByTestId('cart-total').textContent()).toBe('Q20')
    expect(await sheet(page).getByTestId('promo-code-state').textContent()).toBe('Código MARTES: -Q20')
    await shot(page, 'cart')

    const [popup] = await Promise.all([page.waitForEvent('popup'), sheet(page).getByRole('button', { name: 'Ordenar por WhatsApp' }).click()])
    await popup.waitForURL(/^https:\/\/wa\.me\//)
    const text = new URL(popup.url()).searchParams.get('text') ?? ''
    await popup.close()
    await sheet(page).getByTestId('order-sent').waitFor()
    expect(text).toContain('\n\nSubtotal: Q40\nDescuento (MARTES): -Q20\nTotal: Q20\n\nSigue tu pedido: ')
    expect(text).toMatch(/\nPedido #\d+\n/)

    // What the chat says is what was recorded; the code went with the order and the cart.
    const [order] = (await (await api('/api/orders')).json()) as Order[]
    expect(order?.discounts.map(({ code, amount }) => ({ code, amount }))).toEqual([{ code: 'MARTES', amount: 20 }])
    expect(order?.total).toBe(20)
    expect(await page.evaluate(() => localStorage.getItem('promo-code'))).toBe('null')

    // The tracking page the message links to says the same.
    const tracking = /Sigue tu pedido: (\S+)/.exec(text)?.[1] ?? ''
    await page.goto(tracking)
    const totals = page.getByTestId('tracking-totals')
    expect(await totals.locator('dt, dd').allTextContents()).toEqual(['Subtotal', 'Q40', 'Descuento (MARTES)', '-Q20', 'Total', 'Q20'])
    await totals.scrollIntoViewIfNeeded()
    await shot(page, 'tracking')
  })

  test("/?codigo= with a code that does not exist says so plainly, and the cart gets no code", async () => {
    const { page } = t
    await page.goto(url('/?codigo=NOEXISTE'))
    await page.waitForSelector('html[data-hydrated="true"]')
    const notice = page.getByTestId('code-link-notice')
    await notice.waitFor()
    expect(await notice.getAttribute('data-applied')).toBe('false')
    expect(await notice.locator('p').allTextContents()).toEqual(['Código NOEXISTE', 'Ese código no existe'])
    expect(await page.evaluate(() => localStorage.getItem('promo-code'))).toBe('null')
    await shot(page, 'codigo-refused')
    // The look-up's 404 is the answer itself ('Ese código no existe'); Chromium logs every 404.
    expect(takeProblems(t)).toEqual(['console.error: Failed to load resource: the server responded with a status of 404 (Not Found)'])
  })
})
