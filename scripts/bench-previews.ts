/**
 * Link previews against everything else (issue #39 item 6): the real server (from source,
 * SQLite) with 60 dishes, two crawlers cycling through every dish's /og/producto/<id>.jpg
 * (twice round, each request from an address of its own, as a crowd of chat apps would),
 * while a probe times GET /api/products one request after another. Prints the probe's
 * latency alone and during the crawl, and what the crawl was answered.
 *
 *   bun run build:client && bun scripts/bench-previews.ts
 *   BENCH_ROOT=/path/to/an/older/checkout bun scripts/bench-previews.ts   (the same against it)
 */
import path from 'node:path'
import { adminCookie, seed } from '../e2e/support/server'
import { startBenchServer } from './bench-server'

const DISHES = 60
const ROUNDS = 2
const CRAWLERS = 2
const root = process.env.BENCH_ROOT ?? path.resolve(import.meta.dir, '..')

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  const mean = ms.reduce((s, v) => s + v, 0) / Math.max(1, ms.length)
  return `n=${ms.length} mean ${mean.toFixed(1)} ms, p50 ${at(0.5).toFixed(1)}, p95 ${at(0.95).toFixed(1)}, max ${(sorted.at(-1) ?? 0).toFixed(1)}`
}

/** Times GET /api/products one after another until `done` resolves. */
async function probe(url: string, done: Promise<unknown>): Promise<number[]> {
  let finished = false
  void done.then(() => (finished = true))
  const times: number[] = []
  while (!finished) {
    const started = performance.now()
    await (await fetch(`${url}/api/products`, { headers: { 'x-forwarded-for': '192.0.2.1' } })).arrayBuffer()
    times.push(performance.now() - started)
    await Bun.sleep(20)
  }
  return times
}

const server = await startBenchServer({ cwd: root })
try {
  await seed(server.url)
  const cookie = await adminCookie(server.url)
  const seeded = (await (await fetch(`${server.url}/api/products`)).json()) as { id: number; image: string | null }[]
  const photos = seeded.map((p) => p.image).filter((image): image is string => image !== null)
  for (let i = seeded.length; i < DISHES; i++) {
    const res = await fetch(`${server.url}/api/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: JSON.stringify({ name: `Platillo de la casa ${i + 1}`, description: 'Para medir', category: 'chilaquiles', price: 30 + i, image: photos[i % photos.length] }),
    })
    if (res.status !== 201) throw new Error(`product ${i}: ${res.status} ${await res.text()}`)
  }
  const ids = ((await (await fetch(`${server.url}/api/products`)).json()) as { id: number }[]).map((p) => p.id)
  console.log(`${ids.length} dishes; server from ${root}`)

  const idle = await probe(server.url, Bun.sleep(3000))
  let client = 0
  const statuses = new Map<number, number>()
  const previewMs: number[] = []
  const crawl = async (offset: number) => {
    for (let n = 0; n < ROUNDS * ids.length; n++) {
      const id = ids[(n + offset) % ids.length]
      const started = performance.now()
      const res = await fetch(`${server.url}/og/producto/${id}.jpg`, { headers: { 'x-forwarded-for': `10.${(++client >> 8) & 255}.${client & 255}.1` } })
      await res.arrayBuffer()
      previewMs.push(performance.now() - started)
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
    }
  }
  const crawled = Promise.all(Array.from({ length: CRAWLERS }, (_, i) => crawl(Math.floor((i * ids.length) / CRAWLERS))))
  const during = await probe(server.url, crawled)
  console.log(`GET /api/products alone:              ${summary(idle)}`)
  console.log(`GET /api/products during the crawl:   ${summary(during)}`)
  console.log(`previews (${CRAWLERS} crawlers x ${ROUNDS} rounds): ${summary(previewMs)}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`)
} finally {
  await server.stop()
}
