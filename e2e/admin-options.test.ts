/**
 * Option groups in the admin (issue #32), in real Chromium against the real server. At 1280 px
 * the owner creates 'Leche' with three options in Opciones, attaches it to Café de olla in the
 * product form; a 'Cocina / caja' account does not see Opciones, and marks 'Almendra' Agotado
 * from Productos. Screenshots: e2e/screenshots/admin-options-*.png (the list and the form at
 * 1280 px, the form at 390 px, the staff's switches).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { OptionGroup } from '../src/shared/options'
import type { Product } from '../src/shared/schemas'
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
async function signIn(page: Page, username: string, password: string) {
  await page.goto(url('/login'))
  await page.getByLabel('Usuario').fill(username)
  await page.getByLabel('Contraseña').fill(password)
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click()
  await page.waitForURL(url('/admin'))
}

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  const cookie = await adminCookie(server.url)
  api = adminApi(server.url, cookie)
  const staff = await api('/api/admin/users', { method: 'POST', json: { username: 'cocina', password: 'cocina-1234', role: 'staff' } })
  expect(staff.status).toBe(201)
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

describe('Opciones, as the owner (1280 px)', () => {
  test("creates 'Leche' with Entera, Deslactosada and Almendra (+Q5, Grande +Q7)", async () => {
    const { page } = laptop
    await page.goto(url('/admin'))
    await page.getByRole('navigation', { name: 'Panel de administración' }).getByRole('link', { name: 'Opciones' }).click()
    await page.getByRole('heading', { name: 'Opciones', level: 1 }).waitFor()
    await page.getByText(/No hay grupos de opciones/).waitFor()
    await page.getByRole('button', { name: 'Agregar Grupo' }).click()
    const dialog = page.getByRole('dialog', { name: 'Nuevo Grupo de Opciones' })
    // Spanish messages from the shared schema before anything is sent.
    await dialog.getByRole('button', { name: 'Crear' }).click()
    expect(await dialog.getByText('Este campo es obligatorio').count()).toBe(2)

    await dialog.getByLabel('Nombre del grupo').fill('Leche')
    await dialog.getByLabel('Opción 1', { exact: true }).fill('Entera')
    await dialog.getByLabel('Por defecto, opción 1').check()
    await dialog.getByRole('button', { name: 'Agregar opción' }).click()
    await dialog.getByLabel('Opción 2', { exact: true }).fill('Deslactosada')
    await dialog.getByRole('button', { name: 'Agregar opción' }).click()
    await dialog.getByLabel('Opción 3', { exact: true }).fill('Almendra')
    await dialog.getByLabel('Precio (Q) de la opción 3').fill('5')
    await dialog.getByLabel('Grande (Q) de la opción 3').fill('7')
    expect(await dialog.getByTestId('group-rule-preview').textContent()).toBe('El cliente verá: Elige 1 · Obligatorio')
    await shot(page, 'admin-options-form-1280')
    await dialog.getByRole('button', { name: 'Crear' }).click()
    await expectToast(page, 'Grupo de opciones creado')
    const card = page.getByTestId('option-group-card').filter({ has: page.getByRole('heading', { name: 'Leche' }) })
    await card.waitFor()
    expect(await card.getByTestId('option-stock').allTextContents()).toEqual([
      'EnteraPor defectoSin costoDisponible',
      'DeslactosadaSin costoDisponible',
      'Almendra+Q5 · Grande +Q7Disponible',
    ])
    const [leche] = await getJson<OptionGroup[]>('/api/option-groups')
    expect(leche).toMatchObject({
      name: 'Leche',
      min: 1,
      max: 1,
      options: [
        { name: 'Entera', price: 0, priceGrande: null, available: true, isDefault: true },
        { name: 'Deslactosada', price: 0, priceGrande: null, available: true, isDefault: false },
        { name: 'Almendra', price: 5, priceGrande: 7, available: true, isDefault: false },
      ],
    })
  }, 90_000)

  test('attaches Leche to Café de olla from the product form; Opciones counts it and refuses to delete it', async () => {
    const { page } = laptop
    await page.goto(url('/admin/productos'))
    const dish = page.locator('li', { has: page.getByRole('heading', { name: 'Café de olla', exact: true }) }).last()
    await dish.getByRole('button', { name: /Editar/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Editar Producto' })
    await dialog.getByLabel('Grupo para agregar').selectOption({ label: 'Leche (Elige 1, Obligatorio)' })
    await dialog.getByRole('button', { name: 'Agregar grupo' }).click()
    await dialog.getByTestId('product-group').filter({ hasText: '1. Leche' }).waitFor()
    await dialog.getByRole('group', { name: /Grupos de opciones/ }).scrollIntoViewIfNeeded()
    await shot(page, 'admin-options-product-form-1280')
    await dialog.getByRole('button', { name: 'Actualizar' }).click()
    await expectToast(page, 'Producto actualizado')
    await dish.getByText('Opciones: Leche').waitFor()
    const [leche] = await getJson<OptionGroup[]>('/api/option-groups')
    const cafe = (await getJson<Product[]>('/api/products')).find((p) => p.name === 'Café de olla')
    expect(cafe?.optionGroupIds).toEqual([leche?.id ?? 0])

    await page.goto(url('/admin/opciones'))
    const card = page.getByTestId('option-group-card').filter({ has: page.getByRole('heading', { name: 'Leche' }) })
    await card.getByText('1 producto: Café de olla').waitFor()
    await shot(page, 'admin-options-list-1280', true)
    // The server's 409 is told in the confirmation, which stays open.
    await card.getByRole('button', { name: 'Eliminar Leche' }).click()
    const confirm = page.getByRole('alertdialog')
    await confirm.getByRole('button', { name: 'Eliminar' }).click()
    await confirm.getByRole('alert').waitFor()
    expect(await confirm.getByRole('alert').textContent()).toContain('quítalo de ese producto')
    await shot(page, 'admin-options-delete-409-1280')
    // Chromium logs the refused DELETE itself; that one is expected.
    expect(takeProblems(laptop)).toEqual(['console.error: Failed to load resource: the server responded with a status of 409 (Conflict)'])
    await confirm.getByRole('button', { name: 'Cancelar' }).click()
    expect((await getJson<OptionGroup[]>('/api/option-groups')).map((g) => g.name)).toEqual(['Leche'])

    // The form on a phone.
    await page.setViewportSize(PHONE)
    await card.getByRole('button', { name: 'Editar Leche' }).click()
    await page.getByRole('dialog', { name: 'Editar Grupo de Opciones' }).waitFor()
    await shot(page, 'admin-options-form-390')
    await page.getByRole('dialog').getByLabel('Opción 3', { exact: true }).scrollIntoViewIfNeeded()
    await shot(page, 'admin-options-form-390-options')
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(PHONE.width)
    await page.keyboard.press('Escape')
    await page.setViewportSize(LAPTOP)
  }, 90_000)
})

describe("Options sold out, as a 'Cocina / caja' account (1280 px)", () => {
  test("no Opciones page; marks Almendra 'Agotado' from Productos", async () => {
    const { page } = laptop
    await page.context().clearCookies()
    await signIn(page, 'cocina', 'cocina-1234')
    const nav = page.getByRole('navigation', { name: 'Panel de administración' })
    // The menu renders once the session is read: wait for its last link before reading them all.
    await nav.getByRole('link', { name: 'Mi Perfil' }).waitFor()
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Productos', 'Pedidos', 'Mi Perfil'])
    await page.goto(url('/admin/opciones'))
    await page.getByText('Esta página es solo para administradores').waitFor()

    await page.goto(url('/admin/productos'))
    await page.getByRole('link', { name: 'Disponibilidad de opciones' }).click()
    const section = page.getByRole('region', { name: /^Opciones/ })
    const almendra = section.getByRole('switch', { name: 'Leche: Almendra disponible' })
    await almendra.click()
    await expectToast(page, 'Almendra: agotado')
    await section.getByTestId('option-stock').filter({ hasText: 'Almendra' }).getByText('Agotado').waitFor()
    expect(await almendra.getAttribute('aria-checked')).toBe('false')
    expect(await section.getByRole('button').and(page.locator(':not([role="switch"])')).count()).toBe(0)
    await shot(page, 'admin-options-staff-1280')
    const [leche] = await getJson<OptionGroup[]>('/api/option-groups')
    expect(leche?.options.map((o) => [o.name, o.available])).toEqual([
      ['Entera', true],
      ['Deslactosada', true],
      ['Almendra', false],
    ])
    // Anything else about groups stays the owner's: the server refuses a staff edit too.
    const cookies = await page.context().cookies(server.url)
    const staffCookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ')
    const refused = await adminApi(server.url, staffCookie)(`/api/option-groups/${leche?.id ?? 0}`, { method: 'PUT', json: { name: 'Leche', min: 0, max: 1, options: [{ name: 'Entera' }] } })
    expect(refused.status).toBe(403)
  }, 90_000)
})
