/**
 * Throttling under concurrency: attempts are counted before argon2 runs, so a
 * burst cannot buy more password checks than the limit. Every answer that is not
 * 429 ran one password check, so counting them counts the checks.
 */
import { describe, expect, test } from 'bun:test'
import { inTransaction } from '../db/database.server'
import { createTestApp } from '../testing.server'
import { AttemptLimiter } from './throttle.server'

const loginAs = (t: Awaited<ReturnType<typeof createTestApp>>, username: string, password: string, init: { peer?: string; headers?: Record<string, string> } = {}) =>
  t.request('/api/auth/login', { method: 'POST', json: { username, password }, ...init })

const statuses = async (responses: Promise<Response>[]) => {
  const all = await Promise.all(responses)
  for (const r of all) if (r.status === 429) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0)
  return all.map((r) => r.status)
}
const count = (list: number[], status: number) => list.filter((s) => s === status).length

describe('throttling holds under concurrency', () => {
  test('40 simultaneous wrong logins for one account and address: at most 5 password checks, the rest 429', async () => {
    const t = await createTestApp()
    await t.signIn()
    const list = await statuses(Array.from({ length: 40 }, (_, i) => loginAs(t, 'admin', `mala-${i}`)))
    expect(count(list, 401)).toBe(5)
    expect(count(list, 429)).toBe(35)
    await t.cleanup()
  })

  test('30 logins with different unknown names from one address: bounded by the per-address limit (20)', async () => {
    const t = await createTestApp()
    const list = await statuses(Array.from({ length: 30 }, (_, i) => loginAs(t, `nadie-${i}`, 'x')))
    expect(count(list, 401)).toBe(20)
    expect(count(list, 429)).toBe(10)
    // Another address still gets its own checks.
    expect((await loginAs(t, 'nadie', 'x', { peer: '192.0.2.50' })).status).toBe(401)
    await t.cleanup()
  }, 30_000) // 21 password checks (argon2)

  test('PUT /api/auth/password: 5 wrong current passwords, then 429', async () => {
    const t = await createTestApp()
    const cookie = await t.signIn()
    const wrong = () => t.request('/api/auth/password', { method: 'PUT', headers: { cookie }, json: { currentPassword: 'no-es', newPassword: 'otra-clave-larga' } })
    const list = await statuses(Array.from({ length: 10 }, wrong))
    expect(count(list, 400)).toBe(5)
    expect(count(list, 429)).toBe(5)
    await t.cleanup()
  })

  test('40 × reset-admin on a healthy admin: no argon2 per call (409), then 429', async () => {
    const t = await createTestApp()
    await t.signIn()
    const list = await statuses(Array.from({ length: 40 }, () => t.request('/api/auth/reset-admin', { method: 'POST' })))
    expect(count(list, 409)).toBe(10)
    expect(count(list, 429)).toBe(30)
    await t.cleanup()
  })
})

describe('no lock-out of the real admin', () => {
  test('a guesser at another address never blocks the admin (direct connections)', async () => {
    const t = await createTestApp()
    await t.signIn()
    for (let i = 0; i < 6; i++) await loginAs(t, 'admin', 'adivina', { peer: '203.0.113.9' })
    expect((await loginAs(t, 'admin', 'adivina', { peer: '203.0.113.9' })).status).toBe(429)
    expect((await loginAs(t, 'admin', 'admin123', { peer: '198.51.100.7' })).status).toBe(200)
    await t.cleanup()
  })

  test('behind a proxy (TRUST_PROXY=1) the address is the one the proxy reports', async () => {
    const t = await createTestApp({ config: { trustProxy: true } })
    await t.signIn()
    const viaProxy = (client: string, password: string) =>
      loginAs(t, 'admin', password, { peer: '10.0.0.2', headers: { 'x-forwarded-for': `1.2.3.4, ${client}` } })
    for (let i = 0; i < 5; i++) expect((await viaProxy('203.0.113.9', 'adivina')).status).toBe(401)
    expect((await viaProxy('203.0.113.9', 'admin123')).status).toBe(429)
    expect((await viaProxy('198.51.100.7', 'admin123')).status).toBe(200)
    await t.cleanup()
  })

  test('without TRUST_PROXY, X-Forwarded-For is ignored (it cannot be used to dodge the limit)', async () => {
    const t = await createTestApp()
    await t.signIn()
    const spoof = (i: number) => loginAs(t, 'admin', 'adivina', { peer: '203.0.113.9', headers: { 'x-forwarded-for': `10.0.0.${i}` } })
    const list: number[] = []
    for (let i = 0; i < 7; i++) list.push((await spoof(i)).status)
    expect(list).toEqual([401, 401, 401, 401, 401, 429, 429])
    await t.cleanup()
  })
})

describe('attempts kept in the database', () => {
  test('hundreds of attempts taken inside a caller\'s transaction (the checkout) complete; expired rows are pruned', async () => {
    const { ctx, cleanup } = await createTestApp()
    try {
      let clock = Date.parse('2026-11-23T12:00:00Z')
      const limiter = new AttemptLimiter(ctx.db, 'prueba', 5, 60_000, () => clock)
      // More than the prune interval: a prune must run inside the transaction, not wait for it.
      for (let i = 0; i < 450; i++) {
        const wait = await inTransaction(ctx.db, (trx) => limiter.take(`10.0.${i >> 8}.${i & 255}`, trx))
        expect(wait).toBe(0)
        clock += 1_000
      }
      const left = await ctx.db.selectFrom('attempts').select('key').where('key', 'like', 'prueba:%').execute()
      // Rows older than the 60 s window were removed by the prunes; the recent ones stay.
      expect(left.length).toBeLessThan(450)
      expect(left.length).toBeGreaterThanOrEqual(60)
    } finally {
      await cleanup()
    }
  })

  test('a refused attempt is not counted, and the wait is the seconds until the oldest leaves the window', async () => {
    const { ctx, cleanup } = await createTestApp()
    try {
      let clock = 0
      const limiter = new AttemptLimiter(ctx.db, 'prueba', 2, 10_000, () => clock)
      expect(await limiter.take('k')).toBe(0)
      clock = 4_000
      expect(await limiter.take('k')).toBe(0)
      clock = 5_000
      expect(await limiter.take('k')).toBe(5)
      clock = 10_001
      expect(await limiter.take('k')).toBe(0) // the first left the window
      await limiter.clear('k')
      expect(await limiter.take('k')).toBe(0)
      expect(await limiter.take('k')).toBe(0)
    } finally {
      await cleanup()
    }
  })
})

describe('takeAtOnce: the checkout\'s count without a transaction (compare-and-set)', () => {
  test('60 simultaneous attempts on one key, from two limiters (two instances): exactly the limit counted, the rest told to wait', async () => {
    const { ctx, cleanup } = await createTestApp()
    try {
      const clock = () => Date.parse('2026-11-23T12:00:00Z')
      const [a, b] = [new AttemptLimiter(ctx.db, 'pedido', 5, 600_000, clock), new AttemptLimiter(ctx.db, 'pedido', 5, 600_000, clock)]
      const waits = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).takeAtOnce('203.0.113.9')))
      expect(waits.filter((w) => w === 0).length).toBe(5)
      expect(waits.filter((w) => w > 0).every((w) => w === 600)).toBe(true)
      const row = await ctx.db.selectFrom('attempts').select('hits').where('key', '=', 'pedido:203.0.113.9').executeTakeFirstOrThrow()
      expect(JSON.parse(row.hits)).toHaveLength(5)
      // Another address is counted apart, and `take` (the transactional path) reads the same count.
      expect(await a.takeAtOnce('198.51.100.7')).toBe(0)
      expect(await a.take('203.0.113.9')).toBe(600)
    } finally {
      await cleanup()
    }
  })

  test('the window slides as with take: the wait is the seconds until the oldest attempt leaves it', async () => {
    const { ctx, cleanup } = await createTestApp()
    try {
      let clock = 0
      const limiter = new AttemptLimiter(ctx.db, 'pedido', 2, 10_000, () => clock)
      expect(await limiter.takeAtOnce('k')).toBe(0)
      clock = 4_000
      expect(await limiter.takeAtOnce('k')).toBe(0)
      clock = 5_000
      expect(await limiter.takeAtOnce('k')).toBe(5)
      clock = 10_001
      expect(await limiter.takeAtOnce('k')).toBe(0)
    } finally {
      await cleanup()
    }
  })
})
