/**
 * The owner's questions on a busy year (decision 025): 20,000 orders spread over 365 days
 * (lines, zones, payments, phones, some cancelled), then the time of each report call,
 * the customers' page and counters, as the API answers them, on SQLite and on PostgreSQL
 * (a throwaway cluster). Median of 5 calls each, after one warm-up. Numbers, no asserts.
 *
 *   bun scripts/bench-reports.ts
 */
import { createTestApp } from '../src/server/testing.server'
import { insertOrder, type NewOrder } from '../src/server/orders/orders.repo.server'
import { startCluster } from './pg-cluster'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000)
const RUNS = 5

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

function order(i: number): NewOrder {
  const delivery = i % 3 === 0
  const lines = 1 + (i % 3)
  const items = Array.from({ length: lines }, (_, l) => {
    const productId = 1 + ((i + l) % 10)
    const quantity = 1 + ((i + l) % 2)
    return { productId, name: `Producto ${productId}`, size: 'mediano' as const, quantity, price: 35, lineTotal: 35 * quantity, customization: null }
  })
  const subtotal = items.reduce((s, l) => s + l.lineTotal, 0)
  const fee = delivery ? 15 : 0
  return {
    source: 'storefront',
    status: i % 17 === 0 ? 'cancelled' : 'delivered',
    customerName: `Cliente ${i % 900}`,
    customerPhone: i % 4 === 0 ? '' : `502555${String(i % 900).padStart(5, '0')}`,
    fulfilment: delivery ? 'delivery' : 'pickup',
    zoneId: delivery ? 1 + (i % 4) : null,
    zoneName: delivery ? `Zona ${1 + (i % 4)}` : null,
    zoneEstimatedTime: null,
    scheduledFor: null,
    address: delivery ? 'Calle 1' : null,
    addressReference: null,
    payment: (['efectivo', 'tarjeta', 'transferencia'] as const)[i % 3] ?? 'efectivo',
    cashAmount: null,
    items,
    subtotal,
    deliveryFee: fee, discounts: [],
    total: subtotal + fee,
    notes: null,
  }
}

async function bench(label: string) {
  const now = Date.parse('2026-11-23T18:00:00Z')
  const t = await createTestApp({ now: () => now })
  try {
    const cookie = await t.signIn()
    const started = performance.now()
    const start = now - 365 * 86_400_000
    for (let i = 0; i < ORDERS; i += 500) {
      await t.ctx.db.transaction().execute(async (trx) => {
        for (let j = i; j < Math.min(i + 500, ORDERS); j++) await insertOrder(trx, order(j), new Date(start + Math.floor((j / ORDERS) * 365 * 86_400_000)))
      })
    }
    console.log(`\n== ${label}: ${ORDERS} orders over a year, loaded in ${((performance.now() - started) / 1000).toFixed(1)} s ==`)
    const calls = [
      ['a year, per day', '/api/reports/sales?from=2025-11-24&to=2026-11-23&groupBy=day'],
      ['a year, per product', '/api/reports/sales?from=2025-11-24&to=2026-11-23&groupBy=product'],
      ['a year, per zone', '/api/reports/sales?from=2025-11-24&to=2026-11-23&groupBy=zone'],
      ['a year, per payment', '/api/reports/sales?from=2025-11-24&to=2026-11-23&groupBy=payment'],
      ['a year, per product, CSV', '/api/reports/sales?from=2025-11-24&to=2026-11-23&groupBy=product&format=csv'],
      ['today, per day', '/api/reports/sales?from=2026-11-23&to=2026-11-23&groupBy=day'],
      ['customers, first page', '/api/customers'],
      ['customers, search', '/api/customers?search=Cliente%2012'],
      ['customers, counters', '/api/customers/summary'],
    ] as const
    for (const [name, path] of calls) {
      const times: number[] = []
      let bytes = 0
      for (let r = 0; r <= RUNS; r++) {
        const t0 = performance.now()
        const res = await t.request(path, { headers: { cookie } })
        bytes = (await res.arrayBuffer()).byteLength
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
        if (r > 0) times.push(performance.now() - t0)
      }
      console.log(`${name.padEnd(28)} ${median(times).toFixed(1).padStart(7)} ms   (${(bytes / 1024).toFixed(1)} KB)`)
    }
  } finally {
    await t.cleanup()
  }
}

await bench('SQLite')
const cluster = await startCluster()
try {
  process.env.TEST_DATABASE_URL = cluster.url
  await bench('PostgreSQL 15')
} finally {
  await cluster.stop()
}
