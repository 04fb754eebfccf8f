/**
 * The integrators' reference (GET /api/docs, drawn by Scalar from /api/openapi.json) in
 * Chromium against the real server: it renders the operations of the document, asks
 * nothing of another origin (no CDN, fonts, telemetry or proxy: it works offline),
 * breaks no rule of its Content-Security-Policy, logs no error or warning, and keeps the
 * features that would call Scalar's services hidden.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import { LAPTOP, PHONE, launchBrowser, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** Opens the reference, recording every request the page makes and every one that fails. */
async function openReference(viewport: { width: number; height: number }, hash = '') {
  const tracked = await browser.newPage(viewport)
  const requested: string[] = []
  const failed: string[] = []
  tracked.page.on('request', (request) => requested.push(request.url()))
  tracked.page.on('requestfailed', (request) => failed.push(`${request.url()}: ${request.failure()?.errorText}`))
  const res = await tracked.page.goto(`${server.url}/api/docs${hash}`)
  expect(res?.status()).toBe(200)
  await tracked.page.getByRole('heading', { name: 'Chilaquiles · API' }).waitFor()
  return { ...tracked, requested, failed }
}

const foreign = (urls: string[]) => urls.filter((u) => new URL(u).origin !== server.url)

function expectClean(t: TrackedPage & { requested: string[]; failed: string[] }) {
  expect(foreign(t.requested)).toEqual([])
  expect(t.failed).toEqual([])
  expect(takeProblems(t)).toEqual([]) // console errors and warnings, page errors, CSP violations
}

describe('/api/docs in a browser', () => {
  test('laptop: the reference renders the document\'s operations, same-origin only, no CSP violation', async () => {
    const t = await openReference(LAPTOP)
    const { page } = t
    expect(await page.title()).toBe('Documentación de la API · Chilaquiles')
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es')
    // Scalar loaded from this server, the document fetched from it.
    expect(t.requested.some((u) => /\/api\/docs\/scalar-[0-9a-z]+\.js$/.test(u))).toBe(true)
    expect(t.requested).toContain(`${server.url}/api/openapi.json`)

    // The sidebar lists the document's tags and operations, in Spanish.
    const sidebar = page.getByRole('complementary', { name: /Barra lateral/ })
    await sidebar.getByRole('button', { name: 'Abrir grupo - Pedidos', exact: true }).click()
    await sidebar.getByRole('link', { name: /^Hacer un pedido \(tienda en línea\) Método HTTP: POST$/ }).click()
    await page.waitForURL(/#tag\/pedidos\/POST\/api\/checkout$/)
    await page.getByRole('heading', { name: 'Hacer un pedido (tienda en línea)' }).waitFor()
    // The operation's request example, headed "POST /api/checkout" (upper case by its CSS: innerText applies it).
    const example = page.locator('.scalar-card-header-title', { hasText: '/api/checkout' }).first()
    await example.waitFor()
    expect(await example.innerText()).toMatch(/POST\s*\/api\/checkout/)
    // Its request body, labelled in Spanish, with a field of the checkout's schema.
    // POST /api/checkout/quote takes the same body: the first heading is the checkout's (this operation's).
    await page.getByRole('heading', { name: /^Cuerpo\W*CheckoutInput$/ }).first().waitFor()
    await page.getByText('fulfilment', { exact: true }).filter({ visible: true }).first().waitFor()

    // What would call Scalar's services is not offered.
    expect(await page.getByRole('button', { name: /Probar solicitud|Test Request/i }).count()).toBe(0)
    expect(await page.getByText(/Ask AI|Preguntar a la IA/i).count()).toBe(0)

    await page.screenshot({ path: path.join(screenshotDir, 'reference-page-laptop.png') })
    expectClean(t)
    await page.close()
  })

  test('phone: opened at an operation\'s address, it scrolls there; search, dark mode and the whole page stay same-origin', async () => {
    const t = await openReference(PHONE, '#tag/pedidos/POST/api/checkout')
    const { page } = t
    await page.getByRole('heading', { name: 'Hacer un pedido (tienda en línea)' }).waitFor()
    expect(await page.getByRole('heading', { name: 'Hacer un pedido (tienda en línea)' }).isVisible()).toBe(true)
    await page.screenshot({ path: path.join(screenshotDir, 'reference-page-phone.png') })
    // Every section is drawn as it scrolls into view: go through the whole document.
    for (let y = 0; y < 40; y++) await page.mouse.wheel(0, 3000)
    await page.getByRole('heading', { name: 'Modelos' }).waitFor()
    expectClean(t)
    await page.close()
  })

  test('laptop: the search finds an operation, the dark mode switches, and nothing leaves the site', async () => {
    const t = await openReference(LAPTOP)
    const { page } = t
    await page.getByRole('button', { name: /Buscar|Abrir búsqueda/ }).first().click()
    await page.keyboard.type('checkout')
    await page.getByRole('dialog').getByText('Hacer un pedido (tienda en línea)').first().waitFor()
    await page.keyboard.press('Escape')
    const before = await page.evaluate(() => document.body.className)
    await page.locator('.darklight-reference').getByRole('button').first().click()
    await page.waitForFunction((previous) => document.body.className !== previous, before)
    expectClean(t)
    await page.close()
  })
})
