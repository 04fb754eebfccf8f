/**
 * Option groups (issue #32) on a 390 px phone, in real Chromium against the real server: an
 * administrator creates a required 'Leche' through the API and a drink that asks for it; the
 * customer's drawer says why its button waits, the total follows the choice, the cart keeps
 * the option through a reload, the chat text, the kitchen ticket and the tracking page say
 * 'Leche: Almendra (+Q5)'. A plate of chilaquiles keeps the SPEC's drawer with three groups
 * below it. Screenshots: e2e/screenshots/phone-options-*.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { ticketPath } from '../src/shared/admin-routes'
import type { OptionGroup } from '../src/shared/options'
import type { Order, Product } from '../src/shared/schemas'
import { launchBrowser, PHONE, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { adminApi, adminCookie, type AdminApi, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let t: TrackedPage
let api: AdminApi
let cookie: string

async function createGroup(body: object): Promise<OptionGroup> {
  const res = await api('/api/option-groups', { method: 'POST', json: body })
  expect(res.status).toBe(201)
  return (await res.json()) as OptionGroup
}

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  cookie = await adminCookie(server.url)
  api = adminApi(server.url, cookie)
  const leche = await createGroup({ name: 'Leche', min: 1, max: 1, options: [{ name: 'Entera', price: 0 }, { name: 'Deslactosada', price: 0 }, { name: 'Almendra', price: 5, priceGrande: 7 }, { name: 'Avena', price: 6, available: false }] })
  const proteina = await createGroup({ name: 'Proteína', min: 1, max: 1, options: [{ name: 'Pollo', price: 10, isDefault: true }, { name: 'Res', price: 15 }, { name: 'Huevo', price: 0 }] })
  const huevo = await createGroup({ name: 'Huevo', min: 0, max: 1, options: [{ name: 'Estrellado', price: 6 }, { name: 'Revuelto', price: 6 }] })
  const toppings = await createGroup({
    name: 'Toppings',
    min: 0,
    max: 2,
    options: [{ name: 'Jalapeños', price: 0, isDefault: true }, { name: 'Queso extra', price: 5 }, { name: 'Chicharrón', price: 8 }, { name: 'Tocino', price: 10, available: false }],
  })
  const drink = await api('/api/products', {
    method: 'POST',
    json: { name: 'Café con leche', description: 'Café de olla con la leche que prefieras', category: 'bebidas', price: 20, priceGrande: 25, optionGroupIds: [leche.id] },
  })
  expect(drink.status).toBe(201)
  const menu = (await (await api('/api/products')).json()) as Product[]
  const { id, ...supremos } = menu.find((p) => p.name === 'Chilaquiles Supremos')!
  expect((await api(`/api/products/${id}`, { method: 'PUT', json: { ...supremos, optionGroupIds: [proteina.id, huevo.id, toppings.id] } })).status).toBe(200)

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
const drawer = (page: Page) => page.getByTestId('customize-drawer')
const sheet = (page: Page) => page.getByTestId('cart-sheet')
const badge = (page: Page) => page.getByTestId('cart-badge')
/** The viewport as the customer sees it, once the drawer or sheet has finished sliding in. */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) })
}

async function axeViolations(page: Page) {
  // Evaluated through the DevTools protocol, not as an inline <script>, which the page's CSP rightly refuses.
  const source = await Bun.file(path.resolve(import.meta.dir, '../node_modules/axe-core/axe.min.js')).text()
  await page.evaluate(source)
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe
    return axe.run(document, { resultTypes: ['violations'] })
  })
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

describe('option groups on a phone (390 px)', () => {
  test("a drink with a required milk: the button says why it waits; the total follows the choice", async () => {
    const { page } = t
    await page.getByRole('tab', { name: 'Bebidas' }).click()
    await card(page, 'Café con leche').getByRole('button', { name: 'Agregar Café con leche' }).click()
    const d = drawer(page)
    const leche = d.locator('[data-testid="option-group"][data-group="Leche"]')
    await leche.waitFor()
    // Only its group: the SPEC's plate choices are for chilaquiles.
    expect(await d.getByText('Salsa por aparte').count()).toBe(0)
    expect(await leche.getByText('Elige 1').isVisible()).toBe(true)
    expect(await leche.getByText('Obligatorio').isVisible()).toBe(true)
    expect(await leche.getByRole('radio', { name: /Avena/ }).isDisabled()).toBe(true)
    expect(await leche.getByRole('radio', { name: /Avena/ }).locator('..').innerText()).toContain('Agotado')
    const button = d.getByTestId('drawer-confirm')
    expect(await button.getAttribute('aria-disabled')).toBe('true')
    expect(await d.getByTestId('drawer-reason').textContent()).toBe('Elige una opción de Leche')
    expect(await d.getByTestId('drawer-total').textContent()).toBe('Q20')
    await shot(page, 'phone-options-one-group')
    expect(await axeViolations(page)).toEqual([])

    // A tap on the waiting button (aria-disabled: Playwright would wait for it to be enabled) adds nothing: it takes the customer to the group.
    await button.click({ force: true })
    expect(await badge(page).count()).toBe(0)
    expect(await leche.getByTestId('option-problem').textContent()).toBe('Elige una opción de Leche')
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.closest('label')?.textContent)).toBe('Entera')

    // By keyboard: the arrows move through the radios, the price follows.
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    expect(await leche.getByRole('radio', { name: /Almendra/ }).isChecked()).toBe(true)
    expect(await d.getByTestId('drawer-total').textContent()).toBe('Q25')
    expect(await button.getAttribute('aria-disabled')).toBeNull()
    await leche.getByText('Entera', { exact: true }).click()
    expect(await d.getByTestId('drawer-total').textContent()).toBe('Q20')
    await leche.getByText('Almendra', { exact: true }).click()
    expect(await d.getByTestId('drawer-total').textContent()).toBe('Q25')
    await shot(page, 'phone-options-one-group-chosen')
    await button.click()
    await d.waitFor({ state: 'hidden' })
    expect(await badge(page).textContent()).toBe('1')
  })

  test("a plate of chilaquiles: the SPEC's drawer, then Proteína, Huevo and Toppings with their rules", async () => {
    const { page } = t
    await page.getByRole('tab', { name: 'Chilaquiles' }).click()
    await card(page, 'Chilaquiles Supremos').getByRole('button', { name: 'Agregar Chilaquiles Supremos' }).click()
    const d = drawer(page)
    await d.getByRole('radio', { name: 'Salsa Verde' }).waitFor()
    expect(await d.getByRole('switch', { name: /Salsa por aparte/ }).count()).toBe(1)
    const groups = d.locator('[data-testid="option-group"]')
    expect(await groups.evaluateAll((list) => list.map((g) => g.getAttribute('data-group')))).toEqual(['Proteína', 'Huevo', 'Toppings'])
    const base = Number((await d.getByTestId('drawer-total').textContent())?.slice(1))
    // Defaults chosen: Pollo (+Q10) and Jalapeños; 'Sin huevo' for the optional 'Elige 1'.
    expect(await d.getByRole('radio', { name: /Pollo/ }).isChecked()).toBe(true)
    expect(await d.getByRole('radio', { name: 'Sin huevo' }).isChecked()).toBe(true)
    await shot(page, 'phone-options-three-groups-top')
    const toppings = d.locator('[data-group="Toppings"]')
    await toppings.scrollIntoViewIfNeeded()
    expect(await toppings.getByTestId('option-count').textContent()).toBe('1 de 2')
    expect(await toppings.getByRole('checkbox', { name: /Tocino/ }).isDisabled()).toBe(true)
    await toppings.getByText('Queso extra', { exact: true }).click()
    expect(await toppings.getByTestId('option-count').textContent()).toBe('2 de 2')
    expect(await toppings.getByRole('checkbox', { name: /Chicharrón/ }).isDisabled()).toBe(true)
    expect(Number((await d.getByTestId('drawer-total').textContent())?.slice(1))).toBe(base + 5)
    await shot(page, 'phone-options-three-groups')
    expect(await axeViolations(page)).toEqual([])
    await d.getByTestId('drawer-confirm').click()
    await d.waitFor({ state: 'hidden' })
    expect(await badge(page).textContent()).toBe('2')
  })

  test('the cart shows each line\'s options and keeps them through a reload', async () => {
    const { page } = t
    await page.reload()
    await page.waitForSelector('html[data-hydrated="true"]')
    await page.getByRole('button', { name: /Abrir carrito/ }).click()
    await sheet(page).getByRole('heading', { name: 'Tu Pedido' }).waitFor()
    const lines = sheet(page).getByTestId('cart-line')
    expect(await lines.count()).toBe(2)
    expect(await lines.nth(0).innerText()).toContain('Leche: Almendra (+Q5)')
    expect(await lines.nth(0).innerText()).toContain('Q25 c/u')
    expect(await lines.nth(1).innerText()).toContain('Proteína: Pollo (+Q10)')
    expect(await lines.nth(1).innerText()).toContain('Toppings: Jalapeños, Queso extra (+Q5)')
    await shot(page, 'phone-options-cart')
  })

  test("the chat text, the recorded order, the kitchen ticket and the tracking page say 'Leche: Almendra (+Q5)'", async () => {
    const { page } = t
    const [popup] = await Promise.all([page.waitForEvent('popup'), sheet(page).getByRole('button', { name: 'Ordenar por WhatsApp' }).click()])
    await popup.waitForURL(/^https:\/\/wa\.me\//)
    const text = new URL(popup.url()).searchParams.get('text') ?? ''
    await popup.close()
    expect(text).toContain('1. Café con leche (Mediano)\n   Leche: Almendra (+Q5)\n   Cantidad: 1\n   Precio: Q25')
    expect(text).toContain('   Proteína: Pollo (+Q10)\n   Toppings: Jalapeños, Queso extra (+Q5)\n   Cantidad: 1')

    const [order] = (await (await api('/api/orders')).json()) as Order[]
    expect(order?.items[0]?.options).toEqual([expect.objectContaining({ group: 'Leche', name: 'Almendra', price: 5 })])
    expect(order?.items[0]?.price).toBe(25)

    const ticket = await (await fetch(`${server.url}${ticketPath(order!.id)}`, { headers: { cookie } })).text()
    expect(ticket.replace(/<[^>]+>/g, ' ')).toContain('Almendra')
    expect(ticket.replace(/<[^>]+>/g, ' ')).toContain('Leche')

    await page.goto(`${server.url}/pedido/${order?.trackingToken}`)
    expect(await page.getByTestId('tracking-lines').innerText()).toContain('Leche: Almendra (+Q5)')
  })
})
