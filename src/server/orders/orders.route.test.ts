import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ORDER_STATUSES, type OrderStatus, canMove, isFinalStatus, nextStatuses } from '../../shared/order-status'
import { type OrderSummary, boardCounts } from '../../shared/order-list'
import type { Order } from '../../shared/schemas'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
})
afterAll(() => t.cleanup())

const order = { customerName: 'Ana López', customerPhone: '50255551234', items: [{ productId: 1, name: 'Chilaquiles Clásicos', size: 'grande', quantity: 2, price: 45 }], total: 90 }

const post = async (json: unknown = order) => {
  const res = await t.request('/api/orders', { method: 'POST', headers: { cookie }, json })
  expect(res.status).toBe(201)
  return (await res.json()) as Order
}
const patch = (id: number | string, status: unknown, headers: Record<string, string> = { cookie }) =>
  t.request(`/api/orders/${id}/status`, { method: 'PATCH', headers, json: { status } })

/** A POS order moved, step by step along the allowed path, to `status`. */
async function orderAt(status: OrderStatus): Promise<Order> {
  const created = await post()
  if (status === 'pending') return created
  const path: OrderStatus[] = status === 'cancelled' ? ['cancelled'] : ORDER_STATUSES.slice(1, ORDER_STATUSES.indexOf(status) + 1)
  let current = created
  for (const step of path) {
    const res = await patch(current.id, step)
    expect(res.status).toBe(200)
    current = (await res.json()) as Order
  }
  expect(current.status).toBe(status)
  return current
}

describe('orders', () => {
  test('GET needs a session (or API key); signed out 401', async () => {
    expect((await t.request('/api/orders')).status).toBe(401)
    expect(await (await t.request('/api/orders', { headers: { cookie } })).json()).toEqual([])
  })

  test('POST (point-of-sale shape) records: 201, pending, number, source pos, history; GET lists most recent first', async () => {
    const created = await post()
    expect(created).toMatchObject({ ...order, status: 'pending', notes: null, source: 'pos', subtotal: 90, deliveryFee: 0, fulfilment: null, payment: null })
    expect(created.items[0]).toMatchObject({ name: 'Chilaquiles Clásicos', quantity: 2, price: 45, lineTotal: 90 })
    expect(Date.parse(created.createdAt)).toBeGreaterThan(0)
    expect(created.statusHistory).toEqual([{ status: 'pending', at: created.createdAt, by: 'admin' }])
    const second = await post({ ...order, customerName: 'Luis' })
    expect(second.number).toBe(created.number + 1)
    const list = (await (await t.request('/api/orders', { headers: { cookie } })).json()) as Order[]
    expect(list.slice(0, 2).map((o) => o.id)).toEqual([second.id, created.id])
  })

  test('validation: no items, bad quantity, bad status -> 400; signed out POST -> 401', async () => {
    expect((await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { ...order, items: [] } })).status).toBe(400)
    expect((await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { ...order, items: [{ name: 'x', quantity: 0, price: 1 }] } })).status).toBe(400)
    expect((await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { ...order, status: 'lost' } })).status).toBe(400)
    expect((await t.request('/api/orders', { method: 'POST', json: order })).status).toBe(401)
  })

  test('rows stored in the point-of-sale shape before migration 003 read back with lineTotal and no customisation', async () => {
    await sql`INSERT INTO orders (number, status, status_history, customer_name, items, subtotal, total, created_at)
       VALUES (9000, 'delivered', '[{"status":"delivered","at":"2000-01-01T00:00:00.000Z"}]', 'Viejo', '[{"name":"Horchata","quantity":3,"price":20}]', 60, 60, '2000-01-01T00:00:00.000Z')`.execute(t.ctx.db)
    const list = (await (await t.request('/api/orders', { headers: { cookie } })).json()) as Order[]
    const old = list.find((o) => o.number === 9000)
    expect(old).toMatchObject({ number: 9000, source: 'pos', status: 'delivered', customerName: 'Viejo', subtotal: 60, deliveryFee: 0, total: 60 })
    expect(old?.items).toEqual([{ name: 'Horchata', quantity: 3, price: 20, lineTotal: 60 }])
    await t.ctx.db.deleteFrom('orders').where('number', '=', 9000).execute()
  })
})

describe('PATCH /api/orders/:id/status', () => {
  test('every allowed move answers 200 with the new status appended to the history', async () => {
    for (const from of ORDER_STATUSES) {
      for (const to of nextStatuses(from)) {
        const o = await orderAt(from)
        const res = await patch(o.id, to)
        expect(`${from}->${to}:${res.status}`).toBe(`${from}->${to}:200`)
        const moved = (await res.json()) as Order
        expect(moved.status).toBe(to)
        expect(moved.statusHistory.map((h) => h.status)).toEqual([...o.statusHistory.map((h) => h.status), to])
        expect(Date.parse(moved.statusHistory.at(-1)?.at ?? '')).toBeGreaterThan(0)
      }
    }
  })

  test('cancelled from each non-final state; never from delivered or cancelled', async () => {
    for (const from of ORDER_STATUSES) {
      const res = await patch((await orderAt(from)).id, 'cancelled')
      expect(`${from}:${res.status}`).toBe(`${from}:${isFinalStatus(from) ? 409 : 200}`)
    }
  })

  test('every refused move is a 409 naming both states in Spanish, and changes nothing', async () => {
    const at = new Map<OrderStatus, Order>()
    for (const s of ORDER_STATUSES) at.set(s, await orderAt(s))
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        if (canMove(from, to)) continue
        const o = at.get(from)
        if (!o) throw new Error('missing')
        const res = await patch(o.id, to)
        expect(`${from}->${to}:${res.status}`).toBe(`${from}->${to}:409`)
        expect(((await res.json()) as { message: string }).message).toMatch(/^No se puede pasar de ".+" a ".+"$/)
      }
    }
    const res = await patch((at.get('ready') as Order).id, 'pending')
    expect(await res.json()).toEqual({ message: 'No se puede pasar de "Listo" a "Pendiente"' })
    // A delivery on its way is 'En camino' in the refusal too, as on the board and the tracking page.
    const onItsWay = await orderAt('ready')
    await t.ctx.db.updateTable('orders').set({ fulfilment: 'delivery' }).where('id', '=', onItsWay.id).execute()
    expect(await (await patch(onItsWay.id, 'preparing')).json()).toEqual({ message: 'No se puede pasar de "En camino" a "En preparación"' })
    const list = (await (await t.request('/api/orders', { headers: { cookie } })).json()) as Order[]
    for (const [status, o] of at) expect(list.find((x) => x.id === o.id)?.statusHistory.length).toBe(o.statusHistory.length)
    expect(list.find((x) => x.id === at.get('ready')?.id)?.status).toBe('ready')
  })

  test('unknown id 404; bad id or status 400; signed out 401; cross-site 403', async () => {
    expect((await patch(999_999, 'confirmed')).status).toBe(404)
    expect(((await (await patch(999_999, 'confirmed')).json()) as { message: string }).message).toBe('Pedido no encontrado')
    expect((await patch('abc', 'confirmed')).status).toBe(400)
    const o = await post()
    expect((await patch(o.id, 'Pendiente')).status).toBe(400)
    expect((await t.request(`/api/orders/${o.id}/status`, { method: 'PATCH', headers: { cookie } })).status).toBe(400)
    expect((await patch(o.id, 'confirmed', {})).status).toBe(401)
    expect((await patch(o.id, 'confirmed', { cookie, origin: 'https://evil.example' })).status).toBe(403)
  })

  test('an API key (point-of-sale) may move orders; a dead key may not', async () => {
    const created = await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie }, json: { name: 'Caja 1' } })
    const { key } = (await created.json()) as { key: string }
    const o = await post()
    const res = await patch(o.id, 'confirmed', { 'x-api-key': key })
    expect(res.status).toBe(200)
    expect(((await res.json()) as Order).status).toBe('confirmed')
    expect((await patch(o.id, 'preparing', { authorization: `Bearer ${key}` })).status).toBe(200)
    expect((await patch(o.id, 'ready', { 'x-api-key': 'chq_nope' })).status).toBe(401)
  })
})

describe('GET /api/orders is bounded and pageable; GET /api/orders/summary counts in the database', () => {
  /** A fresh app whose clock is `clock.now` (the restaurant is UTC-6). */
  async function appWithOrders(count: number, hoursApart = 6) {
    const clock = { now: Date.parse('2026-11-20T18:00:00Z') }
    const app = await createTestApp({ now: () => clock.now })
    const signed = await app.signIn()
    const created: Order[] = []
    for (let i = 0; i < count; i++) {
      // Oldest first, one every `hoursApart` hours (6: four per restaurant day).
      clock.now = Date.parse('2026-11-20T18:00:00Z') + i * hoursApart * 3600_000
      const res = await app.request('/api/orders', { method: 'POST', headers: { cookie: signed }, json: order })
      expect(res.status).toBe(201)
      created.push((await res.json()) as Order)
    }
    const get = async (path: string) => {
      const res = await app.request(path, { headers: { cookie: signed } })
      return { status: res.status, body: (await res.json()) as unknown }
    }
    const move = (id: number, status: OrderStatus) => app.request(`/api/orders/${id}/status`, { method: 'PATCH', headers: { cookie: signed }, json: { status } })
    return { app, clock, created, get, move }
  }

  test('newest first, at most `limit` (default 100, max 500); `before` pages back without gaps or repeats', async () => {
    const { app, get } = await appWithOrders(130, 0.1)
    try {
      const first = (await get('/api/orders')).body as Order[]
      expect(first).toHaveLength(100)
      expect(first[0]?.number).toBe(130)
      expect(first.at(-1)?.number).toBe(31)
      const seen: number[] = []
      let before: number | undefined
      for (;;) {
        const page = (await get(`/api/orders?limit=50${before ? `&before=${before}` : ''}`)).body as Order[]
        seen.push(...page.map((o) => o.number))
        if (page.length < 50) break
        before = page.at(-1)?.number
      }
      expect(seen).toEqual(Array.from({ length: 130 }, (_, i) => 130 - i))
      expect(((await get('/api/orders?limit=500')).body as Order[]).length).toBe(130)
    } finally {
      await app.cleanup()
    }
  })

  test('status and restaurant days filter; a bad query is 400 in Spanish and names the field', async () => {
    const { app, created, get, move } = await appWithOrders(12)
    try {
      const [a, b] = created
      if (!a || !b) throw new Error('no orders')
      expect((await move(a.id, 'cancelled')).status).toBe(200)
      expect((await move(b.id, 'confirmed')).status).toBe(200)
      const active = (await get('/api/orders?status=confirmed,cancelled')).body as Order[]
      expect(active.map((o) => o.number).sort()).toEqual([a.number, b.number].sort())
      // Orders were placed at 12:00, 18:00, 00:00 and 06:00 restaurant time from Nov 20 on.
      const day = (await get('/api/orders?from=2026-11-21&to=2026-11-21')).body as Order[]
      expect(day.map((o) => o.createdAt)).toEqual([
        '2026-11-22T00:00:00.000Z',
        '2026-11-21T18:00:00.000Z',
        '2026-11-21T12:00:00.000Z',
        '2026-11-21T06:00:00.000Z',
      ])
      for (const [query, field] of [
        ['limit=0', 'limit'],
        ['limit=501', 'limit'],
        ['before=abc', 'before'],
        ['status=lost', 'status'],
        ['from=2026-02-30', 'from'],
        ['from=2026-11-22&to=2026-11-21', 'to'],
      ] as const) {
        const res = await get(`/api/orders?${query}`)
        expect(res.status).toBe(400)
        const body = res.body as { message: string; issues: { path: string }[] }
        expect(body.message).toBe('Datos inválidos')
        expect(body.issues.some((i) => i.path === field || i.path.startsWith(`${field}.`))).toBe(true)
      }
    } finally {
      await app.cleanup()
    }
  })

  test('summary: total, per status, and delivered on the restaurant\'s today only', async () => {
    const { app, clock, created, get, move } = await appWithOrders(6)
    try {
      const [a, b, c, d] = created
      if (!a || !b || !c || !d) throw new Error('no orders')
      // Delivered yesterday (restaurant time): Nov 21 23:30 = Nov 22 05:30 UTC.
      clock.now = Date.parse('2026-11-22T05:30:00Z')
      for (const step of ['confirmed', 'preparing', 'ready', 'delivered'] as const) expect((await move(a.id, step)).status).toBe(200)
      // Delivered today: Nov 22 00:30 restaurant time.
      clock.now = Date.parse('2026-11-22T06:30:00Z')
      for (const step of ['confirmed', 'preparing', 'ready', 'delivered'] as const) expect((await move(b.id, step)).status).toBe(200)
      expect((await move(c.id, 'confirmed')).status).toBe(200)
      expect((await move(d.id, 'cancelled')).status).toBe(200)
      const summary = (await get('/api/orders/summary')).body
      expect(summary).toEqual({
        total: 6,
        byStatus: { pending: 2, confirmed: 1, preparing: 0, ready: 0, delivered: 2, cancelled: 1 },
        upcoming: 0,
        upcomingByStatus: { pending: 0, confirmed: 0, preparing: 0, ready: 0, delivered: 0, cancelled: 0 },
        completedToday: 1,
      })
      const signedOut = await app.request('/api/orders/summary')
      expect(signedOut.status).toBe(401)
    } finally {
      await app.cleanup()
    }
  })

  test("summary: the active orders for later not due yet are counted apart (the board's 'Programados'), by the preparation time in force", async () => {
    const { app, clock, created, get, move } = await appWithOrders(6)
    try {
      const [soon, due, tomorrow, cancelled, done] = created
      if (!soon || !due || !tomorrow || !cancelled || !done) throw new Error('no orders')
      const forLater = (o: Order, at: string) => app.ctx.db.updateTable('orders').set({ scheduled_for: at }).where('id', '=', o.id).execute()
      // Now: 12:00 on 20 November, restaurant time; preparation 20 minutes (the default).
      clock.now = Date.parse('2026-11-20T18:00:00Z')
      await forLater(soon, '2026-11-20T12:30') // starts at 12:10: still waiting
      await forLater(due, '2026-11-20T12:20') // starts at 12:00: due now, in 'Activos'
      await forLater(tomorrow, '2026-11-21T09:00')
      await forLater(cancelled, '2026-11-21T09:00')
      await forLater(done, '2026-11-21T09:00')
      expect((await move(tomorrow.id, 'confirmed')).status).toBe(200)
      expect((await move(cancelled.id, 'cancelled')).status).toBe(200)
      for (const step of ['confirmed', 'preparing', 'ready', 'delivered'] as const) expect((await move(done.id, step)).status).toBe(200)
      const summary = (await get('/api/orders/summary')).body as OrderSummary
      expect(summary.byStatus).toEqual({ pending: 3, confirmed: 1, preparing: 0, ready: 0, delivered: 1, cancelled: 1 })
      expect(summary.upcoming).toBe(2)
      expect(summary.upcomingByStatus).toEqual({ pending: 1, confirmed: 1, preparing: 0, ready: 0, delivered: 0, cancelled: 0 })
      // The board's counters: 'Pedidos Pendientes' 2 (the order for now and the one due), 'En Proceso' 0.
      expect(boardCounts(summary)).toMatchObject({ pending: 2, inProgress: 0, upcoming: 2 })

      // 'Más tiempo' (+30: 50 minutes) brings 12:30 in; tomorrow's still waits.
      expect((await app.request('/api/order-settings/rush', { method: 'PUT', headers: { cookie: await app.signIn() }, json: { extraMinutes: 30 } })).status).toBe(200)
      const rushed = (await get('/api/orders/summary')).body as OrderSummary
      expect(rushed.upcomingByStatus).toEqual({ pending: 0, confirmed: 1, preparing: 0, ready: 0, delivered: 0, cancelled: 0 })
      // The next morning the rush (an hour) is over: 20 minutes again, so 9:00 waits until 8:40.
      clock.now = Date.parse('2026-11-21T14:39:00Z')
      expect(((await get('/api/orders/summary')).body as OrderSummary).upcoming).toBe(1)
      clock.now = Date.parse('2026-11-21T14:40:00Z')
      expect(((await get('/api/orders/summary')).body as OrderSummary).upcoming).toBe(0)
    } finally {
      await app.cleanup()
    }
  })
})
