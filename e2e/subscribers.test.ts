/**
 * The footer's newsletter in Chromium, end to end on the real server: a customer on a 390 px
 * phone subscribes from the footer (a refused address first, kept in the field), and the
 * administrator finds the address in Suscriptores, downloads the CSV and removes it.
 * Screenshots: e2e/screenshots/subscribers-*.png and admin-suscriptores*.png.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { Subscriber } from '../src/shared/subscribers'
import { LAPTOP, PHONE, launchBrowser, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { adminApi, adminCookie, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
const url = (p: string) => `${server.url}${p}`
const shot = async (page: Page, name: string) => {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true })
}

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  await seed(server.url)
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('the newsletter', () => {
  test('a customer on a phone subscribes from the footer; a refused address stays in the field', async () => {
    const t = await browser.newPage(PHONE)
    const { page } = t
    await page.goto(url('/'))
    await page.waitForSelector('html[data-hydrated="true"]')
    const footer = page.locator('footer')
    const form = footer.getByRole('form', { name: 'Promociones' })
    const email = form.getByLabel('Recibe nuestras promos en tu correo')
    const status = form.getByRole('status')
    await email.scrollIntoViewIfNeeded()
    expect(await email.getAttribute('type')).toBe('email')

    // The browser lets 'ana@correo' through (no dot needed); the server does not.
    await email.fill('ana@correo')
    await form.getByRole('button', { name: 'Suscribirme' }).click()
    await status.getByText('Escribe un correo electrónico válido').waitFor()
    expect(await email.inputValue()).toBe('ana@correo')
    expect(await email.getAttribute('aria-invalid')).toBe('true')
    await footer.screenshot({ path: path.join(screenshotDir, 'subscribers-footer-error-390.png') })
    // The refused request is the only console line (Chromium logs a 4xx it fetched).
    expect(takeProblems(t).filter((p) => !/status of 400/.test(p))).toEqual([])

    await email.fill(' Ana.Lopez@Correo.com ')
    await form.getByRole('button', { name: 'Suscribirme' }).click()
    await status.getByText('Listo: te avisaremos de nuestras promociones').waitFor()
    expect(await email.inputValue()).toBe('')
    expect(await email.getAttribute('aria-invalid')).toBeNull()
    await footer.screenshot({ path: path.join(screenshotDir, 'subscribers-footer-390.png') })

    // Nothing in the footer is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    expect(takeProblems(t)).toEqual([])
    await page.close()
  })

  test('the administrator sees it in Suscriptores, downloads the CSV and removes it', async () => {
    const t: TrackedPage = await browser.newPage(LAPTOP)
    const { page } = t
    await page.goto(url('/login'))
    await page.getByLabel('Usuario').fill('admin')
    await page.getByLabel('Contraseña').fill('admin123')
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click()
    await page.waitForURL(url('/admin'))
    // The welcome toast would cover the phone-width screenshot.
    await page.getByRole('button', { name: 'Cerrar', exact: true }).click()
    await page.getByText('Inicio de sesión exitoso').waitFor({ state: 'detached' })
    await page.getByRole('navigation', { name: 'Panel de administración' }).getByRole('link', { name: 'Suscriptores' }).click()
    await page.waitForURL(url('/admin/suscriptores'))
    const list = page.getByRole('list', { name: 'Suscriptores' })
    const row = list.getByRole('listitem').filter({ hasText: 'ana.lopez@correo.com' })
    await row.waitFor()
    expect(await row.innerText()).toMatch(/Suscrito el \d{1,2} [a-z]{3}( \d{4})?, \d{1,2}:\d{2}$/) // shared/date-time.ts: 24-hour, the year only when not this one
    await shot(page, 'admin-suscriptores')

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV' }).click()])
    expect(download.suggestedFilename()).toBe('suscriptores.csv')
    const csv = await readFile(await download.path(), 'utf8')
    const [header, first, ...rest] = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n')
    expect(header).toBe('"correo","fecha_consentimiento"')
    expect(first).toMatch(/^"ana\.lopez@correo\.com","\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z"$/)
    expect(rest).toEqual([])

    await page.setViewportSize(PHONE)
    await shot(page, 'admin-suscriptores-390')
    await page.setViewportSize(LAPTOP)

    await row.getByRole('button', { name: 'Quitar ana.lopez@correo.com' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Quitar suscriptor' })
    await dialog.getByText('¿Quitar ana.lopez@correo.com de la lista?').waitFor()
    await shot(page, 'admin-suscriptores-quitar')
    await dialog.getByRole('button', { name: 'Quitar', exact: true }).click()
    await page.getByText('Nadie se ha suscrito todavía').waitFor()
    const api = adminApi(server.url, await adminCookie(server.url))
    expect((await (await api('/api/subscribers')).json()) as Subscriber[]).toEqual([])
    expect(takeProblems(t)).toEqual([])
    await page.close()
  })
})
