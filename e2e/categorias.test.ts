/**
 * The owner's categories and a dish's hours (issue #31), in real Chromium against the real
 * server (real clock). At 1280 px the owner creates 'Desayunos 7:00-11:00', moves a dish into
 * it and puts its tab first; at 390 px a customer finds the Desayunos tab after its hours: the
 * dish shows them and cannot be added. Screenshots: e2e/screenshots/categorias-*.png and
 * landing-desayunos-390.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { Category } from '../src/shared/schemas/category'
import type { Product } from '../src/shared/schemas/product'
import { LAPTOP, PHONE, launchBrowser, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { adminApi, adminCookie, type AdminApi, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let laptop: TrackedPage
let api: AdminApi

const url = (p: string) => `${server.url}${p}`
const getJson = async <T>(p: string): Promise<T> => (await (await fetch(url(p))).json()) as T
async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage })
}
async function expectToast(page: Page, text: string) {
  await page.locator('ol > li[data-state="open"]', { hasText: text }).first().waitFor({ timeout: 15_000 })
}
/** Minutes since midnight in Guatemala (UTC-6, no daylight saving), `offset` minutes from now. */
const guatemalaMinute = (offset = 0) => (((Math.floor((Date.now() - 6 * 3600_000) / 60_000) + offset) % 1440) + 1440) % 1440
const hhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  const cookie = await adminCookie(server.url)
  api = adminApi(server.url, cookie)
  browser = await launchBrowser()
  const [name = '', value = ''] = cookie.split('=')
  await browser.context.addCookies([{ name, value, url: server.url }])
  laptop = await browser.newPage(LAPTOP)
})

afterEach(() => {
  expect(takeProblems(laptop)).toEqual([])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('Categorías, as the owner (1280 px)', () => {
  test("creates 'Desayunos 7:00-11:00', moves a dish into it, puts its tab first", async () => {
    const { page } = laptop
    await page.goto(url('/admin/categorias'))
    await page.getByTestId('category-card').nth(3).waitFor()
    await shot(page, 'categorias-seed-1280')
    await page.getByRole('button', { name: 'Agregar Categoría' }).click()
    await page.getByLabel('Nombre').fill('Desayunos')
    await page.getByLabel('Descripción').fill('Por la mañana')
    await page.getByRole('button', { name: 'Agregar horario' }).click()
    await shot(page, 'categorias-dialog-1280')
    await page.getByRole('button', { name: 'Crear' }).click()
    await expectToast(page, 'Categoría creada')
    await page.locator('[data-testid="category-card"][data-slug="desayunos"]').waitFor()
    expect(await page.locator('[data-slug="desayunos"] [data-testid="category-hours"]').textContent()).toBe('Disponible de 7:00 a 11:00')

    // A dish moves into it: the product form offers the owner's categories.
    await page.goto(url('/admin/productos'))
    const dish = page.locator('article, li', { has: page.getByRole('heading', { name: 'Café de olla', exact: true }) }).last()
    await dish.getByRole('button', { name: /Editar/ }).click()
    await page.getByLabel('Categoría', { exact: true }).selectOption('desayunos')
    await page.getByRole('button', { name: 'Actualizar' }).click()
    await expectToast(page, 'Producto actualizado')
    await page.getByRole('heading', { name: /^Desayunos/ }).waitFor()

    // Its tab goes first: four steps up (it was created last, after the hidden Extras).
    await page.goto(url('/admin/categorias'))
    await page.locator('[data-slug="desayunos"]').waitFor()
    const place = () => page.evaluate(() => [...document.querySelectorAll('[data-testid="category-card"]')].findIndex((c) => c.getAttribute('data-slug') === 'desayunos'))
    expect(await place()).toBe(4)
    for (let i = 3; i >= 0; i--) {
      await page.getByRole('button', { name: 'Subir Desayunos' }).click()
      await page.waitForFunction((want) => [...document.querySelectorAll('[data-testid="category-card"]')].findIndex((c) => c.getAttribute('data-slug') === 'desayunos') === want, i)
    }
    await expectToast(page, 'Orden actualizado')
    await shot(page, 'categorias-1280', true)
    const list = await getJson<Category[]>('/api/categories')
    expect(list.filter((c) => c.visible).map((c) => c.slug)).toEqual(['desayunos', 'chilaquiles', 'bebidas', 'postres'])
    const cafe = (await getJson<Product[]>('/api/products')).find((p) => p.name === 'Café de olla')
    expect(cafe?.category).toBe('desayunos')
  }, 90_000)
})

describe('Desayunos after its hours, as a customer (390 px)', () => {
  test('the dish shows its hours and cannot be added', async () => {
    // A window that has closed for an order placed now (now + 20 min is past its end).
    const start = guatemalaMinute(-180)
    const end = guatemalaMinute(-60)
    const res = await api('/api/categories/desayunos', {
      method: 'PUT',
      json: { name: 'Desayunos', description: 'Por la mañana', displayOrder: 0, visible: true, windows: [{ days: [0, 1, 2, 3, 4, 5, 6], from: hhmm(start), to: hhmm(end) }], whenUnavailable: 'show' },
    })
    expect(res.status).toBe(200)
    const phone = await browser.newPage(PHONE)
    const { page } = phone
    await page.goto(url('/'))
    await page.waitForSelector('html[data-hydrated="true"]')
    const tabs = await page.getByRole('tab').allTextContents()
    expect(tabs).toEqual(['Desayunos', 'Chilaquiles', 'Bebidas', 'Postres'])
    // The menu opens on the first section with something orderable now (issue 40), not on breakfast after its hours.
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Chilaquiles')
    await page.getByRole('tab', { name: 'Desayunos' }).click()
    const card = page.locator('[data-testid="product-card"]', { has: page.getByRole('heading', { name: 'Café de olla', exact: true }) })
    await page.waitForSelector('[data-testid="product-card"][data-outside-hours="true"]')
    const label = `Disponible de ${Math.floor(start / 60)}:${String(start % 60).padStart(2, '0')} a ${Math.floor(end / 60)}:${String(end % 60).padStart(2, '0')}`
    expect(await card.getByTestId('product-hours').textContent()).toBe(label)
    expect(await card.getByRole('button', { name: /Agregar/ }).count()).toBe(0)
    await page.locator('#menu').scrollIntoViewIfNeeded()
    await card.scrollIntoViewIfNeeded()
    await shot(page, 'landing-desayunos-390')
    expect(takeProblems(phone)).toEqual([])
    // The checkout says why, in Spanish.
    const cafe = (await getJson<Product[]>('/api/products')).find((p) => p.name === 'Café de olla')
    const refused = await fetch(url('/api/checkout'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ items: [{ productId: cafe?.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup' }),
    })
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Los desayunos se sirven de .*; elige otra hora$/)
  }, 60_000)
})
