import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { hashPassword } from './passwords.server'
import { AttemptLimiter } from './throttle.server'
import { getUserByUsername } from './users.repo.server'
import { cookieFrom, createTestApp, createTestContext } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
const login = (t: T, username: string, password: string, headers: Record<string, string> = {}) =>
  t.request('/api/auth/login', { method: 'POST', headers, json: { username, password } })

describe('auth', () => {
  let t: T
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.cleanup())

  test('GET /api/auth/user is 401 when signed out', async () => {
    const res = await t.request('/api/auth/user')
    expect(res.status).toBe(401)
    expect((await res.json()).message).toBeString()
  })

  test('create-initial-admin creates admin/admin123 once, then 409 "already exists"', async () => {
    const first = await t.request('/api/auth/create-initial-admin', { method: 'POST' })
    expect(first.status).toBe(201)
    expect((await first.json()).message).toContain('admin')
    const user = await getUserByUsername(t.ctx.db, 'admin')
    expect(user?.passwordHash.startsWith('$argon2id$')).toBe(true)
    const again = await t.request('/api/auth/create-initial-admin', { method: 'POST' })
    expect(again.status).toBe(409)
    expect((await again.json()).message).toContain('already exists')
  })

  test('login sets an HttpOnly SameSite=Lax 7-day cookie and answers the user', async () => {
    const res = await login(t, 'admin', 'admin123')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ username: 'admin', usesDefaultPassword: true })
    const setCookie = res.headers.get('set-cookie') ?? ''
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    expect(setCookie).toContain('Max-Age=604800')
    expect(setCookie).not.toContain('Secure')
    const me = await t.request('/api/auth/user', { headers: { cookie: cookieFrom(res) } })
    expect(me.status).toBe(200)
    const body = await me.json()
    expect(Object.keys(body).sort()).toEqual(['id', 'role', 'username', 'usesDefaultPassword'])
    expect(body.role).toBe('admin')
  })

  test('the cookie is Secure when the request came over HTTPS; X-Forwarded-Proto counts only with TRUST_PROXY', async () => {
    const direct = await t.request('https://localhost/api/auth/login', { method: 'POST', json: { username: 'admin', password: 'admin123' } })
    expect(direct.headers.get('set-cookie')).toContain('Secure')
    const spoofed = await login(t, 'admin', 'admin123', { 'x-forwarded-proto': 'https' })
    expect(spoofed.headers.get('set-cookie')).not.toContain('Secure')

    const proxied = await createTestApp({ config: { trustProxy: true } })
    await proxied.signIn()
    const viaProxy = await login(proxied, 'admin', 'admin123', { 'x-forwarded-proto': 'https' })
    expect(viaProxy.headers.get('set-cookie')).toContain('Secure')
    await proxied.cleanup()
  })

  test('wrong password or unknown user: 401 with the Spanish message, no cookie', async () => {
    for (const [u, p] of [['admin', 'nope'], ['ghost', 'admin123']] as const) {
      const res = await login(t, u, p)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ message: 'Usuario o contraseña incorrectos' })
      expect(res.headers.get('set-cookie')).toBeNull()
    }
  })

  test('login validation: 400 with issues and never echoes the password', async () => {
    const res = await t.request('/api/auth/login', { method: 'POST', json: { username: '', password: 'my-secret-pw' } })
    expect(res.status).toBe(400)
    const text = await res.text()
    expect(text).not.toContain('my-secret-pw')
    expect(JSON.parse(text).issues[0].path).toBe('username')
  })

  test('a forged or tampered token is refused', async () => {
    const cookie = cookieFrom(await login(t, 'admin', 'admin123'))
    const tampered = `${cookie.slice(0, -3)}abc`
    expect((await t.request('/api/auth/user', { headers: { cookie: tampered } })).status).toBe(401)
    expect((await t.request('/api/auth/user', { headers: { cookie: 'chq_session=garbage' } })).status).toBe(401)
  })

  test('logout clears the cookie and answers JSON', async () => {
    const res = await t.request('/api/auth/logout', { method: 'POST' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'Sesión cerrada' })
    expect(res.headers.get('set-cookie')).toContain('Max-Age=0')
  })

  test('a cookie replayed after logout is dead everywhere', async () => {
    const cookie = cookieFrom(await login(t, 'admin', 'admin123'))
    expect((await t.request('/api/auth/user', { headers: { cookie } })).status).toBe(200)
    expect((await t.request('/api/auth/logout', { method: 'POST', headers: { cookie } })).status).toBe(200)
    expect((await t.request('/api/auth/user', { headers: { cookie } })).status).toBe(401)
    expect((await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie }, json: { name: 'caja' } })).status).toBe(401)
    expect((await t.request('/api/admin/api-keys', { headers: { cookie } })).status).toBe(401)
    expect((await t.request('/api/products', { method: 'POST', headers: { cookie }, json: {} })).status).toBe(401)
    expect((await t.request('/api/auth/sessions', { headers: { cookie } })).status).toBe(401)
  })

  test('reset-admin refuses (409) while the admin hash is valid: no takeover', async () => {
    const before = (await getUserByUsername(t.ctx.db, 'admin'))?.passwordHash
    const res = await t.request('/api/auth/reset-admin', { method: 'POST' })
    expect(res.status).toBe(409)
    expect((await getUserByUsername(t.ctx.db, 'admin'))?.passwordHash).toBe(before)
  })

  test('reset-admin repairs a broken stored hash', async () => {
    await t.ctx.db.updateTable('users').set({ password_hash: 'plain-text-from-old-import' }).where('username', '=', 'admin').execute()
    expect((await login(t, 'admin', 'admin123')).status).toBe(401)
    const res = await t.request('/api/auth/reset-admin', { method: 'POST' })
    expect(res.status).toBe(200)
    expect((await res.json()).message).toBe('¡Admin arreglado! Ahora puedes iniciar sesión.')
    expect((await login(t, 'admin', 'admin123')).status).toBe(200)
  })

  test('reset-admin judges the hash by its format (a truncated argon2 string is broken) and is rate-limited', async () => {
    const t2 = await createTestApp()
    await t2.signIn()
    const good = (await getUserByUsername(t2.ctx.db, 'admin'))?.passwordHash ?? ''
    await t2.ctx.db.updateTable('users').set({ password_hash: good.slice(0, 40) }).where('username', '=', 'admin').execute()
    expect((await t2.request('/api/auth/reset-admin', { method: 'POST' })).status).toBe(200)
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) statuses.push((await t2.request('/api/auth/reset-admin', { method: 'POST' })).status)
    expect(statuses.slice(0, 9).every((s) => s === 409)).toBe(true)
    const limited = await t2.request('/api/auth/reset-admin', { method: 'POST' })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    await t2.cleanup()
  })
})

describe('change password', () => {
  test('needs a session, checks the current password, and ends older sessions', async () => {
    const t = await createTestApp()
    const oldSession = await t.signIn()
    const otherSession = await t.signIn()
    const body = { currentPassword: 'admin123', newPassword: 'nueva-clave-segura' }

    expect((await t.request('/api/auth/password', { method: 'PUT', json: body })).status).toBe(401)

    const wrong = await t.request('/api/auth/password', { method: 'PUT', headers: { cookie: oldSession }, json: { ...body, currentPassword: 'nope' } })
    expect(wrong.status).toBe(400)

    const short = await t.request('/api/auth/password', { method: 'PUT', headers: { cookie: oldSession }, json: { ...body, newPassword: 'corta' } })
    expect(short.status).toBe(400)

    const ok = await t.request('/api/auth/password', { method: 'PUT', headers: { cookie: oldSession }, json: body })
    expect(ok.status).toBe(200)
    expect((await ok.json()).user.usesDefaultPassword).toBe(false)

    // Every other session is over; the one that changed the password goes on.
    expect((await t.request('/api/auth/user', { headers: { cookie: otherSession } })).status).toBe(401)
    expect((await t.request('/api/products', { method: 'POST', headers: { cookie: otherSession }, json: {} })).status).toBe(401)
    expect((await t.request('/api/auth/user', { headers: { cookie: oldSession } })).status).toBe(200)

    expect((await login(t, 'admin', 'admin123')).status).toBe(401)
    expect((await login(t, 'admin', 'nueva-clave-segura')).status).toBe(200)
    await t.cleanup()
  })
})

describe('login throttling', () => {
  test('5 failures for one username from one address within 15 min -> 429 until the window passes', async () => {
    let now = 1_000_000
    // The app's clock (`now`) is the throttles' clock too: createApp passes it to createAuthThrottles(ctx.db, now).
    const t = await createTestApp({ now: () => now })
    await t.ctx.db
      .insertInto('users')
      .values({ id: 'u1', username: 'admin', password_hash: await hashPassword('admin123'), password_changed_at: 'x', created_at: 'x' })
      .execute()
    for (let i = 0; i < 5; i++) expect((await login(t, 'admin', `wrong-${i}`)).status).toBe(401)
    const blocked = await login(t, 'admin', 'admin123')
    expect(blocked.status).toBe(429)
    expect((await blocked.json()).message).toContain('Demasiados intentos')
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    // Same username in another case is the same account.
    expect((await login(t, 'ADMIN', 'admin123')).status).toBe(429)
    // Another username is not blocked.
    expect((await login(t, 'otro', 'x')).status).toBe(401)
    // The real admin from another address is not blocked either.
    expect((await t.request('/api/auth/login', { method: 'POST', peer: '10.9.8.7', json: { username: 'admin', password: 'admin123' } })).status).toBe(200)

    now += 15 * 60 * 1000 + 1
    expect((await login(t, 'admin', 'admin123')).status).toBe(200)
    await t.cleanup()
  })

  test('a success clears the count; a refused attempt is not counted', async () => {
    const ctx = await createTestContext()
    try {
      const limiter = new AttemptLimiter(ctx.db, 'test', 5, 1000, () => 0)
      for (let i = 0; i < 4; i++) expect(await limiter.take('k')).toBe(0)
      await limiter.clear('k')
      for (let i = 0; i < 5; i++) expect(await limiter.take('k')).toBe(0)
      expect(await limiter.take('k')).toBeGreaterThan(0)
      expect(await limiter.take('other')).toBe(0)
    } finally {
      await ctx.cleanup()
    }
  })
})
