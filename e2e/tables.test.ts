/**
 * Eating at the table (issue #45) in real Chromium against the real server: a diner scans Mesa 5's
 * QR on a 390 px phone, sees 'Mesa 5', orders without phone, address or fee (no chat opens),
 * reloads and keeps the table, asks for the bill; the board at 1280 px rings, shows the order under
 * the table and the alert, shows the bill and closes the table. An unknown token gets the plain
 * store and a notice. The admin's Mesas page prints one card per active table.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { extractText, getDocumentProxy } from 'unpdf'
import type { DiningTable, TableBill } from '../src/shared/schemas/dining-table'
import type { Order } from '../src/shared/schemas/order'
import { LAPTOP, PHONE, launchBrowser, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { adminApi, adminCookie, type AdminApi, seed, startServer, type TestServer } from './support/server'
import { smallTargets } from './support/tap-targets'

let server: TestServer
let browser: Browser
let phone: TrackedPage
let laptop: TrackedPage
let api: AdminApi
let mesa5: DiningTable

const url = (p: string) => `${server.url}${p}`

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  const cookie = await adminCookie(server.url)
  api = adminApi(server.url, cookie)
  const made = await api('/api/tables', { method: 'POST', json: { name: 'Mesa 5' } })
  expect(made.status).toBe(201)
  mesa5 = (await made.json()) as DiningTable
  expect((await api('/api/tables', { method: 'POST', json: { name: 'Terraza 2' } })).status).toBe(201)
  expect((await api('/api/tables', { method: 'POST', json: { name: 'Guardada', active: false } })).status).toBe(201)
  browser = await launchBrowser()
  await browser.context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
  const [name, value] = cookie.split('=') as [string, string]
  phone = await browser.newPage(PHONE)
  // The board signs in with its cookie; the phone is a diner (its requests carry none: the cookie is on the laptop's context only when asked).
  laptop = await browser.newPage(LAPTOP)
  await browser.context.addCookies([{ name, value, url: server.url }])
})

afterEach(() => {
  expect(takeProblems(phone)).toEqual([])
  expect(takeProblems(laptop)).toEqual([])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage })
}
const card = (page: Page, name: string) => page.locator('[data-testid="product-card"]', { has: page.getByRole('heading', { name, exact: true }) })
const orders = async () => (await (await api('/api/orders')).json()) as Order[]

describe('a diner at Mesa 5 (390 px)', () => {
  test("the QR's page says 'Mesa 5' in the header (server-rendered) and offers the waiter and the bill; every tap target is 44 px", async () => {
    const page = phone.page
    await page.goto(url(`/?mesa=${mesa5.token}`))
    // In the server's HTML, before any script: the page the QR opens names the table at once.
    expect(await page.getByTestId('table-name').textContent()).toBe('Mesa 5')
    await page.waitForSelector('html[data-hydrated="true"]')
    await page.getByTestId('table-bar').waitFor()
    await page.getByRole('button', { name: 'Llamar al mesero' }).waitFor()
    await page.getByRole('button', { name: 'Pedir la cuenta' }).waitFor()
    await shot(page, 'tables-storefront-390')
    expect((await smallTargets(page)).problems).toEqual([])
    // Both buttons whole on the phone's screen (at first 'Pedir la cuenta' ran past its right edge).
    const outside = await page.evaluate(() => [...document.querySelectorAll('[data-testid="table-bar"] button')].filter((b) => b.getBoundingClientRect().right > window.innerWidth).map((b) => b.textContent))
    expect(outside).toEqual([])
  })

  test("orders without phone, address or fee: the cart says 'Mesa 5', no chat opens, the order is 'mesa' at Mesa 5", async () => {
    const page = phone.page
    await page.getByRole('tab', { name: 'Bebidas' }).click()
    await card(page, 'Horchata').getByRole('button', { name: 'Agregar Horchata' }).click()
    await page.getByRole('button', { name: /Abrir carrito/ }).click()
    const sheet = page.getByTestId('cart-sheet')
    await sheet.getByTestId('cart-table').waitFor()
    expect(await sheet.getByTestId('cart-table').textContent()).toContain('Mesa 5')
    expect(await sheet.getByTestId('checkout-form').count()).toBe(0)
    expect(await sheet.getByLabel(/WhatsApp/).count()).toBe(0)
    expect(await sheet.getByLabel(/Dirección/).count()).toBe(0)
    await sheet.getByLabel(/Tu nombre/).fill('Ana')
    await shot(page, 'tables-cart-390')
    expect((await smallTargets(page)).problems).toEqual([])
    let popups = 0
    page.on('popup', () => void (popups += 1))
    await sheet.getByRole('button', { name: 'Pedir a Mesa 5' }).click()
    await sheet.getByTestId('order-sent').waitFor()
    expect(await sheet.getByTestId('order-sent').textContent()).toContain('Mesa 5')
    await sheet.getByTestId('track-order').waitFor()
    await shot(page, 'tables-order-sent-390')
    expect((await smallTargets(page)).problems).toEqual([])
    expect(popups).toBe(0)
    const [order] = await orders()
    expect(order).toMatchObject({ fulfilment: 'mesa', tableName: 'Mesa 5', customerName: 'Ana', deliveryFee: 0, customerPhone: '' })
    await page.keyboard.press('Escape')
  })

  test('a reload keeps the table, and so does the plain store address afterwards (kept like the cart)', async () => {
    const page = phone.page
    await page.reload()
    await page.waitForSelector('html[data-hydrated="true"]')
    expect(await page.getByTestId('table-name').textContent()).toBe('Mesa 5')
    await page.goto(url('/'))
    await page.waitForSelector('html[data-hydrated="true"]')
    await page.getByTestId('table-bar').waitFor()
    expect(await page.getByTestId('table-name').textContent()).toBe('Mesa 5')
  })
})

describe('the board (1280 px) and the table', () => {
  test("'Pedir la cuenta' rings on the board: 'Mesa 5 pide la cuenta', the order under the table; the bill and 'Cerrar mesa'", async () => {
    const board = laptop.page
    await board.goto(url('/admin/pedidos'))
    await board.getByText('● En vivo').waitFor()
    const table = board.getByTestId('board-table').filter({ hasText: 'Mesa 5' })
    await table.waitFor()
    const [order] = await orders()
    if (!order) throw new Error('no order')
    expect(await table.textContent()).toContain(`#${order.number}`)

    await phone.page.getByRole('button', { name: 'Pedir la cuenta' }).click()
    await phone.page.getByTestId('table-call-answer').waitFor()
    expect(await phone.page.getByTestId('table-call-answer').textContent()).toBe('Ya pedimos tu cuenta')
    await table.getByTestId('table-call').waitFor()
    expect(await table.getByTestId('table-call').textContent()).toContain('Mesa 5 pide la cuenta')
    await board.getByText('Mesa 5 pide la cuenta').first().waitFor() // the toast, with the chime
    await shot(board, 'tables-board-call-1280')

    await table.getByRole('button', { name: 'Cuenta' }).click()
    const bill = board.getByTestId('table-bill')
    await bill.getByTestId('table-bill-total').waitFor()
    expect(await bill.getByTestId('table-bill-total').textContent()).toContain(`Q${order.total}`)
    expect(await bill.textContent()).toContain('Horchata')
    await shot(board, 'tables-bill-1280')

    // The printed bill: the ticket page the dialog prints, on the paper set in Configuración.
    const ticket = await browser.newPage({ width: 320, height: 800 })
    await ticket.page.goto(url(`/admin/mesas/${mesa5.id}/cuenta`))
    expect(await ticket.page.textContent('body')).toContain('Mesa 5')
    await ticket.page.screenshot({ path: path.join(screenshotDir, 'tables-bill-ticket.png'), fullPage: true })
    await ticket.page.close()

    await bill.getByTestId('close-table').click()
    await board.getByRole('alertdialog').getByRole('button', { name: 'Cerrar mesa' }).click()
    await board.getByText('Mesa 5 cerrada').first().waitFor()
    expect((await orders()).find((o) => o.id === order.id)?.status).toBe('delivered')
    const after = (await (await api(`/api/tables/${mesa5.id}/bill`)).json()) as TableBill
    expect(after.orders).toEqual([])
    await board.getByTestId('board-table').filter({ hasText: 'Mesa 5' }).waitFor({ state: 'detached' })
  })

  test('a renewed token is refused at the table: the page forgets the table and says so', async () => {
    expect((await api(`/api/tables/${mesa5.id}/token`, { method: 'POST' })).status).toBe(200)
    const page = phone.page
    await page.goto(url(`/?mesa=${mesa5.token}`))
    await page.waitForSelector('html[data-hydrated="true"]')
    await page.getByTestId('table-link-notice').waitFor()
    expect(await page.getByTestId('table-name').count()).toBe(0)
    await shot(page, 'tables-refused-390')
    await page.goto(url('/'))
    await page.waitForSelector('html[data-hydrated="true"]')
    expect(await page.getByTestId('table-name').count()).toBe(0)
  })
})

describe('Mesas (admin)', () => {
  test("the page lists the tables with their QR; 'Imprimir tarjetas' prints one A6 card per active table, its name under its QR", async () => {
    const page = laptop.page
    await page.goto(url('/admin/mesas'))
    await page.getByTestId('table-row').first().waitFor()
    expect(await page.getByTestId('table-row-name').allTextContents()).toEqual(['Mesa 5', 'Terraza 2', 'Guardada'])
    await shot(page, 'tables-admin-1280', true)
    const bytes = new Uint8Array(await page.pdf({ preferCSSPageSize: true, printBackground: false }))
    const doc = await getDocumentProxy(bytes)
    expect(doc.numPages).toBe(2)
    const { text } = await extractText(doc, { mergePages: false })
    expect(text.map((t) => (t.includes('Mesa 5') ? 'Mesa 5' : t.includes('Terraza 2') ? 'Terraza 2' : t))).toEqual(['Mesa 5', 'Terraza 2'])
    await page.emulateMedia({ media: 'print' })
    await page.setViewportSize({ width: 397, height: 559 })
    await page.screenshot({ path: path.join(screenshotDir, 'tables-cards-print.png') })
    await page.emulateMedia({ media: null })
    await page.setViewportSize(LAPTOP)
  })
})
