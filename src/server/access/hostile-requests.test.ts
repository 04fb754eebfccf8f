/**
 * The doors an attacker tries first (decisions 028 and 029), through the server's own fetch
 * handler. The same requests are sent over real sockets to a real server process by
 * test/smoke/hostile.test.ts, where Bun builds the URL from a raw Host header.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { MESSAGES } from '../http/errors.server'
import { createTestApp, cookieFrom } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let key: string

beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
  const made = await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie }, json: { name: 'Caja' } })
  key = ((await made.json()) as { key: string }).key
})
afterAll(() => t.cleanup())

let peers = 0
const remote = () => `198.51.100.${(++peers % 250) + 1}`

/** A concrete path for a declared one. */
const concrete = (path: string) =>
  path
    .replace(':id', '1')
    .replace(':key', 'whatsapp_number')
    .replace(':category', 'bebidas')
    .replace(':type', 'salsa')
    .replace(':token', 'AAAAAAAAAAAAAAAAAAAAAAAA')
    .replace(':target', 'products')

describe('one reading of the path (decision 028)', () => {
  const HOSTS = ['x', 'ab', 'a.b', 'abc', 'x:1', 'ab:80', 'a.b:3000', 'abcd', 'a.bcd', 'abcde', 'abcd:1', '1.2.3.4']
  const PREFIXES = ['', '/a', '/abc', '/abc/', '//', '/x/y', '/api']

  test('no route that needs a session answers without one, whatever the host (1-5 characters, ports) and a path prefix', async () => {
    const closed = t.contracts.filter((c) => c.access !== 'public' && c.method !== 'HEAD')
    expect(closed.length).toBeGreaterThan(30)
    const leaks: string[] = []
    let sent = 0
    for (const contract of closed) {
      for (const host of HOSTS) {
        for (const prefix of PREFIXES) {
          const url = `http://${host}${prefix}${concrete(contract.path)}`
          const res = await t.request(url, { method: contract.method, headers: { origin: 'https://evil.example' }, peer: remote() })
          await res.body?.cancel()
          sent++
          if (res.status < 400 || res.status >= 500) leaks.push(`${contract.method} ${url} → ${res.status}`)
        }
      }
    }
    expect(sent).toBeGreaterThan(3000)
    expect(leaks).toEqual([])
  })

  test('the issue\'s two requests: a host of one character is refused with 400 before routing', async () => {
    const read = await t.request('http://x/abc/api/admin/users', { peer: remote() })
    expect(read.status).toBe(400)
    expect(await read.json()).toEqual({ message: MESSAGES.badHost })
    const write = await t.request('http://x/abc/api/admin/users', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      json: { username: 'pwned', password: 'pwnedpass1', role: 'admin' },
      peer: remote(),
    })
    expect(write.status).toBe(400)
    const users = (await (await t.request('/api/admin/users', { headers: { cookie } })).json()) as { username: string }[]
    expect(users.map((u) => u.username)).toEqual(['admin'])
  })

  test('a valid short host still works where the router reads it right (4 characters and more)', async () => {
    expect((await t.request('http://abcd/api/products')).status).toBe(200)
    expect((await t.request('http://abcd/api/admin/users')).status).toBe(401)
    expect((await t.request('http://abcd/api/admin/users', { headers: { cookie } })).status).toBe(200)
  })

  test('the pages outside the API read the same path: the kitchen ticket, photos and assets under a short host are 400; the ticket needs a session', async () => {
    for (const path of ['/abc/admin/pedidos/1/ticket', '/abc/uploads/x.webp', '/abc/assets/x.js', '/abc/pedido/AAAAAAAAAAAAAAAAAAAAAAAA', '/abc/']) {
      expect({ path, status: (await t.request(`http://x${path}`)).status }).toEqual({ path, status: 400 })
    }
    const ticket = await t.request('/admin/pedidos/1/ticket')
    expect(ticket.status).not.toBe(200)
    expect(await ticket.text()).not.toContain('Pedido #')
  })

  test('path encodings of a closed route never open it: encoded letters, double slashes, a fragment, case', async () => {
    for (const path of ['/api/admin/%75sers', '/api/%61dmin/users', '/API/admin/users', '/api//admin/users', '//api/admin/users', '/api/admin/users%2f', '/api/admin/users#x', '/api/admin/users;x', '/api/admin/users/', '/api/orders/%73ummary']) {
      const res = await t.request(path, { peer: remote() })
      await res.body?.cancel()
      expect({ path, refused: res.status >= 400 && res.status < 500 }).toEqual({ path, refused: true })
    }
  })

  test('an encoded NUL anywhere in the URL is 400 in Spanish, on every route (the customer search included)', async () => {
    for (const path of ['/api/customers?search=%00', '/api/products/%00', '/pedido/%00', '/api/orders?phone=5%0055']) {
      const res = await t.request(path, { headers: { cookie } })
      expect({ path, status: res.status }).toEqual({ path, status: 400 })
      expect(((await res.json()) as { message: string }).message).toBe(MESSAGES.nulCharacter)
    }
  })
})

describe('the cache keys what the router runs (decision 028)', () => {
  test('thousands of encodings of one menu URL make one cache entry', async () => {
    const before = t.ctx.pageCache.size
    const word = 'chilaquiles'
    for (let mask = 0; mask < 2048; mask += 7) {
      const encoded = [...word].map((c, i) => (mask & (1 << i) ? `%${c.charCodeAt(0).toString(16)[mask & 1 ? 'toUpperCase' : 'toLowerCase']()}` : c)).join('')
      const res = await t.request(`/api/products/category/${encoded}`)
      expect(res.status).toBe(200)
      await res.body?.cancel()
    }
    expect(t.ctx.pageCache.size).toBe(before + 1)
  })
})

describe('the initial password protects nothing (decision 029)', () => {
  test('from another address: reads and the password change are allowed; every other write is 403 in Spanish', async () => {
    const peer = remote()
    const session = await t.request('/api/auth/login', { method: 'POST', json: { username: 'admin', password: 'admin123' }, peer })
    const initial = cookieFrom(session)
    expect((await t.request('/api/admin/users', { headers: { cookie: initial }, peer })).status).toBe(200)
    expect((await t.request('/api/customers', { headers: { cookie: initial }, peer })).status).toBe(200)
    for (const [method, path, json] of [
      ['POST', '/api/admin/users', { username: 'otro', password: 'otra-clave-1', role: 'admin' }],
      ['POST', '/api/admin/api-keys', { name: 'Ladrón' }],
      ['PATCH', '/api/settings/whatsapp_number', { value: '50299999999' }],
      ['POST', '/api/admin/initialize-database', undefined],
      ['POST', '/api/products', { name: 'x' }],
    ] as const) {
      const res = await t.request(path, { method, headers: { cookie: initial }, json, peer })
      expect({ path, status: res.status, body: await res.json() }).toEqual({ path, status: 403, body: { message: MESSAGES.initialPassword } })
    }
    // The same session from this machine itself (the owner's local set-up) may write.
    expect((await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie: initial }, json: { name: 'Local' }, peer: '127.0.0.1' })).status).toBe(201)
    // ...but not a loopback peer that forwards someone else's request (a proxy without TRUST_PROXY).
    expect((await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie: initial, 'x-forwarded-for': '203.0.113.9' }, json: { name: 'Proxy' }, peer: '127.0.0.1' })).status).toBe(403)
    expect((await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie: initial }, json: { name: 'IPv6 local' }, peer: '::1' })).status).toBe(201)
  })

  test("from this machine but under another name (DNS rebinding): 403, directly and behind a trusted proxy; this machine's own names still write", async () => {
    const initial = cookieFrom(await t.request('/api/auth/login', { method: 'POST', json: { username: 'admin', password: 'admin123' }, peer: '127.0.0.1' }))
    const write = (url: string, headers: Record<string, string> = {}, peer = '127.0.0.1') =>
      t.request(url, { method: 'POST', headers: { cookie: initial, origin: new URL(url).origin, ...headers }, json: { name: 'Llave' }, peer })
    for (const host of ['evil.example:3000', 'evil.example', 'localhost.evil.example', 'evil.localhost', '0.0.0.0', '192.168.1.10:3000']) {
      expect({ host, status: (await write(`http://${host}/api/admin/api-keys`)).status }).toEqual({ host, status: 403 })
    }
    for (const host of ['localhost', 'localhost:3000', 'localhost.:3000', '127.0.0.1:3000', '127.1', '127.9.9.9', '[::1]:3000', '[::ffff:127.0.0.1]']) {
      expect({ host, status: (await write(`http://${host}/api/admin/api-keys`)).status }).toEqual({ host, status: 201 })
    }
    const proxied = await createTestApp({ config: { trustProxy: true } })
    try {
      await proxied.signIn() // creates the administrator
      const cookie = cookieFrom(await proxied.request('/api/auth/login', { method: 'POST', json: { username: 'admin', password: 'admin123' } }))
      const via = (forwardedHost: string) =>
        proxied.request('http://localhost:3000/api/admin/api-keys', {
          method: 'POST',
          headers: { cookie, 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': forwardedHost, origin: `http://${forwardedHost}` },
          json: { name: 'Llave' },
        })
      expect((await via('evil.example')).status).toBe(403)
      expect((await via('localhost:8080')).status).toBe(201)
    } finally {
      await proxied.cleanup()
    }
  })

  test('once the password is changed, the same account writes from anywhere', async () => {
    const u = await createTestApp()
    try {
      const peer = '203.0.113.50'
      await u.signIn() // creates the administrator
      const initial = cookieFrom(await u.request('/api/auth/login', { method: 'POST', json: { username: 'admin', password: 'admin123' }, peer }))
      expect((await u.request('/api/admin/api-keys', { method: 'POST', headers: { cookie: initial }, json: { name: 'Caja' }, peer })).status).toBe(403)
      const changed = await u.request('/api/auth/password', { method: 'PUT', headers: { cookie: initial }, json: { currentPassword: 'admin123', newPassword: 'clave-del-dueno' }, peer })
      expect(changed.status).toBe(200)
      expect((await u.request('/api/admin/api-keys', { method: 'POST', headers: { cookie: initial }, json: { name: 'Caja' }, peer })).status).toBe(201)
      expect((await u.request('/api/auth/logout', { method: 'POST', headers: { cookie: initial }, peer })).status).toBe(200)
    } finally {
      await u.cleanup()
    }
  })

  test('in DOMAIN mode no session is made over plain HTTP', async () => {
    const d = await createTestApp({ config: { https: { domain: 'pedidos.example.gt', port: 443, email: null, directoryUrl: 'https://acme.example/dir', certsDir: '/nonexistent' } } })
    try {
      await d.signIn().catch(() => {}) // creates the admin; the sign-in itself is refused
      const plain = await d.request('http://pedidos.example.gt/api/auth/login', { method: 'POST', json: { username: 'admin', password: 'admin123' } })
      expect(plain.status).toBe(403)
      expect(plain.headers.get('set-cookie')).toBeNull()
      expect(((await plain.json()) as { message: string }).message).toBe('Inicia sesión por HTTPS: https://pedidos.example.gt/login')
      const secure = await d.request('https://pedidos.example.gt/api/auth/login', { method: 'POST', json: { username: 'admin', password: 'admin123' } })
      expect(secure.status).toBe(200)
      expect(secure.headers.getSetCookie().every((c) => c.includes('; Secure'))).toBe(true)
    } finally {
      await d.cleanup()
    }
  })
})

describe('limits that hold against many addresses and do not lock out the innocent', () => {
  test('failed sign-ins for one username from many addresses are slowed after 10; a browser that signed in before is not held', async () => {
    const u = await createTestApp()
    try {
      await u.signIn() // the owner signs in once: this browser is now known
      const owner = await u.request('/api/auth/login', { method: 'POST', json: { username: 'admin', password: 'admin123' }, peer: '192.0.2.200' })
      const device = owner.headers.getSetCookie().find((c) => c.startsWith('chq_device='))?.split(';')[0] ?? ''
      expect(device).toStartWith('chq_device=')
      const statuses: number[] = []
      for (let i = 0; i < 12; i++) {
        const res = await u.request('/api/auth/login', { method: 'POST', json: { username: 'admin', password: `adivina-${i}` }, peer: `203.0.113.${i + 1}` })
        statuses.push(res.status)
      }
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429])
      // A new address, a right password, no device cookie: still held (the guesser cannot tell).
      expect((await u.request('/api/auth/login', { method: 'POST', json: { username: 'admin', password: 'admin123' }, peer: '192.0.2.99' })).status).toBe(429)
      // The owner's browser signs in all the same, from anywhere.
      expect((await u.request('/api/auth/login', { method: 'POST', headers: { cookie: device }, json: { username: 'admin', password: 'admin123' }, peer: '192.0.2.100' })).status).toBe(200)
      // A forged device cookie is worth nothing.
      const forged = `chq_device=${Buffer.from('admin').toString('base64url')}.AAAA`
      expect((await u.request('/api/auth/login', { method: 'POST', headers: { cookie: forged }, json: { username: 'admin', password: 'admin123' }, peer: '192.0.2.101' })).status).toBe(429)
    } finally {
      await u.cleanup()
    }
  }, 30_000) // a dozen password checks (argon2)

  test('an IPv6 client is limited by its /64: 20 usernames from 20 addresses of one /64 exhaust its budget', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 22; i++) {
      const res = await t.request('/api/auth/login', { method: 'POST', json: { username: `nadie${i}`, password: 'x' }, peer: `2001:db8:77:1::${(i + 1).toString(16)}` })
      statuses.push(res.status)
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true)
    expect(statuses.slice(20)).toEqual([429, 429])
    expect((await t.request('/api/auth/login', { method: 'POST', json: { username: 'nadie', password: 'x' }, peer: '2001:db8:77:2::1' })).status).toBe(401)

  }, 30_000) // 22 password checks (argon2): seconds on a busy 2-core machine

  test('a made-up API key does not waive the origin check; a valid one does', async () => {
    const crossSite = { origin: 'https://evil.example', 'x-api-key': 'chq_inventada' }
    const logout = await t.request('/api/auth/logout', { method: 'POST', headers: { ...crossSite, cookie } })
    expect(logout.status).toBe(403)
    expect(((await logout.json()) as { message: string }).message).toBe(MESSAGES.badOrigin)
    expect((await t.request('/api/auth/user', { headers: { cookie } })).status).toBe(200) // still signed in
    const order = await t.request('/api/orders', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'x-api-key': key },
      json: { customerName: 'Mesa 1', items: [{ name: 'Café', quantity: 1, price: 10 }] },
    })
    expect(order.status).toBe(201)
  })
})

describe('POST /api/orders totals', () => {
  test('a point-of-sale order is stored with what its lines add up to; a total that disagrees is 400 and stores nothing', async () => {
    const items = [
      { name: 'Chilaquiles', quantity: 3, price: 60 },
      { name: 'Horchata', quantity: 4, price: 30 },
    ]
    const refused = await t.request('/api/orders', { method: 'POST', headers: { 'x-api-key': key }, json: { customerName: 'Mesa 2', items, total: 0 } })
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { message: string }).message).toBe('El total (Q0) no coincide con la suma de las líneas (Q300)')
    const before = (await (await t.request('/api/orders/summary', { headers: { cookie } })).json()) as { total: number }
    const stored = await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { customerName: 'Mesa 2', items } })
    expect(stored.status).toBe(201)
    expect(((await stored.json()) as { total: number; subtotal: number })).toMatchObject({ total: 300, subtotal: 300 })
    const after = (await (await t.request('/api/orders/summary', { headers: { cookie } })).json()) as { total: number }
    expect(after.total).toBe(before.total + 1)
    expect((await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { customerName: 'Mesa 3', items, total: 300 } })).status).toBe(201)
  })
})
