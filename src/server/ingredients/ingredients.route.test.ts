import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Ingredient, Product } from '../../shared/schemas'
import { countIngredients } from './ingredients.repo.server'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
})
afterAll(() => t.cleanup())

const create = async (body: Record<string, unknown>) => {
  const res = await t.request('/api/ingredients', { method: 'POST', headers: { cookie }, json: body })
  expect(res.status).toBe(201)
  return (await res.json()) as Ingredient
}

describe('ingredients', () => {
  test('CRUD with defaults, by-type list, full replacement, 404 for unknown ids', async () => {
    // type, price and category are required: absent is refused, never defaulted (the form always sends them).
    const missing = await t.request('/api/ingredients', { method: 'POST', headers: { cookie }, json: { name: 'Crema' } })
    expect(missing.status).toBe(400)
    expect(((await missing.json()).issues as { path: string }[]).map((i) => i.path)).toEqual(['type', 'price', 'category'])
    const a = await create({ name: 'Crema', type: 'base', price: '', category: 'topping' })
    expect(a).toMatchObject({ type: 'base', price: 0, category: 'topping', available: true, image: null, description: null })
    const salsa = await create({ name: 'Salsa Verde', type: 'salsa', price: 0, category: 'salsa', image: '/images/salsas/verde.svg', description: 'Tomate verde' })
    const extra = await create({ name: 'Aguacate', type: 'extra', price: '10', category: 'topping' })
    expect(extra.price).toBe(10)

    const all = (await (await t.request('/api/ingredients')).json()) as Ingredient[]
    expect(all.map((i) => i.name)).toEqual(['Crema', 'Aguacate', 'Salsa Verde'])
    const salsas = (await (await t.request('/api/ingredients/type/salsa')).json()) as Ingredient[]
    expect(salsas.map((i) => i.id)).toEqual([salsa.id])
    expect((await t.request('/api/ingredients/type/picante')).status).toBe(400)

    const put = await t.request(`/api/ingredients/${salsa.id}`, { method: 'PUT', headers: { cookie }, json: { name: 'Salsa Verde Cruda', type: 'salsa', price: 0, category: 'salsa' } })
    expect(put.status).toBe(200)
    expect(await put.json()).toMatchObject({ name: 'Salsa Verde Cruda', image: null, description: null })

    expect((await t.request('/api/ingredients/9999', { method: 'PUT', headers: { cookie }, json: { name: 'x', type: 'base', price: 0, category: 'base' } })).status).toBe(404)
    expect((await t.request('/api/ingredients/9999', { method: 'DELETE', headers: { cookie } })).status).toBe(404)
    expect((await t.request(`/api/ingredients/${a.id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(200)
  })

  test('deleting an ingredient removes its id from every product list in the same transaction', async () => {
    const verde = await create({ name: 'Verde', type: 'salsa', price: 0, category: 'salsa' })
    const roja = await create({ name: 'Roja', type: 'salsa', price: 0, category: 'salsa' })
    const queso = await create({ name: 'Queso', type: 'base', price: 0, category: 'base' })
    const huevo = await create({ name: 'Huevo', type: 'extra', price: 8, category: 'proteina' })
    const mk = async (name: string, lists: Record<string, number[]>) =>
      (await (await t.request('/api/products', { method: 'POST', headers: { cookie }, json: { name, description: 'd', category: 'chilaquiles', price: 35, ...lists } })).json()) as Product
    const p1 = await mk('Uno', { availableSauces: [verde.id, roja.id], baseIngredientIds: [queso.id], extraIngredientIds: [huevo.id] })
    const p2 = await mk('Dos', { availableSauces: [roja.id, verde.id], baseIngredientIds: [queso.id], extraIngredientIds: [] })

    expect((await t.request(`/api/ingredients/${verde.id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(200)
    expect((await t.request(`/api/ingredients/${queso.id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(200)

    const get = async (id: number) => (await (await t.request(`/api/products/${id}`)).json()) as Product
    expect(await get(p1.id)).toMatchObject({ availableSauces: [roja.id], baseIngredientIds: [], extraIngredientIds: [huevo.id] })
    expect(await get(p2.id)).toMatchObject({ availableSauces: [roja.id], baseIngredientIds: [], extraIngredientIds: [] })
  })

  test('validation: bad type/category/image -> 400, nothing written; signed out -> 401', async () => {
    const before = await countIngredients(t.ctx.db)
    for (const body of [{ name: 'x', type: 'otro' }, { name: 'x', category: 'dulce' }, { name: 'x', image: '../../etc/passwd' }, { name: 'x', price: 1.5 }, { name: 'x'.repeat(100_000) }]) {
      expect((await t.request('/api/ingredients', { method: 'POST', headers: { cookie }, json: body })).status).toBe(400)
    }
    expect((await t.request('/api/ingredients', { method: 'POST', json: { name: 'x' } })).status).toBe(401)
    expect((await t.request('/api/ingredients/1', { method: 'DELETE' })).status).toBe(401)
    expect(await countIngredients(t.ctx.db)).toBe(before)
  })
})
