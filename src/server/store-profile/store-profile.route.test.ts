import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { jpegOf, pngOf, quadrantPixels } from '../../../test/fixtures/photos'
import { DEFAULT_STORE_PROFILE, UNREADABLE_COLOR, type StoreProfileInput } from '../../shared/store-profile'
import { createApp } from '../app'
import { PageCache } from '../cache/page-cache.server'
import { followSharedGeneration } from '../cache/shared-generation.server'
import { createTestApp } from '../testing.server'
import { getStoreProfile } from './store-profile.repo.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
})
afterAll(() => t.cleanup())

const CEIBA: StoreProfileInput = {
  name: 'Pupusería La Ceiba',
  headline: 'Pupusas de la CEIBA',
  subtitle: 'Revueltas, de queso y loroco, hechas al comal.',
  description: 'Pupusas salvadoreñas en Mixco: pide por WhatsApp y recoge en el local.',
  about: 'Abrimos en 1998 bajo una ceiba.\n\nLa masa se hace cada mañana.',
  address: '5a avenida 3-20, zona 1, Mixco',
  cuisine: 'Salvadoreña, Pupusas ,',
  mapUrl: 'https://maps.app.goo.gl/ceiba',
  instagram: 'https://instagram.com/laceiba',
  facebook: null,
  tiktok: 'https://www.tiktok.com/@laceiba',
  colors: { primary: '#1d4e2f', secondary: '#f2d16b' },
}

const put = (json: unknown, headers: Record<string, string> = { cookie }) => t.request('/api/store-profile', { method: 'PUT', headers, json })
const profile = async () => (await t.request('/api/store-profile')).json() as Promise<typeof DEFAULT_STORE_PROFILE>
const page = async () => (await t.request('/')).text()
const form = (bytes: Uint8Array<ArrayBuffer>) => {
  const fd = new FormData()
  fd.append('image', new File([bytes], 'logo.png', { type: 'image/png' }))
  return fd
}

describe('GET/PUT/DELETE /api/store-profile', () => {
  test('a fresh install answers the defaults, and the landing page says exactly what it said before', async () => {
    expect(await profile()).toEqual(DEFAULT_STORE_PROFILE)
    const html = await page()
    expect(html).toContain('<title>Chilaquiles Chapín · Los mejores chilaquiles de Guatemala</title>')
    expect(html).toContain('Chilaquiles guatemaltecos hechos al momento, para llevar o a domicilio.')
    expect(html).toContain('© Chilaquiles Chapín · Hecho con maíz y cariño en Guatemala')
    expect(html).toMatch(/Los mejores <span class="block text-secondary">CHILAQUILES<\/span>/)
    expect(html).not.toContain('id="nosotros"')
    expect(html.includes(':root{--color-primary:')).toBe(false)
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as Record<string, unknown>
    expect(ld.servesCuisine).toEqual(['Guatemalteca', 'Mexicana', 'Chilaquiles'])
  })

  test('only an administrator writes it: signed out 401, and nothing changes', async () => {
    expect((await put(CEIBA, {})).status).toBe(401)
    expect((await t.request('/api/store-profile', { method: 'DELETE' })).status).toBe(401)
    expect((await t.request('/api/store-profile/logo', { method: 'POST', body: form(new Uint8Array(await pngOf(quadrantPixels(64, 64)))) })).status).toBe(401)
    expect((await profile()).name).toBe(DEFAULT_STORE_PROFILE.name)
  })

  test('bad input is a 400 in Spanish and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ ...CEIBA, name: '' }, 'Este campo es obligatorio'],
      [{ ...CEIBA, name: 'x'.repeat(61) }, 'Máximo 60 caracteres'],
      [{ ...CEIBA, instagram: 'javascript:alert(1)' }, 'El enlace debe empezar con https://'],
      [{ ...CEIBA, mapUrl: 'http://maps.example.com' }, 'El enlace debe empezar con https://'],
      [{ ...CEIBA, about: 'Hola <script>alert(1)</script>' }, 'Escribe solo texto, sin etiquetas HTML (sin < ni >)'],
      [{ ...CEIBA, name: '<b>Ceiba</b>' }, 'Escribe solo texto, sin etiquetas HTML (sin < ni >)'],
      [{ ...CEIBA, colors: { primary: '#f6c3', secondary: '#f2d16b' } }, 'Usa un color como #B3261E'],
      // Mid grey: white reaches 3.9:1 and #111111 4.4:1, neither 4.5:1.
      [{ ...CEIBA, colors: { primary: '#777777', secondary: '#f2d16b' } }, UNREADABLE_COLOR],
      [{ ...CEIBA, about: 'a'.repeat(2001) }, 'Máximo 2000 caracteres'],
    ]
    for (const [body, message] of cases) {
      const res = await put(body)
      expect(res.status).toBe(400)
      const answer = (await res.json()) as { message: string; issues?: { message: string }[] }
      expect(answer.issues?.[0]?.message ?? answer.message).toBe(message)
    }
    expect(await profile()).toEqual(DEFAULT_STORE_PROFILE)
  })

  test('a save shows at the next load: title, nav, hero, footer, Nosotros, colours, link previews and JSON-LD (escaped)', async () => {
    expect((await page()).length).toBeGreaterThan(0) // the page is cached before the save
    const res = await put({ ...CEIBA, facebook: '' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ...CEIBA, logoUrl: null, heroUrl: null })
    expect(await profile()).toEqual({ ...CEIBA, logoUrl: null, heroUrl: null })

    const html = await page()
    expect(html).toContain('<title>Pupusería La Ceiba · Pupusas de la CEIBA</title>')
    expect(html).toContain('<meta property="og:site_name" content="Pupusería La Ceiba"/>')
    expect(html).toContain(`<meta name="description" content="${CEIBA.description}"/>`)
    expect(html).toMatch(/Pupusas de la <span class="block text-secondary">CEIBA<\/span>/)
    expect(html).toContain('Revueltas, de queso y loroco, hechas al comal.')
    expect(html).toContain('id="nosotros"')
    expect(html).toContain('Abrimos en 1998 bajo una ceiba.')
    expect(html).toContain('href="#nosotros"')
    expect(html).toContain('Recoger en: 5a avenida 3-20, zona 1, Mixco')
    expect(html).toContain('href="https://maps.app.goo.gl/ceiba"')
    expect(html).toContain('href="https://instagram.com/laceiba"')
    expect(html).not.toContain('Chilaquiles Chapín')
    expect(html).not.toContain('Hecho con maíz y cariño')
    expect(html).toContain(':root{--color-primary:#1d4e2f;')
    expect(html).toContain('--color-primary-foreground:#ffffff;')
    expect(html).toContain('--color-secondary-foreground:#111111;')
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as Record<string, unknown>
    expect(ld.name).toBe('Pupusería La Ceiba')
    expect(ld.address).toEqual({ '@type': 'PostalAddress', streetAddress: CEIBA.address, addressCountry: 'GT' })
    expect(ld.sameAs).toEqual([CEIBA.instagram, CEIBA.tiktok])
    expect(ld.servesCuisine).toEqual(['Salvadoreña', 'Pupusas'])
  })

  test('no cuisine, no servesCuisine; a profile saved before the field existed reads as none, keeping everything else', async () => {
    expect((await put({ ...CEIBA, cuisine: '  ' })).status).toBe(200)
    expect((await profile()).cuisine).toBeNull()
    const html = await page()
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as Record<string, unknown>
    expect('servesCuisine' in ld).toBe(false)
    const { cuisine: _, ...before } = CEIBA
    await t.ctx.db.updateTable('settings').set({ value: JSON.stringify(before) }).where('key', '=', 'store_profile').execute()
    expect(await getStoreProfile(t.ctx.db)).toEqual({ ...CEIBA, cuisine: null, logoUrl: null, heroUrl: null })
    expect((await put(CEIBA)).status).toBe(200)
  })

  test("quotes, ampersands and apostrophes are escaped wherever they land (tags, page, JSON-LD)", async () => {
    const tricky = { ...CEIBA, name: `Doña "Tina" & Hijos' `, description: `"La mejor" & más` }
    expect((await put(tricky)).status).toBe(200)
    const html = await page()
    expect(html).toContain('<meta property="og:site_name" content="Doña &#34;Tina&#34; &#38; Hijos&#39;"/>')
    expect(html).not.toContain('content="Doña "Tina"')
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? ''
    expect(ld).toContain('\\u0026')
    expect((JSON.parse(ld) as { name: string }).name).toBe(`Doña "Tina" & Hijos'`)
    expect((await put(CEIBA)).status).toBe(200)
  })

  test('logo and hero: through the photo pipeline, under URLs that change with their content; a broken image is 400 and changes nothing', async () => {
    const red = new Uint8Array(await pngOf(quadrantPixels(200, 200)))
    const other = new Uint8Array(await jpegOf(quadrantPixels(640, 480)))
    const first = await t.request('/api/store-profile/logo', { method: 'POST', headers: { cookie }, body: form(red) })
    expect(first.status).toBe(201)
    const logoUrl = ((await first.json()) as { logoUrl: string }).logoUrl
    expect(logoUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}-200x200\.webp$/)
    // The same bytes again: the same URL; other bytes: another URL.
    const again = (await (await t.request('/api/store-profile/logo', { method: 'POST', headers: { cookie }, body: form(red) })).json()) as { logoUrl: string }
    expect(again.logoUrl).toBe(logoUrl)
    const hero = await t.request('/api/store-profile/hero', { method: 'POST', headers: { cookie }, body: form(other) })
    expect(hero.status).toBe(201)
    const heroUrl = ((await hero.json()) as { heroUrl: string }).heroUrl
    expect(heroUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}-640x480\.webp$/)
    expect(heroUrl).not.toBe(logoUrl)
    const served = await t.request(logoUrl)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')

    const broken = await t.request('/api/store-profile/logo', { method: 'POST', headers: { cookie }, body: form(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])) })
    expect(broken.status).toBe(400)
    expect(((await broken.json()) as { message: string }).message).toMatch(/imagen/)
    expect((await profile()).logoUrl).toBe(logoUrl)

    const html = await page()
    expect(html).toContain(`<link rel="icon" href="${logoUrl}" type="image/webp"/>`)
    expect(html).toContain(`src="${heroUrl}"`)
    // The text saves keep the pictures, and the pictures the texts.
    expect((await put(CEIBA)).status).toBe(200)
    expect(await profile()).toMatchObject({ name: CEIBA.name, logoUrl, heroUrl })
  })

  test('the store preview image follows the profile (its URL changes with the name)', async () => {
    const before = /<meta property="og:image" content="([^"]+)"/.exec(await page())?.[1]
    expect((await put({ ...CEIBA, name: 'La Ceiba Dos' })).status).toBe(200)
    const after = /<meta property="og:image" content="([^"]+)"/.exec(await page())?.[1]
    expect(after).toBeDefined()
    expect(after).not.toBe(before)
    expect((await put(CEIBA)).status).toBe(200)
  })

  test("'Restablecer' (DELETE) brings back the defaults, pictures included", async () => {
    const res = await t.request('/api/store-profile', { method: 'DELETE', headers: { cookie } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(DEFAULT_STORE_PROFILE)
    expect(await page()).toContain('<title>Chilaquiles Chapín · Los mejores chilaquiles de Guatemala</title>')
  })

  test('another instance sharing the database shows a save at its next load (its cached page and JSON are made again)', async () => {
    const pageCache = new PageCache()
    if (t.ctx.store.engine === 'postgres') followSharedGeneration(t.ctx.db, pageCache)
    const other = createApp({ ...t.ctx, pageCache })
    const read = async (path: string) => (await other.handle(new Request(`http://localhost${path}`))).text()
    expect(await read('/api/store-profile')).toContain('Chilaquiles Chapín')
    expect(await read('/')).toContain('<title>Chilaquiles Chapín')
    expect((await put(CEIBA)).status).toBe(200)
    if (t.ctx.store.engine !== 'postgres') pageCache.invalidate() // SQLite is one instance: its one cache is the writer's
    expect(await read('/api/store-profile')).toContain('Pupusería La Ceiba')
    expect(await read('/')).toContain('<title>Pupusería La Ceiba')
  })
})

describe('where a pickup customer needs the address: tracking page, ticket, chat text', () => {
  test('a pickup order: the tracking page and the ticket name the restaurant and say where to pick it up; a delivery order does not', async () => {
    expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })).status).toBe(201)
    expect((await put(CEIBA)).status).toBe(200)
    const products = (await (await t.request('/api/products')).json()) as { id: number; name: string }[]
    const horchata = products.find((p) => p.name === 'Horchata') ?? products[0]!
    const placed = await t.request('/api/checkout', {
      method: 'POST',
      peer: '10.9.8.7',
      json: { items: [{ productId: horchata.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup', customerName: 'Ana', payment: 'efectivo' },
    })
    expect(placed.status).toBe(201)
    const order = (await placed.json()) as { id: number; trackingToken: string }

    const tracking = await (await t.request(`/pedido/${order.trackingToken}`, { peer: '10.9.8.6' })).text()
    expect(tracking).toContain('<title>Pedido #')
    expect(tracking).toContain(' · Pupusería La Ceiba</title>')
    expect(tracking).toContain('Recoger en: 5a avenida 3-20, zona 1, Mixco')
    expect(tracking).toContain('href="https://maps.app.goo.gl/ceiba"')
    expect(tracking).toContain(':root{--color-primary:#1d4e2f;')
    expect(tracking).not.toContain('Chilaquiles Chapín')

    const ticket = await (await t.request(`/admin/pedidos/${order.id}/ticket`, { headers: { cookie } })).text()
    expect(ticket).toContain('PUPUSERÍA LA CEIBA')
    expect(ticket).toContain('Recoger en: 5a avenida 3-20, zona 1, Mixco')
    expect(ticket).not.toContain('CHILAQUILES CHAPÍN')
  })
})
