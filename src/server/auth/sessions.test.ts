import { describe, expect, test } from 'bun:test'
import type { ActiveSession } from '../../shared/schemas'
import { cookieFrom, createTestApp } from '../testing.server'

const login = (t: Awaited<ReturnType<typeof createTestApp>>, userAgent: string) =>
  t.request('/api/auth/login', { method: 'POST', headers: { 'user-agent': userAgent }, json: { username: 'admin', password: 'admin123' } })

describe('server-side sessions', () => {
  test('the database keeps no usable token: the cookie value appears nowhere in it', async () => {
    const t = await createTestApp()
    await t.signIn()
    const cookie = cookieFrom(await login(t, 'Chrome'))
    const token = cookie.split('=')[1] ?? ''
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const rows = await t.ctx.db.selectFrom('sessions').selectAll().execute()
    expect(rows.length).toBe(2)
    expect(JSON.stringify(rows)).not.toContain(token)
    await t.cleanup()
  })

  test('Mi Perfil lists the sessions (started, last used, browser) and closes the others', async () => {
    const t = await createTestApp()
    await t.signIn()
    const phone = cookieFrom(await login(t, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1'))
    const laptop = cookieFrom(await login(t, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36'))

    const list = (await (await t.request('/api/auth/sessions', { headers: { cookie: laptop } })).json()) as ActiveSession[]
    expect(list.length).toBe(3)
    expect(list.filter((s) => s.current).map((s) => s.userAgent)).toEqual(['Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36'])
    for (const s of list) {
      expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'id', 'lastUsedAt', 'userAgent'])
      expect(Number.isNaN(Date.parse(s.createdAt))).toBe(false)
    }

    const closed = await t.request('/api/auth/sessions/others', { method: 'DELETE', headers: { cookie: laptop } })
    expect(await closed.json()).toEqual({ message: 'Se cerraron 2 sesiones', ended: 2 })
    expect((await t.request('/api/auth/user', { headers: { cookie: phone } })).status).toBe(401)
    expect((await t.request('/api/auth/user', { headers: { cookie: laptop } })).status).toBe(200)
    const after = (await (await t.request('/api/auth/sessions', { headers: { cookie: laptop } })).json()) as ActiveSession[]
    expect(after.map((s) => s.current)).toEqual([true])

    expect((await t.request('/api/auth/sessions')).status).toBe(401)
    expect((await t.request('/api/auth/sessions/others', { method: 'DELETE' })).status).toBe(401)
    await t.cleanup()
  })

  test('a session lasts 7 days from sign-in; "last used" moves at most once a minute', async () => {
    let now = Date.parse('2026-11-01T12:00:00Z')
    const t = await createTestApp({ now: () => now })
    const cookie = await t.signIn()
    const lastUsed = async () => (await t.ctx.db.selectFrom('sessions').select('last_used_at').executeTakeFirst())?.last_used_at
    now += 30_000
    await t.request('/api/auth/sessions', { headers: { cookie } })
    expect(await lastUsed()).toBe('2026-11-01T12:00:00.000Z')
    now += 60_000
    await t.request('/api/auth/sessions', { headers: { cookie } })
    expect(await lastUsed()).toBe('2026-11-01T12:01:30.000Z')

    now = Date.parse('2026-11-08T11:59:59Z')
    expect((await t.request('/api/auth/user', { headers: { cookie } })).status).toBe(200)
    now = Date.parse('2026-11-08T12:00:01Z')
    expect((await t.request('/api/auth/user', { headers: { cookie } })).status).toBe(401)
    await t.cleanup()
  })
})
