import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
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

describe('orders', () => {
  test('GET needs a session (or API key); signed out 401', async () => {
    expect((await t.request('/api/orders')).status).toBe(401)
    expect(await (await t.request('/api/orders', { headers: { cookie } })).json()).toEqual([])
  })

  test('POST records (201, status pending, createdAt) and GET lists most recent first', async () => {
    const res = await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: order })
    expect(res.status).toBe(201)
    const created = (await res.json()) as Order
    expect(created).toMatchObject({ ...order, status: 'pending', notes: null })
    expect(Date.parse(created.createdAt)).toBeGreaterThan(0)
    const second = (await (await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { ...order, customerName: 'Luis' } })).json()) as Order
    const list = (await (await t.request('/api/orders', { headers: { cookie } })).json()) as Order[]
    expect(list.map((o) => o.id)).toEqual([second.id, created.id])
  })

  test('validation: no items, bad quantity -> 400; signed out POST -> 401', async () => {
    expect((await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { ...order, items: [] } })).status).toBe(400)
    expect((await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { ...order, items: [{ name: 'x', quantity: 0, price: 1 }] } })).status).toBe(400)
    expect((await t.request('/api/orders', { method: 'POST', json: order })).status).toBe(401)
  })
})
