/**
 * `bun scripts/probe-hardening.ts`: black-box probes of the server's hardening
 * against a real `bun src/server/main.ts` process (the table of the hardening
 * issue, re-measured). Prints one line per probe; asserts nothing (the tests do).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dir, '..')

async function startServer(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chq-probe-'))
  const proc = Bun.spawn(['bun', 'src/server/main.ts', 'serve'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const reader = proc.stdout.getReader()
  let out = ''
  while (!/escuchando en (http:\/\/\S+)/.test(out)) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`server did not start: ${await new Response(proc.stderr).text()}`)
    out += new TextDecoder().decode(value)
  }
  const url = /escuchando en (http:\/\/\S+)/.exec(out)?.[1] ?? ''
  const stop = async () => {
    proc.kill('SIGTERM')
    await proc.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
  const rssMb = async () => {
    const status = await Bun.file(`/proc/${proc.pid}/status`).text()
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
  }
  return { url, dataDir, stop, rssMb }
}

const ms = (start: number) => `${Math.round(performance.now() - start)} ms`
const tally = (statuses: number[]) =>
  Object.entries(statuses.reduce<Record<number, number>>((acc, s) => ((acc[s] = (acc[s] ?? 0) + 1), acc), {}))
    .map(([s, n]) => `${n}×${s}`)
    .join(', ')
const line = (probe: string, answer: string) => console.log(`| ${probe} | ${answer} |`)

const s = await startServer()
const json = (body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
const login = (username: string, password: string, headers: Record<string, string> = {}) => fetch(`${s.url}/api/auth/login`, json({ username, password }, headers))
await fetch(`${s.url}/api/auth/create-initial-admin`, { method: 'POST' })
const signIn = async () => (((await login('admin', 'admin123')).headers.get('set-cookie') ?? '').split(';')[0] ?? '')
const cookie = await signIn()
await fetch(`${s.url}/api/admin/initialize-database`, { method: 'POST', headers: { cookie } })

console.log('| probe | answer |\n|---|---|')
{
  const deep = `{"username":${'['.repeat(30_000)}${']'.repeat(30_000)},"password":"x"}`
  const t0 = performance.now()
  const hostile = fetch(`${s.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep }).then((r) => `${r.status} after ${ms(t0)}`)
  const t1 = performance.now()
  const menu = fetch(`${s.url}/api/products`).then((r) => `${r.status} after ${ms(t1)}`)
  line(`login, no session, ${Math.round(deep.length / 1024)} KB deep body`, `${await hostile}; GET /api/products meanwhile ${await menu}; peak RSS ${await s.rssMb()} MB`)
}
{
  const chain = `${'['.repeat(2000)}${']'.repeat(2000)}`
  const body = `{"name":"x","description":"y","category":"chilaquiles","price":1,"availableSauces":[${Array(48).fill(chain).join(',')}]}`
  const t0 = performance.now()
  const r = await fetch(`${s.url}/api/products`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body })
  line(`POST /api/products signed in, ${Math.round(body.length / 1024)} KB of deep chains`, `${r.status} after ${ms(t0)}`)
}
{
  let sent = 0
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent >= 5 * 1024 * 1024) return c.close()
      sent += 65536
      c.enqueue(new Uint8Array(65536).fill(0x20))
    },
  })
  const t0 = performance.now()
  const r = await fetch(`${s.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit)
  line('5 MB chunked JSON body to login', `${r.status} after ${ms(t0)}`)
}
{
  const copied = await signIn()
  await fetch(`${s.url}/api/auth/logout`, { method: 'POST', headers: { cookie: copied } })
  const user = await fetch(`${s.url}/api/auth/user`, { headers: { cookie: copied } })
  const key = await fetch(`${s.url}/api/admin/api-keys`, json({ name: 'robada' }, { cookie: copied }))
  line('login, copy the cookie, logout, replay it', `GET /api/auth/user ${user.status}, POST /api/admin/api-keys ${key.status}`)
}
{
  const t0 = performance.now()
  const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => login('admin', `mala-${i}`).then((r) => r.status)))
  line('40 wrong logins for one account at once', `${tally(statuses)} in ${ms(t0)}`)
}
{
  const t0 = performance.now()
  const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => login(`nadie-${i}`, 'x').then((r) => r.status)))
  line('30 logins, different unknown names, at once', `${tally(statuses)} in ${ms(t0)}`)
}
{
  const t0 = performance.now()
  const statuses = await Promise.all(Array.from({ length: 40 }, () => fetch(`${s.url}/api/auth/reset-admin`, { method: 'POST' }).then((r) => r.status)))
  line('40 × POST /api/auth/reset-admin on a healthy admin', `${tally(statuses)} in ${ms(t0)}`)
}
{
  const statuses: number[] = []
  for (let i = 0; i < 10; i++) {
    const r = await fetch(`${s.url}/api/auth/password`, { ...json({ currentPassword: 'no-es', newPassword: 'otra-clave-larga' }, { cookie }), method: 'PUT' })
    statuses.push(r.status)
  }
  line('10 wrong current passwords on PUT /api/auth/password', tally(statuses))
}
{
  const page = await fetch(`${s.url}/`)
  const csp = page.headers.get('content-security-policy') ?? 'none'
  const headers = ['/', '/admin', '/login'].map(async (p) => {
    const r = await fetch(`${s.url}${p}`)
    return `${p}: CSP ${r.headers.has('content-security-policy') ? 'yes' : 'no'}, nosniff ${r.headers.get('x-content-type-options') ?? 'no'}, frame ${r.headers.get('x-frame-options') ?? 'no'}, referrer ${r.headers.get('referrer-policy') ?? 'no'}`
  })
  line('GET /, /admin, /login headers', (await Promise.all(headers)).join('; '))
  line('landing CSP', csp)
}
{
  const host = new URL(s.url).host
  const product = { name: 'x', description: 'y', category: 'chilaquiles', price: 1 }
  const https = await fetch(`${s.url}/api/products`, json(product, { cookie, origin: `https://${host}` }))
  const evil = await fetch(`${s.url}/api/products`, json(product, { cookie, origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' }))
  line('write with Origin https://<host> on the http server; Origin evil + X-Forwarded-Host evil', `${https.status}; ${evil.status}`)
}
{
  const noPrice = await fetch(`${s.url}/api/products`, json({ name: 'x', description: 'y', category: 'chilaquiles' }, { cookie }))
  const noCategory = await fetch(`${s.url}/api/products`, json({ name: 'x', description: 'y', price: 1 }, { cookie }))
  const noCost = await fetch(`${s.url}/api/coverage-zones`, json({ name: 'Zona 1' }, { cookie }))
  const issues = async (r: Response) => `${r.status} ${JSON.stringify(((await r.json()) as { issues?: unknown }).issues)}`
  line('POST /api/products without price / without category; zone without deliveryCost', `${await issues(noPrice)}; ${await issues(noCategory)}; ${await issues(noCost)}`)
}
{
  const modes = [...new Bun.Glob('*').scanSync({ cwd: s.dataDir, onlyFiles: true })].map((f) => `${f} ${(statSync(path.join(s.dataDir, f)).mode & 0o777).toString(8)}`)
  line('DATA_DIR files', modes.join(', '))
}
{
  await fetch(`${s.url}/`)
  await fetch(`${s.url}/api/auth/logout`, { method: 'POST' })
  const t0 = performance.now()
  await (await fetch(`${s.url}/`)).arrayBuffer()
  line('GET / right after POST /api/auth/logout', `answered from the cache in ${ms(t0)}`)
}
{
  // Raw Host headers: fetch would correct them.
  const port = Number(new URL(s.url).port)
  const raw = async (host: string) => {
    let out = ''
    const socket = await Bun.connect({ hostname: '127.0.0.1', port, socket: { data: (_s, d) => void (out += new TextDecoder().decode(d)) } })
    socket.write(`GET /abc/api/admin/users HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
    await Bun.sleep(100)
    socket.end()
    return out.slice(9, 12)
  }
  line('GET /abc/api/admin/users with Host x, ab, a.b, x:1 (no session)', (await Promise.all(['x', 'ab', 'a.b', 'x:1'].map(raw))).join(', '))
  const before = await s.rssMb()
  const flood = await Promise.all(Array.from({ length: 2047 }, (_, n) => [...'chilaquiles'].map((c, i) => ((n + 1) & (1 << i) ? `%${c.charCodeAt(0).toString(16)}` : c)).join('')).map((v) => fetch(`${s.url}/api/products/category/${v}`).then(async (r) => (await r.arrayBuffer(), r.status))))
  line('2,047 re-encodings of /api/products/category/chilaquiles', `${tally(flood)}; peak RSS ${before} → ${await s.rssMb()} MB`)
}
await s.stop()

{
  const proxied = await startServer({ TRUST_PROXY: '1' })
  await fetch(`${proxied.url}/api/auth/create-initial-admin`, { method: 'POST' })
  const from = (ip: string, password: string) => fetch(`${proxied.url}/api/auth/login`, json({ username: 'admin', password }, { 'x-forwarded-for': ip }))
  for (let i = 0; i < 5; i++) await from('203.0.113.9', 'adivina')
  const guesser = await from('203.0.113.9', 'admin123')
  const admin = await from('198.51.100.7', 'admin123')
  line('TRUST_PROXY=1: 5 wrong logins from one address, then the admin from another', `guesser ${guesser.status}, admin ${admin.status}`)
  const cookies = admin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  const apiKey = await fetch(`${proxied.url}/api/admin/api-keys`, json({ name: 'robada' }, { cookie: cookies, 'x-forwarded-for': '198.51.100.7' }))
  line('initial password, from another machine: POST /api/admin/api-keys', `${apiKey.status} ${((await apiKey.json()) as { message?: string }).message ?? ''}`)
  const t0 = performance.now()
  const wrong = await Promise.all(Array.from({ length: 60 }, (_, i) => from(`203.0.113.${100 + (i % 12)}`, `mala-${i}`).then((r) => r.status)))
  line('60 wrong logins for admin from 12 addresses', `${tally(wrong)} in ${ms(t0)}`)
  const stranger = await from('192.0.2.1', 'admin123')
  const owner = await fetch(`${proxied.url}/api/auth/login`, json({ username: 'admin', password: 'admin123' }, { 'x-forwarded-for': '192.0.2.2', cookie: cookies }))
  line('then the right password: a new browser / the owner\'s browser (known-device cookie)', `${stranger.status} / ${owner.status}`)
  const fakeKey = await fetch(`${proxied.url}/api/auth/logout`, { method: 'POST', headers: { cookie: cookies, origin: 'https://evil.example', 'x-api-key': 'chq_inventada' } })
  line('cross-site logout with a made-up X-API-Key', String(fakeKey.status))
  await proxied.stop()
}
{
  const proc = Bun.spawn(['bun', 'src/server/main.ts', 'serve'], { cwd: root, env: { ...process.env, SESSION_SECRET: 'corto', PORT: '0', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'chq-probe-')) }, stderr: 'pipe', stdout: 'pipe' })
  const code = await proc.exited
  line('SESSION_SECRET=corto', `exit ${code}: ${(await new Response(proc.stderr).text()).trim()}`)
}
