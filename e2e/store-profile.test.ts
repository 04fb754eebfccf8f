/**
 * 'Tu restaurante' (issue #41) in a real browser at phone width (390 px): the owner makes the
 * shop a made-up restaurant, 'Pupusería La Ceiba' (its colours, logo, address and story) in
 * Configuración, by keyboard where a keyboard is what is used; the contrast shows as a colour is
 * typed. Then the landing page, a pickup order's tracking page and its kitchen ticket say who
 * the restaurant is and where to pick the order up.
 * Screenshots: e2e/screenshots/store-profile-{before,admin,after,tracking,ticket}.png
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import { pngOf, quadrantPixels } from '../test/fixtures/photos'
import type { Product } from '../src/shared/schemas'
import type { CheckoutAnswer } from '../src/shared/tracking'
import { LAPTOP, PHONE, launchBrowser, screenshot, screenshotDir, takeProblems, type Browser } from './support/browser'
import { adminApi, adminCookie, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let cookie: string

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

const STORY = 'Abrimos en 1998 bajo una ceiba, en Mixco.\n\nLa masa se hace cada mañana, a mano.'

describe("'Tu restaurante' at 390 px", () => {
  test('before: the SPEC texts', async () => {
    const t = await browser.newPage(PHONE)
    await t.page.goto(`${server.url}/`)
    expect(await t.page.title()).toBe('Chilaquiles Chapín · Los mejores chilaquiles de Guatemala')
    expect(await t.page.getByTestId('brand').innerText()).toContain('Chilaquiles Chapín')
    await screenshot(t.page, 'store-profile-before')
    expect(takeProblems(t)).toEqual([])
    await t.page.close()
  })

  test('the owner sets Pupusería La Ceiba in Configuración: fields, contrast while typing, logo upload, live preview', async () => {
    const t = await browser.newPage(PHONE)
    const { page } = t
    await page.goto(`${server.url}/admin/configuracion`)
    const card = page.getByTestId('store-profile-card')
    await card.getByLabel('Nombre del restaurante').fill('Pupusería La Ceiba')
    await card.getByLabel('Titular del inicio').fill('Pupusas de la CEIBA')
    await card.getByLabel('Subtítulo (opcional)').fill('Revueltas, de queso y loroco, hechas al comal.')
    await card.getByLabel('Descripción (opcional)').fill('Pupusas salvadoreñas en Mixco: pide por WhatsApp y recoge en el local.')
    await card.getByLabel('Nuestra historia (opcional)').fill(STORY)
    await card.getByLabel('Dirección del local (opcional)').fill('5a avenida 3-20, zona 1, Mixco')
    await card.getByLabel('Enlace al mapa (opcional)').fill('https://maps.app.goo.gl/ceiba')
    await card.getByLabel('Instagram (opcional)').fill('https://instagram.com/laceiba')

    // A grey no text reads on: said while typing, before any save.
    const primary = card.getByLabel('Color principal (inicio, botones)', { exact: true })
    await primary.fill('#777777')
    expect(await card.innerText()).toContain('Ese color no se lee bien con texto encima')
    await primary.fill('#1d4e2f')
    expect(await card.innerText()).toContain('Texto blanco: contraste')
    await card.getByLabel('Color de acento (titular resaltado, insignias)', { exact: true }).fill('#f2d16b')
    // The phone-width preview follows the draft.
    const preview = page.getByTestId('store-profile-preview')
    expect(await preview.innerText()).toContain('Pupusería La Ceiba')
    expect(await preview.innerText()).toContain('CEIBA')

    // Saved by keyboard: Enter in a field submits the form.
    await card.getByLabel('Nombre del restaurante').press('Enter')
    await page.getByText('Restaurante guardado').first().waitFor()

    const logo = path.join(screenshotDir, 'ceiba-logo.png')
    await Bun.write(logo, await pngOf(quadrantPixels(256, 256)))
    await card.locator('input[type=file]').first().setInputFiles(logo)
    await page.getByText('Logo guardado').first().waitFor()
    const logoSrc = await card.getByAltText('Logo actual').getAttribute('src')
    expect(logoSrc).toMatch(/^\/uploads\/[0-9a-f-]{36}-256x256\.webp$/)
    // The admin's header names the restaurant.
    expect(await page.getByTestId('admin-restaurant').innerText()).toBe('Pupusería La Ceiba')
    await screenshot(page, 'store-profile-admin')
    expect(takeProblems(t)).toEqual([])
    await page.close()
  })

  test('after: the landing page at its next load (title, nav, hero in the new colours, Nosotros, pickup address)', async () => {
    const t = await browser.newPage(PHONE)
    const { page } = t
    await page.goto(`${server.url}/`)
    await page.waitForSelector('html[data-hydrated="true"]')
    expect(await page.title()).toBe('Pupusería La Ceiba · Pupusas de la CEIBA')
    expect(await page.getByTestId('brand').innerText()).toContain('Pupusería La Ceiba')
    expect(await page.locator('#hero-title').innerText()).toMatch(/Pupusas de la\s+CEIBA/)
    expect(await page.locator('#inicio').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(29, 78, 47)')
    expect(await page.locator('#nosotros').innerText()).toContain('La masa se hace cada mañana, a mano.')
    expect(await page.locator('#nosotros').innerText()).toContain('Recoger en: 5a avenida 3-20, zona 1, Mixco')
    expect(await page.locator('#nosotros a[href="https://maps.app.goo.gl/ceiba"]').count()).toBe(1)
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^\/uploads\//)
    expect(await page.content()).not.toContain('Chilaquiles Chapín')
    // The nav's 'Nosotros' leads to the story.
    await page.getByRole('button', { name: 'Abrir menú' }).click()
    expect(await page.locator('#mobile-menu a', { hasText: 'Nosotros' }).getAttribute('href')).toBe('#nosotros')
    await page.getByRole('button', { name: 'Cerrar menú' }).click()
    await screenshot(page, 'store-profile-after')
    expect(takeProblems(t)).toEqual([])
    await page.close()
  })

  test("a pickup order's tracking page and kitchen ticket name the restaurant and say where", async () => {
    const api = adminApi(server.url, cookie)
    const horchata = ((await (await api('/api/products')).json()) as Product[]).find((p) => p.name === 'Horchata')
    const res = await fetch(`${server.url}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ items: [{ productId: horchata?.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup', customerName: 'Ana', payment: 'efectivo' }),
    })
    expect(res.status).toBe(201)
    const order = (await res.json()) as CheckoutAnswer

    const t = await browser.newPage(PHONE)
    await t.page.goto(order.trackingUrl ?? '')
    expect(await t.page.title()).toBe(`Pedido #${order.number} · Pupusería La Ceiba`)
    expect(await t.page.getByTestId('tracking-brand').innerText()).toContain('Pupusería La Ceiba')
    expect(await t.page.getByTestId('tracking-pickup').innerText()).toContain('Recoger en: 5a avenida 3-20, zona 1, Mixco')
    await screenshot(t.page, 'store-profile-tracking')

    await t.page.goto(`${server.url}/admin/pedidos/${order.id}/ticket`)
    const ticket = await t.page.locator('body').innerText()
    expect(ticket).toContain('PUPUSERÍA LA CEIBA')
    expect(ticket).toContain('Recoger en: 5a avenida 3-20, zona 1, Mixco')
    await screenshot(t.page, 'store-profile-ticket')
    expect(takeProblems(t)).toEqual([])
    await t.page.close()
  })
})

describe("'Tu restaurante' at 1280 px, by keyboard alone", () => {
  test('Tab walks the fields in the order they read, a value typed and saved with Enter, Restablecer opened and dismissed with the keyboard', async () => {
    const t = await browser.newPage(LAPTOP)
    const { page } = t
    await page.goto(`${server.url}/admin/configuracion`)
    const card = page.getByTestId('store-profile-card')
    // The sidebar says whose panel this is: the restaurant's initial and name.
    await page.getByTestId('sidebar-restaurant').filter({ hasText: 'Pupusería La Ceiba' }).waitFor()
    expect((await page.getByTestId('sidebar-restaurant').innerText()).split(/\s+/)).toEqual(['P', 'Pupusería', 'La', 'Ceiba'])
    await card.getByLabel('Nombre del restaurante').focus()
    // What each Tab reaches: its label (inputs), else its own name (buttons, file pickers).
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        if (!el) return ''
        const input = el as HTMLInputElement
        return input.labels?.[0]?.innerText.trim().split('\n')[0] ?? el.getAttribute('aria-label') ?? el.innerText.trim()
      })
    const reached: string[] = [await focused()]
    for (let i = 0; i < 20 && !reached.includes('Restablecer'); i++) {
      await page.keyboard.press('Tab')
      reached.push(await focused())
    }
    expect(reached).toEqual([
      'Nombre del restaurante',
      'Titular del inicio',
      'Subtítulo (opcional)',
      'Descripción (opcional)',
      'Nuestra historia (opcional)',
      'Dirección del local (opcional)',
      'Tipo de cocina (opcional)',
      'Enlace al mapa (opcional)',
      'Instagram (opcional)',
      'Facebook (opcional)',
      'TikTok (opcional)',
      'Color principal (inicio, botones): selector',
      'Color principal (inicio, botones)',
      'Color de acento (titular resaltado, insignias): selector',
      'Color de acento (titular resaltado, insignias)',
      'Cambiar logo',
      'Cambiar foto del inicio',
      'Guardar',
      'Restablecer',
    ])
    // Back to the cuisine, typed, and saved with Enter.
    for (let i = 0; i < 12; i++) await page.keyboard.press('Shift+Tab')
    expect(await focused()).toBe('Tipo de cocina (opcional)')
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('Salvadoreña, Pupusas')
    await page.keyboard.press('Enter')
    await page.getByText('Restaurante guardado').first().waitFor()
    const saved = (await (await fetch(`${server.url}/api/store-profile`)).json()) as { cuisine: string | null; name: string }
    expect(saved).toMatchObject({ cuisine: 'Salvadoreña, Pupusas', name: 'Pupusería La Ceiba' })
    // 'Restablecer' asks first; Escape leaves everything as it was.
    await card.getByRole('button', { name: 'Restablecer' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('alertdialog', { name: '¿Restablecer tu restaurante?' }).or(page.getByRole('dialog', { name: '¿Restablecer tu restaurante?' }))
    await dialog.waitFor()
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(LAPTOP.width)
    await screenshot(page, 'store-profile-admin-1280')
    expect(((await (await fetch(`${server.url}/api/store-profile`)).json()) as { name: string }).name).toBe('Pupusería La Ceiba')
    expect(takeProblems(t)).toEqual([])
    await page.close()
  })
})
