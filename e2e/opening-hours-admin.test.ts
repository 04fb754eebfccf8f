/**
 * Issue #12, the owner's side in Chromium against the real server: fill the
 * 'Horario de atención' form and see it saved (and enforced by the checkout),
 * switch a product to Agotado, set a zone's Pedido mínimo. Screenshots of the
 * schedule card at 1280 px and 390 px. Every test ends with a clean page (no
 * console error or warning, page error or CSP violation).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { CoverageZone, OpeningHoursView, Product, StoreStatus } from '../src/shared/schemas'
import { LAPTOP, PHONE, launchBrowser, screenshot, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { adminCookie, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let tracked: TrackedPage
let page: Page
let cookie: string

const url = (p: string) => `${server.url}${p}`
const getJson = async <T>(p: string): Promise<T> => (await (await fetch(url(p), { headers: { cookie } })).json()) as T
/** A storefront checkout as the browser would send it (same origin). */
const checkout = (json: unknown) => fetch(url('/api/checkout'), { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify(json) })

async function expectToast(text: string) {
  await page.locator('ol > li[data-state="open"]', { hasText: text }).first().waitFor({ timeout: 15_000 }) // a loaded CI box can take a while to save and say so
}
async function animationsDone(p: Page) {
  await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
}
/** axe-core scan (serious or critical only), evaluated through the DevTools protocol, not an inline script. */
async function axeViolations(p: Page): Promise<string[]> {
  await p.evaluate(await Bun.file(path.resolve(import.meta.dir, '../node_modules/axe-core/axe.min.js')).text())
  const result = await p.evaluate(async () => {
    type Violation = { id: string; impact: string; nodes: { target: string[] }[] }
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe
    return axe.run(document, { resultTypes: ['violations'] })
  })
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Before a full-page screenshot: no focus ring on the last field, and the fixed header and sidebar back at the top. */
async function unfocusAndScrollUp(p: Page) {
  await p.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    window.scrollTo(0, 0)
  })
}

const card = () => page.locator('form[aria-label="Horario de atención"]')
const day = (name: string) => page.getByRole('group', { name })

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  cookie = await adminCookie(server.url)
  browser = await launchBrowser()
  const [name = '', value = ''] = cookie.split('=')
  await browser.context.addCookies([{ name, value, url: server.url }])
  tracked = await browser.newPage(LAPTOP)
  page = tracked.page
})

afterEach(() => {
  expect(takeProblems(tracked)).toEqual([])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('Horario de atención', () => {
  test('nothing saved: no schedule, the store is open', async () => {
    expect(await getJson<OpeningHoursView>('/api/opening-hours')).toMatchObject({ week: null, updatedAt: null })
    await page.goto(url('/admin/configuracion'))
    const scheduled = page.getByRole('switch', { name: 'Atender con horario' })
    await scheduled.waitFor()
    expect(await scheduled.getAttribute('aria-checked')).toBe('false')
    await page.getByText('Ahora en la tienda:').waitFor()
    await card().getByText('Sin horario: la tienda acepta pedidos a cualquier hora.').waitFor()
  })

  test('fill the week (split shift, Saturday night into Sunday, closed Sunday), a closed date and a pause; an overlap is refused inline; saved and enforced', async () => {
    await page.getByRole('switch', { name: 'Atender con horario' }).click()
    for (const d of ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes']) {
      await page.getByLabel(`${d}, horario 1: cierra`).fill('14:00')
      await page.getByRole('button', { name: `Agregar horario al ${d.toLowerCase()}` }).click()
      expect(await page.getByLabel(`${d}, horario 2: abre`).inputValue()).toBe('17:00')
    }
    await page.getByLabel('Sábado, horario 1: abre').fill('22:00')
    await page.getByLabel('Sábado, horario 1: cierra').fill('02:00')
    await day('Sábado').getByText('Cierra al día siguiente').waitFor()
    // Sunday 01:00 collides with Saturday night's shift: the shared schema's message, inline, nothing sent.
    await page.getByLabel('Domingo, horario 1: abre').fill('01:00')
    await page.getByRole('button', { name: 'Guardar horario' }).click()
    await day('Domingo').getByText('Se superpone con el horario del sábado (22:00–2:00)').waitFor()
    await card().getByRole('alert').getByText('Revisa los campos marcados.').waitFor()
    expect(await getJson<OpeningHoursView>('/api/opening-hours')).toMatchObject({ updatedAt: null })
    await page.getByRole('button', { name: 'Quitar horario 1 del domingo' }).click()
    await day('Domingo').getByText('Cerrado', { exact: true }).waitFor()

    await page.getByRole('button', { name: 'Agregar fecha' }).click()
    await page.getByLabel('Fecha cerrada 1', { exact: true }).fill('2030-12-25')
    await page.getByLabel('Nota de la fecha 1 (opcional)').fill('Navidad')
    await page.getByRole('switch', { name: 'Pausar pedidos' }).click()
    await page.getByLabel('Mensaje para los clientes (opcional)').fill('Volvemos en 30 minutos')
    await page.getByLabel('Reanudar automáticamente (opcional)').fill('2030-12-24')
    await page.getByLabel('Hora de reanudar').fill('15:00')
    await card().getByRole('alert').waitFor({ state: 'detached' })

    await unfocusAndScrollUp(page)
    await screenshot(page, 'admin-opening-hours')
    expect(await axeViolations(page)).toEqual([])

    await page.getByRole('button', { name: 'Guardar horario' }).click()
    await expectToast('Horario guardado')
    const split = [
      { open: '08:00', close: '14:00' },
      { open: '17:00', close: '21:00' },
    ]
    expect(await getJson<OpeningHoursView>('/api/opening-hours')).toEqual({
      timezone: 'America/Guatemala',
      week: { mon: split, tue: split, wed: split, thu: split, fri: split, sat: [{ open: '22:00', close: '02:00' }], sun: [] },
      closedDates: ['2030-12-25'],
      closedDateNotes: { '2030-12-25': 'Navidad' },
      paused: true,
      pauseMessage: 'Volvemos en 30 minutos',
      pausedUntil: '2030-12-24T15:00:00-06:00',
      updatedAt: expect.any(String),
    })
    expect(await getJson<StoreStatus>('/api/store-status')).toMatchObject({ open: false, state: 'paused', message: 'Volvemos en 30 minutos' })
    await page.getByText('Ahora en la tienda:').locator('..').getByText('Volvemos en 30 minutos').waitFor()
    const refused = await checkout({ items: [{ productId: 1, size: 'mediano', quantity: 1 }], fulfilment: 'pickup' })
    expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 409, body: { message: 'Pedidos en pausa: Volvemos en 30 minutos' } })

    // After a reload the form shows what was saved.
    await page.reload()
    await page.getByLabel('Lunes, horario 2: abre').waitFor()
    expect(await page.getByLabel('Sábado, horario 1: cierra').inputValue()).toBe('02:00')
    expect(await page.getByLabel('Nota de la fecha 1 (opcional)').inputValue()).toBe('Navidad')
    expect(await page.getByLabel('Reanudar automáticamente (opcional)').inputValue()).toBe('2030-12-24')
    expect(await page.getByLabel('Hora de reanudar').inputValue()).toBe('15:00')
  })

  test('at 390 px the card fits the phone (screenshot)', async () => {
    const phone = await browser.newPage(PHONE)
    try {
      await phone.page.goto(url('/admin/configuracion'))
      const form = phone.page.locator('form[aria-label="Horario de atención"]')
      await form.getByLabel('Lunes, horario 2: abre').waitFor()
      await animationsDone(phone.page)
      const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow).toBe(0)
      await unfocusAndScrollUp(phone.page)
      await screenshot(phone.page, 'admin-phone-opening-hours')
      expect(takeProblems(phone)).toEqual([])
    } finally {
      await phone.page.close()
    }
  })

  test('switching the pause and the schedule off opens the store again', async () => {
    await page.getByRole('switch', { name: 'Pausar pedidos' }).click()
    await page.getByRole('switch', { name: 'Atender con horario' }).click()
    await page.getByRole('button', { name: 'Guardar horario' }).click()
    await expectToast('Horario guardado')
    expect(await getJson<OpeningHoursView>('/api/opening-hours')).toMatchObject({ week: null, paused: false, closedDates: ['2030-12-25'] })
    expect(await getJson<StoreStatus>('/api/store-status')).toEqual({ open: true, state: 'open', message: 'Abierto' })
  })
})

describe('Agotado and Pedido mínimo', () => {
  test('Productos: switching Horchata to Agotado shows the badge and the checkout refuses it', async () => {
    await page.goto(url('/admin/productos'))
    await page.getByRole('button', { name: 'Editar Horchata' }).click()
    const dialog = page.getByRole('dialog', { name: 'Editar Producto' })
    await dialog.getByRole('switch', { name: 'Disponible' }).click()
    expect(await dialog.getByRole('switch', { name: 'Agotado' }).getAttribute('aria-checked')).toBe('false')
    await dialog.getByRole('button', { name: 'Actualizar' }).click()
    await expectToast('Producto actualizado')
    await dialog.waitFor({ state: 'detached' })
    const horchataCard = page.locator('h3', { hasText: /^Horchata$/ }).locator('..')
    await horchataCard.getByText('Agotado', { exact: true }).waitFor()

    const horchata = (await getJson<Product[]>('/api/products')).find((p) => p.name === 'Horchata')
    expect(horchata?.available).toBe(false)
    const res = await checkout({ items: [{ productId: horchata?.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup' })
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 409, body: { message: 'El producto "Horchata" no está disponible' } })
  })

  test('Zonas: a zone with Pedido mínimo Q100 shows it on its card and refuses a smaller delivery', async () => {
    await page.goto(url('/admin/zonas-cobertura'))
    await page.getByRole('button', { name: 'Agregar Zona' }).click()
    const dialog = page.getByRole('dialog', { name: 'Nueva Zona' })
    await dialog.getByLabel('Nombre de la zona').fill('Zona 10')
    await dialog.getByLabel('Costo de envío (Q)').fill('15')
    await dialog.getByLabel('Pedido mínimo (Q, opcional)').fill('100')
    await dialog.getByRole('button', { name: 'Crear' }).click()
    await expectToast('Zona creada')
    await page.getByText('Pedido mínimo:').locator('..').getByText('Q100').waitFor()

    const zone = (await getJson<CoverageZone[]>('/api/coverage-zones')).find((z) => z.name === 'Zona 10')
    expect(zone?.minimumOrder).toBe(100)
    const clasicos = (await getJson<Product[]>('/api/products')).find((p) => p.name === 'Chilaquiles Clásicos')
    const order = (quantity: number) => ({ items: [{ productId: clasicos?.id, size: 'mediano', quantity }], fulfilment: 'delivery', zoneId: zone?.id, address: 'Calle 1' })
    const below = await checkout(order(2)) // 2 × Q35 = Q70 (Q85 with the fee)
    expect({ status: below.status, body: await below.json() }).toEqual({ status: 409, body: { message: 'Pedido mínimo para Zona 10: Q100' } })
    expect((await checkout(order(3))).status).toBe(201)
  })
})
