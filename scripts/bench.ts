/**
 * `bun run bench`: the storefront's budgets, printed (no asserts).
 *
 *  - landing JS gzipped: what the first visit loads (entry + its static chunks),
 *    and the lazily loaded overlay chunk apart (target <= 90 KB initial)
 *  - landing CSS gzipped (target <= 15 KB), landing HTML size
 *  - throughput of GET / and GET /api/products on the real server (seeded temp
 *    DATA_DIR) against a raw Bun.serve answering the same bytes, in the same run
 *    (target ratio >= 0.8). Load: `wrk` when installed, else a bounded in-process
 *    fetch loop. Everything stays on 127.0.0.1.
 */
import { buildClient } from './build-client'
import { seed, startServer } from '../e2e/support/server'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 3)
// App and raw alternate this many times per path: on a shared 2-core box the load
// from neighbours drifts by tens of percent within seconds, and alternating lets
// both sides see the same drift.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)

const gz = (bytes: Uint8Array<ArrayBuffer>) => Bun.gzipSync(bytes, { level: 9 }).byteLength
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

await buildClient()
const { entries, assetFiles } = await import('../src/server/assets.gen')

async function fileBytes(url: string) {
  const file = assetFiles[url]
  if (!file) throw new Error(`missing asset ${url}`)
  return new Uint8Array(await Bun.file(file).arrayBuffer()) as Uint8Array<ArrayBuffer>
}

// The entry plus every chunk it imports statically (import("...") ones are lazy).
async function initialJs(url: string, seen = new Set<string>()): Promise<number> {
  if (seen.has(url)) return 0
  seen.add(url)
  const bytes = await fileBytes(url)
  const code = new TextDecoder().decode(bytes)
  let total = gz(bytes)
  for (const m of code.matchAll(/(?:from|import)\s*"\.\/([\w-]+\.js)"/g)) total += await initialJs(`/assets/${m[1]}`, seen)
  return total
}

const storeChunks = Object.keys(assetFiles).filter((u) => u.startsWith('/assets/store-') && u.endsWith('.js'))
const initial = await initialJs(entries.storeJs)
let allStore = 0
for (const u of storeChunks) allStore += gz(await fileBytes(u))
const css = gz(await fileBytes(entries.storeCss))

const server = await startServer()
await seed(server.url)

async function fetchBytes(url: string) {
  const res = await fetch(url)
  return { body: new Uint8Array(await res.arrayBuffer()), type: res.headers.get('content-type') ?? 'text/plain' }
}
const page = await fetchBytes(`${server.url}/`)
const products = await fetchBytes(`${server.url}/api/products`)

console.log('\n== sizes ==')
console.log(`landing JS (first visit, gzip): ${kb(initial)}   target <= 90 KB`)
console.log(`landing JS lazy overlays (gzip): ${kb(allStore - initial)}`)
console.log(`landing CSS (gzip):             ${kb(css)}   target <= 15 KB`)
console.log(`landing HTML:                   ${kb(page.body.byteLength)} (${kb(gz(page.body))} gzip)`)

// A raw server answering the very same bytes: the ceiling for this machine.
const raw = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(req) {
    const path = new URL(req.url).pathname
    const hit = path === '/api/products' ? products : page
    return new Response(hit.body, { headers: { 'content-type': hit.type } })
  },
})

const hasWrk = Bun.which('wrk') !== null

async function loadTest(url: string): Promise<number> {
  if (hasWrk) {
    const proc = Bun.spawn(['wrk', '-t1', `-c${CONNECTIONS}`, `-d${DURATION_S}s`, url], { stdout: 'pipe', stderr: 'ignore' })
    const out = await new Response(proc.stdout).text()
    await proc.exited
    return Number(/Requests\/sec:\s*([\d.]+)/.exec(out)?.[1] ?? 0)
  }
  // Fallback: CONNECTIONS workers in a loop for DURATION_S seconds.
  let done = 0
  const until = performance.now() + DURATION_S * 1000
  const start = performance.now()
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const res = await fetch(url)
        await res.arrayBuffer()
        if (res.ok) done++
      }
    }),
  )
  return done / ((performance.now() - start) / 1000)
}

console.log(`\n== throughput (${hasWrk ? 'wrk' : 'fetch loop'}, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S}s) ==`)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
for (const path of ['/', '/api/products']) {
  await loadTest(`${server.url}${path}`) // warm-up (JIT, caches), discarded
  const app: number[] = []
  const base: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    app.push(await loadTest(`${server.url}${path}`))
    base.push(await loadTest(`http://127.0.0.1:${raw.port}${path}`))
  }
  const ratios = app.map((a, i) => a / (base[i] ?? a))
  console.log(
    `GET ${path.padEnd(14)} app ${median(app).toFixed(0).padStart(7)} req/s   raw ${median(base).toFixed(0).padStart(7)} req/s   ` +
      `ratio ${median(ratios).toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(' ')})   target >= 0.8`,
  )
}

raw.stop(true)
await server.stop()
