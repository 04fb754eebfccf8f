/**
 * What an operator reads (decision 032): GET /metrics for the holder of METRICS_TOKEN alone,
 * labelled by declared routes; the orders counted placed and refused by reason; a request id
 * on every answer; LOG_FORMAT=json lines. Through the server's own fetch handler (in-process);
 * test/smoke/metrics.test.ts has a real Prometheus scrape the release binary.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Product } from '../../shared/schemas'
import { createTestApp } from '../testing.server'
import { jsonLine, requestScope, useJsonLogs } from './log.server'
import { UNMATCHED, routeLabels } from './request-observer.server'

const TOKEN = 'prueba-de-metricas-0123456789'
type T = Awaited<ReturnType<typeof createTestApp>>

/** The value of one sample line of the exposition, or undefined when absent. */
const sample = (body: string, series: string): number | undefined => {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

const promtool = Bun.which('promtool') ?? '/usr/bin/promtool'

describe('GET /metrics', () => {
  let t: T
  let cookie: string
  let horchata: Product
  let peers = 0
  const scrape = (token = TOKEN) => t.request('/metrics', { headers: { authorization: `Bearer ${token}` } })
  const order = (productId: number, peer = `10.9.0.${++peers}`) => t.request('/api/checkout', { method: 'POST', json: { items: [{ productId, size: 'mediano', quantity: 1 }], fulfilment: 'pickup' }, peer })

  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN } })
    cookie = await t.signIn()
    await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })
    const products = (await (await t.request('/api/products')).json()) as Product[]
    const found = products.find((p) => p.name === 'Horchata')
    if (!found) throw new Error('the sample menu has no Horchata')
    horchata = found
  })
  afterAll(() => t.cleanup())

  test('without the token (none, another, not Bearer) it is what any unknown path is; with it, the exposition', async () => {
    const unknown = await t.request('/no-existe')
    for (const res of [await t.request('/metrics'), await scrape('otro-token-de-metricas-0000'), await t.request('/metrics', { headers: { authorization: `Basic ${btoa(`x:${TOKEN}`)}` } })]) {
      expect(res.status).toBe(unknown.status)
      expect(res.headers.get('content-type')).toBe(unknown.headers.get('content-type'))
      expect(await res.text()).not.toContain('chq_')
    }
    const res = await scrape()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('text/plain; version=0.0.4')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = await res.text()
    expect(sample(body, 'chq_db_query_duration_seconds_count')).toBeGreaterThan(0)
    // PostgreSQL's pool (TEST_DATABASE_URL: 3 connections a test); SQLite has none.
    if (t.ctx.store.engine === 'postgres') expect(sample(body, 'chq_db_pool_connections')).toBe(3)
    else expect(body).not.toContain('chq_db_pool_connections')
    for (const name of ['chq_http_requests_total', 'chq_orders_placed_total', 'chq_orders_refused_total', 'chq_order_event_streams', 'chq_db_query_duration_seconds_count', 'chq_cache_lookups_total', 'process_resident_memory_bytes']) {
      expect(body).toContain(name)
    }
  })

  test('requests are labelled by the declared route, never the raw URL (ids, tracking keys)', async () => {
    await t.request('/admin/pedidos/987654/ticket', { headers: { cookie } })
    await t.request('/pedido/clave-secreta-de-seguimiento')
    await t.request('/api/no-existe-12345')
    await t.request('/otra-pagina-que-no-existe')
    await t.request('/api/orders/55', { method: 'DELETE', headers: { cookie } })
    const body = await (await scrape()).text()
    expect(sample(body, 'chq_http_requests_total{method="GET",route="/admin/pedidos/:id/ticket",status="404"}')).toBe(1)
    expect(sample(body, 'chq_http_requests_total{method="GET",route="/pedido/:token",status="404"}')).toBe(1)
    // The declared catch-alls: the API's JSON 404, the pages' 404.
    expect(sample(body, 'chq_http_requests_total{method="GET",route="/api/*",status="404"}')).toBe(1)
    expect(sample(body, 'chq_http_requests_total{method="GET",route="/*",status="404"}')).toBeGreaterThanOrEqual(1)
    expect(body).toContain(`method="DELETE",route="${UNMATCHED}"`)
    for (const raw of ['987654', 'clave-secreta', '12345', 'otra-pagina', '/api/orders/55']) expect(body).not.toContain(raw)
    expect(sample(body, 'chq_http_request_duration_seconds_count{method="GET",route="/admin/pedidos/:id/ticket"}')).toBe(1)
  })

  test('orders placed by source, and refused by reason (sold out, rate limited), each from 0', async () => {
    const before = await (await scrape()).text()
    expect(sample(before, 'chq_orders_refused_total{reason="closed"}')).toBe(0)
    const placed = (body: string) => sample(body, 'chq_orders_placed_total{source="storefront"}') ?? -1
    expect((await order(horchata.id)).status).toBe(201)
    const pos = await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { customerName: 'Mesa 4', items: [{ name: 'Horchata', quantity: 1, price: 20 }] } })
    expect(pos.status).toBe(201)
    expect((await t.request(`/api/products/${horchata.id}`, { method: 'PUT', headers: { cookie }, json: { ...horchata, available: false } })).status).toBe(200)
    expect((await order(horchata.id)).status).toBe(409)
    expect((await t.request(`/api/products/${horchata.id}`, { method: 'PUT', headers: { cookie }, json: { ...horchata, available: true } })).status).toBe(200)
    expect((await order(987_654)).status).toBe(409)
    for (let i = 0; i < 6; i++) await order(horchata.id, '10.9.9.9')
    const after = await (await scrape()).text()
    expect(placed(after) - placed(before)).toBe(1 + 5)
    expect(sample(after, 'chq_orders_placed_total{source="pos"}')).toBe(1)
    expect(sample(after, 'chq_orders_refused_total{reason="unavailable"}')).toBe(1)
    expect(sample(after, 'chq_orders_refused_total{reason="gone"}')).toBe(1)
    expect(sample(after, 'chq_orders_refused_total{reason="rate_limited"}')).toBe(1)
  })

  test('the answer cache counts hits and misses', async () => {
    await t.request('/')
    await t.request('/')
    const body = await (await scrape()).text()
    expect(sample(body, 'chq_cache_lookups_total{result="hit"}')).toBeGreaterThanOrEqual(1)
    expect(sample(body, 'chq_cache_lookups_total{result="miss"}')).toBeGreaterThanOrEqual(1)
  })

  test('promtool check metrics passes on the exposition (Debian\'s prometheus package)', async () => {
    const body = await (await scrape()).text()
    const check = Bun.spawn([promtool, 'check', 'metrics'], { stdin: new TextEncoder().encode(body), stdout: 'pipe', stderr: 'pipe' })
    const [out, err, code] = await Promise.all([new Response(check.stdout).text(), new Response(check.stderr).text(), check.exited])
    expect(`${out}${err}`.trim()).toBe('')
    expect(code).toBe(0)
  })
})

describe('without METRICS_TOKEN', () => {
  test('/metrics does not exist, even with a bearer token', async () => {
    const t = await createTestApp()
    try {
      const unknown = await t.request('/no-existe')
      const res = await t.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
      expect(res.status).toBe(unknown.status)
      expect(await res.text()).not.toContain('chq_')
    } finally {
      await t.cleanup()
    }
  })
})

describe('X-Request-Id', () => {
  test('every answer has one, new for each request; a client cannot choose it without a trusted proxy', async () => {
    const t = await createTestApp()
    try {
      const ids = await Promise.all(['/api/products', '/', '/no-existe', '/api/orders'].map(async (p) => (await t.request(p)).headers.get('x-request-id')))
      for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/)
      expect(new Set(ids).size).toBe(ids.length)
      const spoofed = await t.request('/api/products', { headers: { 'x-request-id': 'elegido-por-el-cliente' } })
      expect(spoofed.headers.get('x-request-id')).not.toBe('elegido-por-el-cliente')
    } finally {
      await t.cleanup()
    }
  })

  test('behind a trusted proxy its id is kept, unless it is not a sensible one', async () => {
    const t = await createTestApp({ config: { trustProxy: true } })
    try {
      const kept = await t.request('/api/products', { headers: { 'x-request-id': 'caddy-7f3a9c' } })
      expect(kept.headers.get('x-request-id')).toBe('caddy-7f3a9c')
      for (const bad of ['con espacios', 'x'.repeat(129), 'línea"\\']) {
        const res = await t.request('/api/products', { headers: { 'x-request-id': bad } })
        expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
      }
    } finally {
      await t.cleanup()
    }
  })
})

describe('LOG_FORMAT=json', () => {
  test('one JSON line per request: time, level, message, request id, method, route, status, duration', async () => {
    const t = await createTestApp({ config: { logFormat: 'json' } })
    try {
      const res = await t.request('/pedido/clave-de-seguimiento-55')
      const line = JSON.parse(t.logLines.at(-1) ?? '{}') as Record<string, unknown>
      expect(line).toMatchObject({ level: 'info', message: 'request', method: 'GET', route: '/pedido/:token', status: 404, requestId: res.headers.get('x-request-id') })
      expect(Date.parse(String(line.time))).toBeGreaterThan(Date.now() - 60_000)
      expect(typeof line.durationMs).toBe('number')
      expect(t.logLines.join('\n')).not.toContain('clave-de-seguimiento')
    } finally {
      await t.cleanup()
    }
  })

  test('every console line becomes one JSON object, with the request id of the request it was written in', () => {
    const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error }
    const out: string[] = []
    const err: string[] = []
    try {
      useJsonLogs({ out: (l) => out.push(l), err: (l) => err.push(l) })
      console.log('Chilaquiles escuchando en', 'http://127.0.0.1:3000', { pid: 1 })
      requestScope.run({ requestId: 'req-1' }, () => console.error(new Error('fallo de prueba')))
      console.warn('varias\nlíneas')
    } finally {
      Object.assign(console, saved)
    }
    expect(out).toHaveLength(1)
    expect(err).toHaveLength(2)
    const [started, failed, warned] = [...out, ...err].map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(started).toMatchObject({ level: 'info', message: 'Chilaquiles escuchando en http://127.0.0.1:3000 { pid: 1 }' })
    expect(started?.requestId).toBeUndefined()
    expect(failed).toMatchObject({ level: 'error', requestId: 'req-1' })
    expect(String(failed?.message)).toStartWith('Error: fallo de prueba')
    expect(warned).toMatchObject({ level: 'warn', message: 'varias\nlíneas' })
    for (const line of [...out, ...err]) expect(line).not.toContain('\n')
    expect(JSON.parse(jsonLine('info', 'x', { route: '/a' }))).toMatchObject({ message: 'x', route: '/a' })
  })
})

describe('routeLabels', () => {
  test('the most specific declared route wins, HEAD is GET, a trailing slash is the same route', () => {
    const label = routeLabels([
      { method: 'GET', path: '/api/orders/' },
      { method: 'GET', path: '/api/orders/summary' },
      { method: 'GET', path: '/api/orders/:id' },
      { method: 'ALL', path: '/api/*' },
    ])
    expect(label('GET', '/api/orders/summary')).toBe('/api/orders/summary')
    expect(label('HEAD', '/api/orders/7')).toBe('/api/orders/:id')
    expect(label('GET', '/api/orders/')).toBe('/api/orders')
    expect(label('DELETE', '/api/orders/7')).toBe(UNMATCHED)
    expect(label('GET', '/api/cualquier-cosa')).toBe(UNMATCHED)
  })
})
