/**
 * Reportes as the owner reads it (issue #30), measured in Chromium against the real server:
 * 'Ventas' counts what was confirmed for the day, 'Por confirmar' says apart what still
 * waits, and an order for tomorrow is tomorrow's. At 390 px the page does not scroll
 * sideways (a wide table scrolls inside its card) and the chart's labels keep a readable size
 * without touching. Screenshots: e2e/screenshots/reportes-390.png, reportes-1280.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { Order, Product } from '../src/shared/schemas'
import { LAPTOP, PHONE, launchBrowser, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { type AdminApi, adminApi, adminCookie, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let api: AdminApi
let admin: TrackedPage
const url = (p: string) => `${server.url}${p}`
const shot = async (p: Page, name: string) => {
  await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await p.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true })
}

/** The restaurant's day `offset` days from now, "YYYY-MM-DD". */
const storeDay = (offset: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guatemala' }).format(new Date(Date.now() + offset * 86_400_000))

let peer = 0
async function checkout(product: Product, quantity: number, extra: Record<string, unknown> = {}): Promise<Order> {
  const res = await fetch(url('/api/checkout'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': `10.1.0.${++peer}` },
    body: JSON.stringify({ items: [{ productId: product.id, size: 'mediano', quantity }], fulfilment: 'pickup', customerName: `Cliente ${peer}`, customerPhone: `5555 20${String(peer).padStart(2, '0')}`, payment: peer % 3 ? 'efectivo' : 'tarjeta', ...extra }),
  })
  expect(res.status).toBe(201)
  return (await res.json()) as Order
}
const move = async (order: Order, status: string) => expect((await api(`/api/orders/${order.id}/status`, { method: 'PATCH', json: { status } })).status).toBe(200)

/** What the owner must read today: confirmed sales, and what waits (tomorrow's order is in neither). */
const expected = { ventas: 0, porConfirmar: 0 }

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1' })
  browser = await launchBrowser()
  await seed(server.url)
  api = adminApi(server.url, await adminCookie(server.url))
  expect((await api('/api/order-settings', { method: 'PUT', json: { scheduling: { enabled: true, daysAhead: 2, slotMinutes: 15, maxOrdersPerSlot: null } } })).status).toBe(200)
  const products = (await (await api('/api/products')).json()) as Product[]
  // Today: six orders confirmed, three still pending, one cancelled; and one pending order for tomorrow.
  for (let i = 0; i < 10; i++) {
    const product = products[i % products.length]!
    const order = await checkout(product, 1 + (i % 3))
    if (i < 6) {
      await move(order, 'confirmed')
      expected.ventas += order.total
    } else if (i < 9) expected.porConfirmar += order.total
    else await move(order, 'cancelled')
  }
  await checkout(products[0]!, 4, { scheduledFor: `${storeDay(1)}T12:00` })
  // From the point of sale: a long name, and one long word; both wrap inside the name column.
  for (const name of ['Café de olla con canela y piloncillo', 'Chilaquilesconchicharrónyguacamoleextra']) {
    const pos = { customerName: 'Mesa 2', items: [{ name, quantity: 2, price: 25 }], total: 50, status: 'delivered' }
    expect((await api('/api/orders', { method: 'POST', json: pos })).status).toBe(201)
    expected.ventas += 50
  }
  admin = await browser.newPage(LAPTOP)
  await admin.page.goto(url('/login'))
  await admin.page.getByLabel('Usuario').fill('admin')
  await admin.page.getByLabel('Contraseña').fill('admin123')
  await admin.page.getByRole('button', { name: 'Iniciar Sesión' }).click()
  await admin.page.waitForURL(url('/admin'))
  await admin.page.locator('ol > li[data-state="open"]').getByRole('button').click() // the welcome toast would cover the screenshots
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})
afterEach(() => {
  expect(takeProblems(admin)).toEqual([])
})

/** The figure of a totals card, by its title. */
const figure = (page: Page, title: string) =>
  page.getByTestId('report-totals').getByRole('heading', { name: title, exact: true }).locator('xpath=../..').locator('p').first().textContent()

/** The chart's day labels: their font size as drawn and their boxes on screen. */
const dayLabels = (page: Page) =>
  page.evaluate(() => {
    const svg = document.querySelector('[data-testid="sales-chart"]')!.getBoundingClientRect()
    const labels = [...document.querySelectorAll('[data-testid="sales-chart"] text[data-day-label]')].map((t) => {
      const box = t.getBoundingClientRect()
      return { text: t.textContent ?? '', fontPx: Number.parseFloat(getComputedStyle(t).fontSize), left: box.left, right: box.right, top: box.top, height: box.height }
    })
    return { svg: { left: svg.left, right: svg.right }, labels }
  })

function expectReadableLabels(chart: Awaited<ReturnType<typeof dayLabels>>) {
  expect(chart.labels.length).toBeGreaterThan(0)
  for (const label of chart.labels) {
    expect(label.fontPx).toBeGreaterThanOrEqual(11)
    expect(label.height).toBeGreaterThanOrEqual(11) // drawn at that size, not scaled down with the picture
    expect(label.left).toBeGreaterThanOrEqual(chart.svg.left - 0.5)
    expect(label.right).toBeLessThanOrEqual(chart.svg.right + 0.5)
  }
  const sorted = [...chart.labels].sort((a, b) => a.left - b.left)
  for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.left).toBeGreaterThan(sorted[i - 1]!.right) // never touching
}

describe('Reportes', () => {
  test("at 1280 px: 'Ventas' is what was confirmed today, 'Por confirmar' apart, tomorrow's order in neither", async () => {
    const { page } = admin
    await page.getByRole('link', { name: 'Reportes' }).click()
    await page.getByRole('radio', { name: 'Hoy' }).click()
    await page.waitForFunction(() => !document.querySelector('[data-testid="report-totals"]')?.textContent?.includes('…'))
    expect(await figure(page, 'Ventas')).toBe(`Q${expected.ventas}`)
    expect(await figure(page, 'Por confirmar')).toBe(`Q${expected.porConfirmar}`)
    expect(await figure(page, 'Pedidos')).toBe('8')
    expect(await figure(page, 'Cancelados')).toBe('1')
    await page.getByRole('heading', { name: 'Por producto' }).waitFor()
    await page.getByRole('columnheader', { name: 'Por confirmar' }).first().waitFor()
    // A week on a laptop: every day labelled, readable, apart.
    await page.getByRole('radio', { name: 'Esta semana' }).click()
    await page.getByTestId('sales-chart').waitFor()
    expectReadableLabels(await dayLabels(page))
    await shot(page, 'reportes-1280')
  })

  test('at 390 px: no sideways scroll of the page, tables scroll inside their cards, a month of labels readable and apart', async () => {
    const { page } = admin
    await page.setViewportSize(PHONE)
    await page.getByRole('radio', { name: 'Personalizado' }).click()
    await page.getByLabel('Desde').fill(storeDay(-30))
    await page.getByLabel('Hasta').fill(storeDay(0))
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="sales-chart"] rect').length > 0)
    await page.getByRole('rowheader', { name: /Café de olla con canela/ }).waitFor()
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    const measure = () =>
      page.evaluate(() => {
        const scrollers = [...document.querySelectorAll<HTMLElement>('[data-testid="report-table-scroller"]')]
        return {
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
          cards: [...document.querySelectorAll('main .rounded-xl')].map((c) => c.getBoundingClientRect().right),
          scrollers: scrollers.map((s) => ({ overflowX: getComputedStyle(s).overflowX, scrollWidth: s.scrollWidth, clientWidth: s.clientWidth, right: s.getBoundingClientRect().right })),
        }
      })
    const expectContained = (layout: Awaited<ReturnType<typeof measure>>) => {
      expect(layout.scrollWidth).toBeLessThanOrEqual(layout.innerWidth)
      for (const right of layout.cards) expect(right).toBeLessThanOrEqual(layout.innerWidth)
      expect(layout.scrollers.length).toBe(3)
      for (const s of layout.scrollers) {
        expect(s.overflowX).toBe('auto')
        expect(s.right).toBeLessThanOrEqual(layout.innerWidth)
      }
    }
    const layout = await measure()
    expectContained(layout)
    // As the owner sees it: every column of every table in view, nothing to scroll.
    for (const s of layout.scrollers) expect(s.scrollWidth).toBeLessThanOrEqual(s.clientWidth)
    const chart = await dayLabels(page)
    expect(chart.labels.length).toBeLessThan(31) // thinned to what fits
    expectReadableLabels(chart)
    await page.evaluate(() => window.scrollTo(0, 0))
    await shot(page, 'reportes-390')

    // Larger figures than these would widen a table past the phone: it then scrolls inside its card, never the page.
    await page.evaluate(() => {
      for (const cell of document.querySelectorAll<HTMLElement>('[data-testid="report-table-scroller"] td')) cell.textContent = 'Q1234567890'
    })
    const wide = await measure()
    expectContained(wide)
    for (const s of wide.scrollers) expect(s.scrollWidth).toBeGreaterThan(s.clientWidth)
    await page.setViewportSize(LAPTOP)
    await page.reload() // the figures written above were the test's own
  })
})
