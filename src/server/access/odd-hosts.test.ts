/**
 * Odd Host headers and path spellings against every route, over real sockets (Bun builds the
 * URL from the raw Host header), without a session and with an Origin that matches the host:
 * nothing that needs a session answers below 400, and nothing answers 5xx (decisions 028 and
 * 029). The hosts are ones Bun accepts: some are fine, some a URL parser refuses (those must be
 * a 400 before routing: every `new URL(request.url)` in a route used to throw, a 500).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { listeningTestApp } from '../listening-test-app.server'

let server: Awaited<ReturnType<typeof listeningTestApp>>

beforeAll(async () => {
  server = await listeningTestApp()
}, 60_000)

afterAll(() => server?.stop())

/** A concrete path for a declared one. */
const concrete = (path: string) =>
  path
    .replace(':id', '1')
    .replace(':key', 'whatsapp_number')
    .replace(':category', 'bebidas')
    .replace(':type', 'salsa')
    .replace(':token', 'AAAAAAAAAAAAAAAAAAAAAAAA')
    .replace(':target', 'products')
    .replace(':code', 'MARTES')
    .replace(':file', '1.jpg')
    .replace(':name', 'x.jpg')
    .replace('*', 'x')

const HOSTS = [
  // refused before routing: a URL parser takes none of them
  'xn--localhost',
  'xn--a.example',
  'abc.123',
  '256.0.0.1',
  '1.2.3.08',
  'abcd:65536',
  '[::1]:99999',
  '[1:2:3:4:5:6:7:8:9]',
  // valid, if odd
  'localhost.',
  'LOCALHOST:3000',
  '127.1',
  '2130706433',
  '[::ffff:127.0.0.1]',
  'a_b.example',
  '-a.example',
  'xn--bcher-kva.example',
  `${'a'.repeat(63)}.example`,
  'tienda.example:0',
]

const send = async (method: string, path: string, host: string) => {
  const origin = `http://${host}`
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { host, ...(method === 'GET' || method === 'HEAD' ? {} : { origin, 'content-type': 'application/json' }) },
    body: method === 'GET' || method === 'HEAD' ? undefined : '{}',
    redirect: 'manual',
  })
  await res.body?.cancel()
  return res.status
}

describe('odd Host headers and path spellings over real sockets', () => {
  test('every route with every odd host: no 5xx; nothing that needs a session answers without one', async () => {
    const routes = server.contracts.filter((c) => c.method !== 'HEAD' && !c.path.endsWith('/events'))
    const pages = ['/', '/robots.txt', '/sitemap.xml', '/og/tienda.jpg', '/og/producto/1.jpg', '/pedido/AAAAAAAAAAAAAAAAAAAAAAAA', '/admin', '/login', '/uploads/x.jpg', '/nope']
    const failures: string[] = []
    let sent = 0
    for (const host of HOSTS) {
      const answers = await Promise.all([
        ...routes.map(async (c) => ({ what: `${c.method} ${concrete(c.path)}`, open: c.access === 'public', status: await send(c.method, concrete(c.path), host) })),
        ...pages.map(async (p) => ({ what: `GET ${p}`, open: true, status: await send('GET', p, host) })),
      ])
      sent += answers.length
      for (const a of answers) if (a.status >= 500 || (!a.open && a.status < 400)) failures.push(`${host} ${a.what} → ${a.status}`)
    }
    expect(sent).toBeGreaterThan(HOSTS.length * 80)
    expect(failures).toEqual([])
  }, 120_000)

  test('re-spelled paths of the routes that need a session (dot segments, encodings, case, slashes) answer none of them below 400, and never 5xx', async () => {
    const closed = server.contracts.filter((c) => c.access !== 'public' && c.method !== 'HEAD' && !c.path.endsWith('/events'))
    const spellings = (path: string) => {
      const rest = path.slice('/api/'.length)
      return [
        `/api/./${rest}`,
        `/api/x/../${rest}`,
        `/api/%2e/${rest}`,
        `/api/x/%2e%2e/${rest}`,
        `/%61pi/${rest}`,
        `/API/${rest}`,
        `//api/${rest}`,
        `/api//${rest}`,
        `/api/${rest}/`,
        `/api/${rest};x`,
        `/api/${rest.replace('/', '%2f')}`,
        `/api/${rest}%20`,
        `/api/${rest}?x=%00`,
        `/x/..%2fapi/${rest}`,
        `/api%2f${rest}`,
      ]
    }
    const failures: string[] = []
    for (const c of closed) {
      const statuses = await Promise.all(spellings(concrete(c.path)).map(async (p) => ({ p, status: await send(c.method, p, `127.0.0.1:${server.port}`) })))
      for (const { p, status } of statuses) if (status < 400 || status >= 500) failures.push(`${c.method} ${p} → ${status}`)
    }
    expect(closed.length).toBeGreaterThan(40)
    expect(failures).toEqual([])
  }, 120_000)
})
