/**
 * `bun scripts/probe-host-flood.ts [hosts]`: the flood of issue 39, item 3, against a real
 * `bun src/server/main.ts serve` process (SQLite, the sample menu): `hosts` made-up Host
 * headers (default 107,000), each asking /robots.txt and /sitemap.xml, 64 requests at a time.
 * Prints the server's memory (VmRSS from /proc) and the landing page's time before and after,
 * and how long the flood's requests took (a new host's cost on the server's one thread shows
 * up there). Asserts nothing; src/server/cache/host-flood.test.ts does.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dir, '..')
const HOSTS = Number(process.argv[2] ?? 107_000)
const AT_ONCE = 64

const dataDir = mkdtempSync(path.join(tmpdir(), 'chq-flood-'))
const proc = Bun.spawn(['bun', 'src/server/main.ts', 'serve'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: '', DOMAIN: '' },
  stdout: 'pipe',
  stderr: 'inherit',
})
const reader = proc.stdout.getReader()
let out = ''
while (!/escuchando en http:\/\/\S+:\d+/.test(out)) {
  const { value, done } = await reader.read()
  if (done) throw new Error(`the server did not start: ${out}`)
  out += new TextDecoder().decode(value)
}
void (async () => {
  while (!(await reader.read()).done) {
    /* keep the pipe from filling up */
  }
})()
const url = /escuchando en (http:\/\/\S+:\d+)/.exec(out)?.[1] ?? ''

const rssMb = async () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(await Bun.file(`/proc/${proc.pid}/status`).text())?.[1] ?? 0) / 1024)
const timed = async (make: () => Promise<Response>) => {
  const t0 = performance.now()
  const res = await make()
  await res.arrayBuffer()
  return { status: res.status, ms: performance.now() - t0 }
}
const landing = () => timed(() => fetch(`${url}/`, { headers: { 'accept-encoding': 'br' } }))
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
const fmt = (ms: number) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`

try {
  await fetch(`${url}/api/auth/create-initial-admin`, { method: 'POST' })
  const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  await fetch(`${url}/api/admin/initialize-database`, { method: 'POST', headers: { cookie } })
  for (let i = 0; i < 20; i++) await landing() // warm: rendered, compressed, JIT settled
  for (const p of ['/robots.txt', '/sitemap.xml', '/api/products']) await (await fetch(`${url}${p}`)).arrayBuffer()
  const before = { rss: await rssMb(), landing: await landing() }
  console.log(`before: RSS ${before.rss} MB; GET / ${before.landing.status} in ${fmt(before.landing.ms)}`)

  const times: number[] = []
  const statuses = new Map<number, number>()
  const t0 = performance.now()
  let next = 0
  const worker = async () => {
    for (let i = next++; i < HOSTS; i = next++) {
      const host = `h${i}.flood.example`
      for (const p of ['/robots.txt', '/sitemap.xml']) {
        const r = await timed(() => fetch(`${url}${p}`, { headers: { host, 'accept-encoding': 'br' } }))
        times.push(r.ms)
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1)
      }
    }
  }
  await Promise.all(Array.from({ length: AT_ONCE }, worker))
  const took = (performance.now() - t0) / 1000
  times.sort((a, b) => a - b)
  const answers = [...statuses].map(([s, n]) => `${n}×${s}`).join(', ')
  console.log(
    `flood: ${HOSTS.toLocaleString('en')} hosts × 2 paths in ${took.toFixed(1)} s (${Math.round(times.length / took)} req/s; ${answers}); ` +
      `each request with ${AT_ONCE} in flight: median ${fmt(quantile(times, 0.5))}, p99 ${fmt(quantile(times, 0.99))}, max ${fmt(times.at(-1) ?? 0)}`,
  )
  const first = await landing()
  const after = { rss: await rssMb(), landing: await landing() }
  const signed = (mb: number) => `${mb >= 0 ? '+' : ''}${mb}`
  console.log(`after: RSS ${after.rss} MB (${signed(after.rss - before.rss)}); GET / ${first.status} in ${fmt(first.ms)} (the first after the flood), then ${fmt(after.landing.ms)}`)
  // What stays once the garbage of 214,000 answers is collected (the collector runs when the process idles).
  await Bun.sleep(10_000)
  const idle = await rssMb()
  console.log(`10 s later: RSS ${idle} MB (${signed(idle - before.rss)})`)
} finally {
  proc.kill('SIGTERM')
  await proc.exited
  rmSync(dataDir, { recursive: true, force: true })
}
