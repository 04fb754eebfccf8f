import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SCHEDULE_REFUSALS } from '../../shared/order-slots'
import type { Order, OrderSettings, Product } from '../../shared/schemas'
import { createTestApp } from '../testing.server'

// Monday 2026-11-23, 12:00 in Guatemala (UTC-6): between the two shifts below, closed.
let clock = Date.parse('2026-11-23T12:00:00-06:00')
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let horchata: Product

const week = {
  mon: [{ open: '08:00', close: '11:00' }, { open: '17:00', close: '21:00' }],
  tue: [{ open: '08:00', close: '11:00' }],
  wed: [],
  thu: [],
  fri: [],
  sat: [],
  sun: [],
}

let peers = 0
const nextPeer = () => `10.9.${Math.floor(++peers / 250)}.${peers % 250}`
const checkout = (over: Record<string, unknown> = {}) =>
  t.request('/api/checkout', { method: 'POST', peer: nextPeer(), json: { items: [{ productId: horchata.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup', ...over } })
const saveSettings = (json: unknown) => t.request('/api/order-settings', { method: 'PUT', headers: { cookie }, json })
const slots = async (date?: string) => (await (await t.request(`/api/order-slots${date ? `?date=${date}` : ''}`)).json()) as { date: string; slots: { time: string; available: boolean }[] }

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  cookie = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })).status).toBe(201)
  horchata = ((await (await t.request('/api/products')).json()) as Product[]).find((p) => p.name === 'Horchata')!
  const hours = await t.request('/api/opening-hours', { method: 'PUT', headers: { cookie }, json: { timezone: 'America/Guatemala', week, closedDates: [], paused: false } })
  expect(hours.status).toBe(200)
})
afterAll(() => t.cleanup())

describe('Configuración → Pedidos programados', () => {
  test('defaults: 20 minutes, scheduling off, 2 days, 15-minute slots, no cap; no slots offered', async () => {
    expect(await (await t.request('/api/order-settings')).json()).toEqual({
      preparationMinutes: 20,
      scheduling: { enabled: false, daysAhead: 2, slotMinutes: 15, maxOrdersPerSlot: null },
      rush: null,
    })
    expect(await slots()).toEqual({ date: '2026-11-23', slots: [] })
  })

  test('only an administrator saves; bad values are 400 in Spanish and change nothing', async () => {
    expect((await t.request('/api/order-settings', { method: 'PUT', json: { preparationMinutes: 30 } })).status).toBe(401)
    for (const [body, path, message] of [
      [{ preparationMinutes: 3 }, 'preparationMinutes', 'El tiempo de preparación es de 5 a 180 minutos'],
      [{ preparationMinutes: 181 }, 'preparationMinutes', 'El tiempo de preparación es de 5 a 180 minutos'],
      [{ scheduling: { slotMinutes: 25 } }, 'scheduling.slotMinutes', 'Elige 10, 15, 20 o 30 minutos'],
      [{ scheduling: { daysAhead: 15 } }, 'scheduling.daysAhead', 'De 0 a 14 días'],
      [{ scheduling: { maxOrdersPerSlot: 0 } }, 'scheduling.maxOrdersPerSlot', 'De 1 a 1000 pedidos por horario, o vacío para no poner límite'],
    ] as const) {
      const res = await saveSettings(body)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ message: 'Datos inválidos', issues: [{ path, message }] })
    }
    expect(((await (await t.request('/api/order-settings')).json()) as OrderSettings).preparationMinutes).toBe(20)
  })

  test('saved, the slots follow: from now + preparation, inside the hours, within daysAhead', async () => {
    const res = await saveSettings({ preparationMinutes: 20, scheduling: { enabled: true, daysAhead: 1, slotMinutes: 30, maxOrdersPerSlot: null } })
    expect(res.status).toBe(200)
    expect((await slots()).slots.map((s) => s.time)).toEqual(['17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30'])
    expect((await slots('2026-11-24')).slots.map((s) => s.time)).toEqual(['08:00', '08:30', '09:00', '09:30', '10:00', '10:30'])
    expect((await slots('2026-11-25')).slots).toEqual([]) // past daysAhead (and closed)
    const bad = await t.request('/api/order-slots?date=2026-02-30')
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { issues: { message: string }[] }).issues[0]?.message).toBe('Fecha inválida: usa AAAA-MM-DD')
  })

  test("'Más tiempo' adds minutes for the next hour and moves the first slot at once; 0 ends it", async () => {
    clock = Date.parse('2026-11-23T16:50:00-06:00')
    expect((await slots()).slots[0]?.time).toBe('17:30') // 16:50 + 20 = 17:10
    const rush = await t.request('/api/order-settings/rush', { method: 'PUT', headers: { cookie }, json: { extraMinutes: 30 } })
    expect(rush.status).toBe(200)
    expect(((await rush.json()) as OrderSettings).rush).toEqual({ extraMinutes: 30, until: '2026-11-23T23:50:00.000Z' })
    expect((await slots()).slots[0]?.time).toBe('18:00') // 16:50 + 50 = 17:40
    expect((await t.request('/api/order-settings/rush', { method: 'PUT', headers: { cookie }, json: { extraMinutes: 15 } })).status).toBe(400)
    // Saving the form keeps the rush in force.
    await saveSettings({ preparationMinutes: 20, scheduling: { enabled: true, daysAhead: 1, slotMinutes: 30, maxOrdersPerSlot: null } })
    expect((await slots()).slots[0]?.time).toBe('18:00')
    clock = Date.parse('2026-11-23T17:51:00-06:00') // the hour is over
    expect((await slots()).slots[0]?.time).toBe('18:30')
    await t.request('/api/order-settings/rush', { method: 'PUT', headers: { cookie }, json: { extraMinutes: 0 } })
    expect(((await (await t.request('/api/order-settings')).json()) as OrderSettings).rush).toBeNull()
    clock = Date.parse('2026-11-23T12:00:00-06:00')
  })
})

describe('POST /api/checkout with scheduledFor', () => {
  test('while closed: as soon as possible is refused, an open slot is accepted and carried everywhere', async () => {
    const asap = await checkout()
    expect(asap.status).toBe(409)
    const res = await checkout({ scheduledFor: '2026-11-23T19:30' })
    expect(res.status).toBe(201)
    const order = (await res.json()) as Order
    expect(order.scheduledFor).toBe('2026-11-23T19:30')
    const listed = ((await (await t.request('/api/orders', { headers: { cookie } })).json()) as Order[]).find((o) => o.id === order.id)
    expect(listed?.scheduledFor).toBe('2026-11-23T19:30')
    const tracked = (await (await t.request(`/api/track/${order.trackingToken}`)).json()) as { scheduledFor: string }
    expect(tracked.scheduledFor).toBe('2026-11-23T19:30')
  })

  test('a time that is not an available slot: 409 with the reason in Spanish, nothing stored', async () => {
    const before = ((await (await t.request('/api/orders/summary', { headers: { cookie } })).json()) as { total: number }).total
    for (const [scheduledFor, message] of [
      ['2026-11-23T10:00', SCHEDULE_REFUSALS.past],
      ['2026-11-23T12:10', SCHEDULE_REFUSALS.past],
      ['2026-11-23T14:00', SCHEDULE_REFUSALS.notASlot],
      ['2026-11-23T17:10', SCHEDULE_REFUSALS.notASlot],
      ['2026-11-25T08:00', SCHEDULE_REFUSALS.tooFar],
    ] as const) {
      const res = await checkout({ scheduledFor })
      expect({ scheduledFor, status: res.status, body: await res.json() }).toEqual({ scheduledFor, status: 409, body: { message } })
    }
    const malformed = await checkout({ scheduledFor: 'mañana a las 8' })
    expect(malformed.status).toBe(400)
    expect(((await (await t.request('/api/orders/summary', { headers: { cookie } })).json()) as { total: number }).total).toBe(before)
  })

  test('scheduling switched off refuses every scheduled order', async () => {
    await saveSettings({ scheduling: { enabled: false } })
    const res = await checkout({ scheduledFor: '2026-11-23T19:30' })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ message: SCHEDULE_REFUSALS.off })
  })

  test('two customers racing for the last place of a slot: exactly one wins, the others are told it is full', async () => {
    await saveSettings({ preparationMinutes: 20, scheduling: { enabled: true, daysAhead: 1, slotMinutes: 30, maxOrdersPerSlot: 2 } })
    expect((await checkout({ scheduledFor: '2026-11-23T18:00' })).status).toBe(201)
    const racers = await Promise.all(Array.from({ length: 12 }, () => checkout({ scheduledFor: '2026-11-23T18:00' })))
    const statuses = racers.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 201)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(11)
    const refusal = racers.find((r) => r.status === 409)
    expect(await refusal?.json()).toEqual({ message: SCHEDULE_REFUSALS.full })
    expect((await slots()).slots.find((s) => s.time === '18:00')).toEqual({ time: '18:00', available: false })
    console.log(`capacity race (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}): 12 racers for 1 place → ${statuses.join(' ')}`)
  })

  test('a cancelled order gives its place back', async () => {
    const list = (await (await t.request('/api/orders?limit=50', { headers: { cookie } })).json()) as Order[]
    const booked = list.find((o) => o.scheduledFor === '2026-11-23T18:00' && o.status !== 'cancelled')
    expect((await t.request(`/api/orders/${booked?.id}/status`, { method: 'PATCH', headers: { cookie }, json: { status: 'cancelled' } })).status).toBe(200)
    expect((await slots()).slots.find((s) => s.time === '18:00')).toEqual({ time: '18:00', available: true })
    expect((await checkout({ scheduledFor: '2026-11-23T18:00' })).status).toBe(201)
  })
})
