import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Ingredient, Product } from '../../shared/schemas'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
})
afterAll(() => t.cleanup())

const init = (headers: Record<string, string> = { cookie }) => t.request('/api/admin/initialize-database', { method: 'POST', headers })

describe('initialize-database', () => {
  test('signed out: 401 and nothing loaded', async () => {
    expect((await init({})).status).toBe(401)
    expect(await (await t.request('/api/products')).json()).toEqual([])
  })

  test('loads the announced seed set', async () => {
    const res = await init()
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ message: 'Base de datos inicializada correctamente', stats: { ingredients: 21, products: 10, settings: 1 } })

    const ingredients = (await (await t.request('/api/ingredients')).json()) as Ingredient[]
    const count = (type: string) => ingredients.filter((i) => i.type === type).length
    expect([ingredients.length, count('base'), count('extra'), count('salsa')]).toEqual([21, 5, 9, 7])
    expect(ingredients.filter((i) => i.type === 'extra').every((i) => i.price > 0)).toBe(true)
    for (const s of ingredients.filter((i) => i.type === 'salsa')) {
      expect(s.image).toMatch(/^\/images\/salsas\/(verde|roja|mixta|mole|chipotle|habanero|cremosa)\.svg$/)
      expect(s.description?.length).toBeGreaterThan(10)
    }

    const products = (await (await t.request('/api/products')).json()) as Product[]
    const of = (c: string) => products.filter((p) => p.category === c)
    expect([products.length, of('chilaquiles').length, of('bebidas').length, of('postres').length]).toEqual([10, 3, 4, 3])
    const range = (c: string) => [Math.min(...of(c).map((p) => p.price)), Math.max(...of(c).map((p) => p.price))]
    expect(range('chilaquiles')).toEqual([35, 65])
    expect(range('bebidas')).toEqual([20, 30])
    expect(Math.max(...of('bebidas').map((p) => p.priceGrande ?? p.price))).toBe(35)
    expect(range('postres')).toEqual([35, 45])
    expect(products.some((p) => p.priceGrande !== null)).toBe(true)
    expect(products.every((p) => p.image?.startsWith('/images/products/'))).toBe(true)

    const ids = new Map(ingredients.map((i) => [i.id, i.type]))
    for (const p of of('chilaquiles')) {
      expect(p.availableSauces.length).toBeGreaterThan(0)
      expect(p.availableSauces.every((id) => ids.get(id) === 'salsa')).toBe(true)
      expect(p.baseIngredientIds.every((id) => ids.get(id) === 'base')).toBe(true)
      expect(p.extraIngredientIds.every((id) => ids.get(id) === 'extra')).toBe(true)
    }
    expect((await (await t.request('/api/settings/whatsapp_number')).json()).value).toBe('50212345678')
  })

  test('a second run is refused (409, Spanish) and changes nothing', async () => {
    const before = await (await t.request('/api/products')).text()
    const res = await init()
    expect(res.status).toBe(409)
    expect((await res.json()).message).toContain('ya tiene productos')
    expect(await (await t.request('/api/products')).text()).toBe(before)
  })

  test('refused too when only ingredients exist, and never overwrites a saved chat number', async () => {
    const other = await createTestApp()
    const c = await other.signIn()
    await other.request('/api/ingredients', { method: 'POST', headers: { cookie: c }, json: { name: 'Crema', type: 'base', price: 0, category: 'base' } })
    expect((await other.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: c } })).status).toBe(409)
    await other.request('/api/ingredients/1', { method: 'DELETE', headers: { cookie: c } })
    await other.request('/api/settings/whatsapp_number', { method: 'PATCH', headers: { cookie: c }, json: { value: '50277778888' } })
    const res = await other.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: c } })
    expect((await res.json()).stats).toEqual({ ingredients: 21, products: 10, settings: 0 })
    expect((await (await other.request('/api/settings/whatsapp_number')).json()).value).toBe('50277778888')
    await other.cleanup()
  })

  test('pressed twice at once (one instance or two): loaded once, the other 409', async () => {
    const app = await createTestApp()
    try {
      const signed = await app.signIn()
      const both = await Promise.all([0, 1].map(() => app.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: signed } })))
      expect(both.map((r) => r.status).sort()).toEqual([201, 409])
      expect(((await (await app.request('/api/products')).json()) as Product[]).length).toBe(10)
      expect(((await (await app.request('/api/ingredients')).json()) as Ingredient[]).length).toBe(21)
    } finally {
      await app.cleanup()
    }
  })
})
