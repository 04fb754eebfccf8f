/**
 * The kitchen ticket printed by Chromium to PDF, as a kiosk browser prints it on a thermal
 * printer: at 58 and 80 mm ('Ancho del ticket'), the page as wide as the paper and the text a
 * cook reads (number, pickup or zone, every line with size, sauce 'aparte', SIN, +, notes,
 * totals, payment). Screenshots at the paper's width: e2e/screenshots/ticket-58.png and ticket-80.png.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import { extractText, getDocumentProxy } from 'unpdf'
import type { CheckoutAnswer } from '../src/shared/tracking'
import type { Ingredient, Product } from '../src/shared/schemas'
import { launchBrowser, screenshotDir, type Browser } from './support/browser'
import { type AdminApi, adminApi, adminCookie, seed, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let api: AdminApi
let cookie: string
let order: CheckoutAnswer

/** A PDF point is 1/72 inch: 58 mm ≈ 164.4 pt, 80 mm ≈ 226.8 pt. */
const mmToPt = (mm: number) => (mm / 25.4) * 72

beforeAll(async () => {
  server = await startServer()
  await seed(server.url)
  cookie = await adminCookie(server.url)
  api = adminApi(server.url, cookie)
  await api('/api/coverage-zones', { method: 'POST', json: { name: 'Zona 10', deliveryCost: 15, estimatedTime: '30-45 min' } })
  const products = (await (await api('/api/products')).json()) as Product[]
  const ingredients = (await (await api('/api/ingredients')).json()) as Ingredient[]
  const id = <T extends { id: number; name: string }>(list: T[], name: string) => list.find((x) => x.name === name)?.id ?? 0
  const res = await fetch(`${server.url}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      items: [
        {
          productId: id(products, 'Chilaquiles Clásicos'),
          size: 'grande',
          quantity: 2,
          customization: { sauceId: id(ingredients, 'Salsa Verde'), sauceOnSide: true, removedIngredientIds: [id(ingredients, 'Cebolla morada')], extraIds: [id(ingredients, 'Aguacate')] },
        },
        { productId: id(products, 'Horchata'), size: 'mediano', quantity: 1 },
      ],
      fulfilment: 'delivery',
      zoneId: 1,
      address: '5a avenida 12-34, zona 10',
      addressReference: 'Portón negro',
      customerName: 'Ana López',
      customerPhone: '5555 1234',
      notes: 'Sin picante, por favor',
      payment: 'efectivo',
      cashAmount: 300,
    }),
  })
  expect(res.status).toBe(201)
  order = (await res.json()) as CheckoutAnswer
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
    test(`${width} mm: the PDF is as wide as the paper and says what the cook needs`, async () => {
      expect((await api('/api/settings/ticket_width', { method: 'PATCH', json: { value: width } })).status).toBe(200)
      const t = await browser.newPage({ width: Math.round((Number(width) / 25.4) * 96), height: 900 })
      const res = await t.page.goto(`${server.url}/admin/pedidos/${order.id}/ticket`)
      expect(res?.status()).toBe(200)
      await t.page.screenshot({ path: path.join(screenshotDir, `ticket-${width}.png`), fullPage: true })
      const contentMm = await t.page.evaluate(() => (document.body.getBoundingClientRect().height / 96) * 25.4)
      const pageRule = await t.page.evaluate(() => /@page \{ size: ([^;]+);/.exec(document.querySelector('style')?.textContent ?? '')?.[1] ?? '')
      const pdf = await t.page.pdf({ preferCSSPageSize: true, printBackground: true })
      const doc = await getDocumentProxy(new Uint8Array(pdf))
      const first = await doc.getPage(1)
      const [, , w] = first.view
      expect(Math.abs((w ?? 0) - mmToPt(Number(width)))).toBeLessThan(2)
      expect(doc.numPages).toBe(1) // one strip of paper, not a ticket cut in two
      const { text } = await extractText(doc, { mergePages: true })
      console.log(`ticket ${width} mm: PDF ${pdf.byteLength} bytes, ${doc.numPages} page(s), ${w?.toFixed(1)} pt wide; content ${contentMm.toFixed(0)} mm, page ${pageRule}`)
      if (process.env.DEBUG_TICKET) console.log(text)
      for (const part of [
        `#${order.number}`,
        'A DOMICILIO · Zona 10',
        '5a avenida 12-34, zona 10',
        'Ana López',
        '2 x Chilaquiles Clásicos (Grande)',
        'Salsa: Salsa Verde (aparte)',
        'SIN Cebolla morada',
        '+ Aguacate',
        '1 x Horchata (Mediano)',
        'Sin picante, por favor',
        'TOTAL',
        'Efectivo',
      ]) {
        // Lines wrap on narrow paper (at spaces and hyphens): compared without the white space.
        expect({ part, found: text.replace(/\s+/g, '').includes(part.replace(/\s+/g, '')) }).toEqual({ part, found: true })
      }
      expect(t.problems).toEqual([])
      await t.page.close()
    })
  }

  test('signed out: sent to the sign-in page; a wrong id is 404', async () => {
    const signedOut = await fetch(`${server.url}/admin/pedidos/${order.id}/ticket`, { redirect: 'manual' })
    expect(signedOut.status).toBe(303)
    expect(signedOut.headers.get('location')).toBe('/login')
    const wrong = await fetch(`${server.url}/admin/pedidos/999999/ticket`, { headers: { cookie } })
    expect(wrong.status).toBe(404)
  })
})
