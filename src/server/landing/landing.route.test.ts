import { afterAll, describe, expect, test } from 'bun:test'
import { serializeForScript } from '../../shared/landing-data'
import { entries } from '../assets.gen'
import { createTestApp } from '../testing.server'

const t = await createTestApp()
afterAll(() => t.cleanup())
const origin = 'http://localhost'

describe('GET / (landing page)', () => {
  test('complete HTML: lang, title, description, Open Graph, JSON-LD, favicon, embedded data', async () => {
    const res = await t.request('/')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await res.text()
    expect(html).toStartWith('<!DOCTYPE html><html lang="es">')
    for (const part of ['<title>', 'name="description"', 'property="og:title"', 'application/ld+json', 'rel="icon"', 'id="landing-data"', 'Los mejores', '+502 1234 5678']) {
      expect(html).toContain(part)
    }
  })

  test('critical path: the stylesheet is inline (nothing render-blocking), the LCP hero image is preloaded at high priority and not lazy', async () => {
    const html = await (await t.request('/')).text()
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).not.toContain('rel="stylesheet"')
    expect(head).toMatch(/<style>[^<]*\.bg-primary\{/)
    expect(head).toMatch(/<link rel="preload" as="image" href="\/images\/hero.svg" fetchPriority="high"\/>/)
    const hero = /<img src="\/images\/hero.svg"[^>]*>/.exec(html)?.[0] ?? ''
    expect(hero).toContain('fetchPriority="high"')
    expect(hero).not.toContain('loading="lazy"')
    // The only scripts in the head: the one-line marker and JSON-LD; the bundle is a module (deferred).
    expect([...head.matchAll(/<script(?![^>]*type="application\/ld\+json")[^>]*>/g)].map((m) => m[0])).toEqual(['<script>'])
    // The page's script is the boot module, which imports the store bundle after the first paint.
    expect([...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1])).toEqual([entries.storeBoot])
    expect(html).not.toContain(`src="${entries.storeJs}"`)
    const boot = await (await t.request(entries.storeBoot)).text()
    expect(boot).toContain(`import("./${entries.storeJs.slice('/assets/'.length)}")`)
  })

  test('served from the cache with an etag; If-None-Match gives 304', async () => {
    const first = await t.request('/')
    const etag = first.headers.get('etag')
    expect(etag).toBeTruthy()
    const again = await t.request('/', { headers: { 'if-none-match': etag ?? '' } })
    expect(again.status).toBe(304)
  })

  test('a write through the API re-renders it; stored text cannot close the data script', async () => {
    const before = (await t.request('/')).headers.get('etag')
    const cookie = await t.signIn()
    const name = '</script><script>alert(1)</script>'
    const res = await t.request('/api/products', {
      method: 'POST',
      headers: { cookie, origin },
      json: { name, description: 'Línea\u2028separada & <b>negrita</b>', category: 'postres', price: 12, priceGrande: 15 },
    })
    expect(res.status).toBeLessThan(300)
    const page = await t.request('/')
    expect(page.headers.get('etag')).not.toBe(before)
    const html = await page.text()
    expect(html).not.toContain('<script>alert(1)')
    const data = /<script type="application\/json" id="landing-data">([^<]*)<\/script>/.exec(html)?.[1]
    expect(data).toBeDefined()
    const parsed = JSON.parse(data ?? '') as { products: { name: string; description: string }[] }
    expect(parsed.products.map((p) => p.name)).toContain(name)
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;') // the visible card text
  })

  test('sold-out products stay on the page, marked Agotado, without an add button; JSON-LD says SoldOut', async () => {
    const cookie = await t.signIn()
    await t.request('/api/products', { method: 'POST', headers: { cookie, origin }, json: { name: 'Tamal agotado', description: 'Hoy no hay', category: 'postres', price: 20, available: false } })
    const html = await (await t.request('/')).text()
    const card = /<div[^>]*data-testid="product-card"[^>]*data-sold-out="true"[^>]*>(.*?)<\/li>/.exec(html)?.[1] ?? ''
    expect(card).toContain('Tamal agotado')
    expect(card).toContain('Agotado por hoy')
    expect(card).not.toContain('aria-label="Agregar Tamal agotado"')
    expect(html).toContain('"availability":"https://schema.org/SoldOut"')
  })
})

describe('delivery zones on the page', () => {
  test('the active zones, with fee and time, reach the sheet (embedded data) and the Zonas de entrega section; inactive ones do not', async () => {
    const cookie = await t.signIn()
    for (const json of [{ name: 'Zona 14', deliveryCost: 20, estimatedTime: '40 min' }, { name: 'Villa Nueva', deliveryCost: 35, available: false }]) {
      expect((await t.request('/api/coverage-zones', { method: 'POST', headers: { cookie, origin }, json })).status).toBe(201)
    }
    const html = await (await t.request('/')).text()
    const data = JSON.parse(/<script type="application\/json" id="landing-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as { zones: unknown[] }
    expect(data.zones).toEqual([{ id: expect.any(Number), name: 'Zona 14', deliveryCost: 20, estimatedTime: '40 min', minimumOrder: null }])
    expect(html).toContain('id="zonas"')
    expect(html).toContain('Costo de envío Q20')
    expect(html).not.toContain('Villa Nueva')
  })
})

describe('open or closed on the page', () => {
  /** Monday 23 Nov 2026 at the given Guatemala time (UTC-6). */
  const at = (hhmm: string) => Date.parse(`2026-11-23T${hhmm}:00-06:00`)

  test('the page says closed with the next opening, re-renders when the status changes (not only after writes), and the footer lists the week', async () => {
    let now = at('07:00')
    const app = await createTestApp({ now: () => now })
    try {
      const cookie = await app.signIn()
      const day = [{ open: '08:00', close: '14:00' }, { open: '17:00', close: '21:00' }]
      const week = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [{ open: '09:00', close: '14:00' }], sun: [] }
      const saved = await app.request('/api/opening-hours', { method: 'PUT', headers: { cookie, origin }, json: { timezone: 'America/Guatemala', week, closedDates: [], paused: false } })
      expect(saved.status).toBe(200)

      const page = async () => {
        const html = await (await app.request('/')).text()
        const data = JSON.parse(/<script type="application\/json" id="landing-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as { status: { state: string; message: string } }
        return { html, status: data.status }
      }
      const closed = await page()
      expect(closed.status).toMatchObject({ state: 'closed', message: 'Cerrado · abrimos hoy a las 8:00' })
      expect(closed.html).toContain('data-testid="store-status"')
      expect(closed.html).toContain('Lunes a viernes: 8:00–14:00 y 17:00–21:00')
      expect(closed.html).toContain('"openingHoursSpecification"')

      now = at('08:00') // opening time: the cached page is stale now
      expect((await page()).status).toMatchObject({ state: 'open', message: 'Abierto' })
      now = at('13:30')
      expect((await page()).status).toMatchObject({ state: 'closing-soon', message: 'Abierto · cierra a las 14:00' })
      now = at('14:00')
      expect((await page()).status).toMatchObject({ state: 'closed', message: 'Cerrado · abrimos hoy a las 17:00' })
    } finally {
      await app.cleanup()
    }
  })
})

describe('serializeForScript', () => {
  test('escapes <, >, &, U+2028 and U+2029 and still parses back', () => {
    const value = { s: '</script><!-- & \u2028 \u2029' }
    const out = serializeForScript(value)
    expect(out).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(out)).toEqual(value)
  })
})
