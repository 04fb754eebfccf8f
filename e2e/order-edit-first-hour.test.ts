/**
 * 'Editar pedido' as staff met it in the new features' first hour (issue #40, items 3 and 5), in
 * real Chromium against the real server (real clock), at 390 and 1280 px.
 *
 * 3. The new total before saving is the server's own figure: an order placed with a code that asks
 *    for the customer's WhatsApp ('VIERNES15', once per phone) and a 2x1 on drinks gets one more
 *    Horchata; the editor shows the subtotal, each discount and the total that 'Guardar' then
 *    records, never 'aprox.', and no note to the customer about their WhatsApp (it is on the order).
 * 5. What the order cannot have at its time is not offered: tostadas whose portions of the day are
 *    gone ('Agotado por hoy'), a breakfast outside its category's hours and a dish outside its own
 *    ('Disponible de … a …', 'Fuera de horario'), none with an 'Agregar'.
 * Screenshots: e2e/screenshots/edit-first-hour-*.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'
import type { Order, Product } from '../src/shared/schemas'
import { type ServiceWindow, windowsLabel } from '../src/shared/service-windows'
import type { CheckoutAnswer } from '../src/shared/tracking'
import { LAPTOP, launchBrowser, PHONE, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { type AdminApi, adminApi, adminCookie, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let api: AdminApi
let staff: TrackedPage
let order: CheckoutAnswer
const products = new Map<string, Product>()

const url = (p: string) => `${server.url}${p}`
const id = (name: string) => products.get(name)?.id ?? 0
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6]
/** Minutes since midnight in Guatemala (UTC-6, no daylight saving), `offset` minutes from now. */
const guatemalaMinute = (offset: number) => (((Math.floor((Date.now() - 6 * 3600_000) / 60_000) + offset) % 1440) + 1440) % 1440
const hhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
/** An hour that starts `hours` from now: never the time an order placed now is for (now plus 20 minutes). */
const laterWindow = (hours: number): ServiceWindow[] => [{ days: EVERY_DAY, from: hhmm(guatemalaMinute(hours * 60)), to: hhmm(guatemalaMinute(hours * 60 + 60)) }]
const BREAKFAST = laterWindow(3)
const PUPUSAS = laterWindow(5)

async function checkout(body: Record<string, unknown>): Promise<CheckoutAnswer> {
  const res = await fetch(url('/api/checkout'), { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ fulfilment: 'pickup', payment: 'efectivo', ...body }) })
  expect({ status: res.status, body: res.status === 201 ? null : await res.text() }).toEqual({ status: 201, body: null })
  return (await res.json()) as CheckoutAnswer
}

async function post(pathname: string, json: unknown) {
  const res = await api(pathname, { method: 'POST', json })
  expect({ status: res.status, body: res.status === 201 ? null : await res.text() }).toEqual({ status: 201, body: null })
  return res.json()
}

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  api = adminApi(server.url, await adminCookie(server.url))
  // The Friday afternoon's menu: a breakfast section with its hours, tostadas limited to 3 a day,
  // pupusas served at their own hours; a 2x1 on drinks, and a code once per customer's WhatsApp.
  await post('/api/categories', { slug: 'desayunos', name: 'Desayunos', description: 'Para empezar el día', windows: BREAKFAST })
  await post('/api/categories', { slug: 'antojitos', name: 'Antojitos', description: 'Para compartir' })
  const dish = { description: 'De la casa', priceGrande: null, availableSauces: [], baseIngredientIds: [], extraIngredientIds: [], optionGroupIds: [] }
  await post('/api/products', { ...dish, name: 'Desayuno chapín', category: 'desayunos', price: 45 })
  await post('/api/products', { ...dish, name: 'Tostadas', category: 'antojitos', price: 25, dailyLimit: 3 })
  await post('/api/products', { ...dish, name: 'Pupusas', category: 'antojitos', price: 30, windows: PUPUSAS })
  await post('/api/promotions', { name: '2x1 en bebidas', kind: 'buyXgetY', buy: 2, free: 1, appliesTo: { categories: ['bebidas'] } })
  await post('/api/promotions', { name: 'Viernes de clientes', code: 'VIERNES15', kind: 'percent', value: 15, maxUsesPerPhone: 1 })
  for (const p of (await (await api('/api/products')).json()) as Product[]) products.set(p.name, p)
  await post('/api/admin/users', { username: 'caja', password: 'caja-12345', role: 'staff' })

  // The day's three tostadas, sold.
  await checkout({ items: [{ productId: id('Tostadas'), size: 'mediano', quantity: 3 }], customerName: 'Luis', customerPhone: '5555 9876' })
  // The order the customer then changes in the chat: two horchatas (2x1) and a flan, with the code.
  order = await checkout({
    items: [
      { productId: id('Horchata'), size: 'mediano', quantity: 2 },
      { productId: id('Flan de cajeta'), size: 'mediano', quantity: 1 },
    ],
    customerName: 'Ana López',
    customerPhone: '5555 1234',
    promoCode: 'VIERNES15',
  })
  expect(order.discounts.map((d) => d.code ?? d.name).sort()).toEqual(['2x1 en bebidas', 'VIERNES15'])

  browser = await launchBrowser()
  staff = await browser.newPage(PHONE)
  const { page } = staff
  await page.goto(url('/login'))
  await page.getByLabel('Usuario').fill('caja')
  await page.getByLabel('Contraseña').fill('caja-12345')
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click()
  await page.waitForURL(url('/admin'))
}, 60_000)

afterEach(() => {
  expect(takeProblems(staff)).toEqual([])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** Waits for the sheets and drawers to finish sliding in: a screenshot shows them where they rest. */
const settled = (page: Page) => page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))))
const shot = async (page: Page, name: string) => {
  await settled(page)
  await page.screenshot({ path: path.join(screenshotDir, `edit-first-hour-${name}.png`) })
}

/** The order's 'Editar pedido', from the board. */
async function openEditor(page: Page): Promise<Locator> {
  await page.goto(url('/admin/pedidos'))
  await page.getByText('● En vivo').waitFor()
  await page.getByRole('button', { name: new RegExp(`^Pedido #${order.number} `) }).click()
  await page.getByRole('dialog', { name: `Pedido #${order.number}` }).getByRole('button', { name: 'Editar pedido' }).click()
  const editor = page.getByRole('dialog', { name: `Editar pedido #${order.number}` })
  await editor.getByRole('region', { name: 'Cambios del pedido' }).waitFor()
  return editor
}

/** The picker's row of a dish. */
const row = (editor: Locator, name: string) => editor.getByTestId('picker-product').filter({ has: editor.page().getByText(name, { exact: true }) })

/** The dishes the order cannot have now say why, as the storefront does, and offer no 'Agregar'. */
async function expectNotOffered(editor: Locator) {
  await row(editor, 'Tostadas').getByText('Agotado por hoy').waitFor()
  for (const [name, windows] of [['Desayuno chapín', BREAKFAST], ['Pupusas', PUPUSAS]] as const) {
    const dish = row(editor, name)
    expect(await dish.getByTestId('picker-hours').textContent()).toBe(windowsLabel(windows))
    expect(await dish.getByText('Fuera de horario').count()).toBe(1)
  }
  for (const name of ['Tostadas', 'Desayuno chapín', 'Pupusas']) expect(await editor.getByRole('button', { name: `Agregar ${name}` }).count()).toBe(0)
  // What can be had still can.
  expect(await editor.getByRole('button', { name: 'Agregar Horchata' }).count()).toBe(1)
}

/** The figures the editor shows once the server has answered for the edit as it is. */
async function previewed(page: Page, editor: Locator) {
  await editor.getByTestId('edit-new-total').waitFor()
  await page.waitForFunction(() => !document.querySelector('[data-testid="edit-total"] [aria-busy="true"]'))
  return (await editor.getByTestId('edit-total').innerText()).replace(/\s+/g, ' ')
}

describe("'Editar pedido' on a phone (390 px)", () => {
  test('sold-out tostadas, a breakfast and pupusas outside their hours show why and cannot be added', async () => {
    const { page } = staff
    const editor = await openEditor(page)
    await editor.getByRole('button', { name: 'Agregar producto' }).click()
    await expectNotOffered(editor)
    await row(editor, 'Tostadas').scrollIntoViewIfNeeded()
    await shot(page, 'picker-390')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  })

  test("one more Horchata: the new total shown is the one 'Guardar' records (a 2x1 and a code that asks for the WhatsApp on file), never 'aprox.'", async () => {
    const { page } = staff
    const editor = page.getByRole('dialog', { name: `Editar pedido #${order.number}` })
    await editor.getByRole('searchbox', { name: 'Buscar en el menú' }).fill('horchata')
    await editor.getByRole('button', { name: 'Agregar Horchata' }).click()
    await editor.getByText('Se agregó Horchata').waitFor()
    await editor.getByRole('button', { name: 'Listo' }).click()
    const figures = await previewed(page, editor)
    expect(figures).not.toContain('aprox.')
    expect(figures).not.toContain('WhatsApp')
    expect(figures).not.toContain('se calcula al guardar')
    expect(await editor.getByTestId('edit-discount').allTextContents()).toHaveLength(2)
    await shot(page, 'total-390')
    const shown = await editor.getByTestId('edit-new-total').textContent()
    const subtotal = await editor.getByTestId('edit-subtotal').textContent()
    const discounts = await editor.getByTestId('edit-discount').allTextContents()

    await editor.getByRole('button', { name: 'Guardar cambios' }).click()
    await page.getByText(`Pedido #${order.number} actualizado`).first().waitFor()
    const saved = ((await (await api(`/api/orders?limit=1&before=${order.number + 1}`)).json()) as Order[])[0]
    expect(saved?.items.find((l) => l.name === 'Horchata')?.quantity).toBe(3)
    // The figure shown before saving is the figure recorded, to the quetzal.
    expect({ total: shown, subtotal, discounts }).toEqual({
      total: `Q${saved?.total}`,
      subtotal: `Q${saved?.subtotal}`,
      discounts: (saved?.discounts ?? []).map((d) => `Descuento (${d.code ?? d.name})-Q${d.amount}`),
    })
  })
})

describe("'Editar pedido' on a laptop (1280 px)", () => {
  test('the same dishes say why they cannot be added; a change shows the server’s subtotal, discounts and total', async () => {
    const laptop = await browser.newPage(LAPTOP)
    const { page } = laptop
    const editor = await openEditor(page)
    await editor.getByRole('button', { name: 'Agregar producto' }).click()
    await expectNotOffered(editor)
    await row(editor, 'Desayuno chapín').scrollIntoViewIfNeeded()
    await shot(page, 'picker-1280')
    await editor.getByRole('button', { name: 'Agregar uno: Flan de cajeta (Mediano)' }).click()
    const figures = await previewed(page, editor)
    expect(figures).not.toContain('aprox.')
    await shot(page, 'editor-1280')
    // What the server would record with a second flan, asked the same way, nothing saved.
    const before = ((await (await api(`/api/orders?limit=1&before=${order.number + 1}`)).json()) as Order[])[0]
    expect(await editor.getByTestId('edit-new-total').textContent()).not.toBe(`Q${before?.total}`)
    await editor.getByRole('button', { name: 'Cancelar' }).click()
    const after = ((await (await api(`/api/orders?limit=1&before=${order.number + 1}`)).json()) as Order[])[0]
    expect(after?.changes.length).toBe(before?.changes.length)
    expect(after?.total).toBe(before?.total)
    expect(takeProblems(laptop)).toEqual([])
    await page.close()
  })
})
