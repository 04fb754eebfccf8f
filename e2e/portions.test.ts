/**
 * Portions per day on a 390 px phone (issue #31): 'Quedan 2' on the card once the page has
 * hydrated, 'Agotado por hoy' when the last portion is sold elsewhere while the page is open
 * (no reload: the order bus's event reaches the page), and a cart line asking more than what
 * is left is flagged before sending. No console error, warning or CSP violation.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { Product } from '../src/shared/schemas'
import { launchBrowser, PHONE, screenshotDir, takeProblems, type Browser } from './support/browser'
import { adminApi, adminCookie, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let supremos: Product
let horchata: Product

const viewShot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `${name}.png`) })
const card = (page: Page, name: string) => page.locator('[data-testid="product-card"]', { has: page.getByRole('heading', { name, exact: true }) })

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  browser = await launchBrowser()
  const api = adminApi(server.url, await adminCookie(server.url))
  const menu = (await (await fetch(`${server.url}/api/products`)).json()) as Product[]
  const limit = async (name: string, dailyLimit: number) => {
    const { id, ...body } = menu.find((p) => p.name === name)!
    const res = await api(`/api/products/${id}`, { method: 'PUT', json: { ...body, dailyLimit } })
    expect(res.status).toBe(200)
    return (await res.json()) as Product
  }
  supremos = await limit('Chilaquiles Supremos', 2)
  horchata = await limit('Horchata', 1)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('portions per day on a phone', () => {
  test("'Quedan 2', then 'Agotado por hoy' without a reload when the last portions are sold elsewhere", async () => {
    const t = await browser.newPage(PHONE)
    const { page } = t
    await page.goto(`${server.url}/`)
    await page.waitForSelector('html[data-hydrated="true"]')
    const dish = card(page, 'Chilaquiles Supremos')
    await expect(dish.getByTestId('portions-left').textContent()).resolves.toBe('Quedan 2')
    await dish.scrollIntoViewIfNeeded()
    // The photo loads lazily once in view: judged as the customer sees it, loaded.
    await dish.locator('img').evaluate((img: HTMLImageElement) => (img.complete ? undefined : new Promise((done) => img.addEventListener('load', done, { once: true }))))
    await viewShot(page, 'portions-quedan')

    // Another customer takes both portions (their own phone: the API).
    const sold = await fetch(`${server.url}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ items: [{ productId: supremos.id, size: 'mediano', quantity: 2 }], fulfilment: 'pickup' }),
    })
    expect(sold.status).toBe(201)
    await dish.locator('text=Agotado por hoy').waitFor({ timeout: 5_000 })
    expect(await dish.getAttribute('data-sold-out')).toBe('true')
    expect(await dish.getByRole('button', { name: 'Agregar Chilaquiles Supremos' }).count()).toBe(0)
    await dish.scrollIntoViewIfNeeded()
    await viewShot(page, 'portions-agotado')
    expect(takeProblems(t)).toEqual([])
    await page.close()
  })

  test('a cart line asking more than what is left is flagged and the order is held', async () => {
    const t = await browser.newPage(PHONE)
    const { page } = t
    await page.goto(`${server.url}/`)
    await page.waitForSelector('html[data-hydrated="true"]')
    await page.getByRole('tab', { name: /Bebidas/ }).click()
    const drink = card(page, 'Horchata')
    await expect(drink.getByTestId('portions-left').textContent()).resolves.toBe('Queda 1')
    const add = drink.getByRole('button', { name: 'Agregar Horchata' })
    await add.click()
    await add.click()
    await page.getByRole('button', { name: /^Abrir carrito/ }).click()
    const sheet = page.getByTestId('cart-sheet')
    await sheet.getByText('Solo queda 1 hoy. Baja la cantidad para continuar.').waitFor()
    await expect(sheet.getByTestId('checkout-blocked').isVisible()).resolves.toBe(true)
    await viewShot(page, 'portions-cart')
    expect(horchata.dailyLimit).toBe(1)
    expect(takeProblems(t)).toEqual([])
    await page.close()
  })
})
