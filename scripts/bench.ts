/**
 * `bun run bench`: the storefront's speed figures on the RELEASE BINARY, printed
 * (numbers, never asserts). Everything stays on 127.0.0.1; steps run one after
 * another (2 cores: nothing heavy overlaps).
 *
 *  1. build: `bun run build` (client + dist/chilaquiles) and, for comparison, a
 *     minimal compiled Bun.serve + bun:sqlite binary built the same way;
 *  2. start-up: spawn -> first 200 on /api/products, each binary copied alone into
 *     an empty folder, alternating, median of BENCH_STARTS (7); RSS after that answer;
 *  3. the release binary, seeded with the sample menu, then:
 *     - Lighthouse 13 mobile (simulated throttling) on /, median of BENCH_LH_RUNS (3):
 *       performance score, LCP (and its element), FCP, TBT, bytes transferred;
 *     - bytes on the wire for a first visit: every same-origin file the Lighthouse
 *       run loaded, fetched again with Accept-Encoding br and gzip, counting the
 *       body bytes received (fetch with `decompress: false`, no sizes computed here);
 *     - throughput of GET / and GET /api/products against a raw Bun.serve answering
 *       the very same bytes with the same Content-Encoding, alternating rounds
 *       (the box drifts), wrk when installed, else a fetch loop;
 *     - RSS idle and the peak under that load;
 *     - RSS around a 12-MP photo upload (the conversion runs in a worker that ends when
 *       idle): before, peak, and 1 s after;
 *     - the admin SPA, Lighthouse 13 mobile on /login and, signed in, on the Pedidos
 *       board with a few orders (scripts/bench-admin.ts, decision 020).
 *
 * BENCH_ONLY=startup,lighthouse,wire,throughput,photo,admin,engines runs a subset (engines: scripts/bench-engines.ts, SQLite and PostgreSQL); BENCH_LH_SAVE=/tmp/lh keeps
 * each Lighthouse report as /tmp/lh-N.json; BENCH_BINARY=/path/to/an/older/chilaquiles measures
 * that binary instead of building one (a before/after comparison in the same conditions);
 * BENCH_BASELINE=/path/to/an/older/chilaquiles measures that one's checkout under load too, first,
 * in the same run (scripts/bench-engines.ts).
 */
import { readFileSync } from 'node:fs'
import { copyFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { benchAdmin, seedOrders } from './bench-admin'
import { benchEngines } from './bench-engines'
import { adminCookie, seed } from '../e2e/support/server'
import { phonePhoto } from '../test/fixtures/photos'
import { buildRelease } from './build'

const root = path.resolve(import.meta.dir, '..')
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 3)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const STARTS = Number(process.env.BENCH_STARTS ?? 7)
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 3)
const only = new Set((process.env.BENCH_ONLY ?? 'startup,lighthouse,wire,throughput,photo,admin,engines').split(','))
const BROWSER_ENCODING = 'gzip, deflate, br, zstd'

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
const ms = (n: number) => `${n.toFixed(0)} ms`
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length === 0 ? 0 : s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2
}

async function freePort(): Promise<number> {
  const probe = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() })
  const port = probe.port ?? 0
  await probe.stop(true)
  return port
}

function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024
  } catch {
    return 0
  }
}

type Running = { url: string; pid: number; startMs: number; stop: (keep?: boolean) => Promise<void> }

/**
 * Copies `binary` alone into an empty folder (or reuses `dir`, where it already ran:
 * a restart with its data), runs it there and waits for the first 200 on /api/products.
 */
async function launch(binary: string, reuse?: string): Promise<Running & { dir: string }> {
  const dir = reuse ?? (await mkdtemp(path.join(tmpdir(), 'chq-bench-')))
  const copy = path.join(dir, path.basename(binary))
  if (!reuse) {
    await copyFile(binary, copy)
    Bun.spawnSync(['chmod', '+x', copy])
  }
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  const proc = Bun.spawn([copy], { cwd: dir, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' }, stdout: 'ignore', stderr: 'inherit' })
  for (;;) {
    try {
      const res = await fetch(`${url}/api/products`)
      await res.arrayBuffer()
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (proc.exitCode !== null) throw new Error(`${binary} exited with ${proc.exitCode}`)
    if (performance.now() - started > 15_000) throw new Error(`${binary} did not answer within 15 s`)
  }
  const startMs = performance.now() - started
  return {
    url,
    dir,
    pid: proc.pid,
    startMs,
    stop: async (keep = false) => {
      proc.kill('SIGTERM')
      await proc.exited
      if (!keep) await rm(dir, { recursive: true, force: true })
    },
  }
}

const MINIMAL = `import { Database } from 'bun:sqlite'
const db = new Database('mini.sqlite', { create: true })
db.run('create table if not exists t (id integer primary key, name text)')
const list = db.query('select * from t')
Bun.serve({ hostname: '127.0.0.1', port: Number(process.env.PORT), fetch: () => Response.json(list.all()) })
`

async function buildMinimal(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'chq-minimal-'))
  await Bun.write(path.join(dir, 'minimal.ts'), MINIMAL)
  const out = path.join(dir, 'minimal')
  const proc = Bun.spawn([process.execPath, 'build', '--compile', '--minify', '--bytecode', 'minimal.ts', '--outfile', out], { cwd: dir, stdout: 'ignore', stderr: 'inherit' })
  if ((await proc.exited) !== 0) throw new Error('minimal build failed')
  return out
}

// ---------------------------------------------------------------- 1. build
const release = process.env.BENCH_BINARY ?? (await buildRelease())
const minimal = await buildMinimal()

// ---------------------------------------------------------------- 2. start-up
if (only.has('startup')) {
  type Side = { first: number[]; restart: number[]; rss: number[]; page: number[] }
  const sides: Record<'release' | 'minimal', Side> = { release: { first: [], restart: [], rss: [], page: [] }, minimal: { first: [], restart: [], rss: [], page: [] } }
  for (let i = 0; i < STARTS; i++) {
    for (const [name, binary] of [
      ['release', release],
      ['minimal', minimal],
    ] as const) {
      const side = sides[name]
      const run = await launch(binary)
      side.first.push(run.startMs)
      await Bun.sleep(300)
      side.rss.push(rssOf(run.pid))
      if (name === 'release') {
        // What start-up deferred: the first GET / loads the app and React and renders (decision 016).
        const asked = performance.now()
        await (await fetch(`${run.url}/`)).arrayBuffer()
        side.page.push(performance.now() - asked)
      }
      await run.stop(true)
      // The same binary again where it left its data: the usual restart (no database to create).
      const again = await launch(binary, run.dir)
      side.restart.push(again.startMs)
      await again.stop()
    }
  }
  const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MB`
  const runs = (xs: number[]) => xs.map((t) => t.toFixed(0)).join(' ')
  const { release: r, minimal: m } = sides
  console.log(`\n== start-up: spawn -> first 200 on /api/products, each binary copied alone into an empty folder, alternating, median of ${STARTS} ==`)
  console.log(`release binary, empty folder  ${ms(median(r.first)).padStart(7)}   (runs ${runs(r.first)})`)
  console.log(`minimal binary, empty folder  ${ms(median(m.first)).padStart(7)}   (runs ${runs(m.first)})   ratio ${(median(r.first) / median(m.first)).toFixed(2)}x   target <= 1.5x`)
  console.log(`release binary, restart       ${ms(median(r.restart)).padStart(7)}   (runs ${runs(r.restart)})`)
  console.log(`minimal binary, restart       ${ms(median(m.restart)).padStart(7)}   (runs ${runs(m.restart)})   ratio ${(median(r.restart) / median(m.restart)).toFixed(2)}x`)
  console.log(`RSS after the first answer    release ${mb(median(r.rss))} (target <= 60 MB), minimal ${mb(median(m.rss))}`)
  console.log(`release, then the first GET /  ${ms(median(r.page)).padStart(6)}   (runs ${runs(r.page)}; loads the app and React, renders the page)`)
}

// ---------------------------------------------------------------- 3. the seeded binary
// Seed, then restart on that data: the admin login that seeding needs hashes with argon2id
// (64 MB), which a visitor-facing process would not have paid; RSS below is a server that
// has only answered visitors.
const seeding = await launch(release)
await seed(seeding.url)
await seeding.stop(true)
const server = await launch(release, seeding.dir)
await (await fetch(`${server.url}/`)).arrayBuffer() // render once: later figures are the cached page

type LighthouseResult = {
  categories: { performance: { score: number } }
  audits: Record<string, { numericValue?: number; displayValue?: string; details?: { items?: Record<string, unknown>[] } }>
}

let firstVisit: string[] = []
if (only.has('lighthouse') || only.has('wire')) {
  const runs: LighthouseResult[] = []
  for (let i = 0; i < (only.has('lighthouse') ? LH_RUNS : 1); i++) {
    const proc = Bun.spawn(
      [
        process.execPath,
        path.join(root, 'node_modules/lighthouse/cli/index.js'),
        `${server.url}/`,
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        '--only-categories=performance',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdout: 'pipe', stderr: 'ignore' },
    )
    const text = await new Response(proc.stdout).text()
    await proc.exited
    try {
      runs.push(JSON.parse(text) as LighthouseResult)
      if (process.env.BENCH_LH_SAVE) await Bun.write(`${process.env.BENCH_LH_SAVE}-${i + 1}.json`, text)
    } catch {
      console.error(`lighthouse run ${i + 1} gave no report`)
    }
  }
  const first = runs[0]
  if (first) {
    const items = first.audits['network-requests']?.details?.items ?? []
    firstVisit = items.map((item) => String(item.url)).filter((u) => u.startsWith(server.url))
  }
  if (only.has('lighthouse') && first) {
    const value = (r: LighthouseResult, id: string) => r.audits[id]?.numericValue ?? 0
    const scores = runs.map((r) => Math.round(r.categories.performance.score * 100))
    const lcp = runs.map((r) => value(r, 'largest-contentful-paint'))
    // Lighthouse 13 names the LCP element in its LCP breakdown insight.
    const breakdown = (first.audits['lcp-breakdown-insight']?.details as { items?: { type?: string; snippet?: string; items?: { label?: string; duration?: number }[] }[] } | undefined)?.items ?? []
    const element = breakdown.find((item) => item.type === 'node')
    const parts = breakdown.find((item) => item.type === 'table')?.items ?? []
    console.log(`\n== Lighthouse 13 mobile, simulated throttling, seeded menu (median of ${runs.length}) ==`)
    console.log(`performance      ${median(scores)}   (runs ${scores.join(' ')})   target 100`)
    console.log(`LCP              ${(median(lcp) / 1000).toFixed(2)} s   (runs ${lcp.map((v) => (v / 1000).toFixed(2)).join(' ')})   target <= 1.5 s`)
    console.log(`FCP              ${(median(runs.map((r) => value(r, 'first-contentful-paint'))) / 1000).toFixed(2)} s`)
    console.log(`TBT              ${ms(median(runs.map((r) => value(r, 'total-blocking-time'))))}`)
    console.log(`CLS              ${median(runs.map((r) => value(r, 'cumulative-layout-shift'))).toFixed(3)}`)
    console.log(`transferred      ${kb(median(runs.map((r) => value(r, 'total-byte-weight'))))} (Lighthouse, headers included)   target <= 130 KB`)
    console.log(`LCP element      ${element?.snippet ?? '?'}`)
    console.log(`LCP breakdown    ${parts.map((part) => `${part.label} ${ms(part.duration ?? 0)}`).join(', ')} (run 1)`)
  }
}

if (only.has('wire')) {
  if (firstVisit.length === 0) firstVisit = [`${server.url}/`]
  console.log(`\n== bytes on the wire, first visit (${firstVisit.length} files Lighthouse loaded; body bytes received) ==`)
  const totals = { br: 0, gzip: 0, none: 0 }
  console.log(`${'file'.padEnd(52)} ${'br'.padStart(9)} ${'gzip'.padStart(9)} ${'identity'.padStart(9)}`)
  for (const url of firstVisit) {
    const sizes: Record<keyof typeof totals, number> = { br: 0, gzip: 0, none: 0 }
    for (const encoding of ['br', 'gzip', 'none'] as const) {
      const res = await fetch(url, { headers: { 'accept-encoding': encoding === 'none' ? 'identity' : encoding }, decompress: false })
      sizes[encoding] = (await res.arrayBuffer()).byteLength
      totals[encoding] += sizes[encoding]
    }
    console.log(`${url.slice(server.url.length).padEnd(52)} ${kb(sizes.br).padStart(9)} ${kb(sizes.gzip).padStart(9)} ${kb(sizes.none).padStart(9)}`)
  }
  console.log(`${'total'.padEnd(52)} ${kb(totals.br).padStart(9)} ${kb(totals.gzip).padStart(9)} ${kb(totals.none).padStart(9)}`)
  await printFirstLoadScript()
}

/**
 * The first-load script: what must arrive before the first screen hydrates, i.e. the
 * page's boot script, the module it imports and that module's static imports (the
 * chunks it loads later with import() are not part of it). Read from the page and the
 * files as served, sized as received.
 */
async function printFirstLoadScript() {
  const received = async (url: string, encoding: string) =>
    (await (await fetch(url, { headers: { 'accept-encoding': encoding }, decompress: false })).arrayBuffer()).byteLength
  const text = async (url: string) => (await fetch(url)).text()
  const html = await text(`${server.url}/`)
  const boot = /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(html)?.[1] ?? /<script[^>]*src="([^"]+)"[^>]*type="module"/.exec(html)?.[1]
  if (!boot) return console.log('first-load script: no module script found on the page')
  const bootUrl = new URL(boot, server.url)
  const bootCode = await text(bootUrl.href)
  const entry = /import\("([^"]+)"\)/.exec(bootCode)?.[1]
  const files = [bootUrl.href]
  const queue = entry ? [new URL(entry, bootUrl).href] : []
  while (queue.length > 0) {
    const url = queue.shift() as string
    if (files.includes(url)) continue
    files.push(url)
    const code = await text(url)
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.\/[^"]+\.js)"/g)) queue.push(new URL(m[1] as string, url).href)
  }
  let br = 0
  let gzip = 0
  for (const url of files) {
    br += await received(url, 'br')
    gzip += await received(url, 'gzip')
  }
  const names = files.map((f) => new URL(f).pathname.replace('/assets/', '')).join(' + ')
  console.log(`first-load script (${names}): ${kb(gzip)} gzip, ${kb(br)} br   target <= 75 KB gzip`)
}

if (only.has('throughput')) {
  const sample = async (p: string) => {
    const res = await fetch(`${server.url}${p}`, { headers: { 'accept-encoding': BROWSER_ENCODING }, decompress: false })
    const headers: Record<string, string> = { 'content-type': res.headers.get('content-type') ?? 'text/plain' }
    const encoding = res.headers.get('content-encoding')
    if (encoding) headers['content-encoding'] = encoding
    return { body: new Uint8Array(await res.arrayBuffer()), headers }
  }
  const page = await sample('/')
  const products = await sample('/api/products')
  // A raw server answering the very same bytes with the same encoding: the ceiling for this machine.
  const raw = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const hit = req.url.endsWith('/api/products') ? products : page
      return new Response(hit.body, { headers: hit.headers })
    },
  })
  const hasWrk = Bun.which('wrk') !== null
  const loadTest = async (url: string): Promise<number> => {
    if (hasWrk) {
      const proc = Bun.spawn(['wrk', '-t1', `-c${CONNECTIONS}`, `-d${DURATION_S}s`, '-H', `Accept-Encoding: ${BROWSER_ENCODING}`, url], { stdout: 'pipe', stderr: 'ignore' })
      const out = await new Response(proc.stdout).text()
      await proc.exited
      return Number(/Requests\/sec:\s*([\d.]+)/.exec(out)?.[1] ?? 0)
    }
    let done = 0
    const until = performance.now() + DURATION_S * 1000
    const start = performance.now()
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < until) {
          const res = await fetch(url, { headers: { 'accept-encoding': BROWSER_ENCODING }, decompress: false })
          await res.arrayBuffer()
          if (res.ok) done++
        }
      }),
    )
    return done / ((performance.now() - start) / 1000)
  }
  const idle = rssOf(server.pid)
  let peak = idle
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 100)
  console.log(`\n== throughput (${hasWrk ? 'wrk' : 'fetch loop'}, ${CONNECTIONS} connections, Accept-Encoding: ${BROWSER_ENCODING}, ${ROUNDS} alternating rounds of ${DURATION_S}s) ==`)
  for (const [p, hit] of [
    ['/', page],
    ['/api/products', products],
  ] as const) {
    await loadTest(`${server.url}${p}`) // warm-up (JIT, caches), discarded
    const app: number[] = []
    const base: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      app.push(await loadTest(`${server.url}${p}`))
      base.push(await loadTest(`http://127.0.0.1:${raw.port}${p}`))
    }
    const ratios = app.map((a, i) => a / (base[i] ?? a))
    console.log(
      `GET ${p.padEnd(14)} ${(hit.headers['content-encoding'] ?? 'identity').padEnd(4)} ${kb(hit.body.byteLength).padStart(8)}   app ${median(app).toFixed(0).padStart(7)} req/s   raw ${median(base).toFixed(0).padStart(7)} req/s   ` +
        `ratio ${median(ratios).toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(' ')})   target >= 0.9`,
    )
  }
  clearInterval(sampler)
  raw.stop(true)
  console.log(`\n== memory (release binary, seeded) ==`)
  console.log(`RSS idle (landing page rendered, menu JSON answered) ${(idle / 2 ** 20).toFixed(0)} MB   peak under the load above ${(peak / 2 ** 20).toFixed(0)} MB`)
}

if (only.has('photo')) {
  // Sign in first (argon2id takes 64 MB of its own), then settle, then upload.
  const cookie = await adminCookie(server.url)
  Bun.gc(true)
  await Bun.sleep(1000)
  const before = rssOf(server.pid)
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 50)
  const form = new FormData()
  form.append('image', new File([await phonePhoto(4000, 3000, 6, true)], 'IMG_0001.JPG', { type: 'image/jpeg' }))
  const started = performance.now()
  const res = await fetch(`${server.url}/api/upload/product-image`, { method: 'POST', headers: { origin: server.url, cookie }, body: form })
  const took = performance.now() - started
  await res.arrayBuffer()
  await Bun.sleep(1000)
  clearInterval(sampler)
  const after = rssOf(server.pid)
  const mb = (n: number) => `${(n / 2 ** 20).toFixed(0)} MB`
  console.log(`\n== memory around a 12-MP photo upload (${res.status}, ${ms(took)}) ==`)
  console.log(`RSS before ${mb(before)}   peak ${mb(peak)}   1 s after ${mb(after)}`)
}

// Last on this server: it signs in (argon2id) and places orders.
if (only.has('admin')) {
  const cookie = await adminCookie(server.url)
  await seedOrders(server.url, cookie)
  await benchAdmin(server.url, cookie)
}

await server.stop()
await rm(path.dirname(minimal), { recursive: true, force: true })

// ---------------------------------------------------------------- engines (decision 019)
if (only.has('engines')) await benchEngines(release)
