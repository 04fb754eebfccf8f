/**
 * The customer's tracking page (/pedido/<token>, decision 023) against the landing page:
 * Lighthouse 13 mobile on both (score, LCP, script and total bytes as transferred, from
 * scripts/bench-admin.ts), and the page's own answers as they arrive (brotli), for an
 * order that is live (with its script) and one that is final (without).
 *
 *   bun run build:client && bun scripts/bench-tracking.ts
 */
import { adminApi, adminCookie, seed, startServer } from '../e2e/support/server'
import { benchAdmin } from './bench-admin'

const server = await startServer()
try {
  await seed(server.url)
  const cookie = await adminCookie(server.url)
  const products = (await (await fetch(`${server.url}/api/products`)).json()) as { id: number }[]
  const place = async () => {
    const res = await fetch(`${server.url}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ items: products.slice(0, 3).map((p) => ({ productId: p.id, size: 'mediano', quantity: 1 })), fulfilment: 'pickup' }),
    })
    return (await res.json()) as { id: number; trackingUrl: string }
  }
  const live = await place()
  const final = await place()
  await adminApi(server.url, cookie)(`/api/orders/${final.id}/status`, { method: 'PATCH', json: { status: 'cancelled' } })

  console.log('== /pedido/<token> as answered (brotli) ==')
  for (const [label, order] of [['live', live], ['final', final]] as const) {
    const res = await fetch(order.trackingUrl, { headers: { 'accept-encoding': 'br' }, decompress: false })
    const bytes = (await res.arrayBuffer()).byteLength
    const html = await (await fetch(order.trackingUrl)).text()
    const script = /<script type="module" src="([^"]+)"/.exec(html)?.[1]
    const js = script ? (await (await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'br' }, decompress: false })).arrayBuffer()).byteLength : 0
    console.log(`${label.padEnd(6)} HTML ${(bytes / 1024).toFixed(1)} KB (${res.headers.get('content-encoding')}, ${(html.length / 1024).toFixed(1)} KB raw, CSS inlined)   script ${js} B`)
  }
  await benchAdmin(server.url, cookie, [new URL(live.trackingUrl).pathname, '/'])
} finally {
  await server.stop()
}
