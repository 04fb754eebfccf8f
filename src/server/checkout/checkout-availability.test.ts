/**
 * The checkout's refusals that follow the owner's switches: opening hours, the pause,
 * a sold-out product, a zone's minimum order (decision 014). Point-of-sale orders are
 * never held back by the hours.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type CoverageZone, type Order, type Product, checkoutInputSchema } from '../../shared/schemas'
import { createTestApp } from '../testing.server'
import { CheckoutRefusal, priceCheckout } from './checkout.service.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let apiKey: string
let horchata: Product
let zone: CoverageZone

beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })).status).toBe(201)
  const products = (await (await t.request('/api/products')).json()) as Product[]
  const found = products.find((p) => p.name === 'Horchata')
  if (!found) throw new Error('seed has no Horchata')
  horchata = found
  const res = await t.request('/api/coverage-zones', { method: 'POST', headers: { cookie }, json: { name: 'Zona 10', deliveryCost: 25, minimumOrder: 100 } })
  zone = (await res.json()) as CoverageZone
  apiKey = ((await (await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie }, json: { name: 'Caja' } })).json()) as { key: string }).key
})
afterAll(() => t.cleanup())

let peers = 0
const checkout = (json: unknown) => t.request('/api/checkout', { method: 'POST', json, peer: `10.2.${Math.floor(++peers / 250)}.${peers % 250}` })
const horchatas = (quantity: number) => [{ productId: horchata.id, size: 'mediano', quantity }]
const pickup = (quantity = 1) => ({ items: horchatas(quantity), fulfilment: 'pickup' })
const delivery = (quantity: number) => ({ items: horchatas(quantity), fulfilment: 'delivery', zoneId: zone.id, address: 'Calle 1' })
const orderCount = async () => Number((await t.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0)

async function refused(json: unknown, message: string) {
  const before = await orderCount()
  const res = await checkout(json)
  expect({ status: res.status, body: await res.json() }).toEqual({ status: 409, body: { message } })
  expect(await orderCount()).toBe(before)
}

const setHours = async (json: unknown) => expect((await t.request('/api/opening-hours', { method: 'PUT', headers: { cookie }, json })).status).toBe(200)
const empty = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }
const allDay = [
  { open: '00:00', close: '12:00' },
  { open: '12:00', close: '00:00' },
]
const alwaysOpen = { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay }
const hours = (extra: Record<string, unknown>) => ({ timezone: 'America/Guatemala', week: alwaysOpen, closedDates: [], paused: false, ...extra })

describe('POST /api/checkout and the opening hours', () => {
  test('no schedule saved: orders are taken at any hour', async () => {
    expect((await checkout(pickup())).status).toBe(201)
  })

  test('paused: 409 with the owner’s message (or the default), nothing written; an ended pause holds nothing back', async () => {
    await setHours(hours({ paused: true, pauseMessage: 'Volvemos en 30 minutos' }))
    await refused(pickup(), 'Pedidos en pausa: Volvemos en 30 minutos')
    await setHours(hours({ paused: true }))
    await refused(pickup(), 'Pedidos en pausa por el momento')
    await setHours(hours({ paused: true, pausedUntil: '2020-01-01T00:00:00-06:00' }))
    expect((await checkout(pickup())).status).toBe(201)
  })

  test('closed (no range in the coming week): 409 "Cerrado por ahora"; open around the clock: accepted', async () => {
    await setHours(hours({ week: empty }))
    await refused(pickup(), 'Cerrado por ahora')
    await setHours(hours({ week: alwaysOpen }))
    expect((await checkout(pickup())).status).toBe(201)
  })

  test('point-of-sale orders with an API key are taken while the storefront is paused', async () => {
    await setHours(hours({ paused: true }))
    const res = await t.request('/api/orders', {
      method: 'POST',
      headers: { 'x-api-key': apiKey },
      json: { customerName: 'Mesa 4', items: [{ name: 'Horchata', quantity: 1, price: 20 }], total: 20 },
    })
    expect(res.status).toBe(201)
    expect(((await res.json()) as Order).source).toBe('pos')
    await setHours(hours({}))
  })

  test('the refusal names the next opening at the moment of ordering (service, injected clock)', async () => {
    const weekday = [
      { open: '08:00', close: '14:00' },
      { open: '17:00', close: '21:00' },
    ]
    await setHours(hours({ week: { ...empty, mon: weekday, tue: weekday, sat: [{ open: '22:00', close: '02:00' }] } }))
    const input = checkoutInputSchema.parse(pickup())
    const at = (wall: string) => () => priceCheckout(t.ctx.db, input, new Date(`${wall}:00-06:00`))
    const refusal = async (wall: string) => {
      try {
        await at(wall)()
      } catch (error) {
        if (error instanceof CheckoutRefusal) return [error.kind, error.message]
        throw error
      }
      return null
    }
    expect(await refusal('2026-11-23T07:59')).toEqual(['conflict', 'Cerrado · abrimos hoy a las 8:00'])
    expect(await refusal('2026-11-23T08:00')).toBeNull()
    expect(await refusal('2026-11-23T14:00')).toEqual(['conflict', 'Cerrado · abrimos hoy a las 17:00'])
    expect(await refusal('2026-11-24T21:00')).toEqual(['conflict', 'Cerrado · abrimos el sábado a las 22:00'])
    expect(await refusal('2026-11-29T01:59')).toBeNull() // Saturday's night shift, on Sunday
    expect(await refusal('2026-11-29T02:00')).toEqual(['conflict', 'Cerrado · abrimos mañana a las 8:00'])
    await setHours(hours({}))
  })
})

describe('POST /api/checkout: sold out and minimum order', () => {
  test('a product switched to Agotado in the admin is refused with 409', async () => {
    const put = (available: boolean) => t.request(`/api/products/${horchata.id}`, { method: 'PUT', headers: { cookie }, json: { ...horchata, available } })
    expect((await put(false)).status).toBe(200)
    try {
      await refused(pickup(), 'El producto "Horchata" no está disponible')
    } finally {
      expect((await put(true)).status).toBe(200)
    }
  })

  test('delivery below the zone’s minimum (subtotal, the fee does not count): 409 naming zone and amount', async () => {
    // 4 × Q20 = Q80, plus the Q25 fee = Q105: still below the Q100 minimum, which is on the subtotal.
    await refused(delivery(4), 'Pedido mínimo para Zona 10: Q100')
    const res = await checkout(delivery(5))
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ subtotal: 100, deliveryFee: 25, total: 125 })
  })

  test('pickup has no minimum; a zone without one takes any delivery', async () => {
    expect((await checkout(pickup(1))).status).toBe(201)
    expect((await t.request(`/api/coverage-zones/${zone.id}`, { method: 'PUT', headers: { cookie }, json: { ...zone, minimumOrder: '' } })).status).toBe(200)
    expect((await checkout(delivery(1))).status).toBe(201)
  })
})
