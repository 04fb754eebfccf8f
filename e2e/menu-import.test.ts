/**
 * 'Importar' in Productos (issue #42), in real Chromium against the real server: the owner
 * picks a spreadsheet with mistakes and sees every error by row before anything changes, picks
 * the corrected file, sees what is new and what changes, and applies it. At 1280 and 390 px.
 * Screenshots: e2e/screenshots/menu-import-*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { Product } from '../src/shared/schemas/product'
import { LAPTOP, PHONE, launchBrowser, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { adminCookie, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let cookie: string

const url = (p: string) => `${server.url}${p}`
async function shot(page: Page, name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) })
}
const products = async () => (await (await fetch(url('/api/products'))).json()) as Product[]

/** A Spanish Excel's CSV: ';', Windows-1252 (latin1 covers these accents). */
const latin1 = (text: string) => ({ name: 'menu.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'latin1') })
const WITH_ERRORS = latin1(
  ['Nombre;Categoría;Descripción;Precio;Disponible', 'Pepián de pollo;Almuerzos;Con arroz;35.50;sí', 'Jocón;Almuerzos;Verde;Q40;quizás', 'Hilachas;Almuerzos;Con papas;Q40;sí'].join('\r\n'),
)
const FIXED = latin1(
  ['Nombre;Categoría;Descripción;Precio;Disponible', 'Pepián de pollo;Almuerzos;Con arroz;35;sí', 'Jocón;Almuerzos;Verde;Q40;sí', 'Hilachas;Almuerzos;Con papas;Q40;sí'].join('\r\n'),
)

/** 422 answers are the preview's errors: the browser's own line about them is expected. */
const problemsBut422 = (t: TrackedPage) => takeProblems(t).filter((p) => !p.includes('status of 422'))

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  cookie = await adminCookie(server.url)
  browser = await launchBrowser()
  const [name = '', value = ''] = cookie.split('=')
  await browser.context.addCookies([{ name, value, url: server.url }])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function openImport(page: Page, screenshot?: string) {
  await page.goto(url('/admin/productos'))
  await page.getByRole('button', { name: 'Importar' }).waitFor()
  if (screenshot) await shot(page, screenshot)
  await page.getByRole('button', { name: 'Importar' }).click()
  await page.getByRole('dialog', { name: 'Importar el menú' }).waitFor()
}

describe('Productos: Importar', () => {
  test('1280 px: errors by row first, nothing changed; the corrected file previews, then Aplicar', async () => {
    const laptop = await browser.newPage(LAPTOP)
    const { page } = laptop
    const before = await products()
    await openImport(page)
    const dialog = page.getByRole('dialog', { name: 'Importar el menú' })
    await dialog.getByLabel('Elegir archivo').setInputFiles(WITH_ERRORS)
    await dialog.getByText('El archivo tiene 2 errores; no se cambió nada').waitFor()
    const rows = await dialog.locator('tbody tr').allInnerTexts()
    expect(rows.map((r) => r.split('\t').map((c) => c.trim()))).toEqual([
      ['2', 'precio', '35.50: solo quetzales enteros (sin centavos)'],
      ['3', 'disponible', "'quizás' no es sí ni no"],
    ])
    expect(await dialog.getByRole('button', { name: 'Aplicar' }).isDisabled()).toBe(true)
    await shot(page, 'menu-import-errors-1280')
    expect(await products()).toEqual(before)

    await dialog.getByLabel('Elegir archivo').setInputFiles(FIXED)
    await dialog.locator('[data-count="created"]', { hasText: '3' }).waitFor()
    expect(await dialog.locator('[data-count="updated"]').innerText()).toBe('0')
    await shot(page, 'menu-import-preview-1280')
    await dialog.getByRole('button', { name: 'Aplicar' }).click()
    await page.locator('ol > li[data-state="open"]', { hasText: 'Menú importado' }).first().waitFor({ timeout: 15_000 })
    // The list refreshes: the new category and its dishes, accents intact.
    await page.getByRole('heading', { name: /Almuerzos/ }).waitFor()
    await page.getByText('Pepián de pollo').first().waitFor()
    expect((await products()).filter((p) => p.category === 'almuerzos').map((p) => p.name).sort()).toEqual(['Hilachas', 'Jocón', 'Pepián de pollo'])
    expect(problemsBut422(laptop)).toEqual([])
  })

  test('390 px: the preview with errors fits the phone, the file applied again changes nothing', async () => {
    const phone = await browser.newPage(PHONE)
    const { page } = phone
    await openImport(page, 'menu-import-productos-390')
    const dialog = page.getByRole('dialog', { name: 'Importar el menú' })
    await dialog.getByLabel('Elegir archivo').setInputFiles(WITH_ERRORS)
    await dialog.getByText('El archivo tiene 2 errores; no se cambió nada').waitFor()
    await shot(page, 'menu-import-errors-390')
    // Nothing wider than the phone: the dialog and its table wrap.
    const box = await dialog.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

    await dialog.getByLabel('Elegir archivo').setInputFiles(FIXED)
    await dialog.locator('[data-count="unchanged"]', { hasText: '3' }).waitFor()
    await dialog.getByText('El archivo es igual al menú: no hay nada que cambiar.').waitFor()
    expect(await dialog.getByRole('button', { name: 'Aplicar' }).isDisabled()).toBe(true)
    await shot(page, 'menu-import-unchanged-390')
    expect(problemsBut422(phone)).toEqual([])
  })

  test("'Exportar' downloads the menu as Excel", async () => {
    const { page } = await browser.newPage(LAPTOP)
    await page.goto(url('/admin/productos'))
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar' }).click()])
    expect(download.suggestedFilename()).toMatch(/^menu-\d{4}-\d{2}-\d{2}\.xlsx$/)
  })
})
