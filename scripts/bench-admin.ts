/**
 * Lighthouse 13 mobile (simulated throttling unless told otherwise) on the admin SPA: /login signed out and the
 * Pedidos board (/admin/pedidos) signed in, the session cookie handed to Lighthouse as an
 * extra header. Median of BENCH_LH_RUNS (3) runs per page; prints the score, FCP, LCP, TBT,
 * the script bytes transferred and how many requests came before the largest paint (and
 * how many of those were chunks found only by running code). Numbers, never asserts.
 * Decision 020.
 *
 *   bun scripts/bench-admin.ts            the server from source (run `bun run build:client` first),
 *                                         a fresh DATA_DIR seeded with the sample menu and a few orders
 *   BENCH_ADMIN_PATHS=/,/login,/admin/pedidos   which pages (default /login,/admin/pedidos)
 *   BENCH_LH_THROTTLING=devtools          throttle for real (DevTools network and CPU) instead of
 *                                         Lighthouse's simulation from an unthrottled load (the default)
 *
 * scripts/bench.ts calls benchAdmin() on the release binary (BENCH_ONLY=admin).
 */
import path from 'node:path'
import { adminCookie, seed, startServer } from '../e2e/support/server'

const root = path.resolve(import.meta.dir, '..')

type Request = { url: string; resourceType?: string; transferSize?: number; networkRequestTime?: number; networkEndTime?: number }
type Report = {
  categories: { performance: { score: number } }
  audits: Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length === 0 ? 0 : s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2
}
const sec = (n: number) => `${(n / 1000).toFixed(2)} s`

async function lighthouse(url: string, headers?: Record<string, string>): Promise<Report | undefined> {
  const proc = Bun.spawn(
    [
      process.execPath,
      path.join(root, 'node_modules/lighthouse/cli/index.js'),
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--only-categories=performance',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
      ...(process.env.BENCH_LH_THROTTLING ? [`--throttling-method=${process.env.BENCH_LH_THROTTLING}`] : []),
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, stdout: 'pipe', stderr: 'ignore' },
  )
  const text = await new Response(proc.stdout).text()
  await proc.exited
  try {
    return JSON.parse(text) as Report
  } catch {
    return undefined
  }
}

/**
 * Requests that ended before the largest paint (as loaded), and how many of those were
 * scripts asked for only after the first script had arrived: chunks the page discovered
 * by running code (a waterfall) instead of from the HTML.
 */
function beforePaint(report: Report): { count: number; late: number } {
  const items = (report.audits['network-requests']?.details?.items ?? []) as Request[]
  const lcp = (report.audits.metrics?.details?.items?.[0] as { observedLargestContentfulPaint?: number } | undefined)?.observedLargestContentfulPaint ?? 0
  const early = items.filter((r) => (r.networkEndTime ?? Infinity) <= lcp)
  const scripts = early.filter((r) => r.resourceType === 'Script')
  const firstScript = Math.min(...scripts.map((r) => r.networkEndTime ?? Infinity))
  return { count: early.length, late: scripts.filter((r) => (r.networkRequestTime ?? 0) >= firstScript).length }
}

/** Runs Lighthouse on each page and prints one block per page. `cookie` signs in the /admin pages. */
export async function benchAdmin(url: string, cookie: string, paths: string[] = ['/login', '/admin/pedidos'], runs = Number(process.env.BENCH_LH_RUNS ?? 3)) {
  for (const p of paths) {
    const signedIn = p.startsWith('/admin')
    const reports: Report[] = []
    for (let i = 0; i < runs; i++) {
      const report = await lighthouse(`${url}${p}`, signedIn ? { Cookie: cookie } : undefined)
      if (report) reports.push(report)
      else console.error(`lighthouse ${p} run ${i + 1} gave no report`)
      if (report && process.env.BENCH_LH_SAVE) await Bun.write(`${process.env.BENCH_LH_SAVE}${p.replaceAll('/', '_')}-${i + 1}.json`, JSON.stringify(report))
    }
    if (reports.length === 0) continue
    const value = (r: Report, id: string) => r.audits[id]?.numericValue ?? 0
    const scores = reports.map((r) => Math.round(r.categories.performance.score * 100))
    const lcp = reports.map((r) => value(r, 'largest-contentful-paint'))
    const js = reports.map((r) =>
      ((r.audits['network-requests']?.details?.items ?? []) as Request[]).filter((q) => q.resourceType === 'Script').reduce((sum, q) => sum + (q.transferSize ?? 0), 0),
    )
    const all = reports.map((r) => ((r.audits['network-requests']?.details?.items ?? []) as Request[]).reduce((sum, q) => sum + (q.transferSize ?? 0), 0))
    const early = reports.map(beforePaint)
    const throttling = process.env.BENCH_LH_THROTTLING ?? 'simulate'
    console.log(`\n== Lighthouse 13 mobile (${throttling} throttling), ${p}${signedIn ? ' (signed in)' : ''} (median of ${reports.length}) ==`)
    console.log(`performance      ${median(scores)}   (runs ${scores.join(' ')})   target >= 95`)
    console.log(`LCP              ${sec(median(lcp))}   (runs ${lcp.map((v) => (v / 1000).toFixed(2)).join(' ')})   target <= 1.5 s`)
    console.log(`FCP              ${sec(median(reports.map((r) => value(r, 'first-contentful-paint'))))}`)
    console.log(`TBT              ${median(reports.map((r) => value(r, 'total-blocking-time'))).toFixed(0)} ms`)
    console.log(`script           ${(median(js) / 1024).toFixed(1)} KB transferred`)
    console.log(`everything       ${(median(all) / 1024).toFixed(1)} KB transferred (first load, as on the wire: headers and compressed bodies)`)
    console.log(`before the LCP   ${median(early.map((e) => e.count))} requests, ${median(early.map((e) => e.late))} of them scripts asked for only after a script had arrived (as loaded)`)
  }
}

/** A few orders on the board, placed as the storefront does (falls back to the point-of-sale API). */
export async function seedOrders(url: string, cookie: string, count = 6): Promise<void> {
  const products = (await (await fetch(`${url}/api/products`)).json()) as { id: number; name: string }[]
  const first = products[0]
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${url}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ items: first ? [{ productId: first.id, size: 'mediano', quantity: 1 + (i % 3) }] : [], fulfilment: 'pickup', customerName: `Cliente ${i + 1}` }),
    })
    if (res.status === 201) continue
    await res.arrayBuffer()
    const pos = await fetch(`${url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, cookie },
      body: JSON.stringify({ customerName: `Mesa ${i + 1}`, items: [{ name: 'Horchata', quantity: 2, price: 20 }], total: 40 }),
    })
    if (!pos.ok) throw new Error(`order ${i + 1}: checkout ${res.status}, POS ${pos.status} ${await pos.text()}`)
  }
}

if (import.meta.main) {
  const server = await startServer()
  try {
    await seed(server.url)
    const cookie = await adminCookie(server.url)
    await seedOrders(server.url, cookie)
    await benchAdmin(server.url, cookie, (process.env.BENCH_ADMIN_PATHS ?? '/login,/admin/pedidos').split(','))
  } finally {
    await server.stop()
  }
}
