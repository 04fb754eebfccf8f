/**
 * After the tap, at 390 px in Chromium against the real server: 'Tus pedidos' remembers the
 * order on the device and 'Repetir pedido' brings its lines back at today's prices, naming
 * the sold-out one; an order for later is scheduled while the restaurant is closed and waits
 * under 'Programados' on the board. Screenshots: e2e/screenshots/after-*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { Product } from '../src/shared/schemas'
import { CAPTURE_OPEN, openedChats } from './support/chat'
import { LAPTOP, PHONE, launchBrowser, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { type AdminApi, adminApi, adminCookie, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let api: AdminApi
let customer: TrackedPage

const shot = async (p: Page, name: string) => {
  await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await p.screenshot({ path: path.join(screenshotDir, `${name}.png`) })
}
const card = (p: Page, name: string) => p.locator('[data-testid="product-card"]', { has: p.getByRole('heading', { name, exact: true }) })

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1' })
  await seed(server.url)
  api = adminApi(server.url, await adminCookie(server.url))
  browser = await launchBrowser()
  customer = await browser.newPage(PHONE)
  await customer.page.addInitScript(CAPTURE_OPEN)
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function openStore(p: Page) {
  await p.goto(`${server.url}/`)
  await p.waitForSelector('html[data-hydrated="true"]')
}

describe("'Tus pedidos' and 'Repetir pedido'", () => {
  test('the order placed is remembered on the device, with its status and link', async () => {
    const { page } = customer
    await openStore(page)
    expect(await page.getByTestId('open-recent-orders').count()).toBe(0)
    await card(page, 'Chilaquiles Clásicos').getByText('Grande', { exact: true }).click()
    await card(page, 'Chilaquiles Clásicos').getByRole('button', { name: 'Agregar Chilaquiles Clásicos' }).click()
    const drawer = page.getByTestId('customize-drawer')
    await drawer.getByText('Salsa Roja', { exact: true }).click()
    await drawer.getByText('Cebolla morada', { exact: true }).click()
    await drawer.getByText('Aguacate', { exact: true }).click()
    await drawer.getByTestId('drawer-confirm').click()
    await drawer.waitFor({ state: 'hidden' })
    await page.getByRole('tab', { name: 'Bebidas' }).click()
    await page.getByRole('button', { name: 'Agregar Horchata' }).click()
    await page.getByRole('button', { name: /Abrir carrito/ }).click()
    const sheet = page.getByTestId('cart-sheet')
    await sheet.getByRole('button', { name: 'Ordenar por WhatsApp' }).click()
    await sheet.getByTestId('order-sent').waitFor()
    await page.keyboard.press('Escape')

    await page.reload()
    await page.waitForSelector('html[data-hydrated="true"]')
    await page.getByTestId('open-recent-orders').click()
    const list = page.getByTestId('recent-orders')
    const first = list.getByTestId('recent-order').first()
    await first.getByText('Pedido #1').waitFor()
    await first.getByText('Estado: Pendiente').waitFor()
    expect(await first.getByRole('link', { name: 'Ver seguimiento' }).getAttribute('href')).toMatch(/^\/pedido\/[A-Za-z0-9_-]{24}$/)
    await shot(page, 'after-tus-pedidos')
    expect(takeProblems(customer)).toEqual([])
  })

  test("'Repetir pedido' puts the plate back as it was and names the drink sold out since", async () => {
    const { page } = customer
    const products = (await (await api('/api/products')).json()) as Product[]
    const horchata = products.find((p) => p.name === 'Horchata')!
    expect((await api(`/api/products/${horchata.id}/availability`, { method: 'PATCH', json: { available: false } })).status).toBe(200)
    const list = page.getByTestId('recent-orders')
    await list.getByRole('button', { name: 'Repetir pedido' }).first().click()
    const outcome = page.getByTestId('repeat-outcome')
    await outcome.waitFor()
    expect(await outcome.innerText()).toContain('Agregamos 1 producto del pedido #1 a tu carrito')
    expect(await outcome.innerText()).toContain('No agregamos: Horchata (agotado).')
    await shot(page, 'after-repetir-pedido')
    await outcome.getByRole('button', { name: 'Ver carrito' }).click()
    const cart = page.getByTestId('cart-sheet')
    const lines = cart.getByTestId('cart-line')
    await lines.first().waitFor()
    expect(await lines.count()).toBe(1)
    const text = await lines.first().innerText()
    for (const part of ['Chilaquiles Clásicos (Grande)', 'Salsa: Salsa Roja', 'Extras: Aguacate', 'Sin: Cebolla morada']) expect(text).toContain(part)
    await shot(page, 'after-carrito-repetido')
    await page.keyboard.press('Escape')
    await api(`/api/products/${horchata.id}/availability`, { method: 'PATCH', json: { available: true } })
    expect(takeProblems(customer)).toEqual([])
  })
})

describe('an order for later while the restaurant is closed', () => {
  test("the sheet offers 'Programar'; the chat says when; the board keeps it under 'Programados'", async () => {
    // Open every day from two hours from now, for three hours (Guatemala time): closed now.
    const hm = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Guatemala', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d)
    const opens = hm(new Date(Date.now() + 2 * 3600_000)).slice(0, 3) + '00'
    const closes = hm(new Date(Date.now() + 5 * 3600_000)).slice(0, 3) + '00'
    const range = [{ open: opens, close: closes }]
    const week = { mon: range, tue: range, wed: range, thu: range, fri: range, sat: range, sun: range }
    expect((await api('/api/opening-hours', { method: 'PUT', json: { timezone: 'America/Guatemala', week, closedDates: [], paused: false } })).status).toBe(200)
    expect((await api('/api/order-settings', { method: 'PUT', json: { preparationMinutes: 20, scheduling: { enabled: true, daysAhead: 1, slotMinutes: 30, maxOrdersPerSlot: null } } })).status).toBe(200)

    const { page } = customer
    await openStore(page)
    expect(await page.getByTestId('store-status').innerText()).toContain('Puedes programar tu pedido')
    await page.getByRole('tab', { name: 'Bebidas' }).click()
    await page.getByRole('button', { name: 'Agregar Horchata' }).click()
    await page.getByRole('button', { name: /Abrir carrito/ }).click()
    const sheet = page.getByTestId('cart-sheet')
    const when = sheet.getByTestId('when-picker')
    await when.getByRole('radiogroup', { name: 'Hora' }).waitFor()
    expect(await when.getByRole('radio', { name: /Lo antes posible/ }).isDisabled()).toBe(true)
    expect(await when.getByRole('radio', { name: /Programar/ }).isChecked()).toBe(true)
    const second = when.getByRole('radiogroup', { name: 'Hora' }).getByRole('radio').nth(1)
    const time = (await second.textContent()) ?? ''
    await second.click()
    expect(await second.getAttribute('aria-checked')).toBe('true')
    await when.scrollIntoViewIfNeeded()
    await shot(page, 'after-cuando-cerrado')
    await sheet.getByRole('button', { name: 'Ordenar por WhatsApp' }).click()
    await sheet.getByTestId('order-sent').waitFor()
    const chat = (await openedChats(page)).at(-1) ?? ''
    const text = decodeURIComponent(chat.split('?text=')[1] ?? '')
    expect(text).toMatch(new RegExp(`Para: (hoy|mañana) ${time}`))
    console.log(`scheduled chat text:\n${text}`)
    await page.keyboard.press('Escape')
    expect(takeProblems(customer)).toEqual([])

    const [cookieName, cookieValue] = (await adminCookie(server.url)).split('=')
    await browser.context.addCookies([{ name: cookieName ?? '', value: cookieValue ?? '', url: server.url }])
    for (const [size, name] of [
      [PHONE, 'after-programados-390'],
      [LAPTOP, 'after-programados-1280'],
    ] as const) {
      const board = await browser.newPage(size)
      await board.page.goto(`${server.url}/admin/pedidos`)
      await board.page.getByRole('tab', { name: /^Programados \(1\)$/ }).click()
      const row = board.page.getByRole('button', { name: /^Pedido #\d+ / }).first()
      await row.getByTestId('scheduled-badge').waitFor()
      expect(await row.getByTestId('scheduled-badge').innerText()).toMatch(new RegExp(`Para (hoy|mañana) ${time}`))
      expect(await board.page.getByRole('tab', { name: /^Activos/ }).innerText()).toBe('Activos (1)') // the repeated order's one
      await shot(board.page, name)
      expect(takeProblems(board)).toEqual([])
      await board.page.close()
    }
  })

  test("open again: 'Lo antes posible' with today's estimate, 'Programar' beside it", async () => {
    expect((await api('/api/opening-hours', { method: 'PUT', json: { timezone: 'America/Guatemala', week: null, closedDates: [], paused: false } })).status).toBe(200)
    const { page } = customer
    await openStore(page)
    await page.getByRole('tab', { name: 'Bebidas' }).click()
    await page.getByRole('button', { name: 'Agregar Horchata' }).click()
    await page.getByRole('button', { name: /Abrir carrito/ }).click()
    const when = page.getByTestId('cart-sheet').getByTestId('when-picker')
    await when.getByText('Listo en unos 20 min').waitFor()
    expect(await when.getByRole('radio', { name: /Lo antes posible/ }).isChecked()).toBe(true)
    await shot(page, 'after-cuando-abierto')
    await page.keyboard.press('Escape')
  })
})
