/**
 * No order goes unseen (issue #43), in real Chromium against the real server:
 *  - the board rings until someone acts: after 'Activar sonido', a pending order's chime plays
 *    again every 20 s (the page's clock is Playwright's, run forward), the title counts it,
 *    'Silenciar 5 min' pauses it, and 'Marcar como Confirmado' stops it;
 *  - the admin installs: its manifest, the service worker registered with the scope /admin/;
 *  - the service worker's push handler shows the order's notification (a push delivered through
 *    the DevTools protocol, ServiceWorker.deliverPushMessage: headless Chromium has no push
 *    service of its own), and what its click does opens that order on the board.
 * What headless Chromium cannot do: subscribe at a real push service (PushManager.subscribe
 * needs one; the server's side of that is src/server/push/push.route.test.ts, against
 * web-push-testing), and click a system notification (the click's work is called directly).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import type { Order, Product } from '../src/shared/schemas'
import { LAPTOP, launchBrowser, PHONE, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let t: TrackedPage
let page: Page
let horchata: Product
const url = (p: string) => `${server.url}${p}`

async function checkout(): Promise<Order> {
  const res = await fetch(url('/api/checkout'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ items: [{ productId: horchata.id, size: 'mediano', quantity: 2 }], fulfilment: 'pickup', customerName: 'Ana' }),
  })
  if (res.status !== 201) throw new Error(`checkout ${res.status}: ${await res.text()}`)
  return (await res.json()) as Order
}

/** Chimes played so far (each is two notes: two oscillators started). */
const chimes = async (p: Page) => (await p.evaluate(() => (window as unknown as { __notes: number }).__notes)) / 2

/** Waits until `read()` equals `expected` (the page catches up), then checks it. */
async function until<V>(read: () => Promise<V>, expected: Awaited<V>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let value = await read()
  while (!Bun.deepEquals(value, expected) && Date.now() < deadline) {
    await Bun.sleep(50)
    value = await read()
  }
  expect(value).toEqual(expected)
}

async function shot(p: Page, name: string) {
  await p.mouse.move(1, 400)
  await p.screenshot({ path: path.join(screenshotDir, `${name}.png`) })
}

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  horchata = ((await (await fetch(url('/api/products'))).json()) as Product[]).find((p) => p.name === 'Horchata')!
  browser = await launchBrowser()
  await browser.context.grantPermissions(['notifications'], { origin: server.url })
  t = await browser.newPage(PHONE)
  page = t.page
  await page.addInitScript(() => {
    const w = window as unknown as { __notes: number }
    w.__notes = 0
    const start = OscillatorNode.prototype.start
    OscillatorNode.prototype.start = function (...args: Parameters<OscillatorNode['start']>) {
      w.__notes++
      return start.apply(this, args)
    }
  })
  await page.clock.install()
  await page.goto(url('/login'))
  await page.getByLabel('Usuario').fill('admin')
  await page.getByLabel('Contraseña').fill('admin123')
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click()
  await page.waitForURL(url('/admin'))
}, 60_000)

afterEach(() => {
  expect(takeProblems(t)).toEqual([])
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('the board rings until someone acts (390 px)', () => {
  test("'Activar sonido', then a pending order rings every 20 s with its count in the title, until 'Marcar como Confirmado'", async () => {
    await page.goto(url('/admin/pedidos'))
    await page.getByText('● En vivo').waitFor()
    const activate = page.getByRole('button', { name: 'Activar sonido' })
    await activate.waitFor()
    await shot(page, 'avisos-390-before-sound')
    await activate.click()
    await page.getByRole('button', { name: 'Silenciar 5 min' }).waitFor()
    await until(() => chimes(page), 1) // the tap's own chime: sound works

    const order = await checkout()
    await page.getByRole('button', { name: new RegExp(`^Pedido #${order.number} `) }).waitFor()
    await until(() => page.title(), '(1) Pedido nuevo')
    await until(() => chimes(page), 2) // the new order's chime
    await page.clock.runFor(20_000)
    expect(await chimes(page)).toBe(3) // …and again 20 s later
    await page.clock.runFor(20_000)
    expect(await chimes(page)).toBe(4)
    await shot(page, 'avisos-390-ringing')

    // 'Silenciar 5 min': no sound for five minutes, then it rings again; the title keeps counting.
    await page.getByRole('button', { name: 'Silenciar 5 min' }).click()
    await page.getByRole('button', { name: /^Silenciado hasta .* · Reanudar$/ }).waitFor()
    await page.clock.runFor(4 * 60_000)
    expect(await chimes(page)).toBe(4)
    expect(await page.title()).toBe('(1) Pedido nuevo')
    await page.clock.runFor(80_000)
    expect(await chimes(page)).toBe(5)

    await page.getByRole('button', { name: new RegExp(`^Pedido #${order.number} `) }).click()
    await page.getByRole('dialog', { name: `Pedido #${order.number}` }).getByRole('button', { name: 'Marcar como Confirmado' }).click()
    await until(async () => (await page.title()).includes('Pedido'), false)
    await page.keyboard.press('Escape')
    await page.clock.runFor(60_000)
    expect(await chimes(page)).toBe(5) // answered: silent
  })
})

describe('the installable admin and its service worker', () => {
  // A page of its own, on the real clock (the board's page runs Playwright's).
  beforeAll(async () => {
    expect(takeProblems(t)).toEqual([])
    t = await browser.newPage(PHONE)
    page = t.page
    await page.goto(url('/admin/pedidos'))
  })

  test('the manifest: the restaurant name, icons, start /admin/pedidos, standalone; the worker controls /admin/ and keeps nothing', async () => {
    if (!page.url().endsWith('/admin/pedidos')) await page.goto(url('/admin/pedidos'))
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBe('/admin/manifest.webmanifest')
    const manifest = (await (await fetch(url(href!))).json()) as { name: string; start_url: string; scope: string; display: string; icons: { src: string; sizes: string }[] }
    expect(manifest).toMatchObject({ name: 'Chilaquiles Chapín · Pedidos', start_url: '/admin/pedidos', scope: '/admin/', display: 'standalone' })
    for (const icon of manifest.icons) expect((await fetch(url(icon.src))).headers.get('content-type')).toBe('image/png')

    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    expect(scope).toBe(url('/admin/'))
    await page.reload()
    await page.getByText('● En vivo').waitFor()
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(url('/admin/sw.js'))
    // Nothing kept: no Cache Storage, and the API answers come from the network (the worker has no fetch handler).
    expect(await page.evaluate(() => caches.keys())).toEqual([])
    // …and the worker has no fetch handler: every request goes to the network, as without it.
    expect(await (await fetch(url('/admin/sw.js'))).text()).not.toMatch(/["']fetch["']/)
  })

  test("'Activar avisos en este dispositivo' is offered with its state; a push shows the order's notification and its click opens that order", async () => {
    await page.getByRole('button', { name: 'Activar avisos en este dispositivo' }).waitFor()
    await page.getByText('Este dispositivo no recibe avisos con la página cerrada.').waitFor()
    await page.setViewportSize(LAPTOP)
    await shot(page, 'avisos-1280')
    await page.setViewportSize(PHONE)

    const order = await checkout()
    const payload = { title: `Pedido #${order.number} · Q${order.total}`, body: '2× Horchata\nRecoger en el local · lo antes posible', tag: `pedido-${order.number}`, url: `/admin/pedidos?pedido=${order.number}`, number: order.number }
    const cdp = await browser.context.newCDPSession(page)
    type Registration = { registrationId: string; scopeURL: string; isDeleted: boolean }
    const registrations: Registration[] = []
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: Registration[] }) => registrations.push(...event.registrations))
    await cdp.send('ServiceWorker.enable')
    await until(async () => registrations.some((r) => r.scopeURL === url('/admin/') && !r.isDeleted), true)
    const registrationId = registrations.filter((r) => r.scopeURL === url('/admin/') && !r.isDeleted).at(-1)!.registrationId
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data: JSON.stringify(payload) })
    // Read in the worker itself (the page's clock is Playwright's, run forward above).
    const worker = () => browser.context.serviceWorkers().find((w) => w.url() === url('/admin/sw.js'))
    const shown = async () =>
      (await worker()?.evaluate(async () => {
        const scope = self as unknown as { registration: ServiceWorkerRegistration }
        return (await scope.registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }))
      })) ?? []
    await until(shown, [{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url } }])

    // The click's work (headless Chromium has no notification to click): the open board goes to the order.
    await page.goto(url('/admin/pedidos'))
    await page.getByText('● En vivo').waitFor()
    await worker()!.evaluate((target) => (self as unknown as { openOrder: (url: string) => Promise<unknown> }).openOrder(target), payload.url)
    await page.getByRole('dialog', { name: `Pedido #${order.number}` }).waitFor()
    expect(new URL(page.url()).search).toBe('') // the link was read once
  })
})
