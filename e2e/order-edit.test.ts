/**
 * 'Editar pedido' in a real browser (issue #34): a customer's order placed through the
 * storefront's checkout; its tracking page open on the customer's phone; a staff member on the
 * board at 390 px opens the order, 'Editar pedido', adds a Horchata (the storefront's drawer opens
 * over the sheet for a plate, and closes), sees the server's new total and saves. The tracking
 * page shows the horchata and 'Actualizado' without a reload; the ticket reads 'MODIFICADO';
 * 'Avisar por WhatsApp' tells the change and the new total; at 1280 px the detail lists the change.
 * Screenshots: e2e/screenshots/edit-*.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { getDocumentProxy } from 'unpdf'
import { formatQ } from '../src/shared/money'
import type { Ingredient, Product } from '../src/shared/schemas'
import type { CheckoutAnswer } from '../src/shared/tracking'
import { LAPTOP, launchBrowser, PHONE, screenshot, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { type AdminApi, adminApi, adminCookie, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let api: AdminApi
let customer: TrackedPage
let staff: TrackedPage
let order: CheckoutAnswer
const products = new Map<string, Product>()

const url = (path: string) => `${server.url}${path}`
const id = (name: string) => products.get(name)?.id ?? 0

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  api = adminApi(server.url, await adminCookie(server.url))
  for (const p of (await (await api('/api/products')).json()) as Product[]) products.set(p.name, p)
  const sauce = ((await (await api('/api/ingredients')).json()) as Ingredient[]).find((i) => i.name === 'Salsa Verde')
  const created = await api('/api/admin/users', { method: 'POST', json: { username: 'caja', password: 'caja-12345', role: 'staff' } })
  expect(created.status).toBe(201)
  // The customer's order, through the storefront's own call (same origin), as the tap sends it.
  const res = await fetch(url('/api/checkout'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      items: [{ productId: id('Chilaquiles Clásicos'), size: 'mediano', quantity: 1, customization: { sauceId: sauce?.id ?? null, sauceOnSide: false, removedIngredientIds: [], extraIds: [] } }],
      fulfilment: 'pickup',
      customerName: 'Ana López',
      customerPhone: '5555 1234',
      payment: 'efectivo',
    }),
  })
  expect(res.status).toBe(201)
  order = (await res.json()) as CheckoutAnswer
  browser = await launchBrowser()
  customer = await browser.newPage(PHONE)
  staff = await browser.newPage(PHONE)
})

afterEach(() => {
  expect(takeProblems(customer)).toEqual([])
  expect(takeProblems(staff)).toEqual([])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const lines = (page: Page) => page.getByTestId('tracking-lines').textContent()

/** Waits for the sheets and drawers to finish sliding in: a screenshot shows them where they rest. */
const settled = (page: Page) => page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))))

describe('an order changed in the chat, at 390 px', () => {
  test('the customer follows the order on its tracking page', async () => {
    const { page } = customer
    await page.goto(order.trackingUrl ?? '')
    await page.waitForSelector('html[data-live="open"]')
    expect(await lines(page)).toContain('Chilaquiles Clásicos')
    expect(await lines(page)).not.toContain('Horchata')
    expect(await page.getByTestId('tracking-changes').count()).toBe(0)
    // Anything the page keeps in memory survives only if it is never reloaded.
    await page.evaluate(() => {
      ;(window as unknown as { __sameDocument: boolean }).__sameDocument = true
    })
  })

  test("staff sign in on a phone, open the order, 'Editar pedido', add a horchata and see the server's new total before saving", async () => {
    const { page } = staff
    await page.goto(url('/login'))
    await page.getByLabel('Usuario').fill('caja')
    await page.getByLabel('Contraseña').fill('caja-12345')
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click()
    await page.waitForURL(url('/admin'))
    await page.goto(url('/admin/pedidos'))
    await page.getByText('● En vivo').waitFor()
    await page.getByRole('button', { name: new RegExp(`^Pedido #${order.number} `) }).click()
    const sheet = page.getByRole('dialog', { name: `Pedido #${order.number}` })
    await sheet.getByRole('button', { name: 'Editar pedido' }).click()
    const editor = page.getByRole('dialog', { name: `Editar pedido #${order.number}` })
    await editor.getByRole('region', { name: 'Cambios del pedido' }).waitFor()
    // Focus lands on the editor's title (keyboard and screen readers start there).
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Editar pedido #${order.number}`)

    await editor.getByRole('button', { name: 'Agregar producto' }).click()
    await editor.getByRole('button', { name: 'Agregar Horchata' }).waitFor()
    await editor.getByTestId('product-picker').scrollIntoViewIfNeeded()
    await page.screenshot({ path: path.join(screenshotDir, 'edit-picker-390.png') })
    // A plate opens the storefront's drawer over the sheet; closing it leaves the editor as it was.
    await editor.getByRole('button', { name: 'Agregar Chilaquiles Clásicos' }).click()
    const drawer = page.getByTestId('customize-drawer')
    await drawer.getByTestId('drawer-confirm').waitFor()
    expect(await drawer.getByTestId('drawer-confirm').textContent()).toMatch(/^Agregar al pedido · Q\d+$/)
    await settled(page)
    await screenshot(page, 'edit-drawer-390')
    await drawer.getByRole('button', { name: 'Cancelar' }).click()
    await drawer.waitFor({ state: 'hidden' })

    // A drink goes straight in, as from the storefront's card; typed to find it.
    await editor.getByRole('searchbox', { name: 'Buscar en el menú' }).fill('horchata')
    await editor.getByRole('button', { name: 'Agregar Horchata' }).click()
    await editor.getByText('Se agregó Horchata').waitFor()
    const horchata = products.get('Horchata')?.price ?? 0
    const total = order.total + horchata
    await page.waitForFunction((want) => document.querySelector('[data-testid="edit-new-total"]')?.textContent === want, formatQ(total))
    expect(await editor.getByTestId('edit-total').textContent()).toContain(`antes ${formatQ(order.total)}`)
    await editor.getByRole('button', { name: 'Listo' }).click()
    await editor.getByLabel('Motivo (opcional)').fill('lo pidió por WhatsApp')
    // Nothing sticks out sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    // The editor scrolls inside the sheet: its top (the lines) and its end (the fields), each a screen.
    const region = editor.getByRole('region', { name: 'Cambios del pedido' })
    await region.evaluate((el) => el.scrollTo(0, 0))
    await settled(page)
    await page.screenshot({ path: path.join(screenshotDir, 'edit-editor-390.png') })
    await region.evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await page.screenshot({ path: path.join(screenshotDir, 'edit-editor-390-end.png') })

    await editor.getByRole('button', { name: 'Guardar cambios' }).click()
    await page.getByText(`Pedido #${order.number} actualizado`).first().waitFor()
    // Back on the detail: the horchata, the new total, the change and who made it.
    await sheet.getByText('1 × Horchata (Mediano)').waitFor()
    const change = sheet.getByTestId('order-change')
    expect(await change.textContent()).toContain('caja')
    expect(await change.textContent()).toContain(`Agregó 1 Horchata (Mediano); total ${formatQ(order.total)} → ${formatQ(total)} (lo pidió por WhatsApp)`)
    // 'Avisar por WhatsApp' tells the customer what changed and the new total, never the staff's reason (issue #39 item 7).
    const href = (await sheet.getByRole('link', { name: 'Avisar por WhatsApp' }).getAttribute('href')) ?? ''
    expect(decodeURIComponent(href.split('?text=')[1] ?? '')).toStartWith(`Tu pedido #${order.number} cambió: agregó 1 Horchata (Mediano)\nTotal: ${formatQ(total)}\n\nSigue tu pedido: `)
  })

  test("the open tracking page shows the horchata and 'Actualizado' by itself, without a reload", async () => {
    const { page } = customer
    await page.waitForFunction(() => document.querySelector('[data-testid="tracking-lines"]')?.textContent?.includes('Horchata'), undefined, { timeout: 10_000 })
    expect(await page.getByTestId('tracking-changes').textContent()).toMatch(/Actualizado \d{1,2}:\d{2}/)
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
    await settled(page)
    await screenshot(page, 'edit-tracking-390')
  })

  test("the ticket printed again reads 'MODIFICADO', with the change's time and what it did", async () => {
    const { page } = staff
    const ticket = await browser.newPage({ width: 302, height: 900 })
    await ticket.page.goto(url(`/admin/pedidos/${order.id}/ticket`))
    const text = (await ticket.page.locator('body').innerText()).replace(/\s+/g, ' ')
    expect(text).toMatch(/MODIFICADO \d{1,2}:\d{2} Agregó 1 Horchata \(Mediano\)/)
    expect(text.indexOf('MODIFICADO')).toBeLessThan(text.indexOf(`Pedido #${order.number}`))
    expect(text).toContain('1 x Horchata (Mediano)')
    await screenshot(ticket.page, 'edit-ticket')
    // Printed to paper as the kiosk does: one page, as long as the order.
    const pdf = await getDocumentProxy(new Uint8Array(await ticket.page.pdf({ preferCSSPageSize: true })))
    expect(pdf.numPages).toBe(1)
    expect(takeProblems(ticket)).toEqual([])
    await ticket.page.close()
    expect(page.url()).toContain('/admin/pedidos')
  })
})

describe('the changed order at 1280 px', () => {
  test('the detail lists the change with who and when; the board shows it modified', async () => {
    const laptop = await browser.newPage(LAPTOP)
    const { page } = laptop
    await page.goto(url('/admin/pedidos'))
    await page.getByText('● En vivo').waitFor()
    await page.getByRole('button', { name: new RegExp(`^Pedido #${order.number} `) }).click()
    const sheet = page.getByRole('dialog', { name: `Pedido #${order.number}` })
    await sheet.getByTestId('order-change').waitFor()
    expect(await sheet.getByTestId('changed-badge').textContent()).toMatch(/^Modificado \d{1,2}:\d{2}$/)
    await settled(page)
    await screenshot(page, 'edit-detail-1280')
    // The editor at the laptop's width, for the record.
    await sheet.getByRole('button', { name: 'Editar pedido' }).click()
    const editor = page.getByRole('dialog', { name: `Editar pedido #${order.number}` })
    await editor.getByRole('region', { name: 'Cambios del pedido' }).waitFor()
    // By keyboard: from the title, Tab reaches the horchata's '+', Enter adds one.
    const label = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '')
    for (let i = 0; i < 20 && (await label()) !== 'Agregar uno: Horchata (Mediano)'; i++) await page.keyboard.press('Tab')
    expect(await label()).toBe('Agregar uno: Horchata (Mediano)')
    await page.keyboard.press('Enter')
    const horchata = products.get('Horchata')?.price ?? 0
    await page.waitForFunction((want) => document.querySelector('[data-testid="edit-new-total"]')?.textContent === want, formatQ(order.total + 2 * horchata))
    await settled(page)
    await screenshot(page, 'edit-editor-1280')
    await editor.getByRole('button', { name: 'Cancelar' }).click()
    await sheet.getByRole('button', { name: 'Editar pedido' }).waitFor()
    expect(takeProblems(laptop)).toEqual([])
    await page.close()
  })
})
