/**
 * The Pedidos board as an owner reads it (issue #30), measured in real Chromium at 1280x800
 * and 390x844 with orders for now and for later on the board:
 *  - the header: the 'En vivo' badge never covers the title, the subtitle never wraps a word
 *    a line (the toolbar goes below the title when there is no room);
 *  - the tabs: each one reads its whole label ('Todos (5)'), none clipped or scrolled away;
 *  - the counters say what the tabs hold: 'Pedidos Pendientes' and 'En Proceso' count the
 *    cards of 'Activos', orders for later are counted apart, under 'Programados';
 *  - the detail: a delivery order's next step says 'En camino' as the customer's page does,
 *    the phone dials internationally, and 'Avisar por WhatsApp' says when an order for later is for.
 * Screenshots: e2e/screenshots/pedidos-1280.png, pedidos-390.png.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'
import type { CoverageZone, Ingredient, Order, Product } from '../src/shared/schemas'
import { LAPTOP, launchBrowser, PHONE, screenshotDir, takeProblems, type Browser } from './support/browser'
import { adminApi, adminCookie, type AdminApi, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let api: AdminApi
const placed: Order[] = []
/** The orders for later, soonest first. */
const later: Order[] = []
let delivery: Order

type Box = { x: number; y: number; width: number; height: number }
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox()
  if (!found) throw new Error(`no box for ${String(locator)}`)
  return found
}

/** POST /api/checkout as the storefront sends it (public, no cookie). */
async function checkout(body: unknown): Promise<Order> {
  const res = await fetch(`${server.url}/api/checkout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (res.status !== 201) throw new Error(`checkout ${res.status}: ${await res.text()}`)
  return (await res.json()) as Order
}

async function move(order: Order, ...statuses: string[]) {
  for (const status of statuses) expect((await api(`/api/orders/${order.id}/status`, { method: 'PATCH', json: { status } })).status).toBe(200)
}

/** Slots at least an hour after now (well past the preparation time: still 'Programados'), today's then tomorrow's. */
async function laterSlots(): Promise<string[]> {
  const found: string[] = []
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guatemala' }).format(new Date())
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guatemala' }).format(new Date(Date.now() + 86_400_000))
  for (const date of [today, tomorrow]) {
    const { slots } = (await (await fetch(`${server.url}/api/order-slots?date=${date}`)).json()) as { slots: { time: string; available: boolean }[] }
    for (const slot of slots) if (slot.available) found.push(`${date}T${slot.time}`)
  }
  const hourFromNow = Date.now() + 3600_000
  // Guatemala is UTC-6 all year.
  return found.filter((at) => Date.parse(`${at}:00-06:00`) > hourFromNow)
}

async function shot(p: Page, name: string) {
  await p.mouse.move(1, 400)
  await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await p.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true })
}

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  api = adminApi(server.url, await adminCookie(server.url))
  const products = new Map(((await (await api('/api/products')).json()) as Product[]).map((p) => [p.name, p.id]))
  const ingredients = new Map(((await (await api('/api/ingredients')).json()) as Ingredient[]).map((i) => [i.name, i.id]))
  const zone = (await (await api('/api/coverage-zones', { method: 'POST', json: { name: 'Zona 10', deliveryCost: 15, estimatedTime: '30-45 min' } })).json()) as CoverageZone
  expect((await api('/api/order-settings', { method: 'PUT', json: { preparationMinutes: 20, scheduling: { enabled: true, daysAhead: 1, slotMinutes: 30, maxOrdersPerSlot: null } } })).status).toBe(200)
  const chilaquiles = { productId: products.get('Chilaquiles Clásicos'), size: 'mediano', quantity: 1, customization: { sauceId: ingredients.get('Salsa Roja') } }
  const horchata = { productId: products.get('Horchata'), size: 'mediano', quantity: 2 }
  const slots = await laterSlots()
  const [soon, afterThat] = [slots[0], slots[2] ?? slots[1]]
  if (!soon || !afterThat) throw new Error(`no slots for later: ${slots.join(', ')}`)

  // For now: one waiting, one being made (delivery), one delivered today (a point-of-sale one).
  placed.push(await checkout({ items: [chilaquiles], fulfilment: 'pickup', customerName: 'Ana López', customerPhone: '5555 1234', payment: 'efectivo' }))
  delivery = await checkout({
    items: [chilaquiles, horchata],
    fulfilment: 'delivery',
    zoneId: zone.id,
    address: '5a avenida 10-20, zona 10',
    customerName: 'Carlos Estuardo Hernández Morales',
    customerPhone: '4444 9876',
    payment: 'tarjeta',
  })
  placed.push(delivery)
  await move(delivery, 'confirmed', 'preparing')
  const pos = (await (await api('/api/orders', { method: 'POST', json: { customerName: 'Mesa 4', items: [{ name: 'Horchata', quantity: 3, price: 20 }] } })).json()) as Order
  await move(pos, 'confirmed', 'preparing', 'ready', 'delivered')
  placed.push(pos)
  // For later: one waiting, one already confirmed.
  later.push(await checkout({ items: [horchata], fulfilment: 'pickup', customerName: 'María José', customerPhone: '3333 2222', payment: 'efectivo', scheduledFor: soon }))
  later.push(await checkout({ items: [chilaquiles], fulfilment: 'pickup', customerName: 'Luis Pérez', payment: 'tarjeta', scheduledFor: afterThat }))
  await move(later[1] as Order, 'confirmed')
  placed.push(...later)

  browser = await launchBrowser()
  const [name, value] = (await adminCookie(server.url)).split('=')
  await browser.context.addCookies([{ name: name ?? '', value: value ?? '', url: server.url }])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const counter = (p: Page, title: string) => p.locator('dt', { hasText: title }).locator('xpath=following-sibling::dd')
const cards = (p: Page) => p.getByRole('tabpanel').getByRole('list', { name: 'Pedidos' }).locator(':scope > li')

for (const [size, name] of [
  [LAPTOP, 'pedidos-1280'],
  [PHONE, 'pedidos-390'],
] as const) {
  describe(`Pedidos at ${size.width}x${size.height}`, () => {
    test('the header, the tabs and the counters read whole and agree with the lists', async () => {
      const tracked = await browser.newPage(size)
      const page = tracked.page
      await page.goto(`${server.url}/admin/pedidos`)
      await page.getByText('● En vivo').waitFor()
      await page.getByRole('tab', { name: /^Activos \(\d+\)$/ }).waitFor()
      await page.getByRole('tab', { name: /^Todos \(\d+\)$/ }).waitFor()
      await cards(page).first().waitFor()
      await shot(page, name)

      // The header: the live badge beside or below the title, never over it; the subtitle in at most two lines.
      const title = page.getByRole('heading', { level: 1, name: 'Pedidos' })
      const live = page.getByText('● En vivo')
      expect(intersects(await box(live), await box(title))).toBe(false)
      const subtitle = page.getByText('Gestiona los pedidos de tus clientes')
      const lineHeight = await subtitle.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight))
      expect((await box(subtitle)).height).toBeLessThanOrEqual(2 * lineHeight + 1)
      const words = await subtitle.evaluate((el) => {
        // Each word's own box: a word a line means as many line tops as words.
        const range = document.createRange()
        range.selectNodeContents(el)
        return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size
      })
      expect(words).toBeLessThanOrEqual(2)

      // The tabs: whole labels, nothing clipped, each one inside the visible strip.
      const tablist = page.getByRole('tablist')
      const strip = await box(tablist)
      const expected = ['Activos (2)', 'Programados (2)', `Todos (${placed.length})`]
      const tabs = tablist.getByRole('tab')
      expect(await tabs.count()).toBe(expected.length)
      for (const [i, label] of expected.entries()) {
        const tab = tabs.nth(i)
        expect(await tab.innerText()).toBe(label)
        expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
        const b = await box(tab)
        expect(b.x).toBeGreaterThanOrEqual(strip.x - 0.5)
        expect(b.x + b.width).toBeLessThanOrEqual(Math.min(strip.x + strip.width, size.width) + 0.5)
      }

      // The counters equal the cards: 'Activos' holds the pending and in-progress orders for now.
      const statuses = async () => Promise.all((await cards(page).all()).map((li) => li.innerText()))
      const activeCards = await statuses()
      expect(activeCards.length).toBe(2)
      const pending = activeCards.filter((text) => /\bPendiente\b/.test(text)).length
      expect(Number(await counter(page, 'Pedidos Pendientes').textContent())).toBe(pending)
      expect(Number(await counter(page, 'En Proceso').textContent())).toBe(activeCards.length - pending)
      expect(Number(await counter(page, 'Completados Hoy').textContent())).toBe(1)
      await tabs.nth(1).click()
      await cards(page).first().waitFor()
      expect((await statuses()).length).toBe(later.length)
      expect((await statuses()).every((text) => text.includes('Para '))).toBe(true)
      await tabs.nth(2).click()
      await page.getByRole('button', { name: 'Mostrar más' }).or(cards(page).nth(placed.length - 1)).first().waitFor()
      expect((await statuses()).length).toBe(placed.length)
      expect(takeProblems(tracked)).toEqual([])
      await page.close()
    })
  })
}

describe('the order detail', () => {
  test("a delivery order's next step is 'En camino'; the phone dials +502; the notice of an order for later says when", async () => {
    const tracked = await browser.newPage(PHONE)
    const page = tracked.page
    await page.goto(`${server.url}/admin/pedidos`)
    await page.getByRole('button', { name: new RegExp(`^Pedido #${delivery.number} `) }).click()
    const sheet = page.getByRole('dialog', { name: `Pedido #${delivery.number}` })
    await sheet.getByRole('button', { name: 'Marcar como En camino' }).waitFor()
    expect(await sheet.getByRole('link', { name: /4444 9876/ }).getAttribute('href')).toBe('tel:+50244449876')
    await sheet.getByRole('button', { name: 'Marcar como En camino' }).click()
    await sheet.getByRole('button', { name: 'Marcar como Entregado' }).waitFor()
    expect(await sheet.getByText('En camino', { exact: true }).count()).toBeGreaterThan(0)
    await sheet.getByRole('button', { name: 'Cerrar' }).click()
    await sheet.waitFor({ state: 'hidden' })

    const [forLater] = later
    if (!forLater?.scheduledFor) throw new Error('no order for later')
    await page.getByRole('tab', { name: /^Programados/ }).click()
    await page.getByRole('button', { name: new RegExp(`^Pedido #${forLater.number} `) }).click()
    const later1 = page.getByRole('dialog', { name: `Pedido #${forLater.number}` })
    const href = (await later1.getByRole('link', { name: 'Avisar por WhatsApp' }).getAttribute('href')) ?? ''
    const words = decodeURIComponent(href.split('?text=')[1] ?? '')
    const time = forLater.scheduledFor.slice(11)
    expect(words).toMatch(new RegExp(`^Recibimos tu pedido #${forLater.number}\\nPara: (hoy|mañana) ${Number(time.slice(0, 2))}:${time.slice(3)}\\n`))
    expect(takeProblems(tracked)).toEqual([])
    await page.close()
  })
})
