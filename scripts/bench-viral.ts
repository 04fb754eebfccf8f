/**
 * `bun run bench:viral`: the evening a promotion code goes viral (issue #44), measured as it
 * would go. Two real instances (from source) on one throwaway PostgreSQL (scripts/pg-cluster.ts):
 *
 *  1. PAGES customers order (a plate and two drinks) through both instances, half each, and
 *     open their tracking page: GET /pedido/<token>, then its event stream, held on a raw
 *     socket (Bun's fetch keeps only 256 requests in flight at once; a socket is what a phone is);
 *  2. for SECONDS: 500 new checkouts a minute (each after the landing page and a quote, each
 *     customer then opening their own tracking page), and the kitchen moving 20 orders a second
 *     (PATCH .../status, on either instance, one step each);
 *  3. printed: streams held and refused, the time from a kitchen move to its event on the page's
 *     stream and to the page showing it (the page fetched again, as live.ts does) p50/p99/max,
 *     moves missed (no event within 5 s), 5xx answers, the checkout's p50/p99, the RSS of each
 *     instance (idle, with the streams open, peak) and the memory per open stream.
 *
 * Numbers only, never asserts (the scaled-down run in test/multi-instance/viral.test.ts does).
 *   VIRAL_PAGES=5000 VIRAL_SECONDS=60 VIRAL_CHECKOUTS_PER_MINUTE=500 VIRAL_MOVES_PER_SECOND=20
 *   VIRAL_SOURCE=/path/to/another/checkout   runs that tree's server instead (a before/after)
 *   VIRAL_ONE_INSTANCE=1                     every crowd page on the first instance (VIRAL_PAGES=10000: 10,000 streams on one)
 * The file descriptor limit is raised to its hard limit for this process (each page is a socket).
 */
import { SQL } from 'bun'
import { readFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { type BenchServer as Instance, startBenchServer } from './bench-server'
import { startCluster } from './pg-cluster'

export type ViralOptions = { pages: number; /** every crowd page on the first instance (10,000 streams on one) */ oneInstance?: boolean; seconds: number; checkoutsPerMinute: number; movesPerSecond: number; source?: string; quiet?: boolean }

const rssMb = (pid: number): number => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
    return kb / 1024
  } catch {
    return 0
  }
}

let address = 0
const nextAddress = () => {
  address++
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0

/** Every answer's status is counted: a 5xx anywhere is a failure of the evening. */
const counts = { requests: 0, fiveHundreds: 0, refusedStreams: 0, otherOrders: 0 }
async function call(url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { origin: new URL(url).origin, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  counts.requests++
  if (res.status >= 500) counts.fiveHundreds++
  return res
}

type MenuProduct = { id: number; name: string; category: string; availableSauces: number[]; extraIngredientIds: number[] }

async function seed(url: string) {
  await call(`${url}/api/auth/create-initial-admin`, { method: 'POST' })
  const login = await call(`${url}/api/auth/login`, { method: 'POST', body: { username: 'admin', password: 'admin123' } })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  await call(`${url}/api/admin/initialize-database`, { method: 'POST', headers: { cookie } })
  const products = (await (await call(`${url}/api/products`)).json()) as MenuProduct[]
  const plate = products.find((p) => p.category === 'chilaquiles' && p.availableSauces.length > 0 && p.extraIngredientIds.length >= 2)
  const drink = products.find((p) => p.name === 'Horchata') ?? products.find((p) => p.category === 'bebidas')
  if (!plate || !drink) throw new Error('the sample menu has no customisable chilaquiles or no drink')
  const order = {
    items: [
      { productId: plate.id, size: 'mediano', quantity: 1, customization: { sauceId: plate.availableSauces[0], sauceOnSide: false, removedIngredientIds: [], extraIds: plate.extraIngredientIds.slice(0, 2) } },
      { productId: drink.id, size: 'mediano', quantity: 2 },
    ],
    fulfilment: 'pickup',
    customerName: 'Viral',
  }
  return { cookie, order }
}

type Page = {
  id: number
  token: string
  from: string
  instance: Instance
  held: boolean
  ended: boolean
  socket?: net.Socket
  /** When each status was first seen on the stream (ms, performance.now()). */
  seen: Map<string, number>
  shown: Map<string, number>
}

/** The tracking page fetched again, as live.ts does on an event; resolves once it shows `status`. */
async function showsStatus(page: Page, status: string): Promise<boolean> {
  const res = await call(`${page.instance.url}/pedido/${page.token}`, { headers: { accept: 'text/html', 'x-forwarded-for': page.from } })
  return (await res.text()).includes(`data-status="${status}"`)
}

/** Opens the page's event stream on a raw socket; resolves with the answer's status once its headers arrive. */
function openStream(page: Page): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: page.instance.port })
    let buffer = ''
    let status = 0
    socket.setEncoding('utf8')
    socket.on('connect', () =>
      socket.write(`GET /api/track/${page.token}/events HTTP/1.1\r\nHost: 127.0.0.1:${page.instance.port}\r\nAccept: text/event-stream\r\nX-Forwarded-For: ${page.from}\r\n\r\n`),
    )
    socket.on('data', (chunk: string) => {
      buffer += chunk
      if (!status) {
        const head = /^HTTP\/1\.1 (\d{3})/.exec(buffer)
        if (!head || !buffer.includes('\r\n\r\n')) return
        status = Number(head[1])
        counts.requests++
        if (status >= 500) counts.refusedStreams++
        if (status === 200) {
          page.held = true
          page.socket = socket
        } else socket.destroy()
        resolve(status)
      }
      // Every event is one chunk of its own: `data: {"type":...,"id":N,...,"status":"x"}`.
      let match: RegExpExecArray | null
      const pattern = /data: (\{[^\n]*\})\n/g
      let consumed = 0
      while ((match = pattern.exec(buffer))) {
        consumed = pattern.lastIndex
        const event = JSON.parse(match[1] ?? '{}') as { id: number; status: string }
        if (event.id !== page.id) counts.otherOrders++ // a page must hear its own order only
        if (!page.seen.has(event.status)) {
          page.seen.set(event.status, performance.now())
          void showsStatus(page, event.status).then((ok) => ok && page.shown.set(event.status, performance.now()))
        }
      }
      if (consumed) buffer = buffer.slice(consumed)
      else if (buffer.length > 4096) buffer = buffer.slice(-1024)
    })
    socket.on('close', () => {
      page.ended = true
      if (!status) resolve(0)
    })
    socket.on('error', () => {})
  })
}

/** A customer: the landing page, a quote, the checkout; then their tracking page. The checkout's latency. */
async function customer(instance: Instance, order: unknown, pages: Page[], open: boolean): Promise<{ ms: number; ok: boolean }> {
  const from = nextAddress()
  const headers = { 'x-forwarded-for': from }
  await (await call(`${instance.url}/`, { headers: { ...headers, accept: 'text/html' } })).arrayBuffer()
  await (await call(`${instance.url}/api/checkout/quote`, { method: 'POST', body: order, headers })).arrayBuffer()
  const t0 = performance.now()
  const res = await call(`${instance.url}/api/checkout`, { method: 'POST', body: order, headers })
  const answer = (await res.json()) as { id?: number; trackingUrl?: string }
  const ms = performance.now() - t0
  if (res.status !== 201 || !answer.id || !answer.trackingUrl) return { ms, ok: false }
  const page: Page = { id: answer.id, token: answer.trackingUrl.split('/pedido/')[1] ?? '', from, instance, held: false, ended: false, seen: new Map(), shown: new Map() }
  pages.push(page)
  if (open) {
    await (await call(`${instance.url}/pedido/${page.token}`, { headers: { ...headers, accept: 'text/html' } })).arrayBuffer()
    await openStream(page)
  }
  return { ms, ok: true }
}

async function inBatches<T>(items: T[], size: number, each: (item: T, i: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < items.length) {
        const i = next++
        await each(items[i] as T, i)
      }
    }),
  )
}

export type ViralFigures = Awaited<ReturnType<typeof benchViral>>

export async function benchViral(options: ViralOptions) {
  const log = options.quiet ? () => {} : (line: string) => console.log(line)
  const source = options.source ?? path.resolve(import.meta.dir, '..')
  const cluster = await startCluster()
  const instances: Instance[] = []
  const pages: Page[] = []
  try {
    const admin = new SQL(cluster.url, { max: 1 })
    await admin.unsafe('CREATE DATABASE chq_viral')
    await admin.close()
    const databaseUrl = cluster.url.replace(/\/postgres$/, '/chq_viral')
    instances.push(await startBenchServer({ cwd: source, env: { DATABASE_URL: databaseUrl } }), await startBenchServer({ cwd: source, env: { DATABASE_URL: databaseUrl } }))
    const [a, b] = instances as [Instance, Instance]
    const { cookie, order } = await seed(a.url)

    // 1. The crowd orders (through both instances) and opens its tracking pages.
    let t = performance.now()
    await inBatches(
      Array.from({ length: options.pages }, (_, i) => i),
      50,
      async (i) => {
        const instance = instances[options.oneInstance ? 0 : i % 2] as Instance
        const from = nextAddress()
        const res = await call(`${instance.url}/api/checkout`, { method: 'POST', body: order, headers: { 'x-forwarded-for': from } })
        const answer = (await res.json()) as { id?: number; trackingUrl?: string }
        if (res.status !== 201 || !answer.id || !answer.trackingUrl) throw new Error(`checkout ${res.status}: ${JSON.stringify(answer)}`)
        pages.push({ id: answer.id, token: answer.trackingUrl.split('/pedido/')[1] ?? '', from, instance, held: false, ended: false, seen: new Map(), shown: new Map() })
      },
    )
    const placedIn = (performance.now() - t) / 1000
    log(`${options.pages} orders placed in ${placedIn.toFixed(1)} s through both instances`)
    await Bun.sleep(2000)
    // Before any stream: warm (the checkouts ran), so what the streams add is what they cost.
    const idle = instances.map((i) => rssMb(i.pid))
    t = performance.now()
    const crowd = [...pages]
    const opened = new Map<number, number>()
    await inBatches(crowd, 50, async (page) => {
      await (await call(`${page.instance.url}/pedido/${page.token}`, { headers: { accept: 'text/html', 'x-forwarded-for': page.from } })).arrayBuffer()
      const status = await openStream(page)
      opened.set(status, (opened.get(status) ?? 0) + 1)
    })
    log(`${crowd.length} tracking pages opened in ${((performance.now() - t) / 1000).toFixed(1)} s: ${[...opened].map(([s, n]) => `${n} × ${s}`).join(', ')}`)
    await Bun.sleep(2000)
    const withStreams = instances.map((i) => rssMb(i.pid))
    const heldPer = instances.map((i) => crowd.filter((p) => p.held && p.instance === i).length)

    // Refused pages poll as the client they run does (measured separately; no stream, no push).
    const refused = crowd.filter((p) => !p.held)

    // 2. The evening: checkouts, the kitchen, RSS sampled.
    const peak = [...withStreams]
    const sampler = setInterval(() => instances.forEach((i, k) => (peak[k] = Math.max(peak[k] ?? 0, rssMb(i.pid)))), 500)
    const moves: { page: Page; status: string; at: number; ok: boolean }[] = []
    const checkouts: number[] = []
    let checkoutsFailed = 0
    const until = performance.now() + options.seconds * 1000
    const inFlight: Promise<unknown>[] = []
    const kitchenQueue = [...crowd.filter((p) => p.held), ...refused]
    let moved = 0
    const started = performance.now()
    const kitchenMove = () => {
      const page = kitchenQueue[moved % kitchenQueue.length]
      const instance = instances[moved % 2] as Instance
      moved++
      if (!page) return
      const status = page.seen.has('confirmed') || moves.some((m) => m.page === page) ? 'preparing' : 'confirmed'
      const move = { page, status, at: performance.now(), ok: false }
      moves.push(move)
      inFlight.push(
        call(`${instance.url}/api/orders/${page.id}/status`, { method: 'PATCH', body: { status }, headers: { cookie } }).then(async (res) => {
          move.ok = res.status === 200
          await res.arrayBuffer()
        }),
      )
    }
    // On the clock: as many moves and customers as the elapsed time calls for (a late timer catches up).
    let customers = 0
    const customerArrives = () => {
      const instance = instances[customers++ % 2] as Instance
      inFlight.push(
        customer(instance, order, pages, true).then((c) => {
          if (c.ok) checkouts.push(c.ms)
          else checkoutsFailed++
        }),
      )
    }
    const clock = setInterval(() => {
      const elapsed = (Math.min(performance.now(), until) - started) / 1000
      while (moved < Math.floor(elapsed * options.movesPerSecond)) kitchenMove()
      while (customers < Math.floor((elapsed * options.checkoutsPerMinute) / 60)) customerArrives()
    }, 10)
    await Bun.sleep(Math.max(0, until - performance.now()) + 20)
    clearInterval(clock)
    await Promise.allSettled(inFlight)
    await Bun.sleep(5000) // stragglers: an event later than this is missed
    clearInterval(sampler)

    // 3. Figures.
    const onStreams = moves.filter((m) => m.ok && m.page.held)
    const toEvent = onStreams.flatMap((m) => (m.page.seen.has(m.status) ? [(m.page.seen.get(m.status) ?? 0) - m.at] : [])).sort((x, y) => x - y)
    const toPage = onStreams.flatMap((m) => (m.page.shown.has(m.status) ? [(m.page.shown.get(m.status) ?? 0) - m.at] : [])).sort((x, y) => x - y)
    const missed = onStreams.length - toEvent.length
    checkouts.sort((x, y) => x - y)
    const newPages = pages.slice(crowd.length)
    const figures = {
      placedIn,
      pages: crowd.length,
      held: crowd.filter((p) => p.held).length,
      refused: refused.length,
      stillOpen: pages.filter((p) => p.held && !p.ended).length,
      droppedByServer: pages.filter((p) => p.held && p.ended).length,
      newPages: newPages.length,
      newHeld: newPages.filter((p) => p.held).length,
      moves: moves.length,
      movesFailed: moves.filter((m) => !m.ok).length,
      movesOnStreams: onStreams.length,
      event: { p50: percentile(toEvent, 50), p99: percentile(toEvent, 99), max: toEvent.at(-1) ?? 0 },
      page: { p50: percentile(toPage, 50), p99: percentile(toPage, 99), max: toPage.at(-1) ?? 0 },
      missed,
      otherOrders: counts.otherOrders,
      checkouts: { count: checkouts.length, failed: checkoutsFailed, p50: percentile(checkouts, 50), p99: percentile(checkouts, 99) },
      fiveHundreds: counts.fiveHundreds,
      requests: counts.requests,
      rss: instances.map((_, k) => ({ idle: idle[k] ?? 0, withStreams: withStreams[k] ?? 0, peak: peak[k] ?? 0, held: heldPer[k] ?? 0 })),
    }
    const f = (n: number) => n.toFixed(0)
    log(`streams: ${figures.held} of ${figures.pages} held (${figures.refused} refused), open at the end (with the new customers') ${figures.stillOpen}, ended by the server ${figures.droppedByServer}; new customers' pages ${figures.newHeld} of ${figures.newPages} held`)
    log(`kitchen: ${figures.moves} moves (${figures.movesFailed} failed), ${figures.movesOnStreams} on pages with a stream`)
    log(`  move -> event on its page: p50 ${f(figures.event.p50)} ms, p99 ${f(figures.event.p99)} ms, max ${f(figures.event.max)} ms; missed ${figures.missed}; another order's event on a page ${figures.otherOrders}`)
    log(`  move -> page showing it:   p50 ${f(figures.page.p50)} ms, p99 ${f(figures.page.p99)} ms, max ${f(figures.page.max)} ms`)
    log(`checkouts: ${figures.checkouts.count} in ${options.seconds} s (${figures.checkouts.failed} failed), p50 ${f(figures.checkouts.p50)} ms, p99 ${f(figures.checkouts.p99)} ms`)
    log(`5xx: ${figures.fiveHundreds} of ${figures.requests} answers, besides ${counts.refusedStreams} streams refused with 503`)
    figures.rss.forEach((r, k) => {
      const perStream = r.held ? ((r.withStreams - r.idle) * 1024) / r.held : 0
      log(`instance ${k + 1}: RSS before the streams ${f(r.idle)} MB, with ${r.held} streams ${f(r.withStreams)} MB (${perStream.toFixed(1)} KB per stream), peak ${f(r.peak)} MB`)
    })
    return figures
  } finally {
    for (const page of pages) page.socket?.destroy()
    await Promise.allSettled(instances.map((i) => i.stop()))
    await cluster.stop()
  }
}

if (import.meta.main) {
  const env = process.env
  const options: ViralOptions = {
    pages: Number(env.VIRAL_PAGES ?? 5000),
    seconds: Number(env.VIRAL_SECONDS ?? 60),
    checkoutsPerMinute: Number(env.VIRAL_CHECKOUTS_PER_MINUTE ?? 500),
    movesPerSecond: Number(env.VIRAL_MOVES_PER_SECOND ?? 20),
    source: env.VIRAL_SOURCE,
    oneInstance: env.VIRAL_ONE_INSTANCE === '1',
  }
  console.log(`== viral: ${options.pages} tracking pages on two instances, ${options.checkoutsPerMinute} checkouts a minute, the kitchen moving ${options.movesPerSecond} orders a second, ${options.seconds} s ==`)
  await benchViral(options)
  process.exit(0)
}
