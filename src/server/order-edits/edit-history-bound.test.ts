/**
 * An order's record of changes is bounded (issue #39, requirement 5): every PATCH that changes
 * something adds a change, and every read of the order (the board, the tracking page, the
 * ticket, GET /api/orders) carries them all. A script with a staff session or an API key
 * alternating the notes grew one order without end (5,000 edits: every board read of the day
 * carried them). Past MAX_ORDER_CHANGES an edit is refused with 409 and nothing is written.
 * Both engines (`bun test` and `bun scripts/test-pg.ts`).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Order, Product } from '../../shared/schemas'
import { createTestApp } from '../testing.server'
import { getOrder } from '../orders/orders.repo.server'
import { MAX_ORDER_CHANGES } from './order-edit.service.server'

const clock = Date.parse('2026-11-23T12:00:00-06:00')
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let admin: string

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  admin = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: admin } })).status).toBe(201)
})
afterAll(() => t.cleanup())

test(`an order takes ${MAX_ORDER_CHANGES} changes, and the next is refused without writing`, async () => {
  const products = (await (await t.request('/api/products')).json()) as Product[]
  const horchata = products.find((p) => p.name === 'Horchata')!
  const placed = await t.request('/api/checkout', { method: 'POST', peer: '10.8.0.1', json: { items: [{ productId: horchata.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup' } })
  expect(placed.status).toBe(201)
  const order = (await placed.json()) as Order
  const edit = (notes: string) => t.request(`/api/orders/${order.id}`, { method: 'PATCH', headers: { cookie: admin }, json: { notes } })

  for (let i = 0; i < MAX_ORDER_CHANGES; i++) expect((await edit(`nota ${i}`)).status).toBe(200)
  const refused = await edit('una más')
  expect(refused.status).toBe(409)
  expect(((await refused.json()) as { message: string }).message).toContain('demasiados cambios')

  const saved = (await getOrder(t.ctx.db, order.id))!
  expect(saved.changes).toHaveLength(MAX_ORDER_CHANGES)
  expect(saved.notes).toBe(`nota ${MAX_ORDER_CHANGES - 1}`)
})
