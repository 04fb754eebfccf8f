import { afterAll, beforeAll, expect, test } from 'bun:test'
import { pngOf, quadrantPixels } from '../../../test/fixtures/photos'
import { DEFAULT_STORE_PROFILE } from '../../shared/store-profile'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.cleanup())

test("the manifest: the restaurant's own name (as the owner saved it), icons, start /admin/pedidos, standalone, scope /admin/", async () => {
  const res = await t.request('/admin/manifest.webmanifest')
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8')
  expect(await res.json()).toMatchObject({ name: 'Chilaquiles Chapín · Pedidos', start_url: '/admin/pedidos', scope: '/admin/', display: 'standalone' })
  const cookie = await t.signIn()
  const { logoUrl: _logo, heroUrl: _hero, ...profile } = DEFAULT_STORE_PROFILE
  expect((await t.request('/api/store-profile', { method: 'PUT', headers: { cookie }, json: { ...profile, name: 'Pupusería La Ceiba' } })).status).toBe(200)
  const renamed = (await (await t.request('/admin/manifest.webmanifest')).json()) as { name: string; icons: { src: string; sizes: string; type: string }[] }
  expect(renamed.name).toBe('Pupusería La Ceiba · Pedidos')
  expect(renamed.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512', '512x512'])
})

test("the installed app's icon is the owner's square logo, and its colour the restaurant's (issue #41)", async () => {
  const cookie = await t.signIn()
  const { logoUrl: _logo, heroUrl: _hero, ...profile } = DEFAULT_STORE_PROFILE
  expect((await t.request('/api/store-profile', { method: 'PUT', headers: { cookie }, json: { ...profile, colors: { primary: '#1d4e2f', secondary: '#f6c343' } } })).status).toBe(200)
  const body = new FormData()
  body.append('image', new File([new Uint8Array(await pngOf(quadrantPixels(256, 256)))], 'logo.png', { type: 'image/png' }))
  const uploaded = await t.request('/api/store-profile/logo', { method: 'POST', headers: { cookie }, body })
  expect(uploaded.status).toBe(201)
  const { logoUrl } = (await uploaded.json()) as { logoUrl: string }
  const manifest = (await (await t.request('/admin/manifest.webmanifest')).json()) as { theme_color: string; icons: { src: string; sizes: string; type: string; purpose: string }[] }
  expect(manifest.theme_color).toBe('#1d4e2f')
  expect(manifest.icons[0]).toEqual({ src: logoUrl, sizes: /-(\d+x\d+)\.webp$/.exec(logoUrl)?.[1] ?? '', type: 'image/webp', purpose: 'any' })
  // The drawn icons stay after it, for the install's 192 and 512.
  expect(manifest.icons.slice(1).map((i) => i.sizes)).toEqual(['192x192', '512x512', '512x512'])
})

test('the service worker: /admin/sw.js, scoped to /admin/, never cached stale, and it keeps nothing (no fetch handler, no Cache Storage)', async () => {
  const res = await t.request('/admin/sw.js')
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
  expect(res.headers.get('cache-control')).toBe('no-cache')
  expect(res.headers.get('service-worker-allowed')).toBe('/admin/')
  const source = await res.text()
  expect(source).toMatch(/addEventListener\(["']push["']/)
  expect(source).toMatch(/addEventListener\(["']notificationclick["']/)
  expect(source).not.toMatch(/["']fetch["']/)
  expect(source).not.toContain('caches')
})

test('every admin page links the manifest and the Home Screen icon', async () => {
  const html = await (await t.request('/admin/pedidos')).text()
  expect(html).toContain('<link rel="manifest" href="/admin/manifest.webmanifest">')
  expect(html).toContain('<link rel="apple-touch-icon" href="/images/admin-icon-180.png">')
})
