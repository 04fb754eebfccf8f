/**
 * The poster with a QR (issue #33, DESIGN "Selling more"), in real Chromium against the real
 * server: the owner opens /admin/cartel from the sidebar, and what the browser prints is one
 * A4 page (the poster) or one A6 page (the table card), with the restaurant's name, 'Escanea y
 * ordena', the chat number, and a QR whose printed pixels are the store's address (or a code's
 * link) as uqr encodes it. Screenshots: e2e/screenshots/cartel-*.png (the print layouts at the
 * paper's size, as the printer gets them, and the page at 1280 px).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { extractText, getDocumentProxy } from 'unpdf'
import { encode } from 'uqr'
import { LAPTOP, PHONE, launchBrowser, screenshotDir, takeProblems, type Browser, type TrackedPage } from './support/browser'
import { adminApi, adminCookie, type AdminApi, startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser
let laptop: TrackedPage
let api: AdminApi

const url = (p: string) => `${server.url}${p}`
const MM_PER_PT = 25.4 / 72
const PX_PER_MM = 96 / 25.4
/** The paper in CSS pixels at 96 dpi, the viewport a print-emulated screenshot takes it at. */
const paperPx = (mm: { w: number; h: number }) => ({ width: Math.round(mm.w * PX_PER_MM), height: Math.round(mm.h * PX_PER_MM) })
const A4 = { w: 210, h: 297, pt: [595.3, 841.9] }
const A6 = { w: 105, h: 148, pt: [297.6, 419.5] }

beforeAll(async () => {
  server = await startServer()
  const cookie = await adminCookie(server.url)
  api = adminApi(server.url, cookie)
  expect((await api('/api/settings/whatsapp_number', { method: 'PATCH', json: { value: '50255551234' } })).status).toBe(200)
  // The code the poster may carry (issue #40: only an existing, active one), every Tuesday all day.
  const martes = { name: 'Martes', code: 'MARTES', kind: 'percent', value: 10, windows: [{ days: [2], from: '00:00', to: '23:59' }] }
  expect((await api('/api/promotions', { method: 'POST', json: martes })).status).toBe(201)
  browser = await launchBrowser()
  const [name = '', value = ''] = cookie.split('=')
  await browser.context.addCookies([{ name, value, url: server.url }])
  laptop = await browser.newPage(LAPTOP)
})

// Back to the browser's own media (not 'screen': page.pdf() would then print the screen's layout), and a failed test leaves no paper behind.
afterEach(async () => {
  await laptop.page.emulateMedia({ media: null })
  await laptop.page.setViewportSize(LAPTOP)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** What the browser prints now (the owner's Ctrl+P with the page's own paper size, background graphics left off as Chrome leaves them). */
async function printed(page: Page) {
  await page.waitForFunction(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0))
  const bytes = new Uint8Array(await page.pdf({ preferCSSPageSize: true, printBackground: false }))
  const length = bytes.byteLength // pdf.js takes the buffer over
  // The MediaBox as written in the file, read without a PDF library; unpdf agrees below.
  const raw = new TextDecoder('latin1').decode(bytes)
  const boxes = [...raw.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])])
  const doc = await getDocumentProxy(bytes)
  const [, , w = 0, h = 0] = (await doc.getPage(1)).view
  const { text } = await extractText(doc, { mergePages: true })
  return { length, boxes, pages: doc.numPages, size: [w, h], text: text.replace(/\s+/g, ' ') }
}

/**
 * The QR as the printer gets it, read back from a screenshot of the print layout: each
 * module's centre sampled in the browser (a canvas over the PNG), dark or light, compared with
 * uqr's matrix of `expected`. Equal, the printed code scans as `expected`.
 */
async function printedModulesMatch(page: Page, expected: string): Promise<{ modules: number; wrong: number; mm: number }> {
  const { size, data } = encode(expected, { ecc: 'M', border: 2 })
  const svg = page.locator('.cartel-print-copy svg[data-qr-value]')
  const png = (await svg.screenshot()).toString('base64')
  const box = await svg.boundingBox()
  const grid = await page.evaluate(
    async ({ png, size }) => {
      const img = new Image()
      img.src = `data:image/png;base64,${png}`
      await img.decode()
      const canvas = document.createElement('canvas')
      canvas.width = img.naturalWidth
      canvas.height = img.naturalHeight
      const ctx = canvas.getContext('2d')
      if (!ctx) throw new Error('no 2d context')
      ctx.drawImage(img, 0, 0)
      const { data: px } = ctx.getImageData(0, 0, canvas.width, canvas.height)
      const rows: boolean[][] = []
      for (let y = 0; y < size; y++) {
        const row: boolean[] = []
        for (let x = 0; x < size; x++) {
          const cx = Math.floor(((x + 0.5) * canvas.width) / size)
          const cy = Math.floor(((y + 0.5) * canvas.height) / size)
          const i = (cy * canvas.width + cx) * 4
          row.push((px[i] ?? 255) + (px[i + 1] ?? 255) + (px[i + 2] ?? 255) < 3 * 128)
        }
        rows.push(row)
      }
      return rows
    },
    { png, size },
  )
  let wrong = 0
  data.forEach((row, y) => row.forEach((dark, x) => dark !== grid[y]?.[x] && wrong++))
  return { modules: size, wrong, mm: (box?.width ?? 0) / PX_PER_MM }
}

/** The print layout at the paper's size, as a picture (what the PDF page shows). */
async function printShot(page: Page, paper: { w: number; h: number }, name: string) {
  await page.setViewportSize(paperPx(paper))
  await page.emulateMedia({ media: 'print' })
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) })
}

/** axe-core (as e2e/admin.test.ts runs it): serious or critical violations only. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(await Bun.file(path.resolve(import.meta.dir, '../node_modules/axe-core/axe.min.js')).text())
  const result = await page.evaluate(async () => {
    type Violation = { id: string; impact: string; nodes: { target: string[] }[] }
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe
    return axe.run(document, { resultTypes: ['violations'] })
  })
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Nothing on the sheet is cut off or crosses its red frame: every line of it fits inside, with a little air. */
async function spill(page: Page): Promise<string[]> {
  return page.locator('.cartel-print-copy .cartel-sheet').evaluate((sheet) => {
    const border = sheet.querySelector('.cartel-frame')?.getBoundingClientRect()
    if (!border) return ['no frame']
    const air = 4
    const frame = { left: border.left + air, right: border.right - air, top: border.top + air, bottom: border.bottom - air }
    const out: string[] = []
    for (const el of sheet.querySelectorAll('p, img, svg')) {
      const r = el.getBoundingClientRect()
      if (r.left < frame.left - 0.5 || r.right > frame.right + 0.5 || r.top < frame.top - 0.5 || r.bottom > frame.bottom + 0.5) out.push(el.textContent || el.tagName)
    }
    return out
  })
}

describe('Cartel con QR (admin)', () => {
  test('the sidebar opens it; A4: one A4 page with the name, the call, the chat number, and the QR of the store', async () => {
    const { page } = laptop
    await page.goto(url('/admin'))
    await page.getByRole('link', { name: 'Cartel con QR' }).click()
    await page.waitForURL(url('/admin/cartel'))
    await page.getByRole('heading', { name: 'Cartel con QR', level: 1 }).waitFor()
    const preview = page.getByRole('region', { name: 'Vista previa' })
    await preview.getByText('+502 5555 1234').waitFor()
    expect(await page.getByTestId('cartel-url').textContent()).toBe(server.url.replace('http://', ''))
    await page.screenshot({ path: path.join(screenshotDir, 'cartel-page-1280.png') })
    expect(await axeViolations(page)).toEqual([])
    // On the owner's phone: the controls and the preview one above the other, nothing wider than the screen.
    await page.setViewportSize(PHONE)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
    await page.screenshot({ path: path.join(screenshotDir, 'cartel-page-390.png'), fullPage: true })
    await page.setViewportSize(LAPTOP)

    const pdf = await printed(page)
    console.log(`cartel A4: PDF ${pdf.length} bytes, ${pdf.pages} page, ${pdf.size.map((n) => n.toFixed(1)).join(' × ')} pt, MediaBox ${JSON.stringify(pdf.boxes)}`)
    expect(pdf.pages).toBe(1)
    expect(pdf.boxes).toHaveLength(1)
    for (const [i, pt] of A4.pt.entries()) {
      expect(Math.abs((pdf.boxes[0]?.[i] ?? 0) - pt)).toBeLessThan(1.5)
      expect(Math.abs((pdf.size[i] ?? 0) - pt)).toBeLessThan(1.5)
    }
    expect((pdf.size[0] ?? 0) * MM_PER_PT).toBeWithin(209, 211)
    for (const part of ['Chilaquiles Chapín', 'Escanea y ordena', 'Pide por WhatsApp: +502 5555 1234', server.url.replace('http://', '')]) {
      expect({ part, found: pdf.text.includes(part) }).toEqual({ part, found: true })
    }
    expect(pdf.text).not.toContain('Imprimir') // the admin around the poster is not printed
    expect(pdf.text).not.toContain('Código')

    await printShot(page, A4, 'cartel-a4')
    expect(await spill(page)).toEqual([])
    const qr = await printedModulesMatch(page, `${server.url}/`)
    console.log(`  A4 QR: ${qr.modules} modules, ${qr.mm.toFixed(0)} mm wide, ${qr.wrong} wrong`)
    expect(qr.wrong).toBe(0)
    expect(qr.mm).toBeGreaterThan(100) // read from a metre or two away
    expect(takeProblems(laptop)).toEqual([])
  })

  test('A6 with a code chosen: one A6 page, the code named with its offer and when, the QR of its link', async () => {
    const { page } = laptop
    await page.getByRole('radio', { name: 'Tarjeta de mesa A6' }).click()
    await page.getByLabel('Código de promoción (opcional)').selectOption('MARTES')
    await page.waitForURL(url('/admin/cartel?formato=a6&codigo=MARTES'))
    const link = `${server.url}/?codigo=MARTES`
    await page.locator(`.cartel-print-copy svg[data-qr-value="${link}"]`).waitFor({ state: 'attached' })
    await page.screenshot({ path: path.join(screenshotDir, 'cartel-page-a6-1280.png') })

    const pdf = await printed(page)
    console.log(`cartel A6: PDF ${pdf.length} bytes, ${pdf.pages} page, ${pdf.size.map((n) => n.toFixed(1)).join(' × ')} pt, MediaBox ${JSON.stringify(pdf.boxes)}`)
    expect(pdf.pages).toBe(1)
    expect(pdf.boxes).toHaveLength(1)
    for (const [i, pt] of A6.pt.entries()) {
      expect(Math.abs((pdf.boxes[0]?.[i] ?? 0) - pt)).toBeLessThan(1.5)
      expect(Math.abs((pdf.size[i] ?? 0) - pt)).toBeLessThan(1.5)
    }
    for (const part of ['Chilaquiles Chapín', 'Escanea y ordena', 'Código MARTES', '10% en todo el pedido los martes', 'Pide por WhatsApp: +502 5555 1234']) {
      expect({ part, found: pdf.text.includes(part) }).toEqual({ part, found: true })
    }

    await printShot(page, A6, 'cartel-a6')
    expect(await spill(page)).toEqual([])
    const qr = await printedModulesMatch(page, link)
    console.log(`  A6 QR: ${qr.modules} modules, ${qr.mm.toFixed(0)} mm wide, ${qr.wrong} wrong`)
    expect(qr.wrong).toBe(0)
    expect(qr.mm).toBeGreaterThan(45) // read across a table
    expect(takeProblems(laptop)).toEqual([])
  })

  test("a link from elsewhere (?codigo=MARTES) opens the A4 poster of that code; the sign stays the store's when the code is cleared", async () => {
    const { page } = laptop
    await page.goto(url('/admin/cartel?codigo=MARTES'))
    await page.getByRole('region', { name: 'Vista previa' }).getByText('Código MARTES').waitFor()
    await printShot(page, A4, 'cartel-a4-codigo')
    expect(await spill(page)).toEqual([])
    expect((await printedModulesMatch(page, `${server.url}/?codigo=MARTES`)).wrong).toBe(0)
    await page.emulateMedia({ media: null })
    await page.setViewportSize(LAPTOP)
    await page.getByLabel('Código de promoción (opcional)').selectOption('')
    await page.waitForURL(url('/admin/cartel'))
    await page.locator(`.cartel-print-copy svg[data-qr-value="${server.url}/"]`).waitFor({ state: 'attached' })
    expect(takeProblems(laptop)).toEqual([])
  })

  test("a 'Cocina / caja' account neither sees it in the sidebar nor opens it", async () => {
    expect((await api('/api/admin/users', { method: 'POST', json: { username: 'cocina', password: 'cocina-1234', role: 'staff', active: true } })).status).toBe(201)
    const res = await fetch(url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ username: 'cocina', password: 'cocina-1234' }),
    })
    expect(res.status).toBe(200)
    const [name = '', value = ''] = ((res.headers.get('set-cookie') ?? '').split(';')[0] ?? '').split('=')
    await browser.context.clearCookies()
    await browser.context.addCookies([{ name, value, url: server.url }])
    const { page } = laptop
    await page.goto(url('/admin/cartel'))
    await page.getByRole('heading', { name: 'Esta página es solo para administradores' }).waitFor()
    expect(await page.getByRole('link', { name: 'Cartel con QR' }).count()).toBe(0)
    expect(await page.locator('.cartel-print-copy').count()).toBe(0)
    expect(takeProblems(laptop)).toEqual([])
  })
})
