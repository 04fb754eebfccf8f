/**
 * Every interactive element of every storefront and admin page at 390 px is a finger's target
 * (issue #40 item 15): at least 44x44 px, or with 44 px of clear space around it (WCAG 2.5.5
 * and 2.5.8; e2e/support/tap-targets.ts measures). Pages are measured as a person meets them:
 * the landing page, its cart and drawer open, a tracking page, the sign-in page, and each admin
 * page with its menu open, real Chromium against the real server.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { ADMIN_PAGES } from '../src/shared/admin-routes'
import { PHONE, launchBrowser, type Browser, type TrackedPage } from './support/browser'
import { adminCookie, seed, startServer, type TestServer } from './support/server'
import { smallTargets, type TargetProblem } from './support/tap-targets'

let server: TestServer
let browser: Browser
let phone: TrackedPage
let cookie: string
const url = (p: string) => `${server.url}${p}`

/** Problems found, by the screen they were found on. */
const found: { screen: string; problems: TargetProblem[] }[] = []
let measured = 0

async function measure(page: Page, screen: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  const result = await smallTargets(page)
  measured += result.measured
  // A page wider than the phone puts its targets out of reach: said as one more problem.
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  if (width > PHONE.width) result.problems.push({ name: 'la página', width, height: 0, reason: `se desplaza de lado (${width} px de ancho)` })
  if (result.problems.length) found.push({ screen, problems: result.problems })
}

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  cookie = await adminCookie(server.url)
  browser = await launchBrowser()
  phone = await browser.newPage(PHONE)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('tap targets at 390 px', () => {
  test('the storefront: the page, the cart, the drawer, a tracking page', async () => {
    const { page } = phone
    await page.goto(url('/'))
    await page.locator('[data-testid="product-card"]').first().waitFor()
    await page.waitForSelector('html[data-hydrated="true"]')
    await measure(page, 'tienda')

    await page.getByRole('button', { name: /^Agregar/ }).first().click()
    await page.getByRole('dialog').waitFor()
    await measure(page, 'tienda: personalizar')
    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    await page.getByRole('button', { name: /Abrir carrito/ }).click()
    await page.getByRole('dialog').waitFor()
    await measure(page, 'tienda: carrito')
    await page.keyboard.press('Escape')

    const res = await fetch(url('/api/checkout'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ items: [{ productId: 1, size: 'mediano', quantity: 1 }], fulfilment: 'pickup', customerName: 'Ana' }),
    })
    expect(res.status).toBe(201)
    const order = (await res.json()) as { trackingUrl: string }
    await page.goto(order.trackingUrl)
    await page.getByText('Pedido #').first().waitFor()
    await measure(page, 'seguimiento')
  })

  test('the sign-in page and every admin page, with the menu open', async () => {
    const { page } = phone
    await page.goto(url('/login'))
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor()
    await measure(page, '/login')

    const [name = '', value = ''] = cookie.split('=')
    await browser.context.addCookies([{ name, value, url: server.url }])
    for (const screen of ADMIN_PAGES) {
      await page.goto(url(screen.path))
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      await page.waitForLoadState('networkidle')
      await measure(page, screen.path)
      // The page's own 'Agregar …' dialog, as the owner opens it (the category's with a window added).
      const add = page.getByRole('main').getByRole('button', { name: /^(Agregar|Nuevo|Nueva|Crear)\b/ }).first()
      if ((await add.count()) > 0 && (await add.isVisible()) && (await add.isEnabled())) {
        const label = (await add.innerText()).trim()
        await add.click()
        const dialog = page.getByRole('dialog')
        // Some 'Agregar …' buttons add a row in place ('Agregar fecha'): only a dialog is measured apart.
        const opened = await dialog.waitFor({ timeout: 5_000 }).then(() => true, () => false)
        if (!opened) continue
        const window = dialog.getByRole('button', { name: 'Agregar horario' })
        if ((await window.count()) > 0) await window.first().click()
        await measure(page, `${screen.path}: ${label}`)
        await page.keyboard.press('Escape')
        await dialog.waitFor({ state: 'detached' })
      }
    }
    // The board's order: its detail (the move, 'Editar pedido', 'Imprimir', 'Avisar por WhatsApp', +10/+20/+30) and the editor.
    await page.goto(url('/admin/pedidos'))
    await page.getByRole('button', { name: /^Pedido #1 / }).click()
    const detail = page.getByRole('dialog', { name: 'Pedido #1' })
    await detail.waitFor()
    await measure(page, 'pedido: detalle')
    await detail.getByRole('button', { name: 'Editar pedido' }).click()
    const editor = page.getByRole('dialog', { name: 'Editar pedido #1' })
    await editor.getByRole('region', { name: 'Cambios del pedido' }).waitFor()
    await editor.getByRole('button', { name: 'Agregar producto' }).click()
    await editor.getByRole('button', { name: 'Agregar Horchata' }).waitFor()
    await measure(page, 'pedido: editar')
    await page.keyboard.press('Escape')

    await page.goto(url('/admin'))
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.getByRole('button', { name: 'Abrir menú' }).click()
    await page.getByRole('dialog').waitFor()
    await measure(page, 'menú del panel')
  })

  test('no target is too small and too close to another', () => {
    const lines = found.flatMap(({ screen, problems }) => problems.map((p) => `${screen}: ${p.name} ${p.width}x${p.height} ${p.reason}`))
    console.log(`tap targets: ${measured} measured, ${lines.length} too small`)
    expect(lines).toEqual([])
  })
})
