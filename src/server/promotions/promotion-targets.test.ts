/**
 * What a promotion names stays what the owner chose (issue #39, requirement 5). A promotion
 * names dishes by id and categories by slug. Deleting a dish it named left it naming an id
 * that SQLite gives to the NEXT dish created (products' ids are plain rowids: the largest
 * deleted one comes back): '2x1 en Ponche' silently became '2x1 en Cerveza'. A category it named
 * could be deleted and made again under the same slug with other dishes. Both are refused now
 * (409, naming the promotion), as a category with dishes or a group a dish asks for is.
 * Both engines (`bun test` and `bun scripts/test-pg.ts`).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Product } from '../../shared/schemas'
import type { Promotion } from '../../shared/schemas/promotion'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let admin: string

const send = (method: string, path: string, json?: unknown) => t.request(path, { method, headers: { cookie: admin }, ...(json === undefined ? {} : { json }) })
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message

async function dish(name: string, category = 'bebidas'): Promise<Product> {
  const res = await send('POST', '/api/products', { name, description: name, category, price: 20 })
  expect(res.status).toBe(201)
  return (await res.json()) as Product
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.signIn()
  expect((await send('POST', '/api/admin/initialize-database')).status).toBe(201)
})
afterAll(() => t.cleanup())

test('a dish a promotion names cannot be deleted, so no later dish takes its place in the promotion', async () => {
  const ponche = await dish('Ponche de frutas')
  const created = await send('POST', '/api/promotions', { name: '2x1 en ponche', kind: 'buyXgetY', buy: 2, free: 1, appliesTo: { productIds: [ponche.id] } })
  expect(created.status).toBe(201)
  const promotion = (await created.json()) as Promotion

  const refused = await send('DELETE', `/api/products/${ponche.id}`)
  expect(refused.status).toBe(409)
  expect(await messageOf(refused)).toContain('2x1 en ponche')
  // Still there, and a dish made now gets an id of its own: the promotion still means Ponche.
  expect((await t.request(`/api/products/${ponche.id}`)).status).toBe(200)
  const cerveza = await dish('Cerveza')
  expect(cerveza.id).not.toBe(ponche.id)

  // Once the promotion no longer names it, the dish goes.
  expect((await send('DELETE', `/api/promotions/${promotion.id}`)).status).toBe(200)
  expect((await send('DELETE', `/api/products/${ponche.id}`)).status).toBe(200)
})

test('a category a promotion names cannot be deleted', async () => {
  expect((await send('POST', '/api/categories', { slug: 'temporada', name: 'De temporada' })).status).toBe(201)
  const created = await send('POST', '/api/promotions', { name: '10% en temporada', kind: 'percent', value: 10, appliesTo: { categories: ['temporada'] } })
  expect(created.status).toBe(201)
  const promotion = (await created.json()) as Promotion

  const refused = await send('DELETE', '/api/categories/temporada')
  expect(refused.status).toBe(409)
  expect(await messageOf(refused)).toContain('10% en temporada')

  expect((await send('DELETE', `/api/promotions/${promotion.id}`)).status).toBe(200)
  expect((await send('DELETE', '/api/categories/temporada')).status).toBe(200)
})
