/**
 * Admin panel in Chromium against the real server (fresh DATA_DIR): the whole
 * path an owner walks on day one, at 1280 px, plus a few checks at 390 px.
 * Tests run in order and share one browser profile (so one session cookie).
 * Every test ends with a clean page: no console error or warning, no uncaught
 * exception, no Content-Security-Policy violation; the only failed loads
 * allowed are the answers a test provokes on purpose (401, 409).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { LAPTOP, PHONE, launchBrowser, screenshot, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { tabThrough } from './support/focus'
import { startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let tracked: TrackedPage
let page: Page

const PASSWORD = 'admin123'
const NEW_PASSWORD = 'salsa-verde-2024'

const url = (p: string) => `${server.url}${p}`

/** Resolves once no CSS animation or transition is running (dialogs and sheets have finished entering). */
async function animationsDone(p: Page) {
  await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
}

/** Viewport-only screenshot: dialogs and sheets are fixed to the viewport. */
async function viewShot(p: Page, name: string) {
  await animationsDone(p)
  await p.screenshot({ path: path.join(screenshotDir, `${name}.png`) })
}

/** Console, page-error and CSP problems since the last check, minus the failed loads a test provoked on purpose. */
const unexpectedProblems = (t: TrackedPage) =>
  takeProblems(t).filter((e) => !/^console\.error: Failed to load resource: the server responded with a status of (401|409)/.test(e))

/** An open toast (Radix renders each as an li in the viewport's list) holds this text. */
async function expectToast(text: string, p: Page = page) {
  await p.locator('ol > li[data-state="open"]', { hasText: text }).first().waitFor({ timeout: 5000 })
}

/** axe-core scan: serious or critical violations only. */
async function axeViolations(p: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, not as an inline <script>, which the page's CSP rightly refuses.
  const source = await Bun.file(path.resolve(import.meta.dir, '../node_modules/axe-core/axe.min.js')).text()
  await p.evaluate(source)
  const result = await p.evaluate(async () => {
    type Violation = { id: string; impact: string; nodes: { target: string[] }[] }
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe
    return axe.run(document, { resultTypes: ['violations'] })
  })
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

async function login(password: string) {
  await page.goto(url('/login'))
  await page.getByLabel('Usuario').fill('admin')
  await page.getByLabel('Contraseña').fill(password)
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click()
  await page.waitForURL(url('/admin'))
}

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  tracked = await browser.newPage(LAPTOP)
  page = tracked.page
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('admin panel at 1280 px', () => {
  afterEach(() => {
    expect(unexpectedProblems(tracked)).toEqual([])
  })

  test('signed out: /admin redirects to /login', async () => {
    await page.goto(url('/admin/productos'))
    await page.waitForURL(url('/login'))
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor()
    await screenshot(page, 'admin-login')
  })

  test('unknown path: HTTP 404 and the page says Page Not Found', async () => {
    expect(unexpectedProblems(tracked)).toEqual([])
    const res = await page.goto(url('/esto-no-existe'))
    expect(res?.status()).toBe(404)
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor()
    await screenshot(page, 'admin-404')
    // Chromium logs the document's own 404 status; nothing else may appear.
    expect(takeProblems(tracked)).toEqual(['console.error: Failed to load resource: the server responded with a status of 404 (Not Found)'])
    const api = await fetch(url('/api/esto-no-existe'))
    expect(api.status).toBe(404)
    expect(api.headers.get('content-type')).toContain('application/json')
  })

  test('setup creates the admin and goes to /login; a second try offers the repair button', async () => {
    await page.goto(url('/setup-admin'))
    await page.getByText('admin123').waitFor()
    await page.getByRole('button', { name: 'Crear Usuario Admin' }).click()
    await page.waitForURL(url('/login'), { timeout: 5000 })

    await page.goto(url('/setup-admin'))
    await page.getByRole('button', { name: 'Crear Usuario Admin' }).click()
    await page.getByRole('button', { name: 'Arreglar Usuario Admin' }).waitFor()
    await expectToast('already exists')
    await screenshot(page, 'admin-setup-repair')
  })

  test('wrong password shows the login error toast', async () => {
    await page.goto(url('/login'))
    await page.getByLabel('Usuario').fill('admin')
    await page.getByLabel('Contraseña').fill('incorrecta')
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click()
    await expectToast('Error de inicio de sesión')
    expect(page.url()).toBe(url('/login'))
  })

  test('login leads to the dashboard with the default-password warning', async () => {
    await login(PASSWORD)
    await expectToast('Inicio de sesión exitoso')
    await page.getByText('Total Productos').waitFor()
    await page.getByText('Pedidos Totales').waitFor()
    await page.getByText('No hay pedidos aún').waitFor()
    await page.getByText('Estás usando la contraseña inicial').waitFor()
    const nav = page.getByRole('navigation', { name: 'Panel de administración' })
    const entries = await nav.getByRole('link').allTextContents()
    expect(entries).toEqual([
      'Dashboard',
      'Productos',
      'Pedidos',
      'Reportes',
      'Clientes',
      'Suscriptores',
      'Promociones',
      'Cartel con QR',
      'Mesas',
      'Usuarios',
      'Zonas de Cobertura',
      'Ingredientes',
      'Categorías',
      'Opciones',
      'Configuración',
      'API Keys',
      'Inicializar BD',
      'Mi Perfil',
    ])
    await screenshot(page, 'admin-dashboard-empty')
  })

  test('database initialization loads the seed and reports its stats', async () => {
    await page.getByRole('link', { name: 'Inicializar BD' }).click()
    await page.getByText('21 ingredientes').waitFor()
    await page.getByRole('button', { name: 'Inicializar Base de Datos' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, inicializar' }).click()
    await page.getByText('Ingredientes: 21').waitFor()
    await page.getByText('Productos: 10').waitFor()
    await screenshot(page, 'admin-inicializar-bd')

    // A second run is refused and says why.
    await page.getByRole('button', { name: 'Inicializar Base de Datos' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sí, inicializar' }).click()
    await page.locator('[role="alert"]').filter({ hasText: 'Error' }).waitFor()
  })

  test('dashboard counts the seeded products: 10 in all; 3 chilaquiles, 4 bebidas, 3 postres', async () => {
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await page.locator('main').getByText('4 productos', { exact: true }).waitFor()
    const total = page.getByRole('heading', { name: 'Total Productos' }).locator('xpath=../..').locator('p').first()
    expect(await total.textContent()).toBe('10')
    const perCategory = await page
      .locator('main li', { has: page.locator('span.font-semibold') })
      .evaluateAll((items) => items.map((li) => [li.querySelector('span.font-semibold')?.textContent, li.querySelector('span.font-semibold + *')?.textContent]))
    expect(perCategory).toEqual([
      ['Chilaquiles', '3 productos'],
      ['Bebidas', '4 productos'],
      ['Postres', '3 productos'],
    ])
    await screenshot(page, 'admin-dashboard')
  })

  test('keyboard: every control of the dashboard and the product dialog shows a focus indicator', async () => {
    await page.goto(url('/admin'))
    await page.getByText('Total Productos').waitFor()
    const dashboard = await tabThrough(page)
    expect(dashboard.visited.filter((v) => v.startsWith('a ')).length).toBeGreaterThanOrEqual(12) // the sidebar's links
    expect(dashboard.invisible).toEqual([])

    await page.goto(url('/admin/productos'))
    await page.getByRole('button', { name: 'Agregar Producto' }).click()
    await page.getByRole('dialog', { name: 'Nuevo Producto' }).waitFor()
    await animationsDone(page)
    try {
      const dialog = await tabThrough(page)
      expect(dialog.visited.length).toBeGreaterThan(8)
      expect(dialog.visited).toContain('input[file] ""')
      expect(dialog.invisible).toEqual([])
    } finally {
      await page.keyboard.press('Escape')
      await page.getByRole('dialog', { name: 'Nuevo Producto' }).waitFor({ state: 'detached' })
    }
  })

  test('product: create, edit and delete; the landing page follows', async () => {
    await page.getByRole('link', { name: 'Productos' }).click()
    await page.getByRole('heading', { name: 'Chilaquiles', level: 2 }).waitFor()
    await screenshot(page, 'admin-productos')

    await page.getByRole('button', { name: 'Agregar Producto' }).click()
    const dialog = page.getByRole('dialog', { name: 'Nuevo Producto' })
    await dialog.waitFor()
    // Blank required fields: inline errors, no request.
    await dialog.getByRole('button', { name: 'Crear' }).click()
    await dialog.getByText('Este campo es obligatorio').first().waitFor()

    await dialog.getByLabel('Nombre').fill('Chilaquiles de Prueba')
    await dialog.getByLabel('Descripción').fill('Totopos bañados en salsa de la casa')
    await dialog.getByLabel('Precio (Q)', { exact: true }).fill('44')
    await dialog.getByLabel('Posición en el menú').fill('99')
    await dialog.locator('#product-image').setInputFiles(path.resolve(import.meta.dir, 'fixtures/tiny.png'))
    await dialog.getByRole('img', { name: /Vista previa/ }).waitFor()
    await dialog.getByRole('group', { name: /Salsas disponibles/ }).getByRole('checkbox').first().check()
    await viewShot(page, 'admin-product-dialog')
    await dialog.getByRole('button', { name: 'Crear' }).click()
    await expectToast('Producto creado')
    await dialog.waitFor({ state: 'detached' })
    await page.getByRole('heading', { name: 'Chilaquiles de Prueba' }).waitFor()

    let landing = await (await fetch(url('/'))).text()
    expect(landing).toContain('Chilaquiles de Prueba')

    await page.getByRole('button', { name: 'Editar Chilaquiles de Prueba' }).click()
    const edit = page.getByRole('dialog', { name: 'Editar Producto' })
    await expect(edit.getByLabel('Nombre').inputValue()).resolves.toBe('Chilaquiles de Prueba')
    await edit.getByLabel('Nombre').fill('Chilaquiles Editados')
    await edit.getByLabel('Precio grande (Q, opcional)').fill('59')
    await edit.getByLabel('Precio mediano (Q)').waitFor() // two sizes now: the first price is the medium one
    await edit.getByRole('button', { name: 'Actualizar' }).click()
    await expectToast('Producto actualizado')
    await page.getByRole('heading', { name: 'Chilaquiles Editados' }).waitFor()

    const landingPage = await browser.newPage(LAPTOP)
    await landingPage.page.goto(url('/'))
    await landingPage.page.reload()
    await landingPage.page.getByText('Chilaquiles Editados').first().waitFor()
    await landingPage.page.waitForSelector('html[data-hydrated="true"]')
    expect(takeProblems(landingPage)).toEqual([])
    await landingPage.page.close()

    await page.getByRole('button', { name: 'Eliminar Chilaquiles Editados' }).click()
    await expectToast('Producto eliminado')
    await page.getByRole('heading', { name: 'Chilaquiles Editados' }).waitFor({ state: 'detached' })
    landing = await (await fetch(url('/'))).text()
    expect(landing).not.toContain('Chilaquiles Editados')
  })

  test('ingredient: fields follow the type; create, edit, delete with confirmation', async () => {
    await page.getByRole('link', { name: 'Ingredientes' }).click()
    await page.getByRole('tab', { name: /Base \(5\)/ }).waitFor()
    await page.getByRole('tab', { name: /Salsas \(7\)/ }).click()
    await screenshot(page, 'admin-ingredientes')

    await page.getByRole('button', { name: 'Agregar Ingrediente' }).click()
    const dialog = page.getByRole('dialog', { name: 'Nuevo Ingrediente' })
    await dialog.waitFor()
    expect(await dialog.getByLabel('Precio (Q)').count()).toBe(0)
    expect(await dialog.getByLabel('Descripción').count()).toBe(0)
    await dialog.getByLabel('Tipo').selectOption('extra')
    await dialog.getByLabel('Precio (Q)').waitFor()
    await dialog.getByLabel('Nombre').fill('Chicharrón de prueba')
    await dialog.getByLabel('Precio (Q)').fill('12')
    await dialog.getByRole('button', { name: 'Crear' }).click()
    await expectToast('Ingrediente creado')
    await page.getByRole('tab', { name: /Extras \(10\)/ }).click()
    await page.getByRole('listitem').filter({ hasText: 'Chicharrón de prueba' }).getByText('+Q12').waitFor()

    await page.getByRole('button', { name: 'Editar Chicharrón de prueba' }).click()
    const edit = page.getByRole('dialog', { name: 'Editar Ingrediente' })
    await edit.getByLabel('Nombre').fill('Chicharrón editado')
    await edit.getByRole('button', { name: 'Actualizar' }).click()
    await expectToast('Ingrediente actualizado')
    await page.getByRole('heading', { name: 'Chicharrón editado' }).waitFor()

    await page.getByRole('button', { name: 'Eliminar Chicharrón editado' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByText('¿Estás seguro de que deseas eliminar este ingrediente?').waitFor()
    await confirm.getByRole('button', { name: 'Eliminar' }).click()
    await expectToast('Ingrediente eliminado')
    await page.getByRole('tab', { name: /Extras \(9\)/ }).waitFor()
  })

  test('coverage zone: create, edit (switch to Inactiva), delete', async () => {
    await page.getByRole('link', { name: 'Zonas de Cobertura' }).click()
    await page.getByText('No hay zonas de cobertura configuradas').waitFor()
    await page.getByRole('button', { name: 'Agregar Zona' }).click()
    const dialog = page.getByRole('dialog', { name: 'Nueva Zona' })
    await dialog.getByLabel('Nombre de la zona').fill('Zona 10')
    await dialog.getByLabel('Costo de envío (Q)').fill('25')
    await dialog.getByLabel('Tiempo estimado (opcional)').fill('30-45 min')
    await dialog.getByRole('button', { name: 'Crear' }).click()
    await expectToast('Zona creada')
    await page.getByText('Tiempo estimado:').waitFor()
    await page.getByText('Activa', { exact: true }).first().waitFor()

    await page.getByRole('button', { name: 'Editar Zona 10' }).click()
    const edit = page.getByRole('dialog', { name: 'Editar Zona' })
    await edit.getByRole('switch').click()
    await edit.getByText('Inactiva').waitFor()
    await edit.getByRole('button', { name: 'Actualizar' }).click()
    await expectToast('Zona actualizada')
    await page.locator('main').getByText('Inactiva', { exact: true }).waitFor()
    await screenshot(page, 'admin-zonas')

    await page.getByRole('button', { name: 'Eliminar Zona 10' }).click()
    await expectToast('Zona eliminada')
    await page.getByText('No hay zonas de cobertura configuradas').waitFor()
  })

  test('chat number: fewer than 8 digits is refused; punctuation is stripped', async () => {
    await page.getByRole('link', { name: 'Configuración' }).click()
    const input = page.getByLabel('Número de WhatsApp')
    // Each Configuración card has its own 'Guardar': this one's is in the number's form.
    const save = input.locator('xpath=ancestor::form').getByRole('button', { name: 'Guardar', exact: true })
    await input.fill('1234')
    await save.click()
    await expectToast('El número debe tener entre 8 y 15 dígitos')
    await input.fill('+502 5555-1234')
    await save.click()
    await expectToast('Configuración guardada')
    await expect(input.inputValue()).resolves.toBe('50255551234')
    const saved = (await (await fetch(url('/api/settings/whatsapp_number'))).json()) as { value: string }
    expect(saved.value).toBe('50255551234')
    await screenshot(page, 'admin-configuracion')
  })

  test('API key: name rule, full key shown once, copy, delete with confirmation', async () => {
    await page.getByRole('link', { name: 'API Keys' }).click()
    await page.getByText('Total Keys').waitFor()
    await page.getByRole('button', { name: 'Nueva API Key' }).click()
    const dialog = page.getByRole('dialog', { name: 'Nueva API Key' })
    await dialog.getByLabel('Nombre').fill('ab')
    await dialog.getByRole('button', { name: 'Crear' }).click()
    await expectToast('El nombre debe tener al menos 3 caracteres')
    await dialog.getByLabel('Nombre').fill('Punto de venta')
    await dialog.getByRole('button', { name: 'Crear' }).click()
    const shown = page.getByRole('dialog', { name: 'API Key creada' })
    await shown.getByText('No podrás verla de nuevo').waitFor()
    const fullKey = (await shown.getByTestId('full-api-key').textContent()) ?? ''
    expect(fullKey.length).toBeGreaterThan(32)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
    await shown.getByRole('button', { name: 'Copiar API Key' }).click()
    await shown.getByRole('button', { name: 'Copiado' }).waitFor()
    await viewShot(page, 'admin-api-key-created')
    await shown.getByRole('button', { name: 'Listo' }).click()
    await shown.waitFor({ state: 'detached' })

    await page.getByRole('heading', { name: 'Punto de venta' }).waitFor()
    expect(await page.content()).not.toContain(fullKey)
    await page.getByText(`${fullKey.slice(0, 20)}...${fullKey.slice(-8)}`).waitFor()
    // The key works for a point-of-sale read.
    const res = await fetch(url('/api/orders'), { headers: { authorization: `Bearer ${fullKey}` } })
    expect(res.status).toBe(200)

    await page.getByRole('button', { name: 'Eliminar Punto de venta' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByText('no se puede deshacer').waitFor()
    await confirm.getByRole('button', { name: 'Eliminar' }).click()
    await expectToast('API Key eliminada')
    await page.getByText('No hay API Keys creadas').waitFor()
  })

  test('static pages show their fixed texts', async () => {
    await page.getByRole('link', { name: 'Pedidos' }).click()
    await page.getByText('No hay pedidos registrados').waitFor()
    await page.getByRole('link', { name: 'Clientes' }).click()
    await page.getByText('No hay clientes registrados').waitFor()
    await page.getByRole('link', { name: 'Usuarios' }).click()
    await page.getByText('Panel de gestión de usuarios del sistema').first().waitFor()
    await page.getByRole('link', { name: 'Categorías' }).click()
    await page.getByText('Dulces tradicionales').waitFor()
  })

  test('Mi Perfil changes the password; the warning goes away', async () => {
    await page.getByRole('link', { name: 'Mi Perfil' }).click()
    await page.getByText('Administrador').waitFor()
    await page.getByLabel('Contraseña actual').fill(PASSWORD)
    await page.getByLabel('Nueva contraseña').fill('corta')
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
    await page.getByText('al menos 8 caracteres').last().waitFor()
    await page.getByLabel('Nueva contraseña').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
    await expectToast('Contraseña actualizada')
    await screenshot(page, 'admin-mi-perfil')
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await page.getByText('Total Productos').waitFor()
    expect(await page.getByText('Estás usando la contraseña inicial').count()).toBe(0)
  })

  test('sidebar collapses to icons with ctrl+B and remembers it', async () => {
    const nav = page.getByRole('navigation', { name: 'Panel de administración' })
    const wide = (await nav.boundingBox())?.width ?? 0
    expect(Math.round(wide)).toBe(256)
    const navWidthIs = (px: number) =>
      page.waitForFunction((w) => Math.round(document.querySelector('nav[aria-label="Panel de administración"]')?.getBoundingClientRect().width ?? 0) === w, px)
    await page.keyboard.press('Control+b')
    await navWidthIs(48)
    await animationsDone(page)
    expect(Math.round((await nav.boundingBox())?.width ?? 0)).toBe(48)
    await screenshot(page, 'admin-sidebar-collapsed')
    await page.reload()
    await page.getByText('Total Productos').waitFor()
    // The sidebar is laid out by its own chunk: wait for it rather than read it at once (0 wide then).
    await navWidthIs(48)
    expect(Math.round((await nav.boundingBox())?.width ?? 0)).toBe(48)
    await page.keyboard.press('Control+b')
    await navWidthIs(256)
    await animationsDone(page)
    expect(Math.round((await nav.boundingBox())?.width ?? 0)).toBe(256)
  })

  test('axe: no serious or critical violations on the main pages and dialogs', async () => {
    const found: Record<string, string[]> = {}
    for (const [name, href] of [
      ['dashboard', '/admin'],
      ['productos', '/admin/productos'],
      ['ingredientes', '/admin/ingredientes'],
      ['zonas', '/admin/zonas-cobertura'],
      ['configuracion', '/admin/configuracion'],
      ['api-keys', '/admin/api-keys'],
      ['inicializar-bd', '/admin/inicializar-bd'],
      ['mi-perfil', '/admin/mi-perfil'],
    ] as const) {
      await page.goto(url(href))
      await page.locator('main h1').first().waitFor()
      await page.waitForLoadState('networkidle')
      await animationsDone(page)
      found[name] = await axeViolations(page)
    }
    await page.goto(url('/admin/productos'))
    await page.getByRole('button', { name: 'Agregar Producto' }).click()
    await page.getByRole('dialog', { name: 'Nuevo Producto' }).waitFor()
    await animationsDone(page)
    found['product-dialog'] = await axeViolations(page)
    await page.keyboard.press('Escape')
    await page.goto(url('/admin/ingredientes'))
    await page.getByRole('button', { name: 'Agregar Ingrediente' }).click()
    await page.getByRole('dialog', { name: 'Nuevo Ingrediente' }).getByLabel('Tipo').selectOption('salsa')
    await page.getByRole('dialog', { name: 'Nuevo Ingrediente' }).getByLabel('Descripción').waitFor()
    await animationsDone(page)
    found['ingredient-dialog'] = await axeViolations(page)
    await page.keyboard.press('Escape')
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])))
  })

  test('logout goes to /login; /admin then redirects; the new password works', async () => {
    await page.getByRole('button', { name: 'Cerrar sesión' }).click()
    await page.waitForURL(url('/login'))
    await expectToast('Sesión cerrada')
    await page.goto(url('/admin'))
    await page.waitForURL(url('/login'))
    await login(NEW_PASSWORD)
    await page.getByText('Total Productos').waitFor()
  })

})

describe('admin panel at 390 px', () => {
  let phone: TrackedPage

  beforeAll(async () => {
    phone = await browser.newPage(PHONE)
  })

  afterEach(() => {
    expect(takeProblems(phone)).toEqual([])
  })

  test('the sidebar is a sheet opened from the header', async () => {
    const p = phone.page
    await p.goto(url('/admin'))
    await p.getByText('Total Productos').waitFor()
    expect(await p.getByRole('navigation', { name: 'Panel de administración' }).count()).toBe(0)
    await screenshot(p, 'admin-phone-dashboard')
    await p.getByRole('button', { name: 'Abrir menú' }).click()
    const sheet = p.getByRole('dialog', { name: 'Panel de administración' })
    await sheet.getByRole('link', { name: 'Productos' }).waitFor()
    await viewShot(p, 'admin-phone-menu')
    await sheet.getByRole('link', { name: 'Productos' }).click()
    await p.waitForURL(url('/admin/productos'))
    await sheet.waitFor({ state: 'detached' })
  })

  test('the product dialog fits and closes with Escape', async () => {
    const p = phone.page
    await p.getByRole('button', { name: 'Agregar Producto' }).click()
    const dialog = p.getByRole('dialog', { name: 'Nuevo Producto' })
    await dialog.waitFor()
    const box = await dialog.boundingBox()
    expect(box && box.width <= PHONE.width).toBe(true)
    await viewShot(p, 'admin-phone-product-dialog')
    await p.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    const width = await p.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(PHONE.width)
  })
})
