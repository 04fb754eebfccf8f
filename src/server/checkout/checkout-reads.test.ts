/**
 * What a checkout reads before its transaction (readCheckout): one query per table, whatever
 * the order's size, its options included (issue #29; issue #32: every option group with its
 * options in ONE joined query, never one per group or option).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { KyselyPlugin, RootOperationNode } from 'kysely'
import type { OptionGroup } from '../../shared/options'
import { type CheckoutData, type CoverageZone, type Product, checkoutInputSchema } from '../../shared/schemas'
import { createTestApp } from '../testing.server'
import { readCheckout } from './checkout.service.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let menu: Product[]
let zone: CoverageZone
let groups: OptionGroup[]

beforeAll(async () => {
  t = await createTestApp()
  const cookie = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })).status).toBe(201)
  zone = (await (await t.request('/api/coverage-zones', { method: 'POST', headers: { cookie }, json: { name: 'Zona 10', deliveryCost: 15 } })).json()) as CoverageZone
  for (const name of ['Leche', 'Endulzante', 'Toppings']) {
    const res = await t.request('/api/option-groups', { method: 'POST', headers: { cookie }, json: { name, max: 2, options: [{ name: 'Una' }, { name: 'Otra', price: 3 }, { name: 'Tercera' }] } })
    expect(res.status).toBe(201)
  }
  groups = (await (await t.request('/api/option-groups')).json()) as OptionGroup[]
  menu = (await (await t.request('/api/products')).json()) as Product[]
  for (const product of menu) {
    const { id, ...data } = product
    expect((await t.request(`/api/products/${id}`, { method: 'PUT', headers: { cookie }, json: { ...data, optionGroupIds: groups.map((g) => g.id) } })).status).toBe(200)
  }
})
afterAll(() => t.cleanup())

/** The queries `work` sends through the database, by the tables each names. */
async function queriesOf(work: (db: T['ctx']['db']) => Promise<unknown>): Promise<string[][]> {
  const seen: string[][] = []
  const counting: KyselyPlugin = {
    transformQuery: ({ node }: { node: RootOperationNode }) => {
      const named = [...JSON.stringify(node).matchAll(/"kind":"TableNode","table":\{"kind":"SchemableIdentifierNode","identifier":\{"kind":"IdentifierNode","name":"(\w+)"/g)].map((m) => m[1] ?? '')
      // One-letter names are a query's own aliases (option_groups as g), not tables.
      seen.push([...new Set(named.filter((name) => name.length > 1))].sort())
      return node
    },
    transformResult: async ({ result }) => result,
  }
  await work(t.ctx.db.withPlugin(counting))
  return seen.sort()
}

const order = (lines: number): CheckoutData =>
  checkoutInputSchema.parse({
    items: Array.from({ length: lines }, (_, i) => {
      const product = menu[i % menu.length] as Product
      return {
        productId: product.id,
        size: 'mediano',
        quantity: 1,
        customization: { sauceId: product.availableSauces[0] ?? null, sauceOnSide: false, removedIngredientIds: product.baseIngredientIds.slice(0, 2), extraIds: product.extraIngredientIds.slice(0, 2) },
        options: groups.map((g) => ({ groupId: g.id, optionId: g.options[i % g.options.length]?.id ?? 0 })),
      }
    }),
    fulfilment: 'delivery',
    zoneId: zone.id,
    address: '5a avenida 12-34',
    customerName: 'Ana',
  })

test('one query per table, in parallel, whether the order has one line or twenty, each with options', async () => {
  const one = await queriesOf((db) => readCheckout(db, order(1)))
  const twenty = await queriesOf((db) => readCheckout(db, order(20)))
  // The same queries for one line as for twenty: none per line, per group or per option.
  expect(one).toEqual(twenty)
  for (const table of ['product_view', 'ingredients', 'coverage_zones', 'settings', 'categories']) expect(one.flat()).toContain(table)
  // The option groups joined to their options, once.
  expect(one).toContainEqual(['option_groups', 'options'])
  expect(one.flat().filter((table) => table === 'options' || table === 'option_groups')).toHaveLength(2)
  // Each table in at most one query (product_view also serves the categories' subquery).
  const counts = new Map<string, number>()
  for (const table of one.flat()) counts.set(table, (counts.get(table) ?? 0) + 1)
  expect([...counts].filter(([table, n]) => n > 1 && table !== 'product_view' && table !== 'products')).toEqual([])
  // And what it read prices the twenty lines with their options.
  const { menu: read } = await readCheckout(t.ctx.db, order(20))
  expect([...read.optionGroups.values()].map((g) => [g.name, g.options.length])).toEqual([
    ['Leche', 3],
    ['Endulzante', 3],
    ['Toppings', 3],
  ])
})
