/**
 * The kitchen ticket printed by Chromium to PDF, as a kiosk browser prints it on a thermal
 * printer: at 58 and 80 mm ('Ancho del ticket'), the page as wide as the paper and the text a
 * cook reads (number, pickup or zone, every line with size, sauce 'aparte', SIN, +, notes,
 * totals, payment). Screenshots at the paper's width: e2e/screenshots/ticket-58.png and ticket-80.png.
 * Then the board: 'Imprimir' and 'Imprimir pedidos nuevos automáticamente' print the ticket
 * through a hidden same-origin frame (window.print stands in for the printer), each new order
 * once per device, and 'Avisar por WhatsApp' opens the customer's chat.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import { extractText, getDocumentProxy } from 'unpdf'
import { ticketPath } from '../src/shared/admin-routes'
import { formatQ } from '../src/shared/money'
import type { CoverageZone, Ingredient, Order, Product } from '../src/shared/schemas'
import { type CheckoutAnswer, notifyText } from '../src/shared/tracking'
import { LAPTOP, launchBrowser, screenshotDir, type Browser } from './support/browser'
import { type AdminApi, adminApi, adminCookie, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let api: AdminApi
let cookie: string
let zone: CoverageZone
let order: CheckoutAnswer
/** A long point-of-sale order (a table of twelve, long names and notes): the most the page height estimate must hold. */
let long: Order
const products = new Map<string, number>()
const ingredients = new Map<string, number>()

/** A PDF point is 1/72 inch: 58 mm ≈ 164.4 pt, 80 mm ≈ 226.8 pt. */
const mmToPt = (mm: number) => (mm / 25.4) * 72
/** CSS pixels (96 per inch) of a paper width: 58 mm ≈ 219 px, 80 mm ≈ 302 px. */
const mmToPx = (mm: number) => Math.round((mm / 25.4) * 96)

/** A customer's order through the storefront's own call (same origin), as the tap sends it. */
async function placeOrder(body: Record<string, unknown>): Promise<CheckoutAnswer> {
  const res = await fetch(`${server.url}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(201)
  return (await res.json()) as CheckoutAnswer
}

const horchataToGo = () => placeOrder({ items: [{ productId: products.get('Horchata'), size: 'mediano', quantity: 1 }], fulfilment: 'pickup', customerName: 'Luis' })

/** Waits for `check` to hold (the live stream and the frame take a moment), or fails saying what it waited for. */
async function until(what: string, check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(50)
  }
}

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  cookie = await adminCookie(server.url)
  api = adminApi(server.url, cookie)
  zone = (await (await api('/api/coverage-zones', { method: 'POST', json: { name: 'Zona 10', deliveryCost: 15, estimatedTime: '30-45 min' } })).json()) as CoverageZone
  for (const p of (await (await api('/api/products')).json()) as Product[]) products.set(p.name, p.id)
  for (const i of (await (await api('/api/ingredients')).json()) as Ingredient[]) ingredients.set(i.name, i.id)
  order = await placeOrder({
    items: [
      {
        productId: products.get('Chilaquiles Clásicos'),
        size: 'grande',
        quantity: 2,
        customization: {
          sauceId: ingredients.get('Salsa Verde'),
          sauceOnSide: true,
          removedIngredientIds: [ingredients.get('Cebolla morada')],
          extraIds: [ingredients.get('Aguacate')],
        },
      },
      { productId: products.get('Horchata'), size: 'mediano', quantity: 1 },
    ],
    fulfilment: 'delivery',
    zoneId: zone.id,
    address: '5a avenida 12-34, zona 10',
    addressReference: 'Portón negro',
    customerName: 'Ana López',
    customerPhone: '5555 1234',
    notes: 'Sin picante, por favor',
    payment: 'efectivo',
    cashAmount: 300,
  })
  const dishes = ['Chilaquiles divorciados con pollo deshebrado y crema', 'Café de olla', 'Horchata', 'Licuado de fresa con leche deslactosada', 'Rellenitos de plátano', 'Atol de elote']
  const lines = Array.from({ length: 12 }, (_, i) => ({ name: dishes[i % dishes.length], quantity: (i % 3) + 1, price: 25, notes: i % 2 ? 'Sin hielo, bien frío, en bolsa aparte' : undefined }))
  const pos = await api('/api/orders', {
    method: 'POST',
    json: { customerName: 'Mesa 12, familia Hernández Rodríguez', items: lines, total: lines.reduce((sum, l) => sum + l.quantity * l.price, 0), notes: 'Alergia al maní: nada con maní ni su aceite; cubiertos para doce personas' },
  })
  expect(pos.status).toBe(201)
  long = (await pos.json()) as Order
  browser = await launchBrowser()
  const [name, value] = cookie.split('=')
  await browser.context.addCookies([{ name: name ?? '', value: value ?? '', url: server.url }])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe('the kitchen ticket', () => {
  for (const width of ['58', '80'] as const) {
    test(`${width} mm: the PDF is as wide as the paper, one page, and says what the cook needs`, async () => {
      expect((await api('/api/settings/ticket_width', { method: 'PATCH', json: { value: width } })).status).toBe(200)
      // Short viewport: the full-page screenshot is then exactly the ticket.
      const t = await browser.newPage({ width: mmToPx(Number(width)), height: 200 })
      const res = await t.page.goto(`${server.url}${ticketPath(order.id)}`)
      expect(res?.status()).toBe(200)
      await t.page.screenshot({ path: path.join(screenshotDir, `ticket-${width}.png`), fullPage: true })
      // Nothing wider than the paper (a long word or the QR would be cut off by the printer).
      const overflow = await t.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      const contentMm = await t.page.evaluate(() => (document.body.getBoundingClientRect().height / 96) * 25.4)
      const pageRule = await t.page.evaluate(() => /@page \{ size: ([^;]+);/.exec(document.querySelector('style')?.textContent ?? '')?.[1] ?? '')
      const pdf = await t.page.pdf({ preferCSSPageSize: true, printBackground: true })
      const doc = await getDocumentProxy(new Uint8Array(pdf))
      const first = await doc.getPage(1)
      const [, , w = 0, h = 0] = first.view
      expect(Math.abs(w - mmToPt(Number(width)))).toBeLessThan(2)
      expect(doc.numPages).toBe(1) // one strip of paper, not a ticket cut in two
      // The strip holds all of it, with little blank paper after (the height is worked out on the server).
      expect((h / 72) * 25.4 - contentMm).toBeWithin(0, 12)
      const { text } = await extractText(doc, { mergePages: true })
      console.log(
        `ticket ${width} mm: PDF ${pdf.byteLength} bytes, ${doc.numPages} page, ${w.toFixed(1)} × ${h.toFixed(1)} pt; content ${contentMm.toFixed(0)} mm, @page ${pageRule}`,
      )
      if (process.env.DEBUG_TICKET) console.log(text)
      for (const part of [
        `Pedido #${order.number}`,
        'A DOMICILIO · Zona 10',
        '5a avenida 12-34, zona 10',
        'Ana López',
        '2 x Chilaquiles Clásicos (Grande)',
        'Salsa: Salsa Verde (aparte)',
        'SIN Cebolla morada',
        '+ Aguacate',
        '1 x Horchata (Mediano)',
        'NOTAS:',
        'Sin picante, por favor',
        'Envío',
        `TOTAL${formatQ(order.total)}`,
        `paga con ${formatQ(300)} (cambio ${formatQ(300 - order.total)})`,
        'Sigue tu pedido',
      ]) {
        // Lines wrap on narrow paper (at spaces and hyphens): compared without the white space.
        expect({ part, found: text.replace(/\s+/g, '').includes(part.replace(/\s+/g, '')) }).toEqual({ part, found: true })
      }

      // The longest ticket still fits its one page: the height is estimated on the server (CSS has no 'auto' page length).
      await t.page.goto(`${server.url}${ticketPath(long.id)}`)
      const longMm = await t.page.evaluate(() => (document.body.getBoundingClientRect().height / 96) * 25.4)
      const longDoc = await getDocumentProxy(new Uint8Array(await t.page.pdf({ preferCSSPageSize: true, printBackground: true })))
      const [, , , longH = 0] = (await longDoc.getPage(1)).view
      console.log(`  12-line order at ${width} mm: 1 page of ${((longH / 72) * 25.4).toFixed(0)} mm for ${longMm.toFixed(0)} mm of content`)
      expect(longDoc.numPages).toBe(1)
      expect((longH / 72) * 25.4 - longMm).toBeWithin(0, 12)
      expect(t.problems).toEqual([])
      await t.page.close()
    })
  }

  test('signed out: sent to the sign-in page; a wrong id is 404', async () => {
    const signedOut = await fetch(`${server.url}${ticketPath(order.id)}`, { redirect: 'manual' })
    expect(signedOut.status).toBe(303)
    expect(signedOut.headers.get('location')).toBe('/login')
    const wrong = await fetch(`${server.url}${ticketPath(999_999)}`, { headers: { cookie } })
    expect(wrong.status).toBe(404)
    expect(await wrong.text()).toContain('Pedido no encontrado')
  })
})

describe('printing from the board', () => {
  test("'Imprimir' prints the order's ticket in a hidden frame; 'Avisar por WhatsApp' opens the customer's chat; switched on, each new order prints once on this device", async () => {
    // The printer: every frame's window.print records the page it would print (and ends the print as a browser does).
    const prints: string[] = []
    await browser.context.exposeBinding('__printed', (_source, pathname: string) => void prints.push(pathname))
    await browser.context.addInitScript(() => {
      window.print = () => {
        ;(window as unknown as { __printed: (pathname: string) => void }).__printed(location.pathname)
        window.dispatchEvent(new Event('afterprint'))
      }
    })
    const board = await browser.newPage(LAPTOP)
    const page = board.page
    await page.goto(`${server.url}/admin/pedidos`)
    await page.getByText('● En vivo').waitFor()

    // One tap: the ticket loads in a frame of the board, which prints it and then goes.
    await page.getByRole('button', { name: new RegExp(`^Pedido #${order.number} `) }).click()
    const sheet = page.getByRole('dialog', { name: `Pedido #${order.number}` })
    await sheet.getByRole('button', { name: 'Imprimir' }).click()
    await until('the ticket to print', () => prints.length === 1)
    expect(prints).toEqual([ticketPath(order.id)])
    await page.locator('iframe').waitFor({ state: 'detached' })

    // The customer gave a WhatsApp: the notice opens their chat with the status in words and the tracking link.
    const notice = sheet.getByRole('link', { name: 'Avisar por WhatsApp' })
    const href = (await notice.getAttribute('href')) ?? ''
    expect(href.startsWith(`https://wa.me/${order.customerPhone}?text=`)).toBe(true)
    const words = decodeURIComponent(href.split('?text=')[1] ?? '')
    expect(words).toBe(notifyText(order, server.url))
    expect(words).toStartWith(`Recibimos tu pedido #${order.number}`)
    expect(words).toEndWith(`Sigue tu pedido: ${server.url}/pedido/${order.trackingToken}`)
    expect(await notice.getAttribute('target')).toBe('_blank')
    expect(await notice.getAttribute('rel')).toContain('noopener')
    await sheet.getByRole('button', { name: 'Cerrar' }).click()

    // Off (the default): a new order does not print. On: the next one prints by itself.
    const unprinted = await horchataToGo()
    await page.getByRole('button', { name: new RegExp(`^Pedido #${unprinted.number} `) }).waitFor()
    const autoSwitch = page.getByRole('switch', { name: 'Imprimir pedidos nuevos automáticamente' })
    expect(await autoSwitch.getAttribute('aria-checked')).toBe('false')
    await autoSwitch.click()
    const second = await horchataToGo()
    await until(`#${second.number} to print by itself`, () => prints.includes(ticketPath(second.id)))

    // A reload keeps the switch and the printed list; a status change is no new order; the next new one prints.
    await page.reload()
    await page.getByText('● En vivo').waitFor()
    expect(await autoSwitch.getAttribute('aria-checked')).toBe('true')
    expect((await api(`/api/orders/${second.id}/status`, { method: 'PATCH', json: { status: 'confirmed' } })).status).toBe(200)
    const third = await horchataToGo()
    await until(`#${third.number} to print by itself`, () => prints.includes(ticketPath(third.id)))
    await Bun.sleep(500) // room for a second print, which must not come
    expect(prints).toEqual([ticketPath(order.id), ticketPath(second.id), ticketPath(third.id)])
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('pedidos-impresos'))) ?? '[]')).toEqual([second.id, third.id])
    expect(board.problems).toEqual([])
    await page.close()
  })
})
