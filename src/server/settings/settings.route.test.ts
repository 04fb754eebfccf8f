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
