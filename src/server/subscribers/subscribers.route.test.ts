import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { ApiErrorBody } from '../../shared/schemas'
import { SUBSCRIBED_MESSAGE, type Subscriber } from '../../shared/subscribers'
import { MESSAGES } from '../http/errors.server'
import { createApiKey } from '../api-keys/api-keys.repo.server'
import { createTestApp } from '../testing.server'

let clock = Date.parse('2026-11-20T10:00:00-06:00')
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let admin: string
let staff: string
let peers = 0

/** A subscription from its own client address unless `peer` is given (the limit counts per address). */
const subscribe = (json: unknown, peer = `10.6.0.${++peers}`, headers: Record<string, string> = {}) =>
  t.request('/api/subscribers', { method: 'POST', json, peer, headers })
const list = async (query = '') => {
  const res = await t.request(`/api/subscribers${query}`, { headers: { cookie: admin } })
  expect(res.status).toBe(200)
  return (await res.json()) as Subscriber[]
}

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  admin = await t.signIn()
  const created = await t.request('/api/admin/users', { method: 'POST', headers: { cookie: admin }, json: { username: 'cocina', password: 'cocina-1234', role: 'staff' } })
  expect(created.status).toBe(201)
  staff = await t.signIn('cocina', 'cocina-1234')
})
afterAll(() => t.cleanup())

describe('POST /api/subscribers (the footer)', () => {
  test('a new address: 201, stored trimmed and lower-cased with the time of consent', async () => {
    const res = await subscribe({ email: '  Ana.Lopez@Correo.COM ' })
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ message: SUBSCRIBED_MESSAGE })
    expect(await list()).toEqual([{ id: expect.any(Number), email: 'ana.lopez@correo.com', consentedAt: '2026-11-20T16:00:00.000Z' }])
  })

  test('a repeat, however it is typed: 200 with the same answer, one row, the first consent kept', async () => {
    clock += 60 * 60 * 1000
    const res = await subscribe({ email: 'ANA.LOPEZ@correo.com' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: SUBSCRIBED_MESSAGE })
    expect((await list()).map((s) => [s.email, s.consentedAt])).toEqual([['ana.lopez@correo.com', '2026-11-20T16:00:00.000Z']])
  })

  test('not an e-mail: 400 in Spanish, nothing stored', async () => {
    for (const json of [{ email: 'ana@' }, { email: 'sin arroba' }, { email: '' }, { email: 42 }, {}, { email: `${'a'.repeat(250)}@correo.com` }]) {
      const res = await subscribe(json)
      expect(res.status).toBe(400)
      const body = (await res.json()) as ApiErrorBody
      expect(body.issues?.[0]?.path).toBe('email')
      expect(body.issues?.[0]?.message).toMatch(/^(Escribe un correo electrónico válido|Máximo 254 caracteres)$/)
    }
    expect(((await (await subscribe({ email: 'ana@' })).json()) as ApiErrorBody).issues?.[0]?.message).toBe('Escribe un correo electrónico válido')
    expect((await list()).length).toBe(1)
  })

  test('from another site: 403, nothing stored', async () => {
    const res = await subscribe({ email: 'otro@correo.com' }, undefined, { origin: 'https://elsewhere.example' })
    expect(res.status).toBe(403)
    expect(((await res.json()) as ApiErrorBody).message).toBe(MESSAGES.badOrigin)
    expect((await list()).length).toBe(1)
  })

  test('5 per address per 10 minutes: the 6th is 429 with Retry-After; another address is fine; the window passes', async () => {
    const peer = '10.6.1.1'
    for (let i = 1; i <= 5; i++) expect((await subscribe({ email: `lote${i}@correo.com` }, peer)).status).toBe(201)
    const sixth = await subscribe({ email: 'lote6@correo.com' }, peer)
    expect(sixth.status).toBe(429)
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await sixth.json()) as ApiErrorBody).message).toMatch(/^Demasiados intentos/)
    // A repeat counts too: the limit is on requests, and a refused one stores nothing.
    expect((await subscribe({ email: 'lote1@correo.com' }, peer)).status).toBe(429)
    expect((await subscribe({ email: 'lote6@correo.com' }, '10.6.1.2')).status).toBe(201)
    clock += 10 * 60 * 1000 + 1
    expect((await subscribe({ email: 'lote7@correo.com' }, peer)).status).toBe(201)
  })
})

describe('GET /api/subscribers (Suscriptores)', () => {
  test('only an administrator: signed out 401, Cocina / caja 403, an API key 403', async () => {
    const key = (await createApiKey(t.ctx.db, 'Caja')).key
    expect((await t.request('/api/subscribers')).status).toBe(401)
    const byStaff = await t.request('/api/subscribers', { headers: { cookie: staff } })
    expect(byStaff.status).toBe(403)
    expect(((await byStaff.json()) as ApiErrorBody).message).toBe(MESSAGES.staffScope)
    expect((await t.request('/api/subscribers', { headers: { authorization: `Bearer ${key}` } })).status).toBe(403)
    expect((await t.request('/api/subscribers/1', { method: 'DELETE', headers: { cookie: staff } })).status).toBe(403)
    expect((await t.request('/api/subscribers/1', { method: 'DELETE' })).status).toBe(401)
  })

  test('newest consent first, a page at a time; a bad page is 400 in Spanish', async () => {
    const all = await list()
    expect(all.map((s) => s.email)).toEqual(['lote7@correo.com', 'lote6@correo.com', 'lote5@correo.com', 'lote4@correo.com', 'lote3@correo.com', 'lote2@correo.com', 'lote1@correo.com', 'ana.lopez@correo.com'])
    expect((await list('?limit=2&offset=1')).map((s) => s.email)).toEqual(['lote6@correo.com', 'lote5@correo.com'])
    const res = await t.request('/api/subscribers?limit=0', { headers: { cookie: admin } })
    expect(res.status).toBe(400)
    expect(((await res.json()) as ApiErrorBody).issues?.[0]?.message).toBe('El límite mínimo es 1')
    expect((await t.request('/api/subscribers?limit=5001', { headers: { cookie: admin } })).status).toBe(400)
  })

  test('CSV: a download with a BOM and a header row, every address quoted; one that looks like a formula stays text', async () => {
    clock += 60_000
    expect((await subscribe({ email: '-2+3@correo.com' })).status).toBe(201)
    const res = await t.request('/api/subscribers?format=csv&limit=3', { headers: { cookie: admin } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="suscriptores.csv"')
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
    expect(text.startsWith('\uFEFF')).toBe(true)
    expect(text.slice(1).trimEnd().split('\r\n')).toEqual([
      '"correo","fecha_consentimiento"',
      `"'-2+3@correo.com","${new Date(clock).toISOString()}"`,
      `"lote7@correo.com","${(await list('?limit=2'))[1]?.consentedAt}"`,
      `"lote6@correo.com","${(await list('?limit=3'))[2]?.consentedAt}"`,
    ])
  })
})

describe('DELETE /api/subscribers/:id', () => {
  test('removes one address: 200 with its id, then 404; a bad id is 400', async () => {
    const [newest] = await list('?limit=1')
    const id = newest?.id ?? 0
    const res = await t.request(`/api/subscribers/${id}`, { method: 'DELETE', headers: { cookie: admin } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'Suscriptor eliminado', id })
    expect((await list()).some((s) => s.id === id)).toBe(false)
    const again = await t.request(`/api/subscribers/${id}`, { method: 'DELETE', headers: { cookie: admin } })
    expect(again.status).toBe(404)
    expect(((await again.json()) as ApiErrorBody).message).toBe('Suscriptor no encontrado')
    expect((await t.request('/api/subscribers/abc', { method: 'DELETE', headers: { cookie: admin } })).status).toBe(400)
  })

  test('a removed address may subscribe again: a new consent, 201', async () => {
    clock += 60_000
    expect((await subscribe({ email: '-2+3@correo.com' })).status).toBe(201)
    expect((await list('?limit=1'))[0]).toMatchObject({ email: '-2+3@correo.com', consentedAt: new Date(clock).toISOString() })
  })
})
