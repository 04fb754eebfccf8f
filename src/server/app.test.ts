import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathnameOf, urlRefusal } from './http/request-path.server'
import { assetRoutes } from './assets/assets.route'
import { countProducts } from './products/products.repo.server'
import { createTestApp } from './testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
})
afterAll(() => t.cleanup())

const product = { name: 'Horchata', description: 'Agua de arroz', category: 'bebidas', price: 20 }

describe('unknown paths', () => {
  test('unknown /api paths are a JSON 404 for any method (signed in)', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await t.request('/api/no-such-thing/1', { method, headers: { cookie } })
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toContain('application/json')
      expect(await res.json()).toEqual({ message: 'Recurso no encontrado' })
    }
    // /api itself and any path under it: one 404, one text, as clients see it through the whole app.
    for (const path of ['/api', '/api/', '/api/nope', '/api/nope/'])
      expect(`${path} ${(await t.request(path)).status} ${JSON.stringify(await (await t.request(path)).json())}`).toBe(`${path} 404 {"message":"Recurso no encontrado"}`)
  })

  test('an unknown /api path is the JSON 404 whatever the body: multipart, a form, text, bytes, broken JSON (signed in), and for HEAD/OPTIONS', async () => {
    const form = new FormData()
    form.set('photo', new Blob([new Uint8Array(64)], { type: 'image/png' }), 'x.png')
    const bodies: [string, BodyInit, string | undefined][] = [
      ['multipart', form, undefined],
      ['urlencoded', 'a=b', 'application/x-www-form-urlencoded'],
      ['text', 'hola', 'text/plain'],
      ['bytes', new Uint8Array(32), 'application/octet-stream'],
      ['broken JSON', '{"a":', 'application/json'],
    ]
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const [kind, body, type] of bodies) {
        const headers: Record<string, string> = { cookie }
        if (type) headers['content-type'] = type
        // An existing resource with a method it does not have is unknown too.
        for (const path of ['/api/no-such-thing/1', '/api/checkout/nope', '/api/products/1/nope']) {
          const res = await t.request(path, { method, headers, body })
          expect({ method, kind, path, status: res.status, body: await res.json() }).toEqual({ method, kind, path, status: 404, body: { message: 'Recurso no encontrado' } })
        }
      }
    }
    for (const method of ['HEAD', 'OPTIONS']) expect((await t.request('/api/no-such-thing/1', { method, headers: { cookie } })).status).toBe(404)
    // A body announced past the JSON limit is not read either: still the 404, not 413.
    const big = await t.request('/api/no-such-thing/1', { method: 'POST', headers: { cookie, 'content-type': 'application/octet-stream' }, body: new Uint8Array(2 * 1024 * 1024) })
    expect(big.status).toBe(404)
  })

  test('unknown non-API paths get the SPA shell with 404', async () => {
    const res = await t.request('/no/such/page')
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('<div id="root">')
  })

  test('GET / is the landing page (HTML)', async () => {
    const res = await t.request('/')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
  })
})

describe('same-origin check on cookie writes', () => {
  const post = (headers: Record<string, string>) => t.request('/api/products', { method: 'POST', headers: { cookie, ...headers }, json: product })

  test('cross-site Origin or Sec-Fetch-Site: 403, nothing written', async () => {
    const before = await countProducts(t.ctx.db)
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403)
    expect((await post({ origin: 'null' })).status).toBe(403)
    expect((await post({ 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect((await post({ 'sec-fetch-site': 'same-site' })).status).toBe(403)
    expect(await countProducts(t.ctx.db)).toBe(before)
  })

  /** An administrator with a password of its own, made from this machine: the initial password writes only from localhost (decision 029). */
  const ownPasswordAdmin = async (app: T, username: string) => {
    const initial = await app.signIn()
    const made = await app.request('/api/admin/users', { method: 'POST', headers: { cookie: initial }, json: { username, password: 'clave-de-prueba-1', role: 'admin' } })
    expect(made.status).toBe(201)
    return app.signIn(username, 'clave-de-prueba-1')
  }

  test('same origin, or a non-browser client with neither header, is allowed', async () => {
    expect((await post({ origin: 'http://localhost', 'sec-fetch-site': 'same-origin' })).status).toBe(201)
    const owner = await ownPasswordAdmin(t, 'duena')
    const onHost = (origin: string) => t.request('http://tienda.example/api/products', { method: 'POST', headers: { cookie: owner, origin }, json: product })
    expect((await onHost('http://tienda.example')).status).toBe(201)
    expect((await post({})).status).toBe(201)
  })

  test('scheme, host and port must all match; forwarded headers count only with TRUST_PROXY', async () => {
    const before = await countProducts(t.ctx.db)
    // The http server is not its https twin, nor the same host on another port.
    expect((await post({ origin: 'https://localhost' })).status).toBe(403)
    expect((await post({ origin: 'http://localhost:8080' })).status).toBe(403)
    // Without TRUST_PROXY a forwarded host cannot vouch for a foreign origin.
    expect((await post({ origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' })).status).toBe(403)
    expect(await countProducts(t.ctx.db)).toBe(before)

    const proxied = await createTestApp({ config: { trustProxy: true } })
    const c = await ownPasswordAdmin(proxied, 'duena')
    const write = (headers: Record<string, string>) => proxied.request('/api/products', { method: 'POST', headers: { cookie: c, ...headers }, json: product })
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'tienda.example' }
    expect((await write({ ...forwarded, origin: 'https://tienda.example' })).status).toBe(201)
    expect((await write({ ...forwarded, origin: 'http://tienda.example' })).status).toBe(403)
    expect((await write({ ...forwarded, origin: 'https://evil.example' })).status).toBe(403)
    await proxied.cleanup()
  })

  test('login is checked too (no login CSRF)', async () => {
    const res = await t.request('/api/auth/login', { method: 'POST', headers: { origin: 'https://evil.example' }, json: { username: 'admin', password: 'admin123' } })
    expect(res.status).toBe(403)
  })
})

describe('page cache', () => {
  test('signing in or out does not empty it (only writes that change what the pages show do)', async () => {
    const page = new TextEncoder().encode('cached')
    t.ctx.pageCache.set('/', page)
    await t.request('/api/auth/login', { method: 'POST', json: { username: 'admin', password: 'admin123' } })
    await t.request('/api/auth/logout', { method: 'POST' })
    await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie }, json: { name: 'Caja 1' } })
    expect(t.ctx.pageCache.get('/')?.body).toBe(page)
    await t.request('/api/settings/whatsapp_number', { method: 'PATCH', headers: { cookie }, json: { value: '50299998888' } })
    expect(t.ctx.pageCache.get('/')).toBeUndefined()
  })

  test('a successful write clears it; a refused write does not; a read does not', async () => {
    t.ctx.pageCache.set('/', new TextEncoder().encode('old'))
    await t.request('/api/products')
    expect(t.ctx.pageCache.get('/')).toBeDefined()
    await t.request('/api/products', { method: 'POST', headers: { cookie }, json: { name: '' } })
    expect(t.ctx.pageCache.get('/')).toBeDefined()
    await t.request('/api/products', { method: 'POST', json: product })
    expect(t.ctx.pageCache.get('/')).toBeDefined()
    await t.request('/api/products', { method: 'POST', headers: { cookie }, json: product })
    expect(t.ctx.pageCache.get('/')).toBeUndefined()
  })

  test('the landing page shows a product created through the API', async () => {
    await t.request('/')
    await t.request('/api/products', { method: 'POST', headers: { cookie }, json: { ...product, name: 'Café de olla recién hecho' } })
    expect(await (await t.request('/')).text()).toContain('Café de olla recién hecho')
  })
})

describe('no 5xx for client mistakes', () => {
  test('a battery of hostile requests never yields a 5xx nor echoes the body', async () => {
    const paths = ['/api/products', '/api/products/1', '/api/products/-1', '/api/products/9999999999999999999999', '/api/ingredients/x', '/api/coverage-zones/1.5', '/api/settings/whatsapp_number', '/api/orders', '/api/admin/api-keys', '/api/admin/api-keys/abc', '/api/auth/login', '/api/auth/password', '/api/upload/product-image', '/api/products/category/%00', '/uploads/%2e%2e']
    const bodies: (string | undefined)[] = [undefined, '', '{', 'null', '[]', '"str"', '{"name":{"$gt":""}}', '{"__proto__":{"admin":true}}', `{"name":"${'a'.repeat(200_000)}"}`, 'ECHO-ME-NOT']
    const types = ['application/json', 'text/plain', 'multipart/form-data; boundary=zz', 'application/x-www-form-urlencoded']
    for (const p of paths) {
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
        for (const body of method === 'GET' ? [undefined] : bodies) {
          for (const type of body === undefined ? ['application/json'] : types) {
            const res = await t.request(p, { method, headers: { cookie, 'content-type': type }, body })
            if (res.status >= 500) throw new Error(`${method} ${p} (${type}) ${body?.slice(0, 30)} -> ${res.status} ${await res.text()}`)
            if (res.status >= 400) {
              const text = await res.text()
              expect(text).not.toContain('ECHO-ME-NOT')
              expect(text).not.toContain('aaaaaaaaaa')
            }
          }
        }
      }
    }
  }, 60_000)
})

describe('assets', () => {
  test('hashed /assets/* are immutable; other public files cached a day; right content types', async () => {
    const dir = t.ctx.config.dataDir
    const js = path.join(dir, 'store-abc.js')
    const svg = path.join(dir, 'verde.svg')
    writeFileSync(js, 'console.log(1)')
    writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg"/>')
    const app = assetRoutes({ '/assets/store-abc.js': js, '/images/salsas/verde.svg': svg })
    const a = await app.handle(new Request('http://localhost/assets/store-abc.js'))
    expect(a.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(a.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await a.text()).toBe('console.log(1)')
    const b = await app.handle(new Request('http://localhost/images/salsas/verde.svg'))
    expect(b.headers.get('content-type')).toBe('image/svg+xml')
    expect(b.headers.get('cache-control')).toBe('public, max-age=86400')
  })

  test('every file of the real manifest is served with 200', async () => {
    const { assetFiles } = await import('./assets.gen')
    for (const url of Object.keys(assetFiles)) expect((await t.request(url)).status).toBe(200)
  })
})

describe('access table, as the routes declare it', () => {
  test('rules', async () => {
    const { accessOf, cleanup } = await createTestApp()
    try {
      expect(accessOf('GET', '/api/products')).toBe('public')
      expect(accessOf('GET', '/api/ingredients/type/salsa')).toBe('public')
      expect(accessOf('POST', '/api/products')).toBe('admin')
      expect(accessOf('GET', '/api/admin/api-keys')).toBe('admin')
      expect(accessOf('GET', '/api/orders')).toBe('staffOrKey')
      expect(accessOf('POST', '/api/orders')).toBe('staffOrKey')
      expect(accessOf('GET', '/api/orders/events')).toBe('staffOrKey')
      expect(accessOf('GET', '/api/orders/events/')).toBe('staffOrKey')
      expect(accessOf('HEAD', '/api/orders/events')).toBe('staffOrKey')
      expect(accessOf('PATCH', '/api/orders/12/status')).toBe('staffOrKey')
      expect(accessOf('PATCH', '/api/products/3/availability')).toBe('staff')
      expect(accessOf('POST', '/api/auth/login')).toBe('public')
      expect(accessOf('PUT', '/api/auth/password')).toBe('staff')
      expect(accessOf('GET', '/api/settings/whatsapp_number')).toBe('public')
      // Nobody declared these: a read is public (and 404s), a write needs a session.
      expect(accessOf('POST', '/api/unknown')).toBe('admin')
      expect(accessOf('GET', '/api/productsX')).toBe('public')
    } finally {
      await cleanup()
    }
  })
})

describe('caching headers', () => {
  test('personal and admin answers are never stored; menu reads revalidate with an etag', async () => {
    for (const url of ['/api/auth/user', '/api/admin/api-keys', '/api/orders']) {
      const res = await t.request(url, { headers: { cookie } })
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
    const menu = await t.request('/api/products')
    expect(menu.headers.get('cache-control')).toBe('no-cache')
    expect(menu.headers.get('etag')).toMatch(/^".+"$/)
    const denied = await t.request('/api/admin/api-keys')
    expect(denied.status).toBe(401)
    expect(denied.headers.get('cache-control')).toBe('no-store')
  })
})

describe('pathnameOf', () => {
  // Bun.serve hands over request.url with dot segments (also %2e%2e) already resolved.
  test('matches URL#pathname for every URL the fetch handler lets through (a host of 4 characters or more)', () => {
    for (const url of [
      'http://localhost/',
      'http://127.0.0.1:3000/api/products?x=1&y=/z',
      'https://tienda.example/api/products/3',
      'http://host/api//x?',
      'http://abcd/uploads/a%20b.png',
      'https://ab.c/api/admin/users',
      'http://[::1]/api/admin/users',
    ]) {
      expect(urlRefusal(url)).toBeNull()
      expect(pathnameOf(url)).toBe(new URL(url).pathname)
    }
  })

  test('the URLs on which the router would read another path are refused', () => {
    for (const url of ['http://x/abc/api/admin/users', 'http://ab/c/api/x', 'http://a.b/c/api/x', 'http://x:1/c/api/x', 'https://ab/api/x', '/abc/api/admin/users', 'http://a b/x', 'http://-a!/x']) {
      expect({ url, refusal: urlRefusal(url) }).toEqual({ url, refusal: 'host' })
    }
    expect(urlRefusal('http://localhost/api/customers?search=%00')).toBe('nul')
  })

  test('a host Bun takes but a URL parser does not (bad punycode, IPv4 look-alikes, ports past 65535) is refused; valid ones pass', () => {
    for (const host of ['xn--localhost', 'xn--a.example', 'a.xn--', 'abc.123', 'abc.123.', '256.0.0.1', '1.2.3.4.5', '1.2.3.08', '0x100.1', 'abcd.0x', '999999999999', 'abcd:65536', '[::1]:99999', '[1:2:3:4:5:6:7:8:9]']) {
      const url = `http://${host}/api/products`
      expect({ url, canParse: URL.canParse(url), refusal: urlRefusal(url) }).toEqual({ url, canParse: false, refusal: 'host' })
    }
    for (const host of ['pedidos.example.gt', 'xn--bcher-kva.example', '1.2.3.4', 'abc.1a', 'ab1.com', 'localhost:65535', '[::1]:3000', '[::ffff:7f00:1]']) {
      expect({ host, refusal: urlRefusal(`http://${host}/api/products`) }).toEqual({ host, refusal: null })
    }
  })
})
