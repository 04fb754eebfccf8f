import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Order, Product, Setting } from '../../shared/schemas'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let pos: Order

beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
  await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })
  const res = await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { customerName: 'Mesa 4', items: [{ name: 'Café de olla', quantity: 2, price: 25, notes: 'Sin azúcar' }], total: 50 } })
  pos = (await res.json()) as Order
})
afterAll(() => t.cleanup())

const ticket = (id: number | string, headers: Record<string, string> = { cookie }) => t.request(`/admin/pedidos/${id}/ticket`, { headers })

describe('GET /admin/pedidos/:id/ticket', () => {
  test('signed in: the ticket for the paper set (80 mm by default), private headers, framable by the site only', async () => {
    const res = await ticket(pos.id)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'")
    const html = (await res.text()).replaceAll('<!-- -->', '') // React's separators between text parts
    expect(html).toMatch(/@page \{ size: 80mm \d+mm; margin: 0; \}/)
    for (const text of [`#${pos.number}`, 'Mesa 4', '2 x Café de olla', 'Nota: Sin azúcar', 'TOTAL', 'Q50']) expect(html).toContain(text)
    expect(html).not.toContain('<script')
  })

  test("'Ancho del ticket' 58: the page is 58 mm; only an administrator sets it, to 58 or 80", async () => {
    expect((await t.request('/api/settings/ticket_width')).status).toBe(200)
    expect(((await (await t.request('/api/settings/ticket_width')).json()) as Setting).value).toBe('80')
    expect((await t.request('/api/settings/ticket_width', { method: 'PATCH', json: { value: '58' } })).status).toBe(401)
    const bad = await t.request('/api/settings/ticket_width', { method: 'PATCH', headers: { cookie }, json: { value: '100' } })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { issues: { message: string }[] }).issues[0]?.message).toBe('El ancho del ticket es 58 o 80 mm')
    expect((await t.request('/api/settings/ticket_width', { method: 'PATCH', headers: { cookie }, json: { value: '58' } })).status).toBe(200)
    expect(await (await ticket(pos.id)).text()).toMatch(/@page \{ size: 58mm \d+mm; margin: 0; \}/)
  })

  test('a storefront order carries the QR of its tracking link; signed out is sent to /login; a wrong id is 404', async () => {
    const products = (await (await t.request('/api/products')).json()) as Product[]
    const placed = await t.request('/api/checkout', { method: 'POST', json: { items: [{ productId: products[0]!.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup' } })
    const order = (await placed.json()) as Order
    const html = await (await ticket(order.id)).text()
    expect(html).toContain('PARA RECOGER')
    expect(html).toContain('alt="Código QR del seguimiento del pedido" src="data:image/svg+xml;base64,')
    const signedOut = await ticket(order.id, {})
    expect(signedOut.status).toBe(303)
    expect(signedOut.headers.get('location')).toBe('/login')
    for (const wrong of ['999999', 'abc', '1e3']) expect((await ticket(wrong)).status).toBe(404)
  })
})
