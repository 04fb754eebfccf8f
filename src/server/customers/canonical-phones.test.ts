/**
 * One canonical phone (issue #39 item 9; DESIGN "Data rules"): a per-phone code taken again as
 * `0050255551234` after `55551234` used it, and the customers list showing two people. Every
 * door that stores or compares a customer's phone keeps it as `canonicalPhone` says (502 and 8
 * digits for Guatemala; the country code and digits otherwise), and the migration rewrites the
 * rows stored before by the same rule. Both engines (`bun test` and `bun scripts/test-pg.ts`).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sql } from 'kysely'
import { migrations, postgresMigrations } from '../../../db/migrations/index'
import type { Customer } from '../../shared/customers'
import { canonicalPhone } from '../../shared/phone'
import type { Order, Product } from '../../shared/schemas'
import { createTestApp } from '../testing.server'

const clock = Date.parse('2026-11-24T16:00:00-06:00')
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let admin: string
let plate: Product
let peers = 0
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'

const checkout = (json: Record<string, unknown>) =>
  t.request('/api/checkout', { method: 'POST', peer: `10.39.9.${++peers}`, json: { fulfilment: 'pickup', items: [{ productId: plate.id, size: 'mediano', quantity: 1 }], ...json } })
const pos = (json: Record<string, unknown>) => t.request('/api/orders', { method: 'POST', headers: { cookie: admin }, json: { customerName: 'Mostrador', items: [{ name: 'Café', quantity: 1, price: 20 }], ...json } })
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  admin = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: admin } })).status).toBe(201)
  plate = ((await (await t.request('/api/products')).json()) as Product[]).find((p) => p.name === 'Chilaquiles Clásicos')!
})
afterAll(() => t.cleanup())

describe(`Un teléfono, una forma (${engine})`, () => {
  test('a code once per phone is not taken again by writing the same number another way', async () => {
    const res = await t.request('/api/promotions', { method: 'POST', headers: { cookie: admin }, json: { name: 'Bienvenida', code: 'UNAVEZ', kind: 'amount', value: 5, maxUsesPerPhone: 1 } })
    expect(res.status).toBe(201)
    const first = await checkout({ promoCode: 'UNAVEZ', customerPhone: '55551234' })
    expect(first.status).toBe(201)
    expect(((await first.json()) as Order).customerPhone).toBe('50255551234')
    for (const phone of ['0050255551234', '+502 5555-1234', '011 502 5555 1234', '(502) 5555.1234']) {
      const again = await checkout({ promoCode: 'UNAVEZ', customerPhone: phone })
      expect([phone, again.status, await messageOf(again)]).toEqual([phone, 409, 'Ya usaste este código'])
    }
  })

  test('the point of sale keeps the phone in the same form (blank: none; not a phone: 400)', async () => {
    const typed = await pos({ customerPhone: '5555-1234' })
    expect(typed.status).toBe(201)
    expect(((await typed.json()) as Order).customerPhone).toBe('50255551234')
    const blank = await pos({ customerPhone: '  ' })
    expect(blank.status).toBe(201)
    expect(((await blank.json()) as Order).customerPhone).toBe('')
    const wrong = await pos({ customerPhone: 'mesa 4' })
    expect(wrong.status).toBe(400)
    expect(JSON.stringify(await wrong.json())).toContain('El número debe tener entre 8 y 15 dígitos')
  })

  test('the customers list shows one person however the number was written, and a customer’s orders are found by any of its forms', async () => {
    expect((await checkout({ customerPhone: '0050255551234', customerName: 'Ana' })).status).toBe(201)
    expect((await pos({ customerPhone: '+502 5555 1234' })).status).toBe(201)
    const customers = (await (await t.request('/api/customers?search=5555', { headers: { cookie: admin } })).json()) as Customer[]
    expect(customers.map((c) => c.phone)).toEqual(['50255551234'])
    expect(customers[0]?.orders).toBe(4)
    for (const phone of ['55551234', '50255551234']) {
      const orders = (await (await t.request(`/api/orders?phone=${phone}`, { headers: { cookie: admin } })).json()) as Order[]
      expect([phone, orders.length]).toEqual([phone, 4])
    }
  })

  test('the migration rewrites the phones stored before, by the same rule, and leaves what is not a phone as it was', async () => {
    const stored = ['5555-1234', '0050244443333', '+1 (415) 555-0100', '011 52 1 55 1234 5678', '(502) 3333.2222', '50277776666', 'sin número', '123', '']
    const ids: number[] = []
    for (const raw of stored) {
      const res = await pos({})
      ids.push(((await res.json()) as Order).id)
      await sql`UPDATE orders SET customer_phone = ${raw} WHERE id = ${ids.at(-1)}`.execute(t.ctx.db)
    }
    const migration = (t.ctx.store.engine === 'postgres' ? postgresMigrations : migrations).find((m) => m.name.endsWith('_canonical_phones'))
    expect(migration).toBeDefined()
    await sql.raw(migration!.sql).execute(t.ctx.db)
    const rows = await t.ctx.db.selectFrom('orders').select(['id', 'customer_phone']).where('id', 'in', ids).orderBy('id').execute()
    expect(rows.map((r) => r.customer_phone)).toEqual(stored.map((raw) => canonicalPhone(raw) ?? raw))
    expect(rows.map((r) => r.customer_phone)).toEqual(['50255551234', '50244443333', '14155550100', '5215512345678', '50233332222', '50277776666', 'sin número', '123', ''])
  })
})
