import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { CoverageZone } from '../../shared/schemas'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
})
afterAll(() => t.cleanup())

describe('coverage zones', () => {
  test('public GET, admin CRUD, blank cost -> 0, 404 for unknown ids', async () => {
    const res = await t.request('/api/coverage-zones', { method: 'POST', headers: { cookie }, json: { name: 'Zona 10', deliveryCost: '', estimatedTime: '30-45 min', available: true } })
    expect(res.status).toBe(201)
    const zone = (await res.json()) as CoverageZone
    expect(zone).toMatchObject({ name: 'Zona 10', deliveryCost: 0, estimatedTime: '30-45 min', available: true, minimumOrder: null })

    const list = (await (await t.request('/api/coverage-zones')).json()) as CoverageZone[]
    expect(list).toEqual([zone])

    const put = await t.request(`/api/coverage-zones/${zone.id}`, { method: 'PUT', headers: { cookie }, json: { name: 'Zona 14', deliveryCost: 25, available: false } })
    expect(await put.json()).toEqual({ id: zone.id, name: 'Zona 14', deliveryCost: 25, estimatedTime: null, available: false, minimumOrder: null })

    expect((await t.request('/api/coverage-zones/777', { method: 'PUT', headers: { cookie }, json: { name: 'x', deliveryCost: 5 } })).status).toBe(404)
    // A missing cost is refused, never invented (a blank one, as the form sends it, is 0).
    const missing = await t.request('/api/coverage-zones', { method: 'POST', headers: { cookie }, json: { name: 'Zona 1' } })
    expect(missing.status).toBe(400)
    expect((await missing.json()).issues).toEqual([{ path: 'deliveryCost', message: 'Este campo es obligatorio' }])
    expect((await t.request('/api/coverage-zones/777', { method: 'DELETE', headers: { cookie } })).status).toBe(404)
    expect((await t.request(`/api/coverage-zones/${zone.id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(200)
    expect(await (await t.request('/api/coverage-zones')).json()).toEqual([])
  })

  test('a minimum order is stored, listed, changed and cleared; a bad one is a Spanish 400 that changes nothing', async () => {
    const res = await t.request('/api/coverage-zones', { method: 'POST', headers: { cookie }, json: { name: 'Zona 10', deliveryCost: 15, minimumOrder: '100' } })
    expect(res.status).toBe(201)
    const zone = (await res.json()) as CoverageZone
    expect(zone.minimumOrder).toBe(100)
    expect(await (await t.request('/api/coverage-zones')).json()).toEqual([zone])
    expect(await (await t.request(`/api/coverage-zones/${zone.id}`)).json()).toEqual(zone)

    const bad = await t.request(`/api/coverage-zones/${zone.id}`, { method: 'PUT', headers: { cookie }, json: { name: 'Zona 10', deliveryCost: 15, minimumOrder: -1 } })
    expect(bad.status).toBe(400)
    expect((await bad.json()).issues).toEqual([{ path: 'minimumOrder', message: 'No puede ser negativo' }])
    expect(((await (await t.request(`/api/coverage-zones/${zone.id}`)).json()) as CoverageZone).minimumOrder).toBe(100)

    const cleared = await t.request(`/api/coverage-zones/${zone.id}`, { method: 'PUT', headers: { cookie }, json: { name: 'Zona 10', deliveryCost: 15, minimumOrder: '' } })
    expect(((await cleared.json()) as CoverageZone).minimumOrder).toBeNull()
    await t.request(`/api/coverage-zones/${zone.id}`, { method: 'DELETE', headers: { cookie } })
  })

  test('validation and auth', async () => {
    expect((await t.request('/api/coverage-zones', { method: 'POST', headers: { cookie }, json: { name: '' } })).status).toBe(400)
    expect((await t.request('/api/coverage-zones', { method: 'POST', headers: { cookie }, json: { name: 'Z', deliveryCost: -3 } })).status).toBe(400)
    expect((await t.request('/api/coverage-zones', { method: 'POST', json: { name: 'Z' } })).status).toBe(401)
    expect(await (await t.request('/api/coverage-zones')).json()).toEqual([])
  })
})
