/**
 * The storefront's first hour with categories, promotions and links (issue 40 items 2, 9, 10, 11
 * and 13), in real Chromium against the real server, on a 390 px phone:
 *  - a code's link says 'aplicado' only when the cart would apply it now, otherwise when it
 *    applies, in the words the cart then says (a promotion whose days exclude today, made here);
 *  - a code limited per phone says 'obligatorio para usar este código' beside the WhatsApp field;
 *  - 'Ordena Ya' lands on the first section with something orderable now, not on breakfast
 *    outside its hours;
 *  - an open page learns that the owner hid Postres (its tab leaves, a flan in the cart is
 *    flagged), and the checkout refuses the flan if it is sent anyway;
 *  - a link to a dish no longer on the menu says so.
 * Screenshots: e2e/screenshots/storefront-first-hour-*.png.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { Product } from '../src/shared/schemas'
import type { Category } from '../src/shared/schemas/category'
import { launchBrowser, PHONE, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { adminApi, adminCookie, type AdminApi, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let api: AdminApi
let products: Product[]

const DAYS = ['domingos', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábados'] as const
/** A weekday (0 = domingo) that is neither today nor tomorrow in Guatemala (UTC-6): a promotion or dish on it is never on now. */
const otherDay = (new Date(Date.now() - 6 * 3600_000).getUTCDay() + 3) % 7

const url = (p: string) => `${server.url}${p}`
const card = (page: Page, name: string) => page.locator('[data-testid="product-card"]', { has: page.getByRole('heading', { name, exact: true }) })
const sheet = (page: Page) => page.getByTestId('cart-sheet')
async function shot(page: Page, name: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path: path.join(screenshotDir, `storefront-first-hour-${name}.png`) })
}
async function open(t: TrackedPage, address = '/') {
  await t.page.goto(url(address))
  await t.page.waitForSelector('html[data-hydrated="true"]')
}
async function promotion(json: Record<string, unknown>) {
  expect((await api('/api/promotions', { method: 'POST', json })).status).toBe(201)
}
async function addToCart(page: Page, tab: string, name: string) {
  await page.getByRole('tab', { name: tab, exact: true }).click()
  await card(page, name).getByRole('button', { name: `Agregar ${name}` }).click()
}
async function openCart(page: Page) {
  await page.getByRole('button', { name: /^Abrir carrito/ }).click()
  await sheet(page).getByRole('heading', { name: 'Tu Pedido' }).waitFor()
}

let t: TrackedPage
beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  api = adminApi(server.url, await adminCookie(server.url))
  products = (await (await api('/api/products')).json()) as Product[]
  await promotion({ name: 'Otro día', code: 'OTRODIA', kind: 'percent', value: 10, windows: [{ days: [otherDay], from: '00:00', to: '23:59' }] })
  await promotion({ name: 'Pedido grande', code: 'GRANDE', kind: 'percent', value: 10, minSubtotal: 500 })
  await promotion({ name: 'Diez', code: 'DIEZ', kind: 'percent', value: 10 })
  await promotion({ name: 'Bienvenida', code: 'BIENVENIDA', kind: 'amount', value: 5, maxUsesPerPhone: 1 })
  browser = await launchBrowser()
  await browser.context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }))
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})
afterEach(async () => {
  // One browser profile for every test: each starts with an empty cart and no code.
  await t.page.evaluate(() => localStorage.clear())
  await t.page.close()
  expect(takeProblems(t)).toEqual([])
})

describe("a code's link says what the cart will say (item 2)", () => {
  test("a code that applies on another day, with an empty cart: no 'aplicado'; when it applies; the cart then says the same", async () => {
    t = await browser.newPage(PHONE)
    const { page } = t
    await open(t, '/?codigo=otrodia')
    const notice = page.getByTestId('code-link-notice')
    await notice.waitFor()
    const [title, detail] = await notice.locator('p').allTextContents()
    expect(title).toBe('Código OTRODIA: 10% en todo el pedido')
    expect(title).not.toContain('aplicado')
    expect(detail).toBe(`Ese código vale los ${DAYS[otherDay]}. Queda guardado en tu pedido.`)
    expect(await notice.getAttribute('data-applied')).toBe('false')
    await shot(page, 'code-other-day')
    await notice.getByRole('button', { name: 'Cerrar aviso' }).click()

    await addToCart(page, 'Bebidas', 'Horchata')
    await openCart(page)
    const state = sheet(page).getByTestId('promo-code-state')
    await sheet(page).locator('[data-testid="promo-code-state"][data-state="refused"]').waitFor()
    expect(await state.textContent()).toBe(`Ese código vale los ${DAYS[otherDay]}`)
    expect(detail).toStartWith(`${await state.textContent()}.`)
    await shot(page, 'code-other-day-cart')
  })

  test('with a dish in the cart, the cart\'s own quote decides: a minimum it does not reach; a code it gets, with what it takes off', async () => {
    t = await browser.newPage(PHONE)
    const { page } = t
    await open(t)
    await addToCart(page, 'Bebidas', 'Horchata')

    await open(t, '/?codigo=GRANDE')
    const notice = page.getByTestId('code-link-notice')
    await notice.waitFor()
    expect(await notice.locator('p').allTextContents()).toEqual(['Código GRANDE: 10% en todo el pedido', 'Ese código pide un pedido mínimo de Q500. Queda guardado en tu pedido.'])
    await shot(page, 'code-minimum')
    await openCart(page)
    await sheet(page).locator('[data-testid="promo-code-state"][data-state="refused"]').waitFor()
    expect(await sheet(page).getByTestId('promo-code-state').textContent()).toBe('Ese código pide un pedido mínimo de Q500')

    await open(t, '/?codigo=DIEZ')
    await notice.waitFor()
    const price = products.find((p) => p.name === 'Horchata')!.price
    const off = Math.floor(price / 10)
    expect(await notice.locator('p').allTextContents()).toEqual(['Código DIEZ aplicado: 10% en todo el pedido', `Descuenta Q${off} en tu pedido.`])
    expect(await notice.getAttribute('data-applied')).toBe('true')
    await shot(page, 'code-applied')
    await openCart(page)
    await sheet(page).locator('[data-testid="promo-code-state"][data-state="applied"]').waitFor()
    expect(await sheet(page).getByTestId('promo-code-state').textContent()).toBe(`Código DIEZ: -Q${off}`)
  })
})

describe('a code that needs the WhatsApp (item 11)', () => {
  test("the WhatsApp field says 'obligatorio para usar este código', before and after the number is typed", async () => {
    t = await browser.newPage(PHONE)
    const { page } = t
    await open(t, '/?codigo=BIENVENIDA')
    const notice = page.getByTestId('code-link-notice')
    await notice.waitFor()
    expect(await notice.locator('p').allTextContents()).toEqual(['Código BIENVENIDA aplicado: Q5 de descuento en todo el pedido', 'Para usarlo, escribe tu WhatsApp en tu pedido.'])
    await notice.getByRole('button', { name: 'Cerrar aviso' }).click()
    await addToCart(page, 'Bebidas', 'Horchata')
    await openCart(page)
    const s = sheet(page)
    await s.locator('[data-testid="promo-code-state"][data-state="refused"]').waitFor()
    expect(await s.getByTestId('promo-code-state').textContent()).toBe('Ese código pide tu WhatsApp')
    const label = s.locator('label', { hasText: 'Tu WhatsApp' })
    expect(await label.textContent()).toBe('Tu WhatsApp (para avisarte) (obligatorio para usar este código)')
    const phone = s.getByLabel(/Tu WhatsApp/)
    expect(await phone.getAttribute('aria-required')).toBe('true')
    await phone.scrollIntoViewIfNeeded()
    await shot(page, 'phone-required')

    await phone.fill('5555 1234')
    await s.locator('[data-testid="promo-code-state"][data-state="applied"]').waitFor()
    expect(await s.getByTestId('promo-code-state').textContent()).toBe('Código BIENVENIDA: -Q5')
    expect(await label.textContent()).toBe('Tu WhatsApp (para avisarte) (obligatorio para usar este código)')

    // Without the code, the field is optional again.
    await s.getByRole('button', { name: 'Quitar el código BIENVENIDA' }).click()
    await s.locator('label', { hasText: '(opcional)' }).filter({ hasText: 'Tu WhatsApp' }).waitFor()
  })
})

describe("'Ordena Ya' (item 10)", () => {
  let desayunos: Category
  let desayuno: Product
  beforeAll(async () => {
    // Breakfast first on the menu, served on a day that is not today: at this hour nothing of it can be ordered.
    const res = await api('/api/categories', {
      method: 'POST',
      json: { slug: 'desayunos', name: 'Desayunos', displayOrder: -1, windows: [{ days: [otherDay], from: '07:00', to: '11:00' }] },
    })
    expect(res.status).toBe(201)
    desayunos = (await res.json()) as Category
    const made = await api('/api/products', { method: 'POST', json: { name: 'Desayuno chapín', description: 'Huevos, frijoles y plátano', category: 'desayunos', price: 40 } })
    expect(made.status).toBe(201)
    desayuno = (await made.json()) as Product
  })
  afterAll(async () => {
    expect((await api(`/api/products/${desayuno.id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await api(`/api/categories/${desayunos.slug}`, { method: 'DELETE' })).status).toBe(200)
  })

  test('lands on the first section with something orderable now, not on breakfast outside its hours, even after the customer looked at breakfast', async () => {
    t = await browser.newPage(PHONE)
    const { page } = t
    await open(t)
    const tabs = page.getByRole('tab')
    expect(await tabs.first().textContent()).toBe('Desayunos')

    const landed = async () => {
      await page.getByRole('link', { name: 'Ordena Ya' }).click()
      await page.waitForFunction(() => Math.abs((document.getElementById('menu')?.getBoundingClientRect().top ?? 999) - 64) < 4)
      expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Chilaquiles')
      // The first dish in view can be added.
      const first = page.locator('[role="tabpanel"]:not([hidden]) [data-testid="product-card"]').first()
      const add = first.getByRole('button', { name: /^Agregar / })
      expect(await add.count()).toBe(1)
      const box = (await add.boundingBox())!
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height)
    }
    await landed()
    await shot(page, 'ordena-ya')

    // The customer looks at breakfast ('Fuera de horario'), goes back up and taps 'Ordena Ya' again.
    await page.getByRole('tab', { name: 'Desayunos' }).click()
    expect(await card(page, 'Desayuno chapín').getAttribute('data-outside-hours')).toBe('true')
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.waitForFunction(() => window.scrollY === 0)
    await landed()
  })
})

describe('a hidden category on an open page (item 9)', () => {
  let postres: Category
  beforeAll(async () => {
    postres = ((await (await api('/api/categories')).json()) as Category[]).find((c) => c.slug === 'postres')!
  })
  const setVisible = async (slug: string, visible: boolean) => {
    const category = ((await (await api('/api/categories')).json()) as Category[]).find((c) => c.slug === slug)!
    expect((await api(`/api/categories/${slug}`, { method: 'PUT', json: { ...category, visible } })).status).toBe(200)
  }

  test("hidden while the page is open: opening the cart, the page learns it; the tab leaves, the flan is flagged, 'Ordenar' waits", async () => {
    t = await browser.newPage(PHONE)
    const { page } = t
    await open(t)
    await addToCart(page, 'Postres', 'Flan de cajeta')
    await setVisible('postres', false)
    try {
      await openCart(page)
      await page.getByRole('tab', { name: 'Postres' }).waitFor({ state: 'detached' })
      // The quote asked as the cart opened may have been refused (409) before the page knew: nothing shows of it.
      t.problems.splice(0, t.problems.length, ...t.problems.filter((p) => !p.includes('status of 409')))
      const line = sheet(page).locator('[data-testid="cart-line"][data-unavailable]')
      await line.waitFor()
      expect(await line.textContent()).toContain('Ya no está en el menú. Quítalo para continuar.')
      expect(await sheet(page).getByRole('button', { name: 'Ordenar por WhatsApp' }).isDisabled()).toBe(true)
      await shot(page, 'hidden-cart')
      await sheet(page).getByRole('button', { name: /^Eliminar Flan de cajeta/ }).click()
      await page.keyboard.press('Escape')
      await sheet(page).waitFor({ state: 'hidden' })
      // The menu shows the remaining tabs, one of them selected.
      expect(await page.getByRole('tab').allTextContents()).toEqual(['Chilaquiles', 'Bebidas'])
      expect(await page.getByRole('tab', { selected: true }).count()).toBe(1)
    } finally {
      await setVisible('postres', true)
    }
    expect(postres.visible).toBe(true)
  })

  test('the tab coming back into view: the page reads its menu again', async () => {
    t = await browser.newPage(PHONE)
    const { page } = t
    await open(t)
    await setVisible('bebidas', false)
    try {
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
      await page.getByRole('tab', { name: 'Bebidas' }).waitFor({ state: 'detached' })
    } finally {
      await setVisible('bebidas', true)
    }
  })

  test("sent before the page learns it: the checkout refuses the flan ('Ya no tenemos Flan de cajeta'), no order is recorded", async () => {
    t = await browser.newPage(PHONE)
    const { page } = t
    await open(t)
    await addToCart(page, 'Postres', 'Flan de cajeta')
    // This page cannot read its menu again (as if it had not yet): only the checkout's answer tells it.
    await page.route(url('/'), (route) => route.abort())
    await setVisible('postres', false)
    try {
      const before = ((await (await api('/api/orders')).json()) as unknown[]).length
      await openCart(page)
      await sheet(page).getByRole('button', { name: 'Ordenar por WhatsApp' }).click()
      const refusal = sheet(page).getByTestId('checkout-refusal')
      await refusal.waitFor()
      expect(await refusal.textContent()).toBe('Ya no tenemos Flan de cajeta')
      expect(await sheet(page).getByTestId('order-sent').count()).toBe(0)
      expect(((await (await api('/api/orders')).json()) as unknown[]).length).toBe(before)
      await shot(page, 'hidden-refused')
    } finally {
      await setVisible('postres', true)
    }
    // The refused quote and checkout (409) and the page's own request that was cut: each logged by Chromium.
    expect(takeProblems(t).every((p) => /status of 409|ERR_FAILED/.test(p))).toBe(true)
  })
})

describe('a link to a dish no longer on the menu (item 13)', () => {
  test("/?producto=999 says 'Ese platillo ya no está en el menú'", async () => {
    t = await browser.newPage(PHONE)
    const { page } = t
    await open(t, '/?producto=999')
    const notice = page.getByTestId('product-link-notice')
    await notice.waitFor()
    expect(await notice.locator('p').first().textContent()).toBe('Ese platillo ya no está en el menú')
    await shot(page, 'product-gone')
  })

  test('a dish that is on the menu still opens, without a notice', async () => {
    t = await browser.newPage(PHONE)
    const { page } = t
    const flan = products.find((p) => p.name === 'Flan de cajeta')!
    await open(t, `/?producto=${flan.id}`)
    await page.getByRole('tab', { name: 'Postres', selected: true }).waitFor()
    expect(await page.getByTestId('product-link-notice').count()).toBe(0)
  })
})
