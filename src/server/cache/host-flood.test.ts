/**
 * Issue 39, item 3, over real sockets: made-up Host headers on /robots.txt, /sitemap.xml and
 * the landing page, each answered for its own host, while the page cache keeps a bounded
 * number of origins (decision 028). Before, every host kept its entries (~3-7 KB of memory
 * each, counted as ~170 bytes) and each new one scanned them all: 107,000 hosts took the
 * server from 149 to 346 MB. `bun scripts/probe-host-flood.ts` measures the process itself.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { listeningTestApp } from '../listening-test-app.server'
import { PAGE_CACHE_MAX_BYTES, PAGE_CACHE_MAX_ORIGINS } from './page-cache.server'

let server: Awaited<ReturnType<typeof listeningTestApp>>

beforeAll(async () => {
  server = await listeningTestApp()
  // The sample menu, from this machine (the initial password writes from here only).
  await fetch(`${server.url}/api/auth/create-initial-admin`, { method: 'POST' })
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  expect((await fetch(`${server.url}/api/admin/initialize-database`, { method: 'POST', headers: { cookie } })).status).toBe(201)
}, 60_000)

afterAll(() => server?.stop())

const get = (path: string, host: string) => fetch(`${server.url}${path}`, { headers: { host, 'accept-encoding': 'br' } })

test('3,000 made-up hosts on robots.txt, the sitemap and the landing page: each answered for its host, the cache holds a bounded number of origins', async () => {
  const shop = `127.0.0.1:${server.port}`
  expect((await get('/', shop)).status).toBe(200)
  const cache = server.ctx.pageCache
  const hosts = Array.from({ length: 3000 }, (_, i) => `h${i}.flood.example`)
  for (let i = 0; i < hosts.length; i += 50) {
    const batch = hosts.slice(i, i + 50)
    const answers = await Promise.all(
      batch.flatMap((host, j) => [
        get('/robots.txt', host).then(async (r) => ({ host, status: r.status, right: (await r.text()).includes(`Sitemap: http://${host}/sitemap.xml`) })),
        get('/sitemap.xml', host).then(async (r) => ({ host, status: r.status, right: (await r.text()).includes(`<loc>http://${host}/</loc>`) })),
        ...(j % 10 === 0 ? [get('/', host).then(async (r) => ({ host, status: r.status, right: (await r.text()).includes(`content="http://${host}/"`) }))] : []),
      ]),
    )
    expect(answers.filter((a) => a.status !== 200 || !a.right)).toEqual([])
    expect(cache.origins).toBeLessThanOrEqual(PAGE_CACHE_MAX_ORIGINS)
  }
  // Each origin holds its robots.txt, sitemap and page at most; the menu's JSON entries are a few more.
  expect(cache.size).toBeLessThanOrEqual(PAGE_CACHE_MAX_ORIGINS * 3 + 50)
  expect(cache.bytes).toBeLessThanOrEqual(PAGE_CACHE_MAX_BYTES)
  // The shop's own page is still its own.
  const page = await get('/', shop)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain(`content="http://${shop}/"`)
}, 120_000)
