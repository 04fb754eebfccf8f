/**
 * The doors an attacker tries first, against the release binary over real sockets
 * (decisions 028 and 029): a raw Host header of a few characters, an encoded NUL, a flood of
 * re-encoded URLs (the server's memory measured from /proc), a fresh install reached first
 * by a stranger. It runs behind a "proxy" (TRUST_PROXY=1), so that X-Forwarded-For can say a
 * request came from elsewhere than this machine. src/server/access/hostile-requests.test.ts covers the same in-process,
 * route by route.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import type { Subprocess } from 'bun'
import { releaseAlone, untilAnswering } from './release'

let dir: string
let proc: Subprocess<'ignore', 'pipe', 'pipe'>
let port: number
let url: string

beforeAll(async () => {
  const made = await releaseAlone('chq-hostile-')
  dir = made.dir
  port = 20000 + Math.floor(Math.random() * 20000)
  url = `http://127.0.0.1:${port}`
  proc = Bun.spawn([made.binary], { cwd: dir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: '1' }, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' })
  await untilAnswering(url)
}, 300_000)

afterAll(() => {
  if (proc && proc.exitCode === null) proc.kill('SIGKILL')
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** One request written byte for byte on a new connection (fetch would fix the Host header): the status and body. */
async function raw(method: string, target: string, host: string | null, headers: Record<string, string> = {}, body = ''): Promise<{ status: number; body: string }> {
  let received = ''
  const { promise: closed, resolve } = Promise.withResolvers<void>()
  const socket = await Bun.connect({
    hostname: '127.0.0.1',
    port,
    socket: {
      data(_s, chunk) {
        received += new TextDecoder().decode(chunk)
      },
      close: () => resolve(),
      error: () => resolve(),
    },
  })
  const lines = [`${method} ${target} HTTP/1.1`, ...(host === null ? [] : [`Host: ${host}`]), ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)]
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`)
  socket.write(`${lines.join('\r\n')}\r\nConnection: close\r\n\r\n${body}`)
  await Promise.race([closed, Bun.sleep(5_000)])
  socket.end()
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0)
  return { status, body: received.slice(received.indexOf('\r\n\r\n') + 4) }
}

const rssKb = async () => Number(/VmRSS:\s+(\d+)/.exec(await Bun.file(`/proc/${proc.pid}/status`).text())?.[1] ?? 0)

describe('release binary under hostile requests', () => {
  test("the issue's requests: a short Host header opens nothing, every admin path is 400 or 401 without a session", async () => {
    const json = { 'content-type': 'application/json', origin: 'https://evil.example' }
    const create = JSON.stringify({ username: 'pwned', password: 'pwnedpass1', role: 'admin' })
    for (const host of ['x', 'ab', 'a.b', 'x:1', 'abc', 'ab:80']) {
      for (const prefix of ['/abc', '/a', '/x/y', '//', '']) {
        const read = await raw('GET', `${prefix}/api/admin/users`, host)
        expect({ host, prefix, status: read.status }).toEqual({ host, prefix, status: 400 })
        const write = await raw('POST', `${prefix}/api/admin/users`, host, json, create)
        expect({ host, prefix, status: write.status }).toEqual({ host, prefix, status: 400 })
      }
    }
    for (const host of ['a/b', 'a@b', '', 'a b']) expect((await raw('GET', '/abc/api/admin/users', host)).status).toBe(400)
    expect((await raw('GET', '/abc/api/admin/users', null)).status).toBe(400)
    // A real host reads the real path: /abc/api/admin/users is no API path; /api/admin/users needs a session.
    expect((await raw('GET', '/abc/api/admin/users', `127.0.0.1:${port}`)).status).toBe(404)
    expect((await raw('GET', '/api/admin/users', `127.0.0.1:${port}`)).status).toBe(401)
    expect((await raw('GET', '/api/customers?search=%00', `127.0.0.1:${port}`)).status).toBe(400)
  })

  test('a fresh install reached first by a stranger: the initial password reads, and changes nothing but itself', async () => {
    const from = { 'x-forwarded-for': '203.0.113.7' }
    // Nobody was created by the requests above: the first administrator is made now.
    expect((await fetch(`${url}/api/auth/create-initial-admin`, { method: 'POST', headers: from })).status).toBe(201)
    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { ...from, 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) })
    expect(login.status).toBe(200)
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    const post = (path: string, body: unknown) => fetch(`${url}${path}`, { method: 'POST', headers: { ...from, cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    expect((await fetch(`${url}/api/admin/users`, { headers: { ...from, cookie } })).status).toBe(200)
    for (const [path, body] of [['/api/admin/api-keys', { name: 'Ladrón' }], ['/api/admin/users', { username: 'otro', password: 'otra-clave-1', role: 'admin' }], ['/api/admin/initialize-database', {}]] as const) {
      const res = await post(path, body)
      expect({ path, status: res.status, body: await res.json() }).toEqual({ path, status: 403, body: { message: 'Cambia la contraseña inicial antes de continuar' } })
    }
    // The owner on the box itself (no proxy in between) sets things up as the README says.
    const local = (await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) })).headers.get('set-cookie')?.split(';')[0] ?? ''
    expect((await fetch(`${url}/api/admin/api-keys`, { method: 'POST', headers: { cookie: local, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Caja' }) })).status).toBe(201)
  })

  test('9,216 re-encodings of one menu URL leave the memory where it was (a few MB), every one answered 200', async () => {
    // The sample menu, so that each cached answer weighs what a real one does (the chilaquiles, a few KB).
    const local = (await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) })).headers.get('set-cookie')?.split(';')[0] ?? ''
    expect((await fetch(`${url}/api/admin/initialize-database`, { method: 'POST', headers: { cookie: local } })).status).toBe(201)
    expect(((await (await fetch(`${url}/api/products/category/chilaquiles`)).json()) as unknown[]).length).toBe(3)
    const word = 'chilaquiles'
    const variants: string[] = []
    // Every letter encoded or not (2,047 ways), '%6c' or '%6C', and a query string of its own.
    for (let n = 0; variants.length < 9216; n++) {
      const letters = (n % 2047) + 1
      const upperHex = Math.floor(n / 2047) % 2 === 1
      const path = [...word].map((c, i) => (letters & (1 << i) ? `%${upperHex ? c.charCodeAt(0).toString(16).toUpperCase() : c.charCodeAt(0).toString(16)}` : c)).join('')
      variants.push(`${path}?v=${n}`)
    }
    expect(new Set(variants).size).toBe(9216)
    const send = async (list: string[]) => {
      const statuses: number[] = []
      for (let i = 0; i < list.length; i += 50) {
        const answers = await Promise.all(list.slice(i, i + 50).map((v) => fetch(`${url}/api/products/category/${v}`).then(async (r) => (await r.arrayBuffer(), r.status))))
        statuses.push(...answers)
      }
      return statuses
    }
    await send(variants.slice(0, 1000)) // warm-up: allocator pools and the JIT settle
    const before = await rssKb()
    const statuses = await send(variants)
    const after = await rssKb()
    console.log(`URL flood: ${variants.length} encodings, RSS ${Math.round(before / 1024)} MB → ${Math.round(after / 1024)} MB`)
    expect(statuses.every((s) => s === 200)).toBe(true)
    expect(after - before).toBeLessThan(12 * 1024)
  }, 120_000)
})
