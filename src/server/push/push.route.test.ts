/**
 * Web push to the staff's devices (issue #43), on both engines, against a real push service on
 * this machine (web-push-testing: it checks the VAPID token and decrypts every payload).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Order, Product } from '../../shared/schemas'
import type { PushPayload } from '../../shared/schemas/push'
import { createTestApp } from '../testing.server'
import { createOrderPushes } from './order-pushes.server'
import type { PushOutcome } from './push-sender.server'
import { type PushService, type TestSubscription, startPushService } from './test-push-service.server'
import { VAPID_KEYS_STATE, storedVapidKeys } from './vapid.server'

// Tuesday 2026-11-24, 10:00 in Guatemala; no opening hours saved: always open.
let clock = Date.parse('2026-11-24T10:00:00-06:00')
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let service: PushService
let cookie: string
let horchata: Product
/** Every device's outcome, in order (the app's pushes tell them). */
const outcomes: { endpoint: string; outcome: PushOutcome; payload: PushPayload }[] = []

let peers = 0
const nextPeer = () => `10.43.${Math.floor(++peers / 250)}.${peers % 250}`
const checkout = async (over: Record<string, unknown> = {}) => {
  const res = await t.request('/api/checkout', {
    method: 'POST',
    peer: nextPeer(),
    json: { items: [{ productId: horchata.id, size: 'mediano', quantity: 2 }], fulfilment: 'pickup', customerName: 'Ana', ...over },
  })
  expect(res.status).toBe(201)
  return (await res.json()) as Order
}
const register = (json: unknown, as = cookie) => t.request('/api/push/subscriptions', { method: 'POST', headers: { cookie: as }, json })
const publicKey = async () => ((await (await t.request('/api/push/public-key', { headers: { cookie } })).json()) as { publicKey: string }).publicKey
const subscriptionRows = () => t.ctx.db.selectFrom('push_subscriptions').selectAll().execute()
/** A device subscribed at the push service and registered with the server (as 'Activar avisos' does). */
async function device(as = cookie): Promise<TestSubscription> {
  const sub = await service.subscribe(await publicKey())
  expect((await register({ endpoint: sub.endpoint, keys: sub.keys }, as)).status).toBe(201)
  return sub
}
const received = async (sub: TestSubscription) => (await service.messages(sub)).map((m) => JSON.parse(m) as PushPayload)

beforeAll(async () => {
  service = await startPushService()
  t = await createTestApp({ now: () => clock, pushOptions: { send: { retryDelaysMs: [0, 0], timeoutMs: 1_000 }, onOutcome: (endpoint, outcome, payload) => outcomes.push({ endpoint, outcome, payload }), log: () => {} } })
  cookie = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })).status).toBe(201)
  horchata = ((await (await t.request('/api/products')).json()) as Product[]).find((p) => p.name === 'Horchata')!
}, 30_000)
afterAll(async () => {
  await t.cleanup()
  await service.stop()
})

describe('VAPID keys', () => {
  test('made once, even when several ask together, and kept in the database', async () => {
    const pairs = await Promise.all([1, 2, 3, 4, 5].map(() => storedVapidKeys(t.ctx.db)))
    expect(new Set(pairs.map((p) => p.publicKey)).size).toBe(1)
    expect(Buffer.from(pairs[0]!.publicKey, 'base64url').length).toBe(65)
    expect(Buffer.from(pairs[0]!.privateKey, 'base64url').length).toBe(32)
    const rows = await t.ctx.db.selectFrom('instance_state').select('value').where('key', '=', VAPID_KEYS_STATE).execute()
    expect(rows.length).toBe(1)
    expect(await publicKey()).toBe(pairs[0]!.publicKey)
  })

  test('GET /api/push/public-key: signed-in staff only', async () => {
    expect((await t.request('/api/push/public-key')).status).toBe(401)
    expect(t.accessOf('GET', '/api/push/public-key')).toBe('staff')
  })

  test('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when configured', async () => {
    const configured = { publicKey: (await storedVapidKeys(t.ctx.db)).publicKey, privateKey: 'x'.repeat(43) }
    const other = await createTestApp({ config: { vapidKeys: { ...configured, publicKey: `B${'A'.repeat(86)}` } } })
    try {
      const otherCookie = await other.signIn()
      const res = await other.request('/api/push/public-key', { headers: { cookie: otherCookie } })
      expect(await res.json()).toEqual({ publicKey: `B${'A'.repeat(86)}` })
      expect(await other.ctx.db.selectFrom('instance_state').select('key').where('key', '=', VAPID_KEYS_STATE).execute()).toEqual([])
    } finally {
      await other.cleanup()
    }
  })
})

describe('POST/DELETE /api/push/subscriptions', () => {
  const valid = { endpoint: 'https://push.example.com/send/abc', keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) } }

  test('a malformed subscription is 400 in Spanish and stores nothing', async () => {
    for (const [json, message] of [
      [{}, 'Datos inválidos'],
      [{ ...valid, endpoint: 'no es url' }, 'Datos inválidos'],
      [{ ...valid, endpoint: 'ftp://push.example.com/x' }, 'Datos inválidos'],
      [{ ...valid, endpoint: 'http://push.example.com/x' }, 'Datos inválidos'],
      [{ ...valid, keys: { p256dh: 'corta', auth: valid.keys.auth } }, 'Datos inválidos'],
      [{ ...valid, keys: { p256dh: valid.keys.p256dh, auth: 'b'.repeat(40) } }, 'Datos inválidos'],
      [{ endpoint: valid.endpoint }, 'Datos inválidos'],
    ] as const) {
      const res = await register(json)
      expect(res.status).toBe(400)
      const body = (await res.json()) as { message: string; issues: { path: string; message: string }[] }
      expect(body.message).toBe(message)
      expect(body.issues.length).toBeGreaterThan(0)
    }
    const bad = (await (await register({ ...valid, endpoint: 'http://push.example.com/x' })).json()) as { issues: { path: string; message: string }[] }
    expect(bad.issues).toEqual([{ path: 'endpoint', message: 'La suscripción no tiene una dirección válida del servicio de avisos' }])
    expect(await subscriptionRows()).toEqual([])
  })

  test('signed in only: without a session 401, an API key is no device', async () => {
    expect((await t.request('/api/push/subscriptions', { method: 'POST', json: valid })).status).toBe(401)
    expect(t.accessOf('POST', '/api/push/subscriptions')).toBe('staff')
    expect(t.accessOf('DELETE', '/api/push/subscriptions')).toBe('staff')
  })

  test('one row per device: registering it again updates it (201, then 200)', async () => {
    expect((await register(valid)).status).toBe(201)
    const again = await register({ ...valid, keys: { p256dh: `B${'c'.repeat(86)}`, auth: 'd'.repeat(22) } })
    expect(again.status).toBe(200)
    expect(((await again.json()) as { message: string }).message).toBe('Avisos activados en este dispositivo')
    const rows = await subscriptionRows()
    expect(rows.map((r) => [r.endpoint, r.p256dh, r.auth])).toEqual([[valid.endpoint, `B${'c'.repeat(86)}`, 'd'.repeat(22)]])
  })

  test('DELETE turns this device off', async () => {
    const res = await t.request('/api/push/subscriptions', { method: 'DELETE', headers: { cookie }, json: { endpoint: valid.endpoint } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ message: 'Avisos desactivados en este dispositivo' })
    expect(await subscriptionRows()).toEqual([])
    expect((await t.request('/api/push/subscriptions', { method: 'DELETE', headers: { cookie }, json: { endpoint: 'nada' } })).status).toBe(400)
  })
})

describe('what is pushed, through a real push service', () => {
  test("a storefront order: 'Pedido #N · Q…', its lines, pickup and when; tag and link to the order, decrypted by the push service", async () => {
    const sub = await device()
    const order = await checkout()
    await t.pushes.idle()
    expect(await received(sub)).toEqual([
      {
        title: `Pedido #${order.number} · Q${order.total}`,
        body: '2× Horchata\nRecoger en el local · lo antes posible',
        tag: `pedido-${order.number}`,
        url: `/admin/pedidos?pedido=${order.number}`,
        number: order.number,
      },
    ])
    // High urgency, 15 minutes to live: the request web-push-testing accepted carried them.
    expect(outcomes.at(-1)?.outcome).toEqual({ result: 'sent', status: 201, tries: 1 })
  })

  test('a point-of-sale order too', async () => {
    const [sub] = await Promise.all([device()])
    const res = await t.request('/api/orders', { method: 'POST', headers: { cookie }, json: { customerName: 'Mostrador', items: [{ name: 'Café', quantity: 1, price: 12 }, { name: 'Pan', quantity: 3, price: 5 }] } })
    expect(res.status).toBe(201)
    const order = (await res.json()) as Order
    await t.pushes.idle()
    const got = await received(sub!)
    expect(got.at(-1)).toEqual({ title: `Pedido #${order.number} · Q27`, body: '1× Café, 3× Pan\nPunto de venta · lo antes posible', tag: `pedido-${order.number}`, url: `/admin/pedidos?pedido=${order.number}`, number: order.number })
  })

  test('an expired subscription (410) is dropped, not retried', async () => {
    const sub = await device()
    await service.expire(sub)
    await checkout()
    await t.pushes.idle()
    expect(outcomes.find((o) => o.endpoint === sub.endpoint)?.outcome).toEqual({ result: 'gone', status: 410, tries: 1 })
    expect((await subscriptionRows()).map((r) => r.endpoint)).not.toContain(sub.endpoint)
  })

  test('a disabled account, a password changed, a deleted account: their devices are removed', async () => {
    const created = async (username: string) => {
      const res = await t.request('/api/admin/users', { method: 'POST', headers: { cookie }, json: { username, password: 'cocina-segura-1', role: 'staff', active: true } })
      expect(res.status).toBe(201)
      const user = (await res.json()) as { id: string }
      return { id: user.id, cookie: await t.signIn(username, 'cocina-segura-1') }
    }
    const owned = async (userId: string) => (await subscriptionRows()).filter((r) => r.user_id === userId).length
    const cocina = await created('cocina')
    await device(cocina.cookie)
    expect(await owned(cocina.id)).toBe(1)
    expect((await t.request(`/api/admin/users/${cocina.id}`, { method: 'PATCH', headers: { cookie }, json: { active: false } })).status).toBe(200)
    expect(await owned(cocina.id)).toBe(0)

    const caja = await created('caja')
    await device(caja.cookie)
    const changed = await t.request('/api/auth/password', { method: 'PUT', headers: { cookie: caja.cookie }, json: { currentPassword: 'cocina-segura-1', newPassword: 'otra-clave-segura-2' } })
    expect(changed.status).toBe(200)
    expect(await owned(caja.id)).toBe(0)

    const barra = await created('barra')
    await device(barra.cookie)
    expect((await t.request(`/api/admin/users/${barra.id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(200)
    expect(await owned(barra.id)).toBe(0)
  })

  test('the push service down or hanging: the checkout answers without waiting for it', async () => {
    // A push service that takes the request and never answers.
    let held = 0
    const hanging = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => (held++, new Promise<Response>(() => {})) })
    const endpoint = `http://localhost:${hanging.port}/push/slow`
    expect((await register({ endpoint, keys: (await service.subscribe(await publicKey())).keys })).status).toBe(201)
    const order = await checkout()
    // The order was answered while its push was still held by the push service, unanswered.
    expect(order.number).toBeGreaterThan(0)
    const settled = outcomes.filter((o) => o.endpoint === endpoint).length
    expect(settled).toBe(0)
    await t.pushes.idle()
    expect(held).toBe(3) // three tries
    expect(outcomes.find((o) => o.endpoint === endpoint)?.outcome).toEqual({ result: 'failed', status: null, tries: 3 })
    void hanging.stop(true)
    await t.request('/api/push/subscriptions', { method: 'DELETE', headers: { cookie }, json: { endpoint } })
  })
})

describe('the reminder of an order for later', () => {
  test('15 minutes before its time, once across instances; one placed less than 15 minutes ahead gets none', async () => {
    const settings = await t.request('/api/order-settings', { method: 'PUT', headers: { cookie }, json: { preparationMinutes: 20, scheduling: { enabled: true, daysAhead: 1, slotMinutes: 15, maxOrdersPerSlot: null } } })
    expect(settings.status).toBe(200)
    const sub = await device()
    clock = Date.parse('2026-11-24T10:00:00-06:00')
    const later = await checkout({ scheduledFor: '2026-11-24T11:00' })
    const soon = await checkout({ scheduledFor: '2026-11-24T11:00' })
    // As if placed at 10:50 (10 minutes ahead): its new-order push said it all.
    await t.ctx.db.updateTable('orders').set({ created_at: new Date(Date.parse('2026-11-24T10:50:00-06:00')).toISOString() }).where('id', '=', soon.id).execute()
    await t.pushes.idle()
    const before = (await received(sub)).length
    expect((await received(sub)).at(-1)?.body).toBe('2× Horchata\nRecoger en el local · para hoy 11:00')

    clock = Date.parse('2026-11-24T10:44:00-06:00')
    expect(await t.pushes.remindDue()).toBe(0)
    clock = Date.parse('2026-11-24T10:45:00-06:00')
    // Two instances look at once: one claims it.
    const other = createOrderPushes(t.ctx, { now: () => clock, send: { retryDelaysMs: [0, 0] } })
    const sent = await Promise.all([t.pushes.remindDue(), other.remindDue()])
    expect(sent.sort()).toEqual([0, 1])
    expect(await t.pushes.remindDue()).toBe(0)
    const got = await received(sub)
    expect(got.slice(before)).toEqual([
      { title: `En 15 min: Pedido #${later.number} · Q${later.total}`, body: '2× Horchata\nRecoger en el local · para hoy 11:00', tag: `pedido-${later.number}`, url: `/admin/pedidos?pedido=${later.number}`, number: later.number },
    ])
  })
})
