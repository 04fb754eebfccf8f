/**
 * A dish's own link on a 390 px phone (decision 037): `/?producto=<id>` of a drink (not in
 * the first tab) opens the store with the Bebidas tab selected and that drink's card on
 * screen; the store's link stays where it was. No console error, warning or CSP violation.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Product } from '../src/shared/schemas'
import { launchBrowser, PHONE, screenshotDir, takeProblems, type Browser } from './support/browser'
import { seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let menu: Product[]

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  browser = await launchBrowser()
  menu = (await (await fetch(`${server.url}/api/products`)).json()) as Product[]
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe("a dish's link", () => {
  test('opens the store on that dish: its tab selected, its card on screen', async () => {
    const jamaica = menu.find((p) => p.name === 'Agua de Jamaica')
    expect(jamaica?.category).toBe('bebidas')
    const t = await browser.newPage(PHONE)
    const { page } = t
    await page.goto(`${server.url}/?producto=${jamaica?.id}`)
    await page.waitForSelector('html[data-hydrated="true"]')
    // The link's script clicks the tab once the menu has hydrated; React shows it in its next render.
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: 'Bebidas' }).waitFor()
    const selector = `[data-testid="product-card"][data-product-id="${jamaica?.id}"]`
    // On screen (the page scrolls smoothly): the whole card within the phone's height, marked.
    await page.waitForFunction((s) => {
      const box = document.querySelector(s)?.getBoundingClientRect()
      return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight
    }, selector)
    const card = page.locator(selector)
    expect(await card.getAttribute('class')).toContain('ring-secondary')
    await card.locator('img').evaluate((img: HTMLImageElement) => (img.complete ? undefined : new Promise((done) => img.addEventListener('load', done, { once: true }))))
    await page.screenshot({ path: path.join(screenshotDir, 'product-link.png') })
    expect(takeProblems(t)).toEqual([])
    await page.close()
  })

  test('the store’s own link stays at the top, on the first tab', async () => {
    const t = await browser.newPage(PHONE)
    const { page } = t
    await page.goto(`${server.url}/?producto=99999`)
    await page.waitForSelector('html[data-hydrated="true"]')
    await expect(page.getByRole('tab', { name: 'Chilaquiles' }).getAttribute('aria-selected')).resolves.toBe('true')
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    expect(takeProblems(t)).toEqual([])
    await page.close()
  })
})
