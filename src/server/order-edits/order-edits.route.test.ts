import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Order, Product } from '../../shared/schemas'
import { createTestApp } from '../testing.server'

// Monday 2026-11-23, 12:00 in Guatemala; no opening hours saved: always open.
const clock = Date.parse('2026-11-23T12:00:00-06:00')
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let admin: string
let staff: string
let plate: Product
let horchata: Product
let jamaica: Product
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'

let peers = 0
const nextPeer = () => `10.9.${Math.floor(++peers / 250)}.${peers % 250}`
const line = (product: Product, quantity = 1) => ({ productId: product.id, size: 'mediano' as const, quantity })
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message

async function place(items: unknown[], over: Record<string, unknown> = {}): Promise<Order> {
  const res = await t.request('/api/checkout', { method: 'POST', peer: nextPeer(), json: { items, fulfilment: 'pickup', ...over } })
  expect(res.status).toBe(201)
  return (await res.json()) as Order
}
const patch = (id: number, json: unknown, headers: Record<string, string> = { cookie: staff }) => t.request(`/api/orders/${id}`, { method: 'PATCH', headers, json })
const move = (id: number, status: string) => t.request(`/api/orders/${id}/status`, { method: 'PATCH', headers: { cookie: admin }, json: { status } })

async function product(name: string): Promise<Product> {
  const products = (await (await t.request('/api/products')).json()) as Product[]
  const found = products.find((p) => p.name === name)
  if (!found) throw new Error(`sin ${name}`)
  return found
}
async function save(p: Product, over: Partial<Product>): Promise<Product> {
  const { id, ...body } = p
  const res = await t.request(`/api/products/${id}`, { method: 'PUT', headers: { cookie: admin }, json: { ...body, ...over } })
  expect(res.status).toBe(200)
  return (await res.json()) as Product
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  admin = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: admin } })).status).toBe(201)
  const created = await t.request('/api/admin/users', { method: 'POST', headers: { cookie: admin }, json: { username: 'caja', password: 'caja-12345', role: 'staff' } })
  expect(created.status).toBe(201)
  staff = await t.signIn('caja', 'caja-12345')
  plate = await product('Chilaquiles Clásicos')
  horchata = await product('Horchata')
  jamaica = await product('Agua de Jamaica')
})
afterAll(() => t.cleanup())

describe(`PATCH /api/orders/{id} (${engine})`, () => {
  test('staff add a drink: kept lines keep their price, the new one takes today\'s; number and tracking link stay; the change is recorded', async () => {
    const order = await place([line(plate)])
    // The menu changes after the order: the plate costs more now, the drink too.
    plate = await save(plate, { price: plate.price + 10 })
    horchata = await save(horchata, { price: horchata.price + 2 })
    const res = await patch(order.id, { items: [line(plate), line(horchata)], reason: 'lo pidió por WhatsApp' })
    expect(res.status).toBe(200)
    expect(res.headers.get('etag')).toBe('"1"')
    const edited = (await res.json()) as Order
    expect(edited.number).toBe(order.number)
    expect(edited.trackingToken).toBe(order.trackingToken)
    expect(edited.items[0]?.price).toBe(order.items[0]?.price ?? -1)
    expect(edited.items[1]).toMatchObject({ productId: horchata.id, price: horchata.price, quantity: 1 })
    expect(edited.total).toBe(order.total + horchata.price)
    expect(edited.changes).toHaveLength(1)
    expect(edited.changes[0]).toMatchObject({ by: 'caja', summary: `Agregó 1 Horchata (Mediano); total Q${order.total} → Q${edited.total} (lo pidió por WhatsApp)` })
    // Everyone reads the same order: the tracking page (without who, nor the reason: issue #39) and the list.
    const tracking = (await (await t.request(`/api/track/${order.trackingToken}`)).json()) as { total: number; changes: { at: string; summary: string }[] }
    expect(tracking.total).toBe(edited.total)
    expect(tracking.changes).toEqual([{ at: edited.changes[0]!.at, summary: `Agregó 1 Horchata (Mediano); total Q${order.total} → Q${edited.total}` }])
    const listed = (await (await t.request('/api/orders?limit=5', { headers: { cookie: admin } })).json()) as Order[]
    expect(listed.find((o) => o.id === order.id)?.changes).toHaveLength(1)
  })

  test('a quantity change of a kept line keeps its recorded unit price', async () => {
    const order = await place([line(jamaica)])
    jamaica = await save(jamaica, { price: jamaica.price + 5 })
    const edited = (await (await patch(order.id, { items: [line(jamaica, 3)] })).json()) as Order
    expect(edited.items[0]).toMatchObject({ quantity: 3, price: order.items[0]!.price, lineTotal: order.items[0]!.price * 3 })
    expect(edited.changes[0]?.summary).toBe(`Cambió Agua de Jamaica (Mediano) de 1 a 3; total Q${order.total} → Q${edited.total}`)
  })

  test('only while pending, confirmed or preparing; ready, delivered and cancelled are 409 in Spanish', async () => {
    const order = await place([line(horchata)])
    expect((await move(order.id, 'confirmed')).status).toBe(200)
    expect((await patch(order.id, { notes: 'Sin hielo' })).status).toBe(200)
    expect((await move(order.id, 'preparing')).status).toBe(200)
    expect((await move(order.id, 'ready')).status).toBe(200)
    const ready = await patch(order.id, { notes: 'Con hielo' })
    expect(ready.status).toBe(409)
    expect(await messageOf(ready)).toBe('Este pedido ya está listo; ya no se puede cambiar')
    const cancelled = await place([line(horchata)])
    expect((await move(cancelled.id, 'cancelled')).status).toBe(200)
    expect(await messageOf(await patch(cancelled.id, { notes: 'x' }))).toBe('Este pedido está cancelado; ya no se puede cambiar')
  })

  test('access: signed-in staff and admin; anonymous 401; unknown order 404; bad input 400 changing nothing', async () => {
    const order = await place([line(horchata)])
    expect((await t.request(`/api/orders/${order.id}`, { method: 'PATCH', json: { notes: 'x' } })).status).toBe(401)
    expect((await patch(999_999, { notes: 'x' })).status).toBe(404)
    const empty = await patch(order.id, {})
    expect(empty.status).toBe(400)
    expect((await patch(order.id, { items: [] })).status).toBe(400)
    const delivery = await patch(order.id, { fulfilment: 'delivery' })
    expect(delivery.status).toBe(400)
    expect((await patch(order.id, { notes: 'ok' }, { cookie: admin })).status).toBe(200)
    const listed = (await (await t.request('/api/orders?limit=20', { headers: { cookie: admin } })).json()) as Order[]
    const after = listed.find((o) => o.id === order.id)!
    expect(after.changes).toHaveLength(1)
    expect(after.total).toBe(order.total)
  })

  test('a new line is checked like a checkout: sold out is 409 and nothing changes; a dish sold out since stays in the lines it was', async () => {
    const order = await place([line(jamaica)])
    jamaica = await save(jamaica, { available: false })
    // Still editable: the kept line is what the customer ordered.
    expect((await patch(order.id, { notes: 'Llamar al llegar' })).status).toBe(200)
    const sold = await patch(order.id, { items: [line(jamaica, 2)] })
    expect(sold.status).toBe(200) // the same line, another quantity: kept
    const refused = await patch(order.id, { items: [line(jamaica, 2), { ...line(jamaica), size: 'grande' }] })
    expect(refused.status).toBe(409)
    jamaica = await save(jamaica, { available: true })
  })

  test('nothing changed: 200 without a change recorded', async () => {
    const order = await place([line(horchata)])
    const same = (await (await patch(order.id, { items: [line(horchata)] })).json()) as Order
    expect(same.changes).toHaveLength(0)
  })

  test('two edits at once never lose one: without If-Match both apply one after the other; with the same If-Match one is 409', async () => {
    const order = await place([line(horchata)])
    const [a, b] = await Promise.all([patch(order.id, { notes: 'Sin hielo' }), patch(order.id, { items: [line(horchata, 2)] })])
    expect([a.status, b.status]).toEqual([200, 200])
    const both = (await (await t.request(`/api/orders?limit=10`, { headers: { cookie: admin } })).json()) as Order[]
    const now = both.find((o) => o.id === order.id)!
    expect(now.notes).toBe('Sin hielo')
    expect(now.items[0]?.quantity).toBe(2)
    expect(now.changes).toHaveLength(2)

    const version = `"${now.changes.length}"`
    const results = await Promise.all([
      patch(order.id, { items: [line(horchata, 3)] }, { cookie: staff, 'if-match': version }),
      patch(order.id, { items: [line(horchata, 2), line(jamaica)] }, { cookie: admin, 'if-match': version }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    const loser = results.find((r) => r.status === 409)!
    expect(await messageOf(loser)).toBe('Alguien más cambió este pedido mientras lo editabas; revisa el pedido y vuelve a intentarlo')
  })

  test('reports count the order as it ends', async () => {
    const before = (await (await t.request('/api/reports/sales?from=2026-11-23&to=2026-11-23&groupBy=product', { headers: { cookie: admin } })).json()) as { totals: { revenue: number } }
    const order = await place([line(horchata)])
    const edited = (await (await patch(order.id, { items: [line(horchata), line(plate)] })).json()) as Order
    const after = (await (await t.request('/api/reports/sales?from=2026-11-23&to=2026-11-23&groupBy=product', { headers: { cookie: admin } })).json()) as {
      totals: { revenue: number }
      rows: { key: string; quantity: number; revenue: number }[]
    }
    expect(after.totals.revenue - before.totals.revenue).toBe(edited.total)
    const rows = after.rows.reduce((sum, r) => sum + r.revenue, 0)
    expect(rows).toBe(after.totals.revenue)
  })
})
