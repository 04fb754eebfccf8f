/**
 * The Pedidos board in real Chromium against the real server: a signed-in owner on a
 * 390 px phone watches the board; an order placed through POST /api/checkout (from this
 * test, as the storefront would) appears WITHOUT a reload, with its toast; the owner
 * opens it and moves it step by step to 'Listo'. Then screenshots of a busier board at
 * 390 px and 1280 px, and the server stopped while a board is still listening (an open
 * event stream must not hold the shutdown).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { CoverageZone, Ingredient, Order, Product } from '../src/shared/schemas'
import { LAPTOP, launchBrowser, PHONE, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { adminApi, adminCookie, type AdminApi, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let t: TrackedPage
let page: Page
const products = new Map<string, Product>()
const ingredients = new Map<string, Ingredient>()
let zone: CoverageZone

const url = (p: string) => `${server.url}${p}`
let api: AdminApi
const id = <V extends { id: number }>(map: Map<string, V>, name: string) => {
  const found = map.get(name)
  if (!found) throw new Error(`seed has no ${name}`)
  return found.id
}

/** POST /api/checkout as the storefront sends it (no cookie: it is public). */
async function checkout(body: unknown): Promise<Order> {
  const res = await fetch(url('/api/checkout'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (res.status !== 201) throw new Error(`checkout ${res.status}: ${await res.text()}`)
  return (await res.json()) as Order
}

async function shot(p: Page, name: string, fullPage = false) {
  await p.mouse.move(1, 400) // no hover left on whatever the last click touched
  await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await p.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage })
}

/** axe-core scan (serious or critical violations only), evaluated through DevTools, not as an inline script the CSP refuses. */
async function axeViolations(p: Page): Promise<string[]> {
  await p.evaluate(await Bun.file(path.resolve(import.meta.dir, '../node_modules/axe-core/axe.min.js')).text())
  const result = await p.evaluate(async () => {
    type Violation = { id: string; impact: string; nodes: { target: string[] }[] }
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe
    return axe.run(document, { resultTypes: ['violations'] })
  })
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

const row = (p: Page, number: number) => p.getByRole('button', { name: new RegExp(`^Pedido #${number} `) })
const detail = (p: Page, number: number) => p.getByRole('dialog', { name: `Pedido #${number}` })

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  api = adminApi(server.url, await adminCookie(server.url))
  for (const p of (await (await api('/api/products')).json()) as Product[]) products.set(p.name, p)
  for (const i of (await (await api('/api/ingredients')).json()) as Ingredient[]) ingredients.set(i.name, i)
  const created = await api('/api/coverage-zones', { method: 'POST', json: { name: 'Zona 10', deliveryCost: 15, estimatedTime: '30-45 min' } })
  zone = (await created.json()) as CoverageZone
  browser = await launchBrowser()
  t = await browser.newPage(PHONE)
  page = t.page
  await page.goto(url('/login'))
  await page.getByLabel('Usuario').fill('admin')
  await page.getByLabel('Contraseña').fill('admin123')
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click()
  await page.waitForURL(url('/admin'))
})

afterEach(() => {
  expect(takeProblems(t)).toEqual([])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('Pedidos board at 390 px', () => {
  test('empty board: counters at 0 and "No hay pedidos registrados"; the stream is live', async () => {
    await page.goto(url('/admin/pedidos'))
    await page.getByText('No hay pedidos registrados').waitFor()
    await page.getByText('● En vivo').waitFor()
    for (const title of ['Pedidos Pendientes', 'En Proceso', 'Completados Hoy']) {
      await expect(page.locator('dt', { hasText: title }).locator('xpath=following-sibling::dd').textContent()).resolves.toBe('0')
    }
  })

  test('an order placed through POST /api/checkout appears without a reload, with a toast; moving it to Listo works', async () => {
    // Anything the page keeps in memory survives only if the page is never reloaded.
    await page.evaluate(() => {
      ;(window as unknown as { __sameDocument: boolean }).__sameDocument = true
    })
    const navigations: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url())
    })

    const placed = await checkout({
      items: [
        {
          productId: id(products, 'Chilaquiles Clásicos'),
          size: 'grande',
          quantity: 1,
          customization: { sauceId: id(ingredients, 'Salsa Verde'), sauceOnSide: true, extraIds: [id(ingredients, 'Aguacate')], removedIngredientIds: [] },
        },
        { productId: id(products, 'Horchata'), size: 'mediano', quantity: 2 },
      ],
      fulfilment: 'pickup',
      customerName: 'Ana López',
      notes: 'Sin crema, por favor',
      payment: 'efectivo',
      cashAmount: 200,
    })

    await row(page, placed.number).waitFor()
    await page.locator('ol > li[data-state="open"]', { hasText: `Nuevo pedido #${placed.number}` }).waitFor()
    expect(await row(page, placed.number).textContent()).toContain('Nuevo')
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
    expect(navigations).toEqual([])
    await shot(page, 'pedidos-phone-new-order')

    await row(page, placed.number).click()
    const sheet = detail(page, placed.number)
    await sheet.waitFor()
    for (const text of ['Ana López', 'Chilaquiles Clásicos (Grande)', 'Salsa: Salsa Verde (por aparte)', 'Aguacate', '2 × Horchata (Mediano)', 'Sin crema, por favor', 'Efectivo · paga con Q200']) {
      await sheet.getByText(text, { exact: false }).first().waitFor()
    }
    for (const next of ['Confirmado', 'En preparación', 'Listo']) {
      await sheet.getByRole('button', { name: `Marcar como ${next}` }).click()
      await sheet.locator('span', { hasText: new RegExp(`^${next}$`) }).first().waitFor()
    }
    await sheet.getByRole('button', { name: 'Marcar como Entregado' }).waitFor()
    const stored = ((await (await api('/api/orders')).json()) as Order[]).find((o) => o.id === placed.id)
    expect(stored?.status).toBe('ready')
    expect(stored?.statusHistory.map((h) => h.status)).toEqual(['pending', 'confirmed', 'preparing', 'ready'])
    await shot(page, 'pedidos-phone-detail')

    await sheet.getByRole('button', { name: 'Cerrar' }).click()
    await sheet.waitFor({ state: 'hidden' })
    expect(await row(page, placed.number).textContent()).toContain('Listo')
    expect(navigations).toEqual([])
  })

  test('a busier board on the phone: delivery, point-of-sale and finished orders', async () => {
    const delivery = await checkout({
      items: [{ productId: id(products, 'Chilaquiles Clásicos'), size: 'mediano', quantity: 2, customization: { sauceId: id(ingredients, 'Salsa Roja') } }],
      fulfilment: 'delivery',
      zoneId: zone.id,
      address: '5a avenida 10-20, zona 10, edificio Las Margaritas, apartamento 402',
      addressReference: 'Portón negro junto a la farmacia',
      customerName: 'Carlos Estuardo Hernández Morales',
      payment: 'tarjeta',
    })
    const pos = await api('/api/orders', { method: 'POST', json: { customerName: 'Mesa 4', items: [{ name: 'Horchata', quantity: 3, price: 20 }], total: 60 } })
    expect(pos.status).toBe(201)
    const posOrder = (await pos.json()) as Order
    for (const status of ['confirmed', 'preparing', 'ready', 'delivered']) {
      expect((await api(`/api/orders/${posOrder.id}/status`, { method: 'PATCH', json: { status } })).status).toBe(200)
    }
    await row(page, delivery.number).waitFor()
    // The delivered POS order has left the active tab; the counters show it.
    await page.getByRole('tab', { name: /^Activos \(2\)$/ }).waitFor()
    await expect(page.locator('dt', { hasText: 'Completados Hoy' }).locator('xpath=following-sibling::dd').textContent()).resolves.toBe('1')
    // Close the new-order toast so it does not cover the board in the screenshot.
    const toast = page.locator('ol > li[data-state="open"]')
    await toast.getByRole('button', { name: 'Cerrar' }).click()
    await toast.waitFor({ state: 'detached' })
    await shot(page, 'pedidos-phone', true)
    expect(await axeViolations(page)).toEqual([])

    await row(page, delivery.number).click()
    const sheet = detail(page, delivery.number)
    await sheet.getByText('Portón negro junto a la farmacia', { exact: false }).waitFor()
    await shot(page, 'pedidos-phone-delivery')
    expect(await axeViolations(page)).toEqual([])
    await sheet.getByRole('button', { name: 'Cerrar' }).click()
    await sheet.waitFor({ state: 'hidden' })
  })
})

describe('Pedidos board at 1280 px', () => {
  test('the same board on a laptop, and its detail', async () => {
    const laptop = await browser.newPage(LAPTOP)
    await laptop.page.goto(url('/admin/pedidos'))
    await laptop.page.getByText('● En vivo').waitFor()
    await laptop.page.getByRole('tab', { name: /^Todos/ }).click()
    await laptop.page.getByRole('list', { name: 'Pedidos' }).waitFor()
    await shot(laptop.page, 'pedidos-laptop')
    await row(laptop.page, 2).click()
    await detail(laptop.page, 2).waitFor()
    await shot(laptop.page, 'pedidos-laptop-detail')
    await detail(laptop.page, 2).getByRole('button', { name: 'Cerrar' }).click()
    expect(takeProblems(laptop)).toEqual([])

    // The dashboard: 'Pedidos Totales' (the server's count, GET /api/orders/summary) and the newest orders.
    await laptop.page.goto(url('/admin'))
    await laptop.page.getByRole('list', { name: 'Pedidos recientes' }).waitFor()
    await expect(laptop.page.getByRole('heading', { name: 'Pedidos Totales' }).locator('xpath=../..').locator('p').textContent()).resolves.toBe('3')
    await shot(laptop.page, 'pedidos-dashboard')
    await laptop.page.close()
    expect(takeProblems(laptop)).toEqual([])
  })
})

describe('shutdown', () => {
  test('the server stops while a board is still listening (an open stream does not hold the shutdown)', async () => {
    await page.getByText('● En vivo').waitFor()
    await server.stop()
    // Stopped: the board notices and says it is reconnecting (its reconnection attempts fail while the server is gone).
    await page.getByText('Conectando…').waitFor()
    await page.close()
    takeProblems(t) // Chromium logs the refused reconnections, as expected with the server gone
    server = undefined as unknown as TestServer
  })
})
