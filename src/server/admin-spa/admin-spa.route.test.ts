import { describe, expect, test } from 'bun:test'
import { ADMIN_PAGES, PUBLIC_SPA_PAGES } from '../../shared/admin-routes'
import { assets, entries } from '../assets.gen'
import { MESSAGES } from '../http/errors.server'
import { adminSpaRoutes, preloadFor } from './admin-spa.route'

const app = adminSpaRoutes()
const get = (path: string) => app.handle(new Request(`http://localhost${path}`))
const ROOT = /<div id="root">([\s\S]*?)<\/div><noscript>/
const modulePreloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1])
/** The chunks a shell announces: as <link rel=modulepreload>, or on the boot script's data-preload (painted from its HTML first). */
const announced = (html: string) => [...modulePreloads(html), ...(/data-preload="([^"]*)"/.exec(html)?.[1]?.split(' ').filter(Boolean) ?? [])]
const fetchPreloads = (html: string) => [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="use-credentials">/g)].map((m) => m[1])

describe('admin SPA shell', () => {
  const firstPaint: [string, string, string][] = [
    ['/login', entries.adminLogin, 'Panel de Administración'],
    ['/admin', entries.adminPages.dashboard, 'Dashboard'],
    ['/admin/productos', entries.adminPages.productos, 'Productos'],
    ['/admin/api-keys', entries.adminPages['api-keys'], 'API Keys'],
    ['/admin/mi-perfil/', entries.adminPages['mi-perfil'], 'Mi Perfil'],
  ]
  for (const [path, screen, heading] of firstPaint) {
    test(`${path} answers 200 with its screen already in the HTML (inert), its script after the first paint`, async () => {
      const res = await get(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/html')
      const html = await res.text()
      expect(html.startsWith('<!doctype html><html lang="es">')).toBe(true)
      expect(ROOT.exec(html)?.[1]).toBe(screen)
      expect(screen.startsWith('<div inert>')).toBe(true)
      expect(screen).toContain(heading)
      expect(html).toContain(`<script type="module" src="${entries.adminBoot}"`)
      expect(html).not.toContain(`src="${entries.adminJs}"`)
      expect(html).toContain(entries.adminCss)
      expect(html).toContain('href="/favicon.svg"')
      expect(html).not.toContain(entries.storeJs)
    })
  }

  test('/setup-admin and the 404 pages show the loading state and load their script at once', async () => {
    const html = await (await get('/setup-admin')).text()
    expect(html).toContain(`<div id="root">${entries.adminLoading}</div>`)
    expect(html).toContain(`<script type="module" src="${entries.adminJs}">`)
  })

  test('the boot file runs the entry after the first paint, announcing the chunks listed on its script', async () => {
    const boot = assets[entries.adminBoot]
    expect(boot).toBeDefined()
    const code = await Bun.file(boot?.file ?? '').text()
    expect(code).toStartWith('requestAnimationFrame(')
    expect(code).toContain('modulepreload')
    expect(code).toContain(`import("./${entries.adminJs.split('/').pop()}")`)
  })

  test('every page the sidebar offers, and the public SPA pages, answer 200 with the shell', async () => {
    const paths = [...PUBLIC_SPA_PAGES, ...ADMIN_PAGES].map((p) => p.path)
    expect(paths).toHaveLength(20)
    for (const path of paths) {
      const res = await get(path)
      expect({ path, status: res.status }).toEqual({ path, status: 200 })
      const html = await res.text()
      expect({ path, script: html.includes(entries.adminJs) || html.includes(entries.adminBoot) }).toEqual({ path, script: true })
    }
  })

  for (const path of ['/nope', '/admin/nope', '/a/b/c', '/admin/productos/1', '/adminx']) {
    test(`${path} answers the shell with 404`, async () => {
      const res = await get(path)
      expect(res.status).toBe(404)
      expect(await res.text()).toContain(`<div id="root">${entries.adminLoading}</div>`)
    })
  }

  test("the root holds the app's loading state until the app replaces it", () => {
    expect(entries.adminLoading).toContain('role="status"')
    expect(entries.adminLoading).toContain('Cargando...')
  })

  test("each screen's chunks are announced: the entry's imports, then the screen's (the layout's too under /admin)", async () => {
    const cases: [string, Parameters<typeof preloadFor>[0]][] = [
      ['/login', ['login']],
      ['/setup-admin', ['setup-admin']],
      ['/admin', ['layout', 'dashboard']],
      ['/admin/pedidos', ['layout', 'pedidos']],
      ['/admin/pedidos/', ['layout', 'pedidos']],
      ['/admin/nope', ['layout', 'not-found']],
      ['/nope', ['not-found']],
    ]
    for (const [path, screens] of cases) {
      const html = await (await get(path)).text()
      expect({ path, preload: announced(html) }).toEqual({ path, preload: preloadFor(screens) })
      for (const screen of screens) expect(entries.adminScreens[screen].length).toBeGreaterThan(0)
    }
    expect(announced(await (await get('/login')).text())).not.toContain(entries.adminScreens.layout[0])
  })

  test('every announced chunk is a built asset, and none is the entry itself', () => {
    const all = [...entries.adminPreload, ...Object.values(entries.adminScreens).flat()]
    for (const url of all) expect({ url, built: url in assets }).toEqual({ url, built: true })
    expect(all).not.toContain(entries.adminJs)
  })

  test("an /admin screen also preloads who is signed in (the first thing it asks); the public screens do not", async () => {
    expect(fetchPreloads(await (await get('/admin/pedidos')).text())).toEqual(['/api/auth/user'])
    expect(fetchPreloads(await (await get('/admin/nope')).text())).toEqual(['/api/auth/user'])
    for (const path of ['/login', '/setup-admin', '/nope']) expect(fetchPreloads(await (await get(path)).text())).toEqual([])
  })

  test('unknown API paths answer the one JSON 404 (the same text the whole app uses)', async () => {
    for (const path of ['/api', '/api/nope']) {
      const res = await get(path)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: MESSAGES.notFoundApi })
    }
  })

  test('unknown asset answers plain 404', async () => {
    const res = await get('/assets/missing.js')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('text/plain')
  })
})
