import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Order, StaffUser } from '../../shared/schemas'
import { createTestApp } from '../testing.server'
import { LAST_ADMIN } from './users.repo.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let admin: string

const users = (cookie = admin) => t.request('/api/admin/users', { headers: { cookie } })
const create = (json: unknown) => t.request('/api/admin/users', { method: 'POST', headers: { cookie: admin }, json })
const patch = (id: string, json: unknown, cookie = admin) => t.request(`/api/admin/users/${id}`, { method: 'PATCH', headers: { cookie }, json })

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.signIn()
})
afterAll(() => t.cleanup())

describe('staff accounts', () => {
  test('create: 201 without the hash; a repeated name 409; bad input 400 in Spanish', async () => {
    const res = await create({ username: 'cocina', password: 'cocina-1234', role: 'staff' })
    expect(res.status).toBe(201)
    const user = (await res.json()) as StaffUser
    expect(user).toMatchObject({ username: 'cocina', role: 'staff', active: true, usesDefaultPassword: false })
    expect(Object.keys(user).sort()).toEqual(['active', 'createdAt', 'id', 'role', 'username', 'usesDefaultPassword'])
    expect((await create({ username: 'COCINA', password: 'otra-clave-1' })).status).toBe(409)
    const bad = await create({ username: 'a b', password: 'corta', role: 'jefe' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { issues: { path: string }[] }).issues.map((i) => i.path).sort()).toEqual(['password', 'role', 'username'])
    const list = (await (await users()).json()) as StaffUser[]
    expect(list.map((u) => [u.username, u.role])).toEqual([
      ['admin', 'admin'],
      ['cocina', 'staff'],
    ])
  })

  test('a disabled account cannot sign in and its open sessions end at once', async () => {
    await create({ username: 'caja', password: 'caja-12345', role: 'staff' })
    const session = await t.signIn('caja', 'caja-12345')
    expect((await t.request('/api/orders', { headers: { cookie: session } })).status).toBe(200)
    const id = ((await (await users()).json()) as StaffUser[]).find((u) => u.username === 'caja')?.id ?? ''
    expect((await patch(id, { active: false })).status).toBe(200)
    expect((await t.request('/api/orders', { headers: { cookie: session } })).status).toBe(401)
    const login = await t.request('/api/auth/login', { method: 'POST', json: { username: 'caja', password: 'caja-12345' } })
    expect(login.status).toBe(403)
    expect(((await login.json()) as { message: string }).message).toBe('Tu cuenta está desactivada; pide a un administrador que la active')
    // Enabled again, with a new password that ends nothing else and works.
    expect((await patch(id, { active: true, password: 'nueva-clave-9' })).status).toBe(200)
    expect(await t.signIn('caja', 'nueva-clave-9')).toBeTruthy()
  })

  test('the last active administrator cannot be demoted, disabled or deleted; with a second one, they can', async () => {
    const me = ((await (await users()).json()) as StaffUser[]).find((u) => u.username === 'admin')!
    for (const change of [{ role: 'staff' }, { active: false }]) {
      const res = await patch(me.id, change)
      expect(res.status).toBe(409)
      expect(await res.json()).toEqual({ message: LAST_ADMIN })
    }
    const second = (await (await create({ username: 'duena', password: 'duena-12345', role: 'admin' })).json()) as StaffUser
    const duena = await t.signIn('duena', 'duena-12345')
    // Two administrators demoting each other at once: one of them stays. The other is refused by
    // the rule (409) or, if the first change landed before its request was let in, as staff (403).
    const [a, b] = await Promise.all([patch(second.id, { role: 'staff' }), patch(me.id, { role: 'staff' }, duena)])
    const statuses = [a.status, b.status].sort()
    expect(statuses[0]).toBe(200)
    expect([403, 409]).toContain(statuses[1] ?? 0)
    const winner = a.status === 200 ? admin : duena
    const admins = ((await (await users(winner)).json()) as StaffUser[]).filter((u) => u.role === 'admin' && u.active)
    expect(admins).toHaveLength(1)
    // The one still an administrator puts things back.
    await patch(a.status === 200 ? second.id : me.id, { role: 'admin' }, winner)
    admin = await t.signIn() // (sessions survive a role change; signed in again for clarity)
  })

  test('delete: not oneself, not the last admin; a deleted account\'s sessions end', async () => {
    const me = ((await (await users()).json()) as StaffUser[]).find((u) => u.username === 'admin')!
    expect((await t.request(`/api/admin/users/${me.id}`, { method: 'DELETE', headers: { cookie: admin } })).status).toBe(409)
    const temp = (await (await create({ username: 'temporal', password: 'temporal-123' })).json()) as StaffUser
    const session = await t.signIn('temporal', 'temporal-123')
    expect((await t.request(`/api/admin/users/${temp.id}`, { method: 'DELETE', headers: { cookie: admin } })).status).toBe(200)
    expect((await t.request('/api/auth/user', { headers: { cookie: session } })).status).toBe(401)
    expect((await t.request('/api/admin/users/00000000-0000-4000-8000-000000000000', { method: 'DELETE', headers: { cookie: admin } })).status).toBe(404)
  })
})

describe('who did it', () => {
  test('each status move records the account or the API key that made it', async () => {
    const cocina = await t.signIn('cocina', 'cocina-1234')
    const keyRes = await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie: admin }, json: { name: 'Caja 1' } })
    const key = ((await keyRes.json()) as { key: string }).key
    const created = await t.request('/api/orders', { method: 'POST', headers: { authorization: `Bearer ${key}` }, json: { customerName: 'Mesa 1', items: [{ name: 'Café', quantity: 1, price: 25 }], total: 25 } })
    const order = (await created.json()) as Order
    await t.request(`/api/orders/${order.id}/status`, { method: 'PATCH', headers: { cookie: cocina }, json: { status: 'confirmed' } })
    const moved = await t.request(`/api/orders/${order.id}/status`, { method: 'PATCH', headers: { cookie: admin }, json: { status: 'preparing' } })
    expect(((await moved.json()) as Order).statusHistory.map((h) => [h.status, h.by])).toEqual([
      ['pending', 'Caja 1'],
      ['confirmed', 'cocina'],
      ['preparing', 'admin'],
    ])
  })
})
