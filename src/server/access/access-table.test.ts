/**
 * Every route of the app, called by each kind of caller, against what the route declares
 * (decision 022, roles of decision 025). The list comes from the app itself, so a new
 * route is checked without anyone adding it here.
 *
 *   anonymous  only `public` routes let it through
 *   staff      'Cocina / caja': `staff` and `staffOrKey` routes; `admin` ones are 403 with its message
 *   API key    `staffOrKey` and `adminOrKey` routes; session-only ones are 403
 *   admin      every route
 *
 * "Let through" means the guard did not refuse it with one of its own answers (a 400, 404 or
 * 409 from the route itself proves the guard passed the request on).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { MESSAGES } from '../http/errors.server'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let admin: string
let staff: string
let key: string

beforeAll(async () => {
  t = await createTestApp()
  // Off the initial password first: with it, every write from another address is refused (decision 029).
  const initial = await t.signIn()
  const changed = await t.request('/api/auth/password', { method: 'PUT', headers: { cookie: initial }, json: { currentPassword: 'admin123', newPassword: 'una-clave-segura' } })
  expect(changed.status).toBe(200)
  admin = initial
  const created = await t.request('/api/admin/users', { method: 'POST', headers: { cookie: admin }, json: { username: 'cocina', password: 'cocina-1234', role: 'staff' } })
  expect(created.status).toBe(201)
  staff = await t.signIn('cocina', 'cocina-1234')
  const keyRes = await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie: admin }, json: { name: 'Caja' } })
  key = ((await keyRes.json()) as { key: string }).key
})
afterAll(() => t.cleanup())

/** A concrete path for a declared one: ids that exist nowhere, so nothing real is changed. */
const concrete = (path: string) =>
  path
    .replace(':id', path.startsWith('/api/admin/users') ? '00000000-0000-4000-8000-000000000000' : '999999')
    .replace(':key', 'whatsapp_number')
    .replace(':category', 'bebidas')
    .replace(':type', 'salsa')
    .replace(':token', 'AAAAAAAAAAAAAAAAAAAAAAAA')
    .replace(':target', 'products')

type Caller = 'anonymous' | 'staff' | 'key' | 'admin'
const headersOf = (caller: Caller): Record<string, string> =>
  caller === 'anonymous' ? {} : caller === 'key' ? { authorization: `Bearer ${key}` } : { cookie: caller === 'staff' ? staff : admin }

async function call(method: string, path: string, caller: Caller): Promise<{ status: number; message?: string }> {
  const res = await t.request(path, { method, headers: headersOf(caller), ...(method === 'GET' || method === 'HEAD' || method === 'DELETE' ? {} : { json: {} }), peer: `10.8.0.${Math.floor(Math.random() * 250)}` })
  const type = res.headers.get('content-type') ?? ''
  if (type.includes('event-stream') || !type.includes('json')) {
    await res.body?.cancel()
    return { status: res.status }
  }
  const body = (await res.json().catch(() => null)) as { message?: string } | null
  return { status: res.status, message: body?.message }
}

/** Stopped by the access guard (its own messages), not by the route's rules (GET /api/auth/user's 401 for nobody, say). */
const GUARD_REFUSALS = new Set<string>([MESSAGES.unauthenticated, MESSAGES.badKey, MESSAGES.keyScope, MESSAGES.staffScope, MESSAGES.badOrigin, MESSAGES.initialPassword])
const allowed = (answer: { status: number; message?: string }) => !((answer.status === 401 || answer.status === 403) && GUARD_REFUSALS.has(answer.message ?? ''))

test('every route answers each kind of caller as its declared access says', async () => {
  const logout = ['POST /api/auth/logout']
  const rows: string[] = []
  for (const contract of t.contracts) {
    if (contract.method === 'HEAD' || logout.includes(`${contract.method} ${contract.path}`)) continue
    const path = concrete(contract.path)
    const expected: Record<Caller, boolean> = {
      anonymous: contract.access === 'public',
      staff: contract.access !== 'admin' && contract.access !== 'adminOrKey',
      key: contract.access === 'public' || contract.access === 'staffOrKey' || contract.access === 'adminOrKey',
      admin: true,
    }
    for (const caller of ['anonymous', 'staff', 'key', 'admin'] as const) {
      const answer = await call(contract.method, path, caller)
      rows.push(`${contract.method} ${contract.path} ${caller} ${answer.status}`)
      expect({ route: `${contract.method} ${contract.path}`, caller, allowed: allowed(answer) }).toEqual({
        route: `${contract.method} ${contract.path}`,
        caller,
        allowed: expected[caller],
      })
      if (caller === 'staff' && !expected.staff) expect(answer).toEqual({ status: 403, message: MESSAGES.staffScope })
    }
  }
  expect(rows.length).toBeGreaterThan(4 * 50)
})

test('a staff member cannot raise their own role, nor reach Configuración, keys or users', async () => {
  const me = (await (await t.request('/api/auth/user', { headers: { cookie: staff } })).json()) as { id: string; role: string }
  expect(me.role).toBe('staff')
  expect((await t.request(`/api/admin/users/${me.id}`, { method: 'PATCH', headers: { cookie: staff }, json: { role: 'admin' } })).status).toBe(403)
  for (const [method, path] of [
    ['PATCH', '/api/settings/whatsapp_number'],
    ['PUT', '/api/opening-hours'],
    ['GET', '/api/admin/api-keys'],
    ['GET', '/api/admin/users'],
    ['PUT', '/api/products/1'],
  ] as const) {
    expect((await call(method, path, 'staff')).status).toBe(403)
  }
  expect(((await (await t.request('/api/auth/user', { headers: { cookie: staff } })).json()) as { role: string }).role).toBe('staff')
})
