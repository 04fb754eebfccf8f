import { describe, expect, test } from 'bun:test'
import { ADMIN_PAGES, PUBLIC_SPA_PAGES } from '../../shared/admin-routes'
import { entries } from '../assets.gen'
import { MESSAGES } from '../http/errors.server'
import { adminSpaRoutes } from './admin-spa.route'

const app = adminSpaRoutes()
const get = (path: string) => app.handle(new Request(`http://localhost${path}`))

describe('admin SPA shell', () => {
  for (const path of ['/login', '/setup-admin', '/admin', '/admin/productos', '/admin/api-keys', '/admin/mi-perfil/']) {
    test(`${path} answers 200 with the shell`, async () => {
      const res = await get(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/html')
      const html = await res.text()
      expect(html.startsWith('<!doctype html><html lang="es">')).toBe(true)
      expect(html).toContain('<div id="root"></div>')
      expect(html).toContain(entries.adminJs)
      expect(html).toContain(entries.adminCss)
      expect(html).toContain('href="/favicon.svg"')
      expect(html).not.toContain(entries.storeJs)
    })
  }

  test('every page the sidebar offers, and the public SPA pages, answer 200 with the shell', async () => {
    const paths = [...PUBLIC_SPA_PAGES, ...ADMIN_PAGES].map((p) => p.path)
    expect(paths).toHaveLength(14)
    for (const path of paths) {
      const res = await get(path)
      expect({ path, status: res.status }).toEqual({ path, status: 200 })
      expect(await res.text()).toContain(entries.adminJs)
    }
  })

  for (const path of ['/nope', '/admin/nope', '/a/b/c', '/admin/productos/1', '/adminx']) {
    test(`${path} answers the shell with 404`, async () => {
      const res = await get(path)
      expect(res.status).toBe(404)
      expect(await res.text()).toContain('<div id="root"></div>')
    })
  }

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
