import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { ApiKey, CreatedApiKey } from '../../shared/schemas'
import { hashApiKey } from './api-keys.repo.server'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let created: CreatedApiKey
beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
  const res = await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie }, json: { name: 'Punto de venta' } })
  expect(res.status).toBe(201)
  created = (await res.json()) as CreatedApiKey
})
afterAll(() => t.cleanup())

const order = { customerName: 'Caja 1', items: [{ name: 'Horchata', quantity: 1, price: 20 }], total: 20 }

describe('API keys: management', () => {
  test('creation returns the full key once: chq_ + 32 random bytes base64url', () => {
    expect(created.key).toMatch(/^chq_[A-Za-z0-9_-]{43}$/)
    expect(created).toMatchObject({ name: 'Punto de venta', active: true, lastUsedAt: null })
  })

  test('only a SHA-256 hash and the display form are stored', async () => {
    const row = await t.ctx.db.selectFrom('api_keys').selectAll().orderBy('id').executeTakeFirst()
    expect(JSON.stringify(row)).not.toContain(created.key)
    expect(row?.key_hash).toBe(hashApiKey(created.key))
  })

  test('lists show first 20 + ... + last 8, never the full key', async () => {
    const list = (await (await t.request('/api/admin/api-keys', { headers: { cookie } })).json()) as ApiKey[]
    expect(list[0]?.key).toBe(`${created.key.slice(0, 20)}...${created.key.slice(-8)}`)
    expect(created.keyDisplay).toBe(list[0]?.key ?? '')
    expect(JSON.stringify(list)).not.toContain(created.key)
  })

  test('name of at least 3 characters; signed out 401', async () => {
    const short = await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie }, json: { name: 'ab' } })
    expect(short.status).toBe(400)
    expect((await short.json()).issues[0].message).toBe('El nombre debe tener al menos 3 caracteres')
    expect((await t.request('/api/admin/api-keys')).status).toBe(401)
    expect((await t.request('/api/admin/api-keys', { method: 'POST', json: { name: 'abcd' } })).status).toBe(401)
  })
})

describe('API keys: scope', () => {
  const bearer = () => ({ authorization: `Bearer ${created.key}` })
  const xkey = () => ({ 'x-api-key': created.key })

  test('may read products, ingredients, zones and read/record orders; lastUsedAt is set', async () => {
    for (const path of ['/api/products', '/api/products/category/bebidas', '/api/ingredients', '/api/ingredients/type/salsa', '/api/coverage-zones']) {
      const res = await t.request(path, { headers: bearer() })
      expect(res.status).toBe(200)
      // Public content: a cache may keep it but must ask the server again (which records the key's use).
      expect(res.headers.get('cache-control')).toBe('no-cache')
    }
    const post = await t.request('/api/orders', { method: 'POST', headers: { ...xkey(), origin: 'https://pos.example' }, json: order })
    expect(post.status).toBe(201)
    const list = await t.request('/api/orders', { headers: xkey() })
    expect(list.status).toBe(200)
    expect(((await list.json()) as unknown[]).length).toBe(1)
    const keys = (await (await t.request('/api/admin/api-keys', { headers: { cookie } })).json()) as ApiKey[]
    expect(keys[0]?.lastUsedAt).toBeString()
  })

  test('orders posted with a key are validated', async () => {
    expect((await t.request('/api/orders', { method: 'POST', headers: xkey(), json: { ...order, items: [] } })).status).toBe(400)
  })

  test('never opens admin, settings, uploads, or menu writes (403)', async () => {
    const denied: [string, string][] = [
      ['GET', '/api/admin/api-keys'],
      ['POST', '/api/admin/api-keys'],
      ['POST', '/api/admin/initialize-database'],
      ['PATCH', '/api/settings/whatsapp_number'],
      ['PUT', '/api/opening-hours'],
      ['POST', '/api/upload/product-image'],
      ['POST', '/api/products'],
      ['PUT', '/api/products/1'],
      ['DELETE', '/api/ingredients/1'],
      ['POST', '/api/coverage-zones'],
      ['PUT', '/api/auth/password'],
    ]
    for (const [method, path] of denied) {
      const res = await t.request(path, { method, headers: bearer(), json: method === 'GET' ? undefined : { name: 'x', value: '50212345678' } })
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 403`)
    }
  })

  test('never gets less than anonymous: every public read answers the same with a key, good or bad', async () => {
    for (const path of ['/api/products', '/api/coverage-zones', '/api/settings/whatsapp_number', '/api/opening-hours', '/api/store-status', '/api/auth/user', '/api/openapi.json']) {
      const anonymous = await t.request(path)
      for (const headers of [bearer(), xkey(), { 'x-api-key': 'chq_nope' }, { authorization: 'Bearer not-a-key' }]) {
        const res = await t.request(path, { headers })
        expect(`${path} ${res.status} ${await res.text()}`).toBe(`${path} ${anonymous.status} ${await anonymous.clone().text()}`)
      }
    }
  })

  test('an unknown, malformed or deleted key is 401 where a key is needed', async () => {
    expect((await t.request('/api/orders', { headers: { 'x-api-key': 'chq_nope' } })).status).toBe(401)
    expect((await t.request('/api/orders/summary', { headers: { authorization: 'Bearer not-a-key' } })).status).toBe(401)
    const res = await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie }, json: { name: 'Temporal' } })
    const temp = (await res.json()) as CreatedApiKey
    expect((await t.request('/api/orders', { headers: { 'x-api-key': temp.key } })).status).toBe(200)
    expect((await t.request(`/api/admin/api-keys/${temp.id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(200)
    expect((await t.request('/api/orders', { headers: { 'x-api-key': temp.key } })).status).toBe(401)
    expect((await t.request(`/api/admin/api-keys/${temp.id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(404)
  })

  test('an inactive key is refused', async () => {
    await t.ctx.db.updateTable('api_keys').set({ active: 0 }).where('id', '=', created.id).execute()
    expect((await t.request('/api/orders', { headers: xkey() })).status).toBe(401)
    await t.ctx.db.updateTable('api_keys').set({ active: 1 }).where('id', '=', created.id).execute()
  })
})
