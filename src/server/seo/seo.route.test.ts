/**
 * Links that sell (decision 037), as a chat app or a crawler meets them: the landing
 * page's head read with a real HTML parser (happy-dom), the preview images decoded from
 * their bytes, the JSON-LD parsed, robots.txt and the sitemap (parsed as XML), and the
 * origin rule: a forged Host never reaches anyone else's page.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import decodeJpeg from '@jsquash/jpeg/decode.js'
import { Window } from 'happy-dom'
import { jpegOf, quadrantPixels } from '../../../test/fixtures/photos'
import type { Product } from '../../shared/schemas'
import { DEFAULT_NAME as RESTAURANT_NAME } from '../../shared/store-profile'
import { publicReads } from '../cache/public-reads.server'
import { createFetchHandler } from '../http/fetch-handler.server'
import { loadSeed } from '../initialize-database/seed.server'
import { DEFAULT_DESCRIPTION as PAGE_DESCRIPTION } from '../../shared/store-profile'
import { MAX_KEPT_ORIGINS } from '../landing/landing.route'
import { createTestApp } from '../testing.server'
import { MAX_PREVIEW_BYTES } from './og-image.server'
import { productPreview } from './preview-spec.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let menu: Product[]
const origin = 'http://localhost'
const window = new Window()

beforeAll(async () => {
  t = await createTestApp()
  await loadSeed(t.ctx.db, '50212345678')
  cookie = await t.signIn()
  menu = (await (await t.request('/api/products')).json()) as Product[]
})
afterAll(async () => {
  await window.happyDOM.close()
  await t.cleanup()
})

const parse = (html: string) => new window.DOMParser().parseFromString(html, 'text/html')

/** What the head says: Open Graph by property, the rest by name, plus title, canonical and the JSON-LD. */
function headOf(html: string) {
  const doc = parse(html)
  const meta = (selector: string) => doc.querySelector(selector)?.getAttribute('content') ?? null
  const og = (p: string) => meta(`meta[property="og:${p}"]`)
  const twitter = (p: string) => meta(`meta[name="twitter:${p}"]`)
  const ld = doc.querySelectorAll('script[type="application/ld+json"]')
  return {
    title: doc.querySelector('title')?.textContent ?? null,
    description: meta('meta[name="description"]'),
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    og,
    twitter,
    jsonLd: ld.length === 1 ? (JSON.parse(ld[0]?.textContent ?? 'null') as Record<string, unknown>) : null,
    count: (selector: string) => doc.querySelectorAll(selector).length,
  }
}

/** Width, height and whether it is a complete JPEG, from the bytes' own frame header. */
function jpegInfo(bytes: Uint8Array): { width: number; height: number; complete: boolean } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null
  let at = 2
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1] ?? 0
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0)
    // SOF0..SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      const height = ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0)
      const width = ((bytes[at + 7] ?? 0) << 8) | (bytes[at + 8] ?? 0)
      return { width, height, complete: bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9 }
    }
    at += 2 + length
  }
  return null
}

const pathOf = (url: string) => url.slice(url.indexOf('/', 'https://'.length))
const dish = (name: string) => {
  const found = menu.find((p) => p.name === name)
  if (!found) throw new Error(`no ${name} in the seed`)
  return found
}

describe('the store page: Open Graph, Twitter, JSON-LD', () => {
  test('the tags a chat app reads, with absolute URLs on the site’s origin; one of each', async () => {
    const head = headOf(await (await t.request('/')).text())
    expect(head.og('title')).toBe(RESTAURANT_NAME)
    expect(head.og('site_name')).toBe(RESTAURANT_NAME)
    expect(head.og('description')).toBe(PAGE_DESCRIPTION)
    expect(head.og('url')).toBe(`${origin}/`)
    expect(head.canonical).toBe(`${origin}/`)
    expect(head.og('locale')).toBe('es_GT')
    expect(head.og('image')).toMatch(/^http:\/\/localhost\/og\/tienda\.jpg\?v=[0-9a-z]+$/)
    expect([head.og('image:width'), head.og('image:height'), head.og('image:type')]).toEqual(['1200', '630', 'image/jpeg'])
    expect(head.twitter('card')).toBe('summary_large_image')
    expect([head.twitter('title'), head.twitter('description'), head.twitter('image')]).toEqual([RESTAURANT_NAME, PAGE_DESCRIPTION, head.og('image')])
    expect(head.title).toContain(RESTAURANT_NAME)
    for (const selector of ['title', 'meta[name="description"]', 'meta[property="og:image"]', 'meta[name="twitter:card"]', 'link[rel="canonical"]']) expect(head.count(selector)).toBe(1)
  })

  test('JSON-LD: a Restaurant with its phone, page, image, price range and a menu of the visible categories, each dish with its link and GTQ offers', async () => {
    const head = headOf(await (await t.request('/')).text())
    const ld = head.jsonLd as {
      '@type': string
      url: string
      image: string
      telephone: string
      priceRange: string
      hasMenu: { hasMenuSection: { name: string; hasMenuItem: { name: string; url: string; image?: string; offers: { price: number; priceCurrency: string; name?: string }[] }[] }[] }
    }
    expect(ld).toMatchObject({ '@type': 'Restaurant', url: `${origin}/`, image: head.og('image'), telephone: '+50212345678' })
    expect(ld.priceRange).toMatch(/^Q\d+-Q\d+$/)
    expect(ld.hasMenu.hasMenuSection.map((s) => s.name)).toEqual(['Chilaquiles', 'Bebidas', 'Postres'])
    const items = ld.hasMenu.hasMenuSection.flatMap((s) => s.hasMenuItem)
    expect(items.length).toBe(menu.length)
    const clasicos = dish('Chilaquiles Clásicos')
    const item = items.find((i) => i.name === clasicos.name)
    expect(item?.url).toBe(`${origin}/?producto=${clasicos.id}`)
    expect(item?.image).toBe(`${origin}${clasicos.image}`)
    expect(item?.offers).toEqual([
      { '@type': 'Offer', name: 'Mediano', price: clasicos.price, priceCurrency: 'GTQ', availability: 'https://schema.org/InStock' },
      { '@type': 'Offer', name: 'Grande', price: clasicos.priceGrande, priceCurrency: 'GTQ', availability: 'https://schema.org/InStock' },
    ] as never)
  })

  test('the preview image: a 1200x630 JPEG under 300 KB, cached for a year under its version, revalidated by ETag', async () => {
    const image = headOf(await (await t.request('/')).text()).og('image') ?? ''
    const res = await t.request(pathOf(image))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(jpegInfo(bytes)).toEqual({ width: 1200, height: 630, complete: true })
    expect(bytes.byteLength).toBeLessThan(MAX_PREVIEW_BYTES)
    expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength)
    const again = await t.request(pathOf(image), { headers: { 'if-none-match': res.headers.get('etag') ?? '' } })
    expect(again.status).toBe(304)
    // An old or missing version still gets the current image, only for minutes.
    const unversioned = await t.request('/og/tienda.jpg')
    expect(unversioned.headers.get('cache-control')).toBe('public, max-age=300')
    expect(new Uint8Array(await unversioned.arrayBuffer())).toEqual(bytes)
  })
})

describe('a dish’s own link: /?producto=<id>', () => {
  test('its name, price and description in the tags, its own preview image; the page is still the whole store', async () => {
    const pollo = dish('Chilaquiles con Pollo')
    const html = await (await t.request(`/?producto=${pollo.id}`)).text()
    const head = headOf(html)
    expect(head.og('title')).toBe(`${pollo.name} · ${RESTAURANT_NAME}`)
    expect(head.title).toBe(`${pollo.name} · ${RESTAURANT_NAME}`)
    expect(head.og('description')).toStartWith(`Q${pollo.price} · Grande Q${pollo.priceGrande}. ${pollo.description}`)
    expect(head.og('url')).toBe(`${origin}/?producto=${pollo.id}`)
    expect(head.og('image')).toMatch(new RegExp(`^http://localhost/og/producto/${pollo.id}\\.jpg\\?v=[0-9a-z]+$`))
    expect(head.twitter('image')).toBe(head.og('image'))
    expect(parse(html).querySelectorAll('[data-testid="product-card"]').length).toBe(menu.length)

    const res = await t.request(pathOf(head.og('image') ?? ''))
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(jpegInfo(bytes)).toEqual({ width: 1200, height: 630, complete: true })
    expect(bytes.byteLength).toBeLessThan(MAX_PREVIEW_BYTES)
  })

  test('an id not on the menu, or not an id at all, is the store’s page; its image 404s', async () => {
    for (const query of ['?producto=99999', '?producto=abc', '?producto=-1', '?producto=']) {
      const head = headOf(await (await t.request(`/${query}`)).text())
      expect(`${query}: ${head.og('title')} ${head.og('url')}`).toBe(`${query}: ${RESTAURANT_NAME} ${origin}/`)
    }
    for (const path of ['/og/producto/99999.jpg', '/og/producto/abc.jpg', '/og/producto/1.png', '/og/producto/01.jpg']) {
      expect(`${path} ${(await t.request(path)).status}`).toBe(`${path} 404`)
    }
  })

  test('a dish’s photo upload is what its preview shows (decoded back: the photo’s colours in the photo’s place)', async () => {
    const fd = new FormData()
    fd.append('image', new File([await jpegOf(quadrantPixels(1600, 1200))], 'foto.jpg', { type: 'image/jpeg' }))
    const uploaded = await t.request('/api/upload/product-image', { method: 'POST', headers: { cookie }, body: fd })
    expect(uploaded.status).toBe(201)
    const { url } = (await uploaded.json()) as { url: string }
    const { id, ...body } = dish('Horchata')
    expect((await t.request(`/api/products/${id}`, { method: 'PUT', headers: { cookie, origin }, json: { ...body, image: url } })).status).toBe(200)

    const image = headOf(await (await t.request(`/?producto=${id}`)).text()).og('image') ?? ''
    const bytes = new Uint8Array(await (await t.request(pathOf(image))).arrayBuffer())
    const pixels = await decodeJpeg(bytes.buffer)
    const at = (x: number, y: number) => [...pixels.data.subarray((y * pixels.width + x) * 4, (y * pixels.width + x) * 4 + 3)]
    const near = (rgb: number[], want: readonly number[]) => rgb.every((v, i) => Math.abs(v - (want[i] ?? 0)) < 40)
    // The photo's box is x 540-1200: its centre cut, top-right green over bottom-right white.
    expect(near(at(1000, 150), [0, 255, 0])).toBe(true)
    expect(near(at(1000, 480), [255, 255, 255])).toBe(true)
    // The panel: chile red.
    expect(near(at(20, 20), [179, 38, 30])).toBe(true)
  }, 30_000) // two workers started (the upload's and the preview's), each compiling its codecs

  test('a dish without a photo: a card of its name and price, never another dish’s photo (issue #40: a latte showed chilaquiles)', async () => {
    const created = await t.request('/api/products', {
      method: 'POST',
      headers: { cookie, origin },
      json: { name: 'Café latte', description: 'Con leche entera', category: 'bebidas', price: 18 },
    })
    expect(created.status).toBe(201)
    const latte = (await created.json()) as Product
    expect(latte.image).toBeNull()
    const spec = productPreview(RESTAURANT_NAME, latte)
    expect(spec.photo).toBeNull()
    expect(spec.text).toMatchObject({ title: 'Café latte', price: 'Q18' })

    const decoded = async (path: string) => decodeJpeg((await (await t.request(path)).arrayBuffer()) as ArrayBuffer)
    const image = headOf(await (await t.request(`/?producto=${latte.id}`)).text()).og('image') ?? ''
    const card = await decoded(pathOf(image))
    const store = await decoded(pathOf(headOf(await (await t.request('/')).text()).og('image') ?? ''))
    /** Whether every pixel of the photo's box (x 700-1190, clear of the panel's edge) is the card's own pattern: masa cream and corn dots. */
    const plainCard = (pixels: ImageData) => {
      for (let y = 10; y < 620; y += 7) {
        for (let x = 700; x < 1190; x += 7) {
          const [r = 0, g = 0, b = 0] = pixels.data.subarray((y * pixels.width + x) * 4, (y * pixels.width + x) * 4 + 3)
          if (r < 235 || g < 195 || g > 245 || b < 100 || b > 210) return false
        }
      }
      return true
    }
    expect(plainCard(card)).toBe(true)
    // The check tells a photo apart: the store's preview (a dish's photo in that box) is not a plain card.
    expect(plainCard(store)).toBe(false)
    // The panel still says it: chile red.
    const at = (x: number, y: number) => [...card.data.subarray((y * card.width + x) * 4, (y * card.width + x) * 4 + 3)]
    expect(at(20, 20).every((v, i) => Math.abs(v - ([179, 38, 30][i] ?? 0)) < 40)).toBe(true)
    // The menu as the other tests read it.
    expect((await t.request(`/api/products/${latte.id}`, { method: 'DELETE', headers: { cookie, origin } })).status).toBeLessThan(300)
  })

  test('a change to what a preview shows gives a new URL; the old one still answers, with the current image for minutes', async () => {
    const { id, ...body } = dish('Agua de Jamaica')
    const before = headOf(await (await t.request(`/?producto=${id}`)).text()).og('image') ?? ''
    const storeBefore = headOf(await (await t.request('/')).text()).og('image')
    expect((await t.request(`/api/products/${id}`, { method: 'PUT', headers: { cookie, origin }, json: { ...body, name: 'Jamaica helada', price: 22 } })).status).toBe(200)
    const after = headOf(await (await t.request(`/?producto=${id}`)).text())
    expect(after.og('title')).toBe(`Jamaica helada · ${RESTAURANT_NAME}`)
    expect(after.og('image')).not.toBe(before)
    expect(pathOf(after.og('image') ?? '').split('?')[0]).toBe(pathOf(before).split('?')[0] ?? '')
    expect((await t.request(pathOf(before))).headers.get('cache-control')).toBe('public, max-age=300')
    // What the store's preview shows did not change: same URL.
    expect(headOf(await (await t.request('/')).text()).og('image')).toBe(storeBefore)
  })

  test('a name that tries to close the tag stays text in the head', async () => {
    const { id, ...body } = dish('Flan de cajeta')
    const name = 'Flan "especial" <script>alert(1)</script> & más'
    expect((await t.request(`/api/products/${id}`, { method: 'PUT', headers: { cookie, origin }, json: { ...body, name } })).status).toBe(200)
    const html = await (await t.request(`/?producto=${id}`)).text()
    const head = headOf(html)
    expect(head.og('title')).toBe(`${name} · ${RESTAURANT_NAME}`)
    expect(head.title).toBe(`${name} · ${RESTAURANT_NAME}`)
    expect(html).not.toContain('<script>alert(1)')
    expect(parse(html).querySelectorAll('head script:not([type])').length).toBe(1) // only the page's own marker script
    const image = await t.request(pathOf(head.og('image') ?? ''))
    expect(jpegInfo(new Uint8Array(await image.arrayBuffer()))?.width).toBe(1200)
  })
})

describe('whose origin the URLs are on', () => {
  test('a forged Host gets a page on its own origin and never changes anyone else’s (the fast path included)', async () => {
    const handle = createFetchHandler(t.app, { trustProxy: false, publicReads: publicReads(t.ctx, { trustProxy: false }) })
    const page = async (url: string, headers: Record<string, string> = {}) => headOf(await (await handle(new Request(url, { headers }))).text())
    t.ctx.pageCache.invalidate()
    expect((await page('http://evil.example/')).og('url')).toBe('http://evil.example/')
    expect((await page('http://evil.example:8080/?producto=1')).og('image')).toStartWith('http://evil.example:8080/og/producto/1.jpg?v=')
    for (let i = 0; i < 2; i++) {
      const mine = await page('http://localhost/')
      expect(mine.og('url')).toBe(`${origin}/`)
      expect(mine.og('image')).toStartWith(`${origin}/og/tienda.jpg`)
      expect(JSON.stringify(mine.jsonLd)).not.toContain('evil')
    }
    // Without TRUST_PROXY the forwarded headers are ignored.
    expect((await page('http://localhost/', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })).og('url')).toBe(`${origin}/`)
    expect(await (await handle(new Request('http://evil.example/robots.txt'))).text()).toContain('Sitemap: http://evil.example/sitemap.xml')
    expect(await (await handle(new Request('http://localhost/robots.txt'))).text()).toContain(`Sitemap: ${origin}/sitemap.xml`)
  })

  test('a stream of invented hosts is answered, but only the first few origins’ pages are kept (each costs a best-level compression)', async () => {
    t.ctx.pageCache.invalidate()
    const hosts = Array.from({ length: MAX_KEPT_ORIGINS + 3 }, (_, i) => `http://shop${i}.example`)
    for (const host of hosts) {
      const res = await t.request(`${host}/`)
      expect(res.status).toBe(200)
      expect(headOf(await res.text()).og('url')).toBe(`${host}/`)
    }
    expect(hosts.filter((host) => t.ctx.pageCache.get(`${host}/`) !== undefined)).toEqual(hosts.slice(0, MAX_KEPT_ORIGINS))
    // The first origins keep their cached page (an ETag, a 304).
    const kept = await t.request(`${hosts[0]}/`)
    expect((await t.request(`${hosts[0]}/`, { headers: { 'if-none-match': kept.headers.get('etag') ?? '' } })).status).toBe(304)
  })

  test('behind a trusted proxy: X-Forwarded-Proto/-Host, unless the host holds anything but a host name’s characters', async () => {
    const proxied = await createTestApp({ config: { trustProxy: true } })
    try {
      const page = async (headers: Record<string, string>) => headOf(await (await proxied.request('/', { headers })).text())
      expect((await page({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'pedidos.example.gt' })).og('url')).toBe('https://pedidos.example.gt/')
      // Only characters a host name has reach a URL; the proxy's scheme stands, on the Host header's host.
      for (const host of ['evil.example"><script>alert(1)</script>', "a'b.example", 'a b', 'a<b.example', 'a%22b.example', 'a{b}.example']) {
        const head = await page({ 'x-forwarded-proto': 'https', 'x-forwarded-host': host })
        expect(`${host} -> ${head.og('url')}`).toBe(`${host} -> https://localhost/`)
      }
    } finally {
      await proxied.cleanup()
    }
  })

  test('with DOMAIN: always the configured domain, whatever the Host', async () => {
    const https = { domain: 'pedidos.example.gt', port: 443, directoryUrl: 'https://acme.invalid/directory', email: null, certsDir: '/nonexistent' }
    const secured = await createTestApp({ config: { https } })
    try {
      const head = headOf(await (await secured.request('https://evil.example/')).text())
      expect(head.og('url')).toBe('https://pedidos.example.gt/')
      expect(head.og('image')).toStartWith('https://pedidos.example.gt/og/tienda.jpg?v=')
      expect(await (await secured.request('https://evil.example/robots.txt')).text()).toContain('Sitemap: https://pedidos.example.gt/sitemap.xml')
    } finally {
      await secured.cleanup()
    }
  })
})

describe('robots.txt and sitemap.xml', () => {
  test('robots.txt keeps crawlers out of the admin, sign-in, API and tracking pages and names the sitemap', async () => {
    const res = await t.request('/robots.txt')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const lines = (await res.text()).split('\n')
    expect(lines).toContain('User-agent: *')
    for (const path of ['/admin', '/api/', '/login', '/setup-admin', '/pedido/']) expect(lines).toContain(`Disallow: ${path}`)
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`)
    expect(lines.filter((l) => l === 'Disallow: /')).toEqual([])
  })

  test('sitemap.xml is well-formed XML listing the store and every dish’s link; a write updates it', async () => {
    const read = async () => {
      const res = await t.request('/sitemap.xml')
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
      const text = await res.text()
      expect(text).toStartWith('<?xml version="1.0" encoding="UTF-8"?>')
      expect(text).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos|#\d+);)/)
      const doc = new window.DOMParser().parseFromString(text, 'application/xml')
      expect(doc.querySelector('parsererror')).toBeNull()
      expect(doc.documentElement.getAttribute('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
      return [...doc.querySelectorAll('url > loc')].map((loc) => loc.textContent)
    }
    const locs = await read()
    expect(locs).toEqual([`${origin}/`, ...menu.map((p) => `${origin}/?producto=${p.id}`)])
    const created = await t.request('/api/products', { method: 'POST', headers: { cookie, origin }, json: { name: 'Atol de elote', description: 'Caliente', category: 'bebidas', price: 15 } })
    const { id } = (await created.json()) as Product
    expect(await read()).toContain(`${origin}/?producto=${id}`)
  })

  test('the admin SPA, assets and the landing page are untouched: their types and headers are as before', async () => {
    const page = await t.request('/')
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect((await t.request('/admin')).headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect((await t.request('/og/nada.jpg')).status).toBe(404)
    expect((await t.request('/robots.txt/x')).status).toBe(404)
  })
})
