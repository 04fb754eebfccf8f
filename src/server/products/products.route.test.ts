import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Product } from '../../shared/schemas'
import { countProducts } from './products.repo.server'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let sauceId: number
const valid = { name: 'Chilaquiles Clásicos', description: 'Con crema y queso fresco', category: 'chilaquiles', price: 35 }

beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
  const res = await t.request('/api/ingredients', { method: 'POST', headers: { cookie }, json: { name: 'Salsa Verde', type: 'salsa', price: 0, category: 'salsa' } })
  sauceId = (await res.json()).id
})
afterAll(() => t.cleanup())

const create = (body: unknown) => t.request('/api/products', { method: 'POST', headers: { cookie }, json: body })

describe('products', () => {
  test('POST creates (201) with defaults applied by the shared schema', async () => {
    const res = await create({ ...valid, priceGrande: '', displayOrder: '', availableSauces: [sauceId] })
    expect(res.status).toBe(201)
    const p = (await res.json()) as Product
    expect(p).toMatchObject({ ...valid, priceGrande: null, displayOrder: 0, available: true, availableSauces: [sauceId], baseIngredientIds: [], image: null })
    expect(p.id).toBeGreaterThan(0)
    expect((await t.request(`/api/products/${p.id}`)).status).toBe(200)
  })

  test('GET lists sorted by category (tab order), then displayOrder, then id', async () => {
    await create({ ...valid, name: 'Flan de cajeta', category: 'postres', price: 40, displayOrder: 1 })
    await create({ ...valid, name: 'Horchata', category: 'bebidas', price: 20, displayOrder: 2 })
    await create({ ...valid, name: 'Jamaica', category: 'bebidas', price: 20, displayOrder: 1 })
    await create({ ...valid, name: 'Chilaquiles Supremos', price: 65, displayOrder: -1 })
    const list = (await (await t.request('/api/products')).json()) as Product[]
    expect(list.map((p) => p.name)).toEqual(['Chilaquiles Supremos', 'Chilaquiles Clásicos', 'Jamaica', 'Horchata', 'Flan de cajeta'])
  })

  test('cached lists show every write at once (create, update, delete)', async () => {
    const names = async (path: string) => ((await (await t.request(path)).json()) as Product[]).map((p) => p.name)
    expect(await names('/api/products/category/postres')).toEqual(['Flan de cajeta']) // now cached
    const created = (await (await create({ ...valid, name: 'Churros', category: 'postres', price: 45, displayOrder: 2, availableSauces: [sauceId] })).json()) as Product
    expect(await names('/api/products/category/postres')).toEqual(['Flan de cajeta', 'Churros'])
    await t.request(`/api/products/${created.id}`, { method: 'PUT', headers: { cookie }, json: { ...valid, name: 'Churros con chocolate', category: 'postres', price: 45, displayOrder: 2, availableSauces: [sauceId] } })
    expect(await names('/api/products/category/postres')).toEqual(['Flan de cajeta', 'Churros con chocolate'])
    const beforeSauceDelete = (await (await t.request('/api/products')).json()) as Product[]
    expect(beforeSauceDelete.find((p) => p.id === created.id)?.availableSauces).toEqual([sauceId])
    await t.request(`/api/products/${created.id}`, { method: 'DELETE', headers: { cookie } })
    expect(await names('/api/products/category/postres')).toEqual(['Flan de cajeta'])
  })

  test('GET /category/:category filters; an unknown category is 400', async () => {
    const res = await t.request('/api/products/category/bebidas')
    expect(((await res.json()) as Product[]).map((p) => p.name)).toEqual(['Jamaica', 'Horchata'])
    expect((await t.request('/api/products/category/tacos')).status).toBe(400)
  })

  test('PUT is a full replacement validated by the same schema', async () => {
    const p = (await (await create({ ...valid, priceGrande: 45, sauce: 'verde' })).json()) as Product
    // Required means required: a missing category or price is refused, never invented.
    for (const missing of ['category', 'price'] as const) {
      const { [missing]: _, ...partial } = { name: 'Nuevo', description: 'Otra', category: 'chilaquiles', price: 50 }
      const refused = await t.request(`/api/products/${p.id}`, { method: 'PUT', headers: { cookie }, json: partial })
      expect(refused.status).toBe(400)
      expect((await refused.json()).issues).toEqual([{ path: missing, message: 'Este campo es obligatorio' }])
    }
    const res = await t.request(`/api/products/${p.id}`, { method: 'PUT', headers: { cookie }, json: { name: 'Nuevo', description: 'Otra', category: 'chilaquiles', price: 50 } })
    expect(res.status).toBe(200)
    const updated = (await res.json()) as Product
    expect(updated).toMatchObject({ id: p.id, name: 'Nuevo', price: 50, priceGrande: null, sauce: null, category: 'chilaquiles' })
    const bad = await t.request(`/api/products/${p.id}`, { method: 'PUT', headers: { cookie }, json: { name: 'Sin precio' } })
    expect(bad.status).toBe(400)
  })

  test("a deleted dish's id is never given to a new one (its orders, sales and links keep naming it alone)", async () => {
    const newest = (await (await create({ ...valid, name: 'Tamal del día', price: 15 })).json()) as Product
    expect((await t.request(`/api/products/${newest.id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(200)
    const next = (await (await create({ ...valid, name: 'Atol de elote', price: 12 })).json()) as Product
    expect(next.id).toBeGreaterThan(newest.id)
    expect((await t.request(`/api/products/${newest.id}`)).status).toBe(404)
  })

  test('PUT/DELETE of an unknown id: 404; a non-numeric id: 400', async () => {
    expect((await t.request('/api/products/99999', { method: 'PUT', headers: { cookie }, json: valid })).status).toBe(404)
    expect((await t.request('/api/products/99999', { method: 'DELETE', headers: { cookie } })).status).toBe(404)
    expect((await t.request('/api/products/99999')).status).toBe(404)
    expect((await t.request('/api/products/abc', { method: 'DELETE', headers: { cookie } })).status).toBe(400)
    expect((await t.request('/api/products/1%20OR%201=1', { method: 'DELETE', headers: { cookie } })).status).toBe(400)
  })

  test('DELETE removes', async () => {
    const p = (await (await create(valid)).json()) as Product
    const res = await t.request(`/api/products/${p.id}`, { method: 'DELETE', headers: { cookie } })
    expect(res.status).toBe(200)
    expect((await t.request(`/api/products/${p.id}`)).status).toBe(404)
  })

  test('ingredient ids must exist: 400 naming the field, nothing written', async () => {
    const before = await countProducts(t.ctx.db)
    const res = await create({ ...valid, extraIngredientIds: [424242] })
    expect(res.status).toBe(400)
    expect((await res.json()).issues).toEqual([{ path: 'extraIngredientIds', message: 'Ingredientes inexistentes: 424242' }])
    expect(await countProducts(t.ctx.db)).toBe(before)
  })

  test('signed out: 401 for every write, whatever the body (even malformed), nothing written', async () => {
    const before = await countProducts(t.ctx.db)
    for (const [method, path] of [['POST', '/api/products'], ['PUT', '/api/products/1'], ['DELETE', '/api/products/1']] as const) {
      for (const body of [JSON.stringify(valid), '{not json', 'x'.repeat(5000)]) {
        const res = await t.request(path, { method, headers: { 'content-type': 'application/json' }, body })
        expect(res.status).toBe(401)
      }
    }
    expect(await countProducts(t.ctx.db)).toBe(before)
  })

  test('hostile input: SQL-looking text is stored verbatim; 100 KB strings, malformed JSON, wrong types -> 400', async () => {
    const sql = "Robert'); DROP TABLE products;-- <script>alert(1)</script>"
    const res = await create({ ...valid, name: sql, description: sql })
    expect(res.status).toBe(201)
    const p = (await res.json()) as Product
    expect((await (await t.request(`/api/products/${p.id}`)).json()).name).toBe(sql)

    const before = await countProducts(t.ctx.db)
    const huge = 'x'.repeat(100 * 1024)
    for (const body of [{ ...valid, name: huge }, { ...valid, description: huge }, { ...valid, price: '1e400' }, { ...valid, price: -5 }, { ...valid, available: 'yes' }, [valid], null, 'text', 42]) {
      const r = await create(body)
      expect(r.status).toBe(400)
      expect(await r.text()).not.toContain('xxxxxxxxxx')
    }
    const malformed = await t.request('/api/products', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{"name": "x",' })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({ message: 'El cuerpo de la solicitud no es JSON válido' })
    const wrongType = await t.request('/api/products', { method: 'POST', headers: { cookie, 'content-type': 'text/plain' }, body: JSON.stringify(valid) })
    expect(wrongType.status).toBe(400)
    const form = await t.request('/api/products', { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=x&price=1' })
    expect(form.status).toBe(400)
    expect(await countProducts(t.ctx.db)).toBe(before)
  })

  test('a JSON body over 1 MB is refused with 413 before it is read', async () => {
    const res = await t.request('/api/products', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
      body: '{}',
    })
    expect(res.status).toBe(413)
  })

  test('validation errors are {message, issues:[{path, message}]} in Spanish and echo nothing', async () => {
    const res = await create({ name: '', description: 'd', price: 'abc', secret: 'do-not-echo' })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.message).toBe('Datos inválidos')
    expect(body.issues).toContainEqual({ path: 'name', message: 'Este campo es obligatorio' })
    expect(body.issues).toContainEqual({ path: 'price', message: 'Debe ser un número' })
    expect(JSON.stringify(body)).not.toContain('do-not-echo')
  })
})
