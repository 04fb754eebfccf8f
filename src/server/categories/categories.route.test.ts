import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Category } from '../../shared/schemas/category'
import type { Product } from '../../shared/schemas'
import { createTestApp } from '../testing.server'

// Monday 2026-11-23, 12:00 in Guatemala (UTC-6). No opening hours saved: always open.
let clock = Date.parse('2026-11-23T12:00:00-06:00')
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let desayuno: Product

const desayunos = { slug: 'desayunos', name: 'Desayunos', description: 'Por la mañana', windows: [{ days: [0, 1, 2, 3, 4, 5, 6], from: '07:00', to: '11:00' }] }
const get = async <R>(path: string) => (await (await t.request(path)).json()) as R
let peers = 0
const checkout = (over: Record<string, unknown> = {}) =>
  t.request('/api/checkout', { method: 'POST', peer: `10.8.0.${++peers}`, json: { items: [{ productId: desayuno.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup', ...over } })

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  cookie = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })).status).toBe(201)
})
afterAll(() => t.cleanup())

describe('categories are the owner’s', () => {
  test('GET /api/categories: the SPEC’s four, three visible in tab order, extras hidden', async () => {
    const list = await get<Category[]>('/api/categories')
    expect(list.map((c) => [c.slug, c.name, c.description, c.visible])).toEqual([
      ['chilaquiles', 'Chilaquiles', 'Platillo principal', true],
      ['bebidas', 'Bebidas', 'Refrescos y aguas', true],
      ['postres', 'Postres', 'Dulces tradicionales', true],
      ['extras', 'Extras', 'Complementos', false],
    ])
    expect(list[0]).toMatchObject({ windows: [], whenUnavailable: 'show', displayOrder: 0 })
  })

  test('create (201), duplicate (409), bad slug or window (400), rename, 404, anonymous 401, staff 403', async () => {
    const res = await t.request('/api/categories', { method: 'POST', headers: { cookie }, json: { ...desayunos, displayOrder: 5 } })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ ...desayunos, displayOrder: 5, visible: true, whenUnavailable: 'show' })
    expect((await t.request('/api/categories', { method: 'POST', headers: { cookie }, json: desayunos })).status).toBe(409)
    for (const body of [{ ...desayunos, slug: 'Des ayunos' }, { ...desayunos, slug: 'x' }, { ...desayunos, slug: 'otra', windows: [{ days: [7], from: '07:00', to: '11:00' }] }, { ...desayunos, slug: 'otra', windows: [{ days: [1], from: '07:00', to: '07:00' }] }]) {
      expect((await t.request('/api/categories', { method: 'POST', headers: { cookie }, json: body })).status).toBe(400)
    }
    const put = await t.request('/api/categories/desayunos', { method: 'PUT', headers: { cookie }, json: { ...desayunos, name: 'Desayunos', displayOrder: 5 } })
    expect(put.status).toBe(200)
    expect((await t.request('/api/categories/nada', { method: 'PUT', headers: { cookie }, json: { name: 'Nada' } })).status).toBe(404)
    expect((await t.request('/api/categories', { method: 'POST', json: { ...desayunos, slug: 'anon' } })).status).toBe(401)
    expect((await t.request('/api/admin/users', { method: 'POST', headers: { cookie }, json: { username: 'cocina', password: 'cocina-1234', role: 'staff' } })).status).toBe(201)
    const staff = await t.signIn('cocina', 'cocina-1234')
    expect((await t.request('/api/categories/desayunos', { method: 'PUT', headers: { cookie: staff }, json: { name: 'Otro' } })).status).toBe(403)
    expect((await t.request('/api/categories', { method: 'POST', headers: { cookie: staff }, json: { ...desayunos, slug: 'staff' } })).status).toBe(403)
    expect((await t.request('/api/categories/desayunos', { method: 'DELETE', headers: { cookie: staff } })).status).toBe(403)
  })

  test('a product’s category is any existing slug (400 otherwise); GET /category/{slug} serves it; the menu follows the categories’ order', async () => {
    const base = { name: 'Desayuno chapín', description: 'Huevos, frijoles, plátano', price: 40 }
    const bad = await t.request('/api/products', { method: 'POST', headers: { cookie }, json: { ...base, category: 'tacos' } })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ message: 'Datos inválidos', issues: [{ path: 'category', message: 'Categoría inválida' }] })
    const res = await t.request('/api/products', { method: 'POST', headers: { cookie }, json: { ...base, category: 'desayunos' } })
    expect(res.status).toBe(201)
    desayuno = (await res.json()) as Product
    expect(desayuno).toMatchObject({ category: 'desayunos', windows: null })
    expect((await get<Product[]>('/api/products/category/desayunos')).map((p) => p.name)).toEqual(['Desayuno chapín'])
    expect((await t.request('/api/products/category/tacos')).status).toBe(400)
    // Desayunos last (order 5), then moved first: the whole menu follows.
    expect((await get<Product[]>('/api/products')).at(-1)?.name).toBe('Desayuno chapín')
    await t.request('/api/categories/desayunos', { method: 'PUT', headers: { cookie }, json: { ...desayunos, displayOrder: -1 } })
    const menu = await get<Product[]>('/api/products')
    expect(menu[0]?.name).toBe('Desayuno chapín')
    expect([...new Set(menu.map((p) => p.category))]).toEqual(['desayunos', 'chilaquiles', 'bebidas', 'postres'])
    // The landing page's tabs: the visible categories in order.
    const html = await (await t.request('/')).text()
    expect(html.indexOf('>Desayunos<')).toBeGreaterThan(-1)
    expect(html.indexOf('>Desayunos<')).toBeLessThan(html.indexOf('>Chilaquiles<'))
  })

  test('a category that still has products cannot be deleted (409); an empty one can', async () => {
    expect((await t.request('/api/categories/desayunos', { method: 'DELETE', headers: { cookie } })).status).toBe(409)
    await t.request('/api/categories', { method: 'POST', headers: { cookie }, json: { slug: 'temporada', name: 'Temporada' } })
    expect((await t.request('/api/categories/temporada', { method: 'DELETE', headers: { cookie } })).status).toBe(200)
    expect((await get<Category[]>('/api/categories')).some((c) => c.slug === 'temporada')).toBe(false)
  })
})

describe('windows: judged at the time the order is for', () => {
  test('the checkout refuses a dish outside its window (409, Spanish); inside it is taken', async () => {
    clock = Date.parse('2026-11-23T12:00:00-06:00') // 12:00 + 20 min: outside 7:00-11:00
    const res = await checkout()
    expect(res.status).toBe(409)
    expect(((await res.json()) as { message: string }).message).toBe('Los desayunos se sirven de 7:00 a 11:00; elige otra hora')
    clock = Date.parse('2026-11-23T10:39:00-06:00') // 10:59: inside
    expect((await checkout()).status).toBe(201)
    clock = Date.parse('2026-11-23T10:40:00-06:00') // 11:00: the end minute is exclusive
    expect((await checkout()).status).toBe(409)
  })

  test('an order for later is judged at its scheduledFor; /api/order-slots?products= marks the others', async () => {
    clock = Date.parse('2026-11-23T12:00:00-06:00')
    await t.request('/api/order-settings', { method: 'PUT', headers: { cookie }, json: { preparationMinutes: 20, scheduling: { enabled: true, daysAhead: 1, slotMinutes: 30, maxOrdersPerSlot: null } } })
    expect((await checkout({ scheduledFor: '2026-11-24T08:00' })).status).toBe(201)
    const late = await checkout({ scheduledFor: '2026-11-24T11:00' })
    expect(late.status).toBe(409)
    expect(((await late.json()) as { message: string }).message).toBe('Los desayunos se sirven de 7:00 a 11:00; elige otra hora')
    const slots = await get<{ slots: { time: string; available: boolean }[] }>(`/api/order-slots?date=2026-11-24&products=${desayuno.id}`)
    const at = (time: string) => slots.slots.find((s) => s.time === time)?.available
    expect([at('06:30'), at('07:00'), at('10:30'), at('11:00'), at('12:00')]).toEqual([false, true, true, false, false])
    const plain = await get<{ slots: { time: string; available: boolean }[] }>('/api/order-slots?date=2026-11-24')
    expect(plain.slots.every((s) => s.available)).toBe(true)
    expect((await t.request('/api/order-slots?date=2026-11-24&products=x')).status).toBe(400)
    // Several ids, as the cart sends them: Elysia's query parser splits the commas; the answer is the same.
    const both = await t.request(`/api/order-slots?date=2026-11-24&products=${desayuno.id},${desayuno.id + 1000}`)
    expect(both.status).toBe(200)
  })

  test('a product’s own windows replace its category’s; past midnight', async () => {
    const own = await t.request(`/api/products/${desayuno.id}`, {
      method: 'PUT',
      headers: { cookie },
      json: { ...desayuno, windows: [{ days: [1], from: '22:00', to: '02:00' }] },
    })
    expect(own.status).toBe(200)
    clock = Date.parse('2026-11-24T01:00:00-06:00') // Tuesday 1:20, inside Monday's 22:00-02:00
    expect((await checkout()).status).toBe(201)
    clock = Date.parse('2026-11-24T12:00:00-06:00')
    const res = await checkout()
    expect(res.status).toBe(409)
    expect(((await res.json()) as { message: string }).message).toBe('Desayuno chapín se sirve de 22:00 a 2:00 (lun); elige otra hora')
    await t.request(`/api/products/${desayuno.id}`, { method: 'PUT', headers: { cookie }, json: { ...desayuno, windows: null } })
  })

  test('POST /api/orders refuses only lines naming a productId outside its window', async () => {
    clock = Date.parse('2026-11-23T15:00:00-06:00')
    const pos = (items: unknown[]) => t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { customerName: 'Caja', items } })
    expect((await pos([{ name: 'Desayuno chapín', price: 40, quantity: 1 }])).status).toBe(201)
    const res = await pos([{ name: 'Desayuno chapín', productId: desayuno.id, price: 40, quantity: 1 }])
    expect(res.status).toBe(409)
    expect(((await res.json()) as { message: string }).message).toBe('Los desayunos se sirven de 7:00 a 11:00; elige otra hora')
  })
})
