/**
 * The same executable on each engine, measured in one run (decision 019):
 *  - checkout latency (p50/p99) and orders per second with 50 concurrent customers
 *    (POST /api/checkout from 50 loops, each from its own forwarded address so the
 *    per-address limit stays out of the way);
 *  - the time from a checkout on one instance to its event on a board streaming from
 *    another (SQLite: one instance, the board on the same one);
 *  - with 20,000 past orders (a busy year): the API bytes, as received with a browser's
 *    Accept-Encoding, that the Pedidos board and the dashboard download when opened and
 *    for each new order, against the whole history the old board downloaded.
 *
 *   bun scripts/bench-engines.ts [binary]     (default: from source)
 *   BENCH_BASELINE=old/chilaquiles            an older release's checkout too, first, in the same run
 *   BENCH_CPU_PROF=/tmp/prof                  from source: a CPU profile (markdown) of each server
 * bun run bench runs it too (BENCH_ONLY=engines for this part alone).
 */
import { Database } from 'bun:sqlite'
import { SQL } from 'bun'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ACTIVE_STATUSES } from '../src/shared/order-list'
import { type BenchServer, startBenchServer } from './bench-server'
import { startCluster } from './pg-cluster'

const root = path.resolve(import.meta.dir, '..')
const CUSTOMERS = 50
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const HISTORY = 20_000
const BROWSER_ENCODING = 'gzip, deflate, br, zstd'

// BENCH_CPU_PROF=/dir (from source): each server writes a CPU profile there, in markdown, when it stops.
const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof-md', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []
const start = (binary: string | undefined, env: Record<string, string>): Promise<BenchServer> => startBenchServer({ binary, bunFlags: profile, env })

const json = (url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  fetch(url, {
    method: init.method ?? 'GET',
    headers: { origin: new URL(url).origin, 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })

type MenuProduct = { id: number; name: string; category: string; availableSauces: number[]; extraIngredientIds: number[] }

/**
 * The order every customer places (issue #29's measure): a chilaquiles plate with a sauce and
 * two extras, and two drinks. Its products and ingredients are read from the seeded menu.
 */
function twoLineOrder(products: MenuProduct[]) {
  const plate = products.find((p) => p.category === 'chilaquiles' && p.availableSauces.length > 0 && p.extraIngredientIds.length >= 2)
  const drink = products.find((p) => p.name === 'Horchata') ?? products.find((p) => p.category === 'bebidas')
  if (!plate || !drink) throw new Error('the sample menu has no customisable chilaquiles or no drink')
  return {
    drinkId: drink.id,
    body: {
    items: [
      { productId: plate.id, size: 'mediano', quantity: 1, customization: { sauceId: plate.availableSauces[0], sauceOnSide: false, removedIngredientIds: [], extraIds: plate.extraIngredientIds.slice(0, 2) } },
      { productId: drink.id, size: 'mediano', quantity: 2 },
    ],
    fulfilment: 'pickup',
    customerName: 'Carga',
    },
  }
}

type Order = ReturnType<typeof twoLineOrder>['body']

async function signInAndSeed(url: string): Promise<{ cookie: string; productId: number; order: Order }> {
  await json(`${url}/api/auth/create-initial-admin`, { method: 'POST' })
  const login = await json(`${url}/api/auth/login`, { method: 'POST', body: { username: 'admin', password: 'admin123' } })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  await json(`${url}/api/admin/initialize-database`, { method: 'POST', headers: { cookie } })
  const products = (await (await fetch(`${url}/api/products`)).json()) as MenuProduct[]
  const { drinkId, body } = twoLineOrder(products)
  // The event and history orders name the plate: with BENCH_ORDER the drink asks for a required choice.
  const plateId = body.items[0]?.productId ?? drinkId
  return { cookie, productId: plateId, order: await withVariant(url, cookie, drinkId, body) }
}

/**
 * BENCH_ORDER (issues #32, #33): `options-code` gives the drink a required 'Leche' group and the
 * order a code (10%, no cap); `capped-code` the same with a cap on the code's uses, so each order
 * counts them again under the order's lock. Default: the two-line order alone.
 */
async function withVariant(url: string, cookie: string, drinkId: number, body: Order): Promise<Order> {
  const variant = process.env.BENCH_ORDER ?? 'plain'
  if (variant === 'plain') return body
  const group = (await (
    await json(`${url}/api/option-groups`, { method: 'POST', headers: { cookie }, body: { name: 'Leche', min: 1, max: 1, options: [{ name: 'Entera' }, { name: 'Almendra', price: 5, priceGrande: 7 }] } })
  ).json()) as { id: number; options: { id: number }[] }
  const drink = (await (await fetch(`${url}/api/products/${drinkId}`)).json()) as Record<string, unknown>
  const { id: _id, ...product } = drink
  await json(`${url}/api/products/${drinkId}`, { method: 'PUT', headers: { cookie }, body: { ...product, optionGroupIds: [group.id] } })
  const capped = variant === 'capped-code'
  await json(`${url}/api/promotions`, { method: 'POST', headers: { cookie }, body: { name: 'Carga', code: 'CARGA', kind: 'percent', value: 10, ...(capped ? { maxUses: 1_000_000 } : {}) } })
  const items = body.items.map((item) => (item.productId === drinkId ? { ...item, options: [{ groupId: group.id, optionId: group.options[1]?.id ?? 0 }] } : item))
  return { ...body, items, promoCode: 'CARGA' } as Order
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0

let address = 0
const nextAddress = () => {
  address++
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`
}

/** 50 customers ordering as fast as answers come, for LOAD_SECONDS, spread over `urls`. */
async function checkoutLoad(urls: string[], body: Order) {
  const latencies: number[] = []
  let failed = 0
  const until = performance.now() + LOAD_SECONDS * 1000
  await Promise.all(
    Array.from({ length: CUSTOMERS }, async (_, i) => {
      const url = `${urls[i % urls.length]}/api/checkout`
      while (performance.now() < until) {
        const t0 = performance.now()
        const res = await json(url, { method: 'POST', body, headers: { 'x-forwarded-for': nextAddress() } })
        await res.arrayBuffer()
        if (res.status === 201) latencies.push(performance.now() - t0)
        else failed++
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  return { orders: latencies.length, perSecond: latencies.length / LOAD_SECONDS, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed }
}

/** Checkout on `from`, event read on a board streaming from `to`: the median and worst of 20. */
async function eventLatency(from: string, to: string, cookie: string, productId: number) {
  const times: number[] = []
  for (let i = 0; i < 20; i++) {
    const stream = await fetch(`${to}/api/orders/events`, { headers: { cookie } })
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader()
    await reader.read() // the stream is open: retry and the first comment
    const t0 = performance.now()
    const placed = await json(`${from}/api/checkout`, {
      method: 'POST',
      body: { items: [{ productId, size: 'mediano', quantity: 1 }], fulfilment: 'pickup' },
      headers: { 'x-forwarded-for': nextAddress() },
    })
    await placed.arrayBuffer()
    let text = ''
    while (!text.includes('"type":"created"')) {
      const { value, done } = await reader.read()
      if (done) break
      text += new TextDecoder().decode(value)
    }
    times.push(performance.now() - t0)
    await reader.cancel()
  }
  times.sort((a, b) => a - b)
  return { median: percentile(times, 50), worst: times.at(-1) ?? 0 }
}

/** A year of orders: storefront plates with customisation, mostly delivered; a few still active. */
function pastOrders(count: number, productId: number) {
  const now = Date.now()
  return Array.from({ length: count }, (_, i) => {
    const at = new Date(now - (count - i) * ((365 * 86_400_000) / count)).toISOString()
    const active = i >= count - 12
    const status = active ? ACTIVE_STATUSES[i % ACTIVE_STATUSES.length] : i % 17 === 0 ? 'cancelled' : 'delivered'
    const items = [
      { productId, name: 'Chilaquiles Clásicos', size: 'grande', quantity: 2, price: 55, lineTotal: 110, customization: { sauce: { id: 17, name: 'Salsa Verde' }, sauceOnSide: false, removed: [{ id: 3, name: 'Cebolla' }], extras: [{ id: 9, name: 'Aguacate', price: 10 }] } },
      { productId, name: 'Horchata', size: 'mediano', quantity: 1, price: 20, lineTotal: 20, customization: null },
    ]
    return {
      number: i + 1,
      source: 'storefront',
      status,
      status_history: JSON.stringify([{ status: 'pending', at }, ...(active ? [] : [{ status, at }])]),
      status_at: at,
      customer_name: `Cliente ${i}`,
      customer_phone: '',
      fulfilment: i % 3 === 0 ? 'delivery' : 'pickup',
      zone_id: null,
      zone_name: i % 3 === 0 ? 'Zona 10' : null,
      address: i % 3 === 0 ? `${i} calle 5-${i % 90}, zona 10` : null,
      address_reference: null,
      payment: 'efectivo',
      cash_amount: 200,
      items: JSON.stringify(items),
      subtotal: 130,
      delivery_fee: i % 3 === 0 ? 15 : 0,
      total: i % 3 === 0 ? 145 : 130,
      notes: i % 5 === 0 ? 'Sin picante, por favor' : null,
      created_at: at,
    }
  })
}

const COLUMNS = Object.keys(pastOrders(1, 1)[0] ?? {})

/** Body bytes as received with a browser's Accept-Encoding (no decompression). */
async function received(url: string, cookie: string): Promise<number> {
  const res = await fetch(url, { headers: { cookie, 'accept-encoding': BROWSER_ENCODING }, decompress: false })
  return (await res.arrayBuffer()).byteLength
}

/** The query string of GET /api/orders, as the board sends it. */
const orderListSearch = (query: Record<string, string | number | readonly string[] | undefined>) =>
  `?${new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(',') : String(v)]])))}`
const activeList = `/api/orders${orderListSearch({ status: ACTIVE_STATUSES, limit: 500 })}`

/** The board and dashboard reads (what the admin pages request), and the whole history as the old board read it. */
async function growthBytes(url: string, cookie: string) {
  const sum = async (paths: string[]) => (await Promise.all(paths.map((p) => received(`${url}${p}`, cookie)))).reduce((a, b) => a + b, 0)
  const board = await sum(['/api/orders/summary', activeList])
  const boardAll = await sum([`/api/orders${orderListSearch({ limit: 50 })}`])
  const dashboard = await sum(['/api/orders/summary', `/api/orders${orderListSearch({ limit: 5 })}`, '/api/products'])
  const perOrder = await sum(['/api/orders/summary', activeList])
  let history = 0
  for (let before: number | undefined; ; ) {
    const page = `${url}/api/orders${orderListSearch({ limit: 500, before })}`
    history += await received(page, cookie)
    const orders = (await (await fetch(page, { headers: { cookie } })).json()) as { number: number }[]
    if (orders.length < 500) break
    before = orders.at(-1)?.number
  }
  return { board, boardAll, dashboard, perOrder, history }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

/** The checkout under load alone, on a fresh SQLite data folder or a fresh PostgreSQL database, for a binary compared. */
async function checkoutOnly(binary: string, engine: 'sqlite' | 'postgres', cluster?: { url: string }) {
  if (engine === 'sqlite') {
    const server = await start(binary, {})
    try {
      return await checkoutLoad([server.url], (await signInAndSeed(server.url)).order)
    } finally {
      await server.stop()
    }
  }
  const url = await freshDatabase(cluster?.url ?? '')
  const [a, b] = [await start(binary, { DATABASE_URL: url }), await start(binary, { DATABASE_URL: url })]
  try {
    return await checkoutLoad([a.url, b.url], (await signInAndSeed(a.url)).order)
  } finally {
    await Promise.all([a.stop(), b.stop()])
  }
}

let databases = 0
async function freshDatabase(clusterUrl: string): Promise<string> {
  const name = `chq_bench_${++databases}`
  const admin = new SQL(clusterUrl, { max: 1 })
  await admin.unsafe(`CREATE DATABASE ${name}`)
  await admin.close()
  return clusterUrl.replace(/\/postgres$/, `/${name}`)
}

/**
 * `binary` (default: from source) measured; with `baseline` (BENCH_BASELINE: an older
 * release binary), that one's checkout is measured first, in the same run and conditions.
 */
export async function benchEngines(binary?: string, baseline: string | undefined = process.env.BENCH_BASELINE): Promise<void> {
  console.log(`\n== engines: checkout under load (${CUSTOMERS} customers, ${LOAD_SECONDS} s, a plate with a sauce and 2 extras + 2 drinks), events between instances, ${HISTORY.toLocaleString('en')} past orders ==`)
  const rows: string[] = []

  // SQLite: one instance, its file in DATA_DIR.
  {
    const before = baseline ? await checkoutOnly(baseline, 'sqlite') : undefined
    const dataDir = await mkdtemp(path.join(tmpdir(), 'chq-bench-sqlite-'))
    let server = await start(binary, { DATA_DIR: dataDir })
    const { cookie, productId, order } = await signInAndSeed(server.url)
    const load = await checkoutLoad([server.url], order)
    const events = await eventLatency(server.url, server.url, cookie, productId)
    await server.stop()
    const db = new Database(path.join(dataDir, 'chilaquiles.db'))
    db.run('DELETE FROM order_lines')
    db.run('DELETE FROM orders')
    const insert = db.prepare(`INSERT INTO orders (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`)
    db.transaction(() => {
      for (const row of pastOrders(HISTORY, productId)) insert.run(...(Object.values(row) as (string | number | null)[]))
    })()
    db.run(`UPDATE counters SET value = ${HISTORY} WHERE name = 'order_number'`)
    db.close()
    server = await start(binary, { DATA_DIR: dataDir })
    const login = await json(`${server.url}/api/auth/login`, { method: 'POST', body: { username: 'admin', password: 'admin123' } })
    const growth = await growthBytes(server.url, (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '')
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
    rows.push(row('SQLite (1 instance)', load, events, growth, before))
  }

  // PostgreSQL: two instances on one database.
  {
    const cluster = await startCluster()
    try {
      const before = baseline ? await checkoutOnly(baseline, 'postgres', cluster) : undefined
      const url = await freshDatabase(cluster.url)
      const [a, b] = [await start(binary, { DATABASE_URL: url }), await start(binary, { DATABASE_URL: url })]
      const { cookie, productId, order } = await signInAndSeed(a.url)
      const load = await checkoutLoad([a.url, b.url], order)
      const events = await eventLatency(a.url, b.url, cookie, productId)
      const sql = new SQL(url, { max: 2 })
      await sql.unsafe('DELETE FROM order_lines')
      await sql.unsafe('DELETE FROM orders')
      const rowsToInsert = pastOrders(HISTORY, productId)
      for (let i = 0; i < rowsToInsert.length; i += 1000) await sql`INSERT INTO orders ${sql(rowsToInsert.slice(i, i + 1000))}`
      await sql.unsafe(`UPDATE counters SET value = ${HISTORY} WHERE name = 'order_number'`)
      await sql.close()
      const growth = await growthBytes(b.url, cookie)
      await Promise.all([a.stop(), b.stop()])
      rows.push(row('PostgreSQL (2 instances)', load, events, growth, before))
    } finally {
      await cluster.stop()
    }
  }
  for (const line of rows) console.log(line)
}

function row(
  name: string,
  load: Awaited<ReturnType<typeof checkoutLoad>>,
  events: Awaited<ReturnType<typeof eventLatency>>,
  growth: Awaited<ReturnType<typeof growthBytes>>,
  before?: Awaited<ReturnType<typeof checkoutLoad>>,
): string {
  const checkout = (l: Awaited<ReturnType<typeof checkoutLoad>>) =>
    `${l.perSecond.toFixed(0)} orders/s, p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms (${l.orders} orders, ${l.failed} refused or failed)`
  return [
    `${name}:`,
    ...(before ? [`  checkout, baseline: ${checkout(before)}`] : []),
    `  checkout: ${checkout(load)}`,
    `  checkout -> event on ${name.startsWith('SQLite') ? 'the same' : 'the other'} instance: median ${events.median.toFixed(1)} ms, worst of 20 ${events.worst.toFixed(1)} ms`,
    `  with ${HISTORY.toLocaleString('en')} past orders, API bytes received (br): board opened ${kb(growth.board)} (+ 'Todos' tab ${kb(growth.boardAll)}), dashboard opened ${kb(growth.dashboard)}, per new order ${kb(growth.perOrder)}; the whole history (what the board downloaded before) ${kb(growth.history)}`,
  ].join('\n')
}

if (import.meta.main) await benchEngines(process.argv[2] || undefined)
