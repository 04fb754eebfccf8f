import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
beforeAll(async () => {
  t = await createTestApp({ config: { defaultWhatsappNumber: '50299998888' } })
  cookie = await t.signIn()
})
afterAll(() => t.cleanup())

describe('settings', () => {
  test('before any save, GET answers the configured default with updatedAt null', async () => {
    const res = await t.request('/api/settings/whatsapp_number')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ key: 'whatsapp_number', value: '50299998888', updatedAt: null })
  })

  test('unknown keys: 404', async () => {
    expect((await t.request('/api/settings/session_secret')).status).toBe(404)
  })

  test('PATCH stores the digits only; 8..15 digits else 400; signed out 401', async () => {
    const res = await t.request('/api/settings/whatsapp_number', { method: 'PATCH', headers: { cookie }, json: { value: '+502 5555-1234' } })
    expect(res.status).toBe(200)
    expect((await res.json()).value).toBe('50255551234')
    const got = await (await t.request('/api/settings/whatsapp_number')).json()
    expect(got.value).toBe('50255551234')
    expect(typeof got.updatedAt).toBe('string')

    const bad = await t.request('/api/settings/whatsapp_number', { method: 'PATCH', headers: { cookie }, json: { value: '1234' } })
    expect(bad.status).toBe(400)
    expect((await bad.json()).issues[0].message).toBe('El número debe tener entre 8 y 15 dígitos')
    expect((await t.request('/api/settings/whatsapp_number', { method: 'PATCH', json: { value: '50212345678' } })).status).toBe(401)
    expect((await t.request('/api/settings/other_key', { method: 'PATCH', headers: { cookie }, json: { value: '50212345678' } })).status).toBe(400)
    expect((await (await t.request('/api/settings/whatsapp_number')).json()).value).toBe('50255551234')
  })
})

describe("ticket_width ('Ancho del ticket')", () => {
  const patch = (json: unknown, headers: Record<string, string> = { cookie }) => t.request('/api/settings/ticket_width', { method: 'PATCH', headers, json })

  test('before any save: 80 mm, updatedAt null, readable by anyone', async () => {
    const res = await t.request('/api/settings/ticket_width')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ key: 'ticket_width', value: '80', updatedAt: null })
  })

  test('only an administrator writes it: signed out 401, an API key 403, a staff account 403', async () => {
    expect((await patch({ value: '58' }, {})).status).toBe(401)
    const created = await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie }, json: { name: 'Punto de venta' } })
    const { key } = (await created.json()) as { key: string }
    expect((await patch({ value: '58' }, { 'x-api-key': key })).status).toBe(403)
    expect((await patch({ value: '58' }, { authorization: `Bearer ${key}` })).status).toBe(403)
    expect((await t.request('/api/admin/users', { method: 'POST', headers: { cookie }, json: { username: 'cocina', password: 'cocina-1234', role: 'staff' } })).status).toBe(201)
    expect((await patch({ value: '58' }, { cookie: await t.signIn('cocina', 'cocina-1234') })).status).toBe(403)
    expect((await (await t.request('/api/settings/ticket_width')).json()).value).toBe('80')
  })

  test('58 or 80 only, else 400 in Spanish; a saved width is read back', async () => {
    for (const value of ['100', '57', 58, '', null]) {
      const bad = await patch({ value })
      expect(bad.status).toBe(400)
      expect((await bad.json()).issues[0].message).toBe('El ancho del ticket es 58 o 80 mm')
    }
    expect((await patch({})).status).toBe(400)
    const res = await patch({ value: '58' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ key: 'ticket_width', value: '58' })
    const got = await (await t.request('/api/settings/ticket_width')).json()
    expect(got.value).toBe('58')
    expect(typeof got.updatedAt).toBe('string')
    // Its own body: the chat number's route does not take it, nor this one a number.
    expect((await t.request('/api/settings/whatsapp_number', { method: 'PATCH', headers: { cookie }, json: { value: '80' } })).status).toBe(400)
    expect((await patch({ value: '50212345678' })).status).toBe(400)
  })

  test('the storefront does not change: its write keeps the page cache (no changes: public)', async () => {
    expect(t.contracts.find((c) => c.method === 'PATCH' && c.path === '/api/settings/ticket_width')).toMatchObject({ access: 'admin', changes: undefined })
    const before = t.ctx.pageCache.generation
    expect((await patch({ value: '80' })).status).toBe(200)
    expect(t.ctx.pageCache.generation).toBe(before)
    // The chat number does change the storefront (its links): that write empties it.
    expect((await t.request('/api/settings/whatsapp_number', { method: 'PATCH', headers: { cookie }, json: { value: '50255551234' } })).status).toBe(200)
    expect(t.ctx.pageCache.generation).toBeGreaterThan(before)
  })
})
