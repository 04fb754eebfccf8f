/**
 * A hidden category's dishes are not offered online (issue 40 item 9, DESIGN "The menu as the
 * restaurant has it"): once the owner hides Postres, the storefront's checkout and its quote
 * refuse a flan like a sold-out dish (409, 'Ya no tenemos Flan de cajeta', nothing recorded),
 * while the point of sale may still sell one. Both engines (`bun test`, `bun scripts/test-pg.ts`).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Order, Product } from '../../shared/schemas'
import type { Category } from '../../shared/schemas/category'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let flan: Product
let horchata: Product
let postres: Category
const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'

let peers = 0
const peer = () => `10.12.${Math.floor(++peers / 250)}.${peers % 250}`
const line = (product: Product) => ({ productId: product.id, size: 'mediano', quantity: 1 })
const checkout = (items: unknown[]) => t.request('/api/checkout', { method: 'POST', peer: peer(), json: { items, fulfilment: 'pickup' } })
const quote = (items: unknown[]) => t.request('/api/checkout/quote', { method: 'POST', peer: peer(), json: { items, fulfilment: 'pickup' } })
const orderCount = async () => Number((await t.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0)
const setVisible = async (visible: boolean) =>
  expect((await t.request('/api/categories/postres', { method: 'PUT', headers: { cookie }, json: { ...postres, visible } })).status).toBe(200)

beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })).status).toBe(201)
  const products = (await (await t.request('/api/products')).json()) as Product[]
  flan = products.find((p) => p.name === 'Flan de cajeta')!
  horchata = products.find((p) => p.name === 'Horchata')!
  postres = ((await (await t.request('/api/categories')).json()) as Category[]).find((c) => c.slug === 'postres')!
})
afterAll(() => t.cleanup())

describe(`a hidden category on the storefront (${engine})`, () => {
  test('visible: a flan is taken', async () => {
    expect((await checkout([line(flan)])).status).toBe(201)
  })

  test("hidden: the checkout refuses the flan with 409 'Ya no tenemos Flan de cajeta' and records nothing, whatever the other lines", async () => {
    await setVisible(false)
    try {
      const before = await orderCount()
      for (const items of [[line(flan)], [line(horchata), line(flan)]]) {
        const res = await checkout(items)
        expect({ status: res.status, body: await res.json() }).toEqual({ status: 409, body: { message: 'Ya no tenemos Flan de cajeta' } })
      }
      expect(await orderCount()).toBe(before)
      // The rest of the menu is still sold.
      expect((await checkout([line(horchata)])).status).toBe(201)
    } finally {
      await setVisible(true)
    }
  })

  test('hidden: the quote says the same (the cart shows it before sending)', async () => {
    await setVisible(false)
    try {
      const res = await quote([line(horchata), line(flan)])
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 409, body: { message: 'Ya no tenemos Flan de cajeta' } })
      expect((await quote([line(horchata)])).status).toBe(200)
    } finally {
      await setVisible(true)
    }
  })

  test('hidden: the point of sale may still sell a flan', async () => {
    await setVisible(false)
    try {
      const res = await t.request('/api/orders', {
        method: 'POST',
        headers: { cookie },
        json: { customerName: 'Mesa 2', items: [{ productId: flan.id, name: flan.name, size: 'mediano', quantity: 1, price: flan.price }], total: flan.price },
      })
      expect(res.status).toBe(201)
      expect(((await res.json()) as Order).items[0]?.name).toBe('Flan de cajeta')
    } finally {
      await setVisible(true)
    }
  })

  test('shown again: the flan is taken again', async () => {
    expect((await checkout([line(flan)])).status).toBe(201)
  })
})
