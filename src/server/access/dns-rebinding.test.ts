/**
 * DNS rebinding against a fresh install, with the real server (`bun src/server/main.ts serve`)
 * and real requests over its socket (decision 029, "the machine's own name").
 *
 * A page on evil.example, opened in the owner's browser on the server box, rebinds its own
 * name to 127.0.0.1: its requests then reach the shop from the loopback address, with
 * `Host: evil.example:3000` and `Origin: http://evil.example:3000` (so the origin check,
 * which compares the two, is satisfied). The initial password's exemption for "this machine"
 * must not hold for them: it holds only when the Host is one of this machine's own names.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Instance, startInstance } from '../../../test/multi-instance/instances'
import { MESSAGES } from '../http/errors.server'

let server: Instance
let base: string
let port: number

beforeAll(async () => {
  // SQLite in its own DATA_DIR, no proxy, no DOMAIN: the SPEC's local set-up.
  server = await startInstance('', { TRUST_PROXY: '', DOMAIN: '' })
  base = server.url
  port = Number(new URL(base).port)
}, 60_000)

afterAll(() => server?.stop(), 30_000)

/** A request to the server's loopback socket as a browser page on `host` sends it: that Host, that Origin. */
const asPage = (host: string, pathname: string, init: { method?: string; json?: unknown; cookie?: string } = {}) =>
  fetch(`${base}${pathname}`, {
    method: init.method ?? 'GET',
    headers: {
      host,
      origin: `http://${host}`,
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  })

const signIn = async (host: string) => {
  const res = await asPage(host, '/api/auth/login', { method: 'POST', json: { username: 'admin', password: 'admin123' } })
  expect(res.status).toBe(200)
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
}

/** The three writes: an API key, a second administrator, the number orders go to. */
const WRITES = (tag: string) =>
  [
    ['POST', '/api/admin/api-keys', { name: `Llave ${tag}` }],
    ['POST', '/api/admin/users', { username: `otro-${tag}`, password: 'otra-clave-1', role: 'admin' }],
    ['PATCH', '/api/settings/whatsapp_number', { value: '50299999999' }],
  ] as const

describe('a page that rebinds its own name to 127.0.0.1 (fresh install, initial password)', () => {
  test('Host evil.example:3000 from 127.0.0.1, signed in with the initial password: every write is 403 and nothing changes', async () => {
    expect((await asPage('evil.example:3000', '/api/auth/create-initial-admin', { method: 'POST' })).status).toBe(201)
    const cookie = await signIn('evil.example:3000')
    // Reads stay open to the initial password (decision 029); writes do not.
    expect((await asPage('evil.example:3000', '/api/admin/users', { cookie })).status).toBe(200)
    for (const [method, pathname, json] of WRITES('evil')) {
      const res = await asPage('evil.example:3000', pathname, { method, json, cookie })
      expect({ pathname, status: res.status, body: await res.json() }).toEqual({ pathname, status: 403, body: { message: MESSAGES.initialPassword } })
    }
    // Other names a rebinding page can own, and look-alikes of this machine's names: 403, or 400 for a host no URL parser takes.
    for (const [host, status] of [
      ['evil.example', 403],
      ['localhost.evil.example', 403],
      ['127.0.0.1.evil.example', 403],
      ['evil.localhost', 403],
      ['localhost-evil.example', 403],
      ['0.0.0.0', 403],
      ['10.0.0.1:3000', 403],
      ['xn--localhost', 400],
      ['127.0.0.256', 400],
    ] as const) {
      const res = await asPage(host, '/api/admin/api-keys', { method: 'POST', json: { name: host }, cookie })
      expect({ host, status: res.status }).toEqual({ host, status })
    }
    const local = `localhost:${port}`
    const users = (await (await asPage(local, '/api/admin/users', { cookie })).json()) as { username: string }[]
    expect(users.map((u) => u.username)).toEqual(['admin'])
    expect(await (await asPage(local, '/api/admin/api-keys', { cookie })).json()).toEqual([])
  })

  test("the same on this machine's own names still works (the SPEC's local set-up): localhost, 127.0.0.1, [::1], with or without port", async () => {
    const hosts = [`localhost:${port}`, 'localhost', `localhost.:${port}`, `127.0.0.1:${port}`, '127.0.0.1', '127.0.0.2:3000', '[::1]', `[::1]:${port}`, '[::ffff:127.0.0.1]', 'LOCALHOST:3000']
    for (const [i, host] of hosts.entries()) {
      const cookie = await signIn(host)
      for (const [method, pathname, json] of WRITES(`local${i}`)) {
        const res = await asPage(host, pathname, { method, json, cookie })
        expect({ host, pathname, status: res.status }).toEqual({ host, pathname, status: method === 'POST' ? 201 : 200 })
      }
    }
  }, 60_000) // ten sign-ins (argon2) and thirty writes on a busy 2-core machine
})
