import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ORDER_STATUSES, type OrderStatus, canMove, isFinalStatus, nextStatuses } from '../../shared/order-status'
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
    expect(created.statusHistory).toEqual([{ status: 'pending', at: created.createdAt }])
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
    t.ctx.db.run(
      `INSERT INTO orders (number, status, status_history, customer_name, items, subtotal, total, created_at)
       VALUES (9000, 'delivered', '[{"status":"delivered","at":"2000-01-01T00:00:00.000Z"}]', 'Viejo', '[{"name":"Horchata","quantity":3,"price":20}]', 60, 60, '2000-01-01T00:00:00.000Z')`,
    )
    const list = (await (await t.request('/api/orders', { headers: { cookie } })).json()) as Order[]
    const old = list.at(-1)
    expect(old).toMatchObject({ number: 9000, source: 'pos', status: 'delivered', customerName: 'Viejo', subtotal: 60, deliveryFee: 0, total: 60 })
    expect(old?.items).toEqual([{ name: 'Horchata', quantity: 3, price: 20, lineTotal: 60 }])
    t.ctx.db.run('DELETE FROM orders WHERE number = 9000')
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
