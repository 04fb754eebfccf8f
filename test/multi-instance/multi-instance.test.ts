/**
 * Several instances of the executable on one PostgreSQL database (decision 019): they
 * must behave as one restaurant. Each test runs against real processes and a real
 * throwaway cluster (scripts/pg-cluster.ts); nothing is mocked.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { type Cluster, startCluster } from '../../scripts/pg-cluster'
import type { Order, Product } from '../../src/shared/schemas'
import { jpegOf, quadrantPixels } from '../fixtures/photos'
import { type Instance, apiOf, cookieFrom, runCli, startInstance, waitForEvent } from './instances'

let cluster: Cluster
let databaseUrl: string
let a: Instance
let b: Instance
let cookie: string

const order = (name: string) => ({ customerName: name, items: [{ name: 'Horchata', quantity: 1, price: 20 }], total: 20 })

beforeAll(async () => {
  cluster = await startCluster()
  const admin = new SQL(cluster.url, { max: 1 })
  await admin.unsafe('CREATE DATABASE chq_multi')
  await admin.close()
  databaseUrl = cluster.url.replace(/\/postgres$/, '/chq_multi')
  // Started together: the migrations must run once (an advisory lock), not fail on each other.
  ;[a, b] = await Promise.all([startInstance(databaseUrl), startInstance(databaseUrl)])
  expect((await apiOf(a.url)('/api/auth/create-initial-admin', { method: 'POST' })).status).toBe(201)
  const login = await apiOf(a.url)('/api/auth/login', { method: 'POST', json: { username: 'admin', password: 'admin123' } })
  expect(login.status).toBe(200)
  cookie = cookieFrom(login)
  expect((await apiOf(b.url, cookie)('/api/admin/initialize-database', { method: 'POST' })).status).toBe(201)
}, 120_000)

afterAll(async () => {
  await Promise.allSettled([a?.stop(), b?.stop()])
  await cluster?.stop()
})

describe('two instances, one PostgreSQL', () => {
  test('/healthz answers ok on both', async () => {
    for (const instance of [a, b]) {
      const res = await fetch(`${instance.url}/healthz`)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(await res.json()).toEqual({ status: 'ok' })
    }
  })

  test('a session made on one works on the other, and a logout on either ends it on both', async () => {
    const login = await apiOf(b.url)('/api/auth/login', { method: 'POST', json: { username: 'admin', password: 'admin123' } })
    const session = cookieFrom(login)
    expect((await apiOf(a.url, session)('/api/auth/user')).status).toBe(200)
    expect((await apiOf(a.url, session)('/api/auth/logout', { method: 'POST' })).status).toBe(200)
    // The copied cookie is dead everywhere.
    expect((await apiOf(b.url, session)('/api/auth/user')).status).toBe(401)
    expect((await apiOf(a.url, session)('/api/orders')).status).toBe(401)
  })

  test('failed logins count across both instances: the 6th for one account, on either, is 429', async () => {
    const attempt = (instance: Instance) => apiOf(instance.url)('/api/auth/login', { method: 'POST', json: { username: 'cajero', password: 'incorrecta' } })
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await attempt(i % 2 === 0 ? a : b)).status)
    expect(statuses).toEqual([401, 401, 401, 401, 401])
    const sixth = await attempt(b)
    expect(sixth.status).toBe(429)
    expect(((await sixth.json()) as { message: string }).message).toMatch(/^Demasiados intentos/)
    expect((await attempt(a)).status).toBe(429)
  })

  test('an order placed on one reaches a board streaming from the other within 2 s', async () => {
    const stream = await apiOf(b.url, cookie)('/api/orders/events')
    expect(stream.status).toBe(200)
    const heard = waitForEvent(stream, (text) => text.includes('"type":"created"'), 2_000)
    const placed = await apiOf(a.url, cookie)('/api/orders', { method: 'POST', json: order('Evento') })
    expect(placed.status).toBe(201)
    const ms = await heard
    expect(ms).not.toBeNull()
  })

  test('a status moved on one reaches a tracking page streaming from the other within 2 s, and its page shows it', async () => {
    const products = (await (await apiOf(a.url)('/api/products')).json()) as Product[]
    const placed = await apiOf(a.url)('/api/checkout', { method: 'POST', json: { items: [{ productId: products[0]!.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup' } })
    expect(placed.status).toBe(201)
    const { id, trackingToken, trackingUrl } = (await placed.json()) as Order & { trackingUrl: string }
    expect(trackingUrl).toBe(`${a.url}/pedido/${trackingToken}`)
    const stream = await fetch(`${b.url}/api/track/${trackingToken}/events`)
    expect(stream.status).toBe(200)
    const heard = waitForEvent(stream, (text) => text.includes('"status":"confirmed"'), 2_000)
    expect((await apiOf(a.url, cookie)(`/api/orders/${id}/status`, { method: 'PATCH', json: { status: 'confirmed' } })).status).toBe(200)
    expect(await heard).not.toBeNull()
    const page = await (await fetch(`${b.url}/pedido/${trackingToken}`)).text()
    expect(page).toContain('data-status="confirmed"')
  })

  test('customers racing on both instances for the last place of a slot: exactly one wins', async () => {
    // Two more instances that believe X-Forwarded-For, so each racer is its own address (the checkout limit is per address).
    const [c, d] = await Promise.all([startInstance(databaseUrl, { TRUST_PROXY: '1' }), startInstance(databaseUrl, { TRUST_PROXY: '1' })])
    try {
      const settings = { preparationMinutes: 20, scheduling: { enabled: true, daysAhead: 1, slotMinutes: 30, maxOrdersPerSlot: 1 } }
      expect((await apiOf(c.url, cookie)('/api/order-settings', { method: 'PUT', json: settings })).status).toBe(200)
      // No hours saved: always open. Tomorrow noon in the restaurant is a slot whatever the time now.
      const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guatemala' }).format(Date.now() + 86_400_000)
      const slot = `${tomorrow}T12:00`
      const products = (await (await apiOf(c.url)('/api/products')).json()) as Product[]
      const racers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          apiOf(i % 2 ? c.url : d.url)('/api/checkout', {
            method: 'POST',
            headers: { 'x-forwarded-for': `10.20.0.${i + 1}` },
            json: { items: [{ productId: products[0]!.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup', scheduledFor: slot },
          }),
        ),
      )
      const statuses = racers.map((r) => r.status)
      expect(statuses.filter((s) => s === 201)).toHaveLength(1)
      expect(statuses.filter((s) => s === 409)).toHaveLength(9)
      console.log(`capacity race across two instances: ${statuses.join(' ')}`)
      const answer = (await (await apiOf(d.url)(`/api/order-slots?date=${tomorrow}`)).json()) as { slots: { time: string; available: boolean }[] }
      expect(answer.slots.find((s) => s.time === '12:00')).toEqual({ time: '12:00', available: false })
    } finally {
      await Promise.allSettled([c.stop(), d.stop()])
    }
  })

  test('a price changed on one is on the other\'s menu and landing page at its next request', async () => {
    const menu = (await (await fetch(`${b.url}/api/products`)).json()) as Product[]
    await fetch(`${b.url}/`) // the landing page is now cached on b
    const horchata = menu.find((p) => p.name === 'Horchata')
    if (!horchata) throw new Error('seed has no Horchata')
    const { id, ...data } = horchata
    const put = await apiOf(a.url, cookie)(`/api/products/${id}`, { method: 'PUT', json: { ...data, price: 29, name: 'Horchata de morro' } })
    expect(put.status).toBe(200)
    const after = (await (await fetch(`${b.url}/api/products`)).json()) as Product[]
    expect(after.find((p) => p.id === id)?.price).toBe(29)
    const page = await (await fetch(`${b.url}/`)).text()
    expect(page).toContain('Horchata de morro')
  })

  test('a photo uploaded through one is served by the other', async () => {
    const form = new FormData()
    form.set('image', new Blob([await jpegOf(quadrantPixels(800, 600))], { type: 'image/jpeg' }), 'foto.jpg')
    const uploaded = await apiOf(a.url, cookie)('/api/upload/product-image', { method: 'POST', body: form })
    expect(uploaded.status).toBe(201)
    const { url } = (await uploaded.json()) as { url: string }
    const served = await fetch(`${b.url}${url}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    const bytes = new Uint8Array(await served.arrayBuffer())
    expect(String.fromCharCode(...bytes.subarray(8, 12))).toBe('WEBP')
  })

  test('concurrent orders on both get distinct, consecutive numbers', async () => {
    const before = (await (await apiOf(a.url, cookie)('/api/orders/summary')).json()) as { total: number }
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => apiOf(i % 2 === 0 ? a.url : b.url, cookie)('/api/orders', { method: 'POST', json: order(`Mesa ${i}`) })),
    )
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(201))
    const numbers = (await Promise.all(results.map(async (r) => ((await r.json()) as Order).number))).sort((x, y) => x - y)
    expect(new Set(numbers).size).toBe(40)
    expect((numbers.at(-1) ?? 0) - (numbers[0] ?? 0)).toBe(39)
    const after = (await (await apiOf(b.url, cookie)('/api/orders/summary')).json()) as { total: number }
    expect(after.total).toBe(before.total + 40)
  })
})

/** 'ended' when the server ends the stream within `ms`, else 'still open'. */
async function streamEnd(res: Response, ms: number): Promise<'ended' | 'still open'> {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    void reader.cancel().catch(() => {})
  }, ms)
  try {
    while (!(await reader.read()).done) {
      // heartbeats and events: keep reading until the server ends the stream
    }
  } catch {
    // a reset connection ends it too
  } finally {
    clearTimeout(timer)
  }
  return timedOut ? 'still open' : 'ended'
}

/** Every order id, read page by page from instance b. */
async function everyOrderId(): Promise<Set<number>> {
  const ids = new Set<number>()
  for (let before: number | undefined; ; ) {
    const page = (await (await apiOf(b.url, cookie)(`/api/orders?limit=500${before ? `&before=${before}` : ''}`)).json()) as Order[]
    for (const o of page) ids.add(o.id)
    if (page.length < 500) return ids
    before = page.at(-1)?.number
  }
}

describe('failures', () => {
  test('kill -9 of one instance during writes loses nothing acknowledged; the other keeps answering', async () => {
    const victim = await startInstance(databaseUrl)
    const acknowledged: number[] = []
    let survivorErrors = 0
    let stop = false
    const writer = async (url: string, survivor: boolean) => {
      while (!stop) {
        try {
          const res = await apiOf(url, cookie)('/api/orders', { method: 'POST', json: order(survivor ? 'B' : 'V') })
          if (res.status === 201) acknowledged.push(((await res.json()) as Order).id)
          else if (survivor) survivorErrors++
        } catch {
          if (survivor) survivorErrors++
          if (!survivor) return // the victim is gone
        }
      }
    }
    const writers = [writer(victim.url, false), writer(victim.url, false), writer(b.url, true), writer(b.url, true)]
    await Bun.sleep(500)
    await victim.kill9()
    const atKill = acknowledged.length
    await Bun.sleep(500)
    stop = true
    await Promise.all(writers)
    expect(atKill).toBeGreaterThan(10)
    expect(acknowledged.length).toBeGreaterThan(atKill) // b went on taking orders
    expect(survivorErrors).toBe(0)
    const ids = await everyOrderId()
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([])
  })

  test('PostgreSQL stopped under load: 503 in Spanish and /healthz 503, nothing acknowledged lost, service back by itself', async () => {
    const acknowledged: number[] = []
    const other: number[] = []
    let stop = false
    const writer = async () => {
      while (!stop) {
        const res = await apiOf(a.url, cookie)('/api/orders', { method: 'POST', json: order('Carga') }).catch(() => null)
        if (res?.status === 201) acknowledged.push(((await res.json()) as Order).id)
        else if (res) {
          other.push(res.status)
          if (res.status === 503) expect(((await res.json()) as { message: string }).message).toMatch(/no está disponible/)
          else await res.body?.cancel()
        }
        await Bun.sleep(5)
      }
    }
    // A board streaming from b while the database goes away.
    const board = await apiOf(b.url, cookie)('/api/orders/events')
    expect(board.status).toBe(200)
    const boardEnded = streamEnd(board, 20_000)
    const writers = [writer(), writer()]
    await Bun.sleep(300)
    await cluster.halt()
    await Bun.sleep(1_500)
    const health = await fetch(`${b.url}/healthz`)
    expect(health.status).toBe(503)
    const during = await apiOf(b.url, cookie)('/api/orders')
    expect(during.status).toBe(503)
    expect(((await during.json()) as { message: string }).message).toMatch(/no está disponible/)
    await cluster.start()
    // Back by itself: no restart of the instances.
    let back = false
    for (let i = 0; i < 100 && !back; i++) {
      back = (await fetch(`${b.url}/healthz`)).status === 200 && (await fetch(`${a.url}/healthz`)).status === 200
      if (!back) await Bun.sleep(100)
    }
    expect(back).toBe(true)
    // b's link to the other instances came back: its streams were ended so the boards
    // reconnect and refetch what they missed; a new stream hears orders placed on a again.
    expect(await boardEnded).toBe('ended')
    const again = await apiOf(b.url, cookie)('/api/orders/events')
    const heard = waitForEvent(again, (text) => text.includes('"type":"created"'), 5_000)
    await Bun.sleep(200)
    expect((await apiOf(a.url, cookie)('/api/orders', { method: 'POST', json: order('Reconectado') })).status).toBe(201)
    expect(await heard).not.toBeNull()
    await Bun.sleep(300)
    stop = true
    await Promise.all(writers)
    expect(other.filter((s) => s !== 503)).toEqual([])
    const listed = await everyOrderId()
    expect(acknowledged.filter((id) => !listed.has(id))).toEqual([])
    expect((await apiOf(a.url, cookie)('/api/orders', { method: 'POST', json: order('Después') })).status).toBe(201)
  })

  test('an instance started while PostgreSQL is down waits with a log line and serves once it answers', async () => {
    await cluster.halt()
    const starting = startInstance(databaseUrl)
    await Bun.sleep(1_500)
    await cluster.start()
    const late = await starting
    try {
      expect(late.logs()).toMatch(/PostgreSQL \(postgres:\/\/postgres@127\.0\.0\.1:\d+\/chq_multi\) no responde .*reintentando/)
      expect((await fetch(`${late.url}/healthz`)).status).toBe(200)
    } finally {
      await late.stop()
    }
  })

  test('a malformed DATABASE_URL stops the start with a clear message that never shows the password', async () => {
    for (const url of ['mysql://root:s3cr3t-pw@db/x', 'postgres://root:s3cr3t-pw@db', 'not a url s3cr3t-pw']) {
      const { code, out } = await runCli(['serve'], { DATABASE_URL: url, PORT: '0' })
      expect(code).toBe(2)
      expect(out).toContain('DATABASE_URL')
      expect(out).not.toContain('s3cr3t-pw')
    }
  })
})
