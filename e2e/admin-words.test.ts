/**
 * The admin says things one way (issue #30), in Chromium against the real server: first
 * setup says its success once and moves on to /login; 'Inicializar BD' disables its button
 * while it runs and shows the result at the top, in view; times are 24-hour with their day
 * (Clientes, Usuarios, Dashboard, Mi Perfil, API Keys); the product form names a price by
 * size only when there are two sizes; Clientes' search placeholder is read whole.
 * Screenshots: e2e/screenshots/{clientes,usuarios,product-form,inicializar-bd}-1280.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { Product } from '../src/shared/schemas'
import { LAPTOP, PHONE, launchBrowser, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { type AdminApi, adminApi, adminCookie, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let tracked: TrackedPage
let page: Page
let api: AdminApi
const url = (p: string) => `${server.url}${p}`

async function shot(name: string, fullPage = true) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage })
}
/** Closes the open toasts, so that a screenshot shows the page. */
async function closeToasts() {
  for (const close of await page.locator('ol > li[data-state="open"]').getByRole('button', { name: 'Cerrar' }).all()) await close.click()
  await page.locator('ol > li[data-state="open"]').first().waitFor({ state: 'detached' })
}
/** The failed loads a test provokes on purpose (the second, refused initialization) are not problems. */
const problems = () => takeProblems(tracked).filter((e) => !/status of 409/.test(e))

/** Every time on the page written like '25 nov, 19:30': a 12-hour clock anywhere is a failure. */
async function expectClockTimes(times: string[]) {
  expect(times.length).toBeGreaterThan(0)
  for (const time of times) expect(time).toMatch(/^\d{1,2} [a-z]{3}( \d{4})?, \d{1,2}:\d{2}$/)
  expect(await page.locator('main').innerText()).not.toMatch(/[ap]\.\s?m\./i)
}

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1' })
  browser = await launchBrowser()
  tracked = await browser.newPage(LAPTOP)
  page = tracked.page
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})
afterEach(() => {
  expect(problems()).toEqual([])
})

describe('first setup', () => {
  test('success is said once, and the page moves on to /login', async () => {
    await page.goto(url('/setup-admin'))
    await page.getByRole('button', { name: 'Crear Usuario Admin' }).click()
    await page.getByRole('status').getByText('Usuario admin creado').waitFor()
    expect(await page.getByText('Usuario admin creado').count()).toBe(1) // no toast repeating it
    await page.waitForURL(url('/login'), { timeout: 5000 })
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor()
    expect(await page.getByText('Usuario admin creado').count()).toBe(0)
  })
})

describe('signed in', () => {
  beforeAll(async () => {
    api = adminApi(server.url, await adminCookie(server.url))
    await page.getByLabel('Usuario').fill('admin')
    await page.getByLabel('Contraseña').fill('admin123')
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click()
    await page.waitForURL(url('/admin'))
    await closeToasts()
  })

  test("'Inicializar BD': the button is disabled while it runs; the result is at the top, in plain words", async () => {
    // The server answers slowly, so the running state can be looked at.
    let release = () => {}
    const answered = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/admin/initialize-database', async (route) => {
      await answered
      await route.continue()
    })
    await page.getByRole('link', { name: 'Inicializar BD' }).click()
    await page.getByRole('button', { name: 'Inicializar Base de Datos' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, inicializar' }).click()
    const running = page.getByRole('button', { name: 'Inicializando Base de Datos...' })
    await running.waitFor()
    expect(await running.isDisabled()).toBe(true)
    release()
    const outcome = page.getByTestId('initialization-outcome')
    await outcome.getByText('Ingredientes: 21').waitFor()
    expect(await outcome.innerText()).toContain('Número de WhatsApp: guardado')
    expect(await outcome.innerText()).not.toContain('Configuraciones')
    const [outcomeBox, instructions] = await Promise.all([outcome.boundingBox(), page.getByRole('heading', { name: 'Instrucciones' }).boundingBox()])
    expect(outcomeBox!.y).toBeLessThan(instructions!.y)
    expect(await page.getByRole('button', { name: 'Inicializar Base de Datos' }).isEnabled()).toBe(true)
    await page.unroute('**/api/admin/initialize-database')
    await page.evaluate(() => window.scrollTo(0, 0))
    await shot('inicializar-bd-1280')
  })

  test('on a phone the answer of a run started at the bottom of the page comes into view', async () => {
    await page.setViewportSize(PHONE)
    const button = page.getByRole('button', { name: 'Inicializar Base de Datos' })
    await button.scrollIntoViewIfNeeded()
    await button.click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, inicializar' }).click()
    const refused = page.getByTestId('initialization-outcome').getByRole('alert')
    await refused.getByText(/ya tiene productos/).waitFor()
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="initialization-outcome"]')!.getBoundingClientRect()
      return box.top >= 0 && box.bottom <= window.innerHeight
    })
    await page.setViewportSize(LAPTOP)
  })

  describe('with customers and a second account', () => {
    beforeAll(async () => {
      const products = (await (await api('/api/products')).json()) as Product[]
      const names = ['Ana López', 'Luis Pérez', 'María Gómez']
      for (let i = 0; i < 6; i++) {
        const res = await fetch(url('/api/checkout'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': `10.5.0.${i}` },
          body: JSON.stringify({ items: [{ productId: products[i]!.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup', customerName: names[i % 3], customerPhone: `5555 30${i % 3}0`, payment: 'efectivo' }),
        })
        expect(res.status).toBe(201)
      }
      expect((await api('/api/admin/users', { method: 'POST', json: { username: 'cocina', password: 'cocina-1234', role: 'staff', active: true } })).status).toBe(201)
    })

    test('Clientes: the last order with its day and a 24-hour time; the search placeholder read whole, laptop and phone', async () => {
      await page.getByRole('link', { name: 'Clientes' }).click()
      const list = page.getByRole('list', { name: 'Clientes' })
      await list.getByText('Ana López').waitFor()
      const last = await list.getByText(/^Último: /).allInnerTexts()
      await expectClockTimes(last.map((t) => t.replace('Último: ', '')))
      for (const viewport of [LAPTOP, PHONE]) {
        await page.setViewportSize(viewport)
        // The placeholder's width in the input's own font, against the room the input gives it.
        const fit = await page.getByRole('searchbox', { name: 'Buscar por nombre o número' }).evaluate((input: HTMLInputElement) => {
          const style = getComputedStyle(input)
          const context = document.createElement('canvas').getContext('2d')!
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
          const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight)
          return { text: context.measureText(input.placeholder).width, room }
        })
        expect(fit.text).toBeLessThanOrEqual(fit.room)
      }
      await page.setViewportSize(LAPTOP)
      await shot('clientes-1280')
      await list.getByRole('button', { name: /María Gómez/ }).click()
      const orders = page.getByRole('dialog', { name: 'María Gómez' }).getByRole('list', { name: 'Pedidos del cliente' })
      await orders.getByRole('listitem').first().waitFor()
      const times = await orders.locator('li span.text-sm').allInnerTexts()
      for (const time of times) expect(time).toMatch(/^\d{1,2} [a-z]{3}( \d{4})?, \d{1,2}:\d{2}$/)
      await page.keyboard.press('Escape')
    })

    test('Usuarios: when each account was made, with its day and a 24-hour time', async () => {
      await page.getByRole('link', { name: 'Usuarios' }).click()
      const rows = page.getByTestId('user-row')
      await rows.nth(1).waitFor()
      const made = await rows.getByText(/^Creado: /).allInnerTexts()
      expect(made).toHaveLength(2)
      await expectClockTimes(made.map((t) => t.replace('Creado: ', '')))
      await shot('usuarios-1280')
    })

    test('Dashboard and Mi Perfil write times the same way', async () => {
      await page.getByRole('link', { name: 'Dashboard' }).click()
      const recent = page.getByRole('list', { name: 'Pedidos recientes' })
      await recent.getByRole('listitem').first().waitFor()
      await expectClockTimes((await recent.locator('p.text-xs').allInnerTexts()).map((t) => t.replace(/^#\d+ · /, '')))
      await page.getByRole('link', { name: 'Mi Perfil' }).click()
      await page.getByText(/^Iniciada: /).first().waitFor()
      await expectClockTimes((await page.getByText(/^(Iniciada|Último uso): /).allInnerTexts()).map((t) => t.replace(/^[^:]+: /, '')))
    })

    test("the product form: 'Precio' for one size, 'Precio mediano' once there is a large one; plain words for the menu position", async () => {
      await page.getByRole('link', { name: 'Productos' }).click()
      await page.getByRole('button', { name: 'Agregar Producto' }).click()
      const dialog = page.getByRole('dialog', { name: 'Nuevo Producto' })
      await dialog.getByLabel('Precio (Q)', { exact: true }).waitFor()
      expect(await dialog.getByText(/mediano/i).count()).toBe(0)
      expect(await dialog.getByText(/visualización/i).count()).toBe(0)
      await dialog.getByLabel('Posición en el menú').waitFor()
      await dialog.getByLabel('Nombre').fill('Chilaquiles Divorciados')
      await dialog.getByLabel('Precio (Q)', { exact: true }).fill('45')
      await dialog.getByLabel('Precio grande (Q, opcional)').fill('60')
      await dialog.getByLabel('Precio mediano (Q)').waitFor()
      await shot('product-form-1280', false)
      await page.keyboard.press('Escape')
    })
  })
})
