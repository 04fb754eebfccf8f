/**
 * Option groups (issue #32) end to end on the server: the admin's CRUD and its Spanish refusals,
 * who may call what, products naming groups, the landing page's 'Agotado', the checkout's and
 * the point of sale's rule (min/max 400 naming the group, sold out 409, priced by size), what an
 * order keeps after the menu changes, the ticket and tracking, the reports, and deleting a group
 * in use. Runs on SQLite and on PostgreSQL (scripts/test-pg.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { OptionGroup } from '../../shared/options'
import type { SalesReport } from '../../shared/reports'
import type { Order, Product } from '../../shared/schemas'
import type { CheckoutAnswer, Tracking } from '../../shared/tracking'
import { MESSAGES } from '../http/errors.server'
import { storeDay } from '../orders/orders.repo.server'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
type ErrorBody = { message: string; issues?: { path: string; message: string }[] }
let t: T
let admin: string
let staff: string
let apiKey: string
const products = new Map<string, Product>()
const P = (name: string): Product => {
  const p = products.get(name)
  if (!p) throw new Error(`seed has no ${name}`)
  return p
}

// 'Leche' (required, one): Entera Q0 / Deslactosada Q0 / Almendra Q5, Q7 with Grande.
const lecheInput = {
  name: 'Leche',
  min: 1,
  max: 1,
  options: [
    { name: 'Entera', price: 0, isDefault: true },
    { name: 'Deslactosada', price: 0 },
    { name: 'Almendra', price: 5, priceGrande: 7 },
  ],
}
let leche: OptionGroup
let toppings: OptionGroup
const optionId = (group: OptionGroup, name: string) => {
  const found = group.options.find((o) => o.name === name)
  if (!found) throw new Error(`${group.name} has no ${name}`)
  return found.id
}

const json = async <R>(res: Response | Promise<Response>): Promise<R> => (await res).json() as Promise<R>
const asAdmin = (path: string, method: string, body?: unknown) => t.request(path, { method, headers: { cookie: admin }, ...(body === undefined ? {} : { json: body }) })
let peers = 0
const checkout = (items: unknown[]) => t.request('/api/checkout', { method: 'POST', peer: `10.9.${Math.floor(++peers / 250)}.${peers % 250}`, json: { items, fulfilment: 'pickup', payment: 'efectivo' } })
const horchata = (options: { groupId: number; optionId: number }[], size: 'mediano' | 'grande' = 'mediano', quantity = 1) => ({ productId: P('Horchata').id, size, quantity, options })
const milk = (name: string) => ({ groupId: leche.id, optionId: optionId(leche, name) })
const pos = (json: unknown) => t.request('/api/orders', { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, json })
const setAvailable = (group: OptionGroup, option: string, available: boolean, cookie = staff) =>
  t.request(`/api/option-groups/${group.id}/availability`, { method: 'PATCH', headers: { cookie }, json: { optionId: optionId(group, option), available } })
const landingProducts = async () => {
  const html = await (await t.request('/')).text()
  const data = JSON.parse(/<script type="application\/json" id="landing-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as { products: (Product & { available: boolean })[] }
  return new Map(data.products.map((p) => [p.name, p]))
}
const saveProduct = (product: Product, optionGroupIds: number[]) => {
  const { id, ...data } = product
  return asAdmin(`/api/products/${id}`, 'PUT', { ...data, optionGroupIds })
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie: admin } })).status).toBe(201)
  for (const p of await json<Product[]>(t.request('/api/products'))) products.set(p.name, p)
  expect((await asAdmin('/api/admin/users', 'POST', { username: 'cocina', password: 'cocina-1234', role: 'staff' })).status).toBe(201)
  staff = await t.signIn('cocina', 'cocina-1234')
  apiKey = (await json<{ key: string }>(asAdmin('/api/admin/api-keys', 'POST', { name: 'Caja' }))).key
})
afterAll(() => t.cleanup())

describe('the admin keeps option groups', () => {
  test('POST creates a group with its options in order (201); GET lists it publicly, cached with an ETag', async () => {
    const res = await asAdmin('/api/option-groups', 'POST', lecheInput)
    expect(res.status).toBe(201)
    leche = await json<OptionGroup>(res)
    expect(leche).toMatchObject({ name: 'Leche', min: 1, max: 1 })
    expect(leche.options.map((o) => [o.name, o.price, o.priceGrande, o.available, o.isDefault])).toEqual([
      ['Entera', 0, null, true, true],
      ['Deslactosada', 0, null, true, false],
      ['Almendra', 5, 7, true, false],
    ])
    toppings = await json<OptionGroup>(asAdmin('/api/option-groups', 'POST', { name: 'Toppings', max: 2, options: [{ name: 'Canela' }, { name: 'Crema batida', price: 4 }, { name: 'Chispas', price: 3 }] }))

    const list = await t.request('/api/option-groups')
    expect(list.status).toBe(200)
    expect(await list.json()).toEqual([leche, toppings])
    const etag = list.headers.get('etag')
    expect(etag).toBeString()
    expect((await t.request('/api/option-groups', { headers: { 'if-none-match': etag ?? '' } })).status).toBe(304)
  })

  test('refusals in Spanish: max below min, no options, repeated names, more defaults than max; 404 for a group that does not exist', async () => {
    for (const [body, path, message] of [
      [{ ...lecheInput, min: 2, max: 1 }, 'max', 'El máximo no puede ser menor que el mínimo'],
      [{ ...lecheInput, options: [] }, 'options', 'Agrega al menos una opción'],
      [{ ...lecheInput, options: [{ name: 'Soya' }, { name: 'soya' }] }, 'options', 'Hay dos opciones con el mismo nombre'],
      [{ ...lecheInput, options: [{ name: 'Soya', isDefault: true }, { name: 'Coco', isDefault: true }] }, 'options', 'Marca como máximo 1 por defecto'],
      [{ ...lecheInput, name: '' }, 'name', expect.any(String)],
    ] as const) {
      const res = await asAdmin('/api/option-groups', 'POST', body)
      expect(res.status).toBe(400)
      const error = await json<ErrorBody>(res)
      expect(error.message).toBe(MESSAGES.invalidData)
      expect(error.issues).toContainEqual({ path, message })
    }
    expect((await asAdmin('/api/option-groups/999999', 'PUT', lecheInput)).status).toBe(404)
    expect(await json<ErrorBody>(asAdmin('/api/option-groups/999999', 'DELETE'))).toEqual({ message: 'Grupo de opciones no encontrado' })
  })

  test('PUT: an option sent with its id keeps it, one without is new, one left out is deleted; another group\'s id is refused', async () => {
    const before = await json<OptionGroup[]>(t.request('/api/option-groups'))
    const [canela, crema] = toppings.options
    const res = await asAdmin(`/api/option-groups/${toppings.id}`, 'PUT', {
      name: 'Toppings',
      min: 0,
      max: 2,
      options: [{ ...crema, price: 5 }, { name: 'Chocolate', price: 2 }, canela],
    })
    expect(res.status).toBe(200)
    const updated = await json<OptionGroup>(res)
    expect(updated.options.map((o) => [o.id === crema?.id, o.id === canela?.id, o.name, o.price])).toEqual([
      [true, false, 'Crema batida', 5],
      [false, false, 'Chocolate', 2],
      [false, true, 'Canela', 0],
    ])
    const chocolate = updated.options[1]?.id ?? 0
    expect(toppings.options.map((o) => o.id)).not.toContain(chocolate)
    // Chispas, left out, is gone from the database too.
    expect(await t.ctx.db.selectFrom('options').select('name').where('group_id', '=', toppings.id).orderBy('position').execute()).toEqual([{ name: 'Crema batida' }, { name: 'Chocolate' }, { name: 'Canela' }])
    toppings = updated

    // One of Leche's options named in Toppings: 400 naming the field, and nothing changed.
    const foreign = await asAdmin(`/api/option-groups/${toppings.id}`, 'PUT', { name: 'Otro nombre', max: 2, options: [...toppings.options, { id: optionId(leche, 'Almendra'), name: 'Almendra' }] })
    expect(foreign.status).toBe(400)
    expect(await json<ErrorBody>(foreign)).toEqual({ message: MESSAGES.invalidData, issues: [{ path: 'options.3.id', message: 'Opción inválida' }] })
    // The cached list was made again after the write (changes: 'public'), and the refused one changed nothing.
    const after = await json<OptionGroup[]>(t.request('/api/option-groups'))
    expect(after).toEqual([leche, toppings])
    expect(after).not.toEqual(before)
  })

  test('who may call what: the list is public; staff may only mark options sold out; an API key is refused the writes', async () => {
    expect((await t.request('/api/option-groups', { method: 'POST', json: lecheInput })).status).toBe(401)
    expect((await t.request(`/api/option-groups/${leche.id}`, { method: 'DELETE' })).status).toBe(401)
    expect((await t.request(`/api/option-groups/${leche.id}/availability`, { method: 'PATCH', json: { optionId: optionId(leche, 'Entera'), available: false } })).status).toBe(401)
    for (const [method, path, body] of [
      ['POST', '/api/option-groups', lecheInput],
      ['PUT', `/api/option-groups/${leche.id}`, lecheInput],
      ['DELETE', `/api/option-groups/${leche.id}`, undefined],
    ] as const) {
      const res = await t.request(path, { method, headers: { cookie: staff }, ...(body ? { json: body } : {}) })
      expect({ method, status: res.status, body: await res.json() }).toEqual({ method, status: 403, body: { message: MESSAGES.staffScope } })
      const byKey = await t.request(path, { method, headers: { authorization: `Bearer ${apiKey}` }, ...(body ? { json: body } : {}) })
      expect({ method, status: byKey.status }).toEqual({ method, status: 403 })
    }
    const sold = await setAvailable(leche, 'Deslactosada', false)
    expect(sold.status).toBe(200)
    expect((await json<OptionGroup>(sold)).options.map((o) => o.available)).toEqual([true, false, true])
    expect((await setAvailable(leche, 'Deslactosada', true, admin)).status).toBe(200)
    // An option of another group under this one: 404.
    const wrong = await t.request(`/api/option-groups/${leche.id}/availability`, { method: 'PATCH', headers: { cookie: staff }, json: { optionId: toppings.options[0]?.id, available: false } })
    expect(wrong.status).toBe(404)
    expect(await json<ErrorBody>(wrong)).toEqual({ message: 'Opción no encontrada' })
  })
})

describe('products name their groups', () => {
  test('a group id that does not exist is 400; saved ids come back in their order, on the menu and the landing page', async () => {
    const bad = await saveProduct(P('Horchata'), [leche.id, 999999])
    expect(bad.status).toBe(400)
    expect(await json<ErrorBody>(bad)).toEqual({ message: MESSAGES.invalidData, issues: [{ path: 'optionGroupIds', message: 'Grupo de opciones inválido' }] })
    const created = await asAdmin('/api/products', 'POST', { name: 'Latte', description: 'Café con leche', category: 'bebidas', price: 22, optionGroupIds: [999999] })
    expect(created.status).toBe(400)

    const saved = await saveProduct(P('Horchata'), [leche.id, toppings.id])
    expect(saved.status).toBe(200)
    expect((await json<Product>(saved)).optionGroupIds).toEqual([leche.id, toppings.id])
    const menu = await json<Product[]>(t.request('/api/products'))
    for (const p of menu) products.set(p.name, p)
    expect(P('Horchata').optionGroupIds).toEqual([leche.id, toppings.id])
    expect(P('Flan de cajeta').optionGroupIds).toEqual([])
    expect((await json<Product>(t.request(`/api/products/${P('Horchata').id}`))).optionGroupIds).toEqual([leche.id, toppings.id])
    const landing = await landingProducts()
    expect(landing.get('Horchata')).toMatchObject({ optionGroupIds: [leche.id, toppings.id], available: true })
  })

  test("a dish whose required group has nothing left shows 'Agotado' on the landing page, and comes back with one option", async () => {
    for (const name of ['Entera', 'Deslactosada', 'Almendra']) expect((await setAvailable(leche, name, false)).status).toBe(200)
    expect((await landingProducts()).get('Horchata')?.available).toBe(false)
    // The checkout agrees: the dish is sold out.
    const refused = await checkout([horchata([milk('Entera')])])
    expect(refused.status).toBe(409)
    expect(await json<ErrorBody>(refused)).toEqual({ message: 'El producto "Horchata" no está disponible' })
    // An optional group sold out does not: Toppings may be left empty.
    for (const name of ['Entera', 'Deslactosada', 'Almendra']) expect((await setAvailable(leche, name, true)).status).toBe(200)
    for (const o of toppings.options) expect((await setAvailable(toppings, o.name, false)).status).toBe(200)
    expect((await landingProducts()).get('Horchata')?.available).toBe(true)
    for (const o of toppings.options) expect((await setAvailable(toppings, o.name, true)).status).toBe(200)
    leche = await json<OptionGroup>(setAvailable(leche, 'Entera', true))
  })
})

describe('the checkout holds each line to its groups', () => {
  const refusal = async (items: unknown[]) => {
    const res = await checkout(items)
    return { status: res.status, message: (await json<ErrorBody>(res)).message }
  }

  test("the group's minimum and maximum: 400 naming the group", async () => {
    expect(await refusal([horchata([])])).toEqual({ status: 400, message: 'Elige una opción de Leche' })
    expect(await refusal([horchata([milk('Entera'), milk('Almendra')])])).toEqual({ status: 400, message: 'Elige como máximo 1 de Leche' })
    const three = toppings.options.map((o) => ({ groupId: toppings.id, optionId: o.id }))
    expect(await refusal([horchata([milk('Entera'), ...three])])).toEqual({ status: 400, message: 'Elige como máximo 2 de Toppings' })
  })

  test("another group's option is 400; a group the product does not name is 400; a sold-out option is 409 'Ya no tenemos …'", async () => {
    expect(await refusal([horchata([{ groupId: leche.id, optionId: toppings.options[0]?.id ?? 0 }])])).toEqual({ status: 400, message: 'Esa opción no es de Leche' })
    expect(await refusal([{ productId: P('Flan de cajeta').id, size: 'mediano', quantity: 1, options: [milk('Entera')] }])).toEqual({
      status: 400,
      message: `"Flan de cajeta" no tiene el grupo de opciones #${leche.id}`,
    })
    expect((await setAvailable(leche, 'Almendra', false)).status).toBe(200)
    expect(await refusal([horchata([milk('Almendra')])])).toEqual({ status: 409, message: 'Ya no tenemos Almendra (Leche)' })
    expect((await setAvailable(leche, 'Almendra', true)).status).toBe(200)
  })

  test('priced by size, and frozen on the order: renaming the group and repricing the option later changes nothing recorded', async () => {
    const res = await checkout([horchata([milk('Almendra')], 'mediano', 2), horchata([milk('Almendra'), { groupId: toppings.id, optionId: optionId(toppings, 'Crema batida') }], 'grande')])
    expect(res.status).toBe(201)
    const order = await json<CheckoutAnswer>(res)
    // Horchata Q20 + Almendra Q5 at Mediano; Q25 + Q7 + Crema batida Q5 at Grande.
    expect(order.items.map((l) => [l.size, l.price, l.lineTotal])).toEqual([
      ['mediano', 25, 50],
      ['grande', 37, 37],
    ])
    expect(order.items[1]?.options).toEqual([
      { groupId: leche.id, optionId: optionId(leche, 'Almendra'), group: 'Leche', name: 'Almendra', price: 7 },
      { groupId: toppings.id, optionId: optionId(toppings, 'Crema batida'), group: 'Toppings', name: 'Crema batida', price: 5 },
    ])
    expect(order.total).toBe(87)

    const renamed = await asAdmin(`/api/option-groups/${leche.id}`, 'PUT', { ...lecheInput, name: 'Tipo de leche', options: leche.options.map((o) => (o.name === 'Almendra' ? { ...o, price: 9, priceGrande: 11 } : o)) })
    expect(renamed.status).toBe(200)
    const [stored] = await json<Order[]>(t.request('/api/orders?limit=1', { headers: { cookie: admin } }))
    expect(stored?.id).toBe(order.id)
    expect(stored?.items).toEqual(order.items)
    const tracking = await json<Tracking>(t.request(`/api/track/${order.trackingToken}`))
    expect(tracking.items[0]?.options).toEqual([{ groupId: leche.id, optionId: optionId(leche, 'Almendra'), group: 'Leche', name: 'Almendra', price: 5 }])
    // The tracking page says it in words.
    expect(await (await t.request(`/pedido/${order.trackingToken}`)).text()).toContain('Leche: Almendra (+Q5)')
    // A new order takes today's names and prices.
    const later = await json<CheckoutAnswer>(checkout([horchata([milk('Almendra')])]))
    expect(later.items[0]).toMatchObject({ price: 29, options: [{ group: 'Tipo de leche', name: 'Almendra', price: 9 }] })
    leche = await json<OptionGroup>(asAdmin(`/api/option-groups/${leche.id}`, 'PUT', lecheInput))
    expect(leche.options.map((o) => o.name)).toEqual(['Entera', 'Deslactosada', 'Almendra'])
  })

  test("the kitchen ticket says each line's options under it", async () => {
    const order = await json<CheckoutAnswer>(checkout([horchata([milk('Almendra'), { groupId: toppings.id, optionId: optionId(toppings, 'Canela') }])]))
    const html = await (await t.request(`/admin/pedidos/${order.id}/ticket`, { headers: { cookie: staff } })).text()
    expect(html).toContain('<p class="detail">Leche: Almendra (+Q5)</p>')
    expect(html).toContain('<p class="detail">Toppings: Canela</p>')
    expect(html.indexOf('1 x Horchata')).toBeLessThan(html.indexOf('Leche: Almendra'))
  })
})

describe('the point of sale names options too', () => {
  test('the unit price is the POS price plus the options at the line\'s size; names and prices are kept', async () => {
    const res = await pos({
      customerName: 'Mesa 2',
      items: [
        { productId: P('Horchata').id, name: 'Horchata', size: 'grande', quantity: 2, price: 25, options: [milk('Almendra')] },
        { name: 'Café de olla', quantity: 1, price: 25 },
      ],
      total: 2 * (25 + 7) + 25,
    })
    expect(res.status).toBe(201)
    const order = await json<Order>(res)
    expect(order.items.map((l) => [l.name, l.price, l.lineTotal, l.options ?? null])).toEqual([
      ['Horchata', 32, 64, [{ groupId: leche.id, optionId: optionId(leche, 'Almendra'), group: 'Leche', name: 'Almendra', price: 7 }]],
      ['Café de olla', 25, 25, null],
    ])
    expect(order.total).toBe(89)
    // No size: Mediano's price.
    const mediano = await json<Order>(pos({ customerName: 'Mesa 3', items: [{ productId: P('Horchata').id, name: 'Horchata', quantity: 1, price: 20, options: [milk('Almendra')] }] }))
    expect(mediano.items[0]).toMatchObject({ price: 25, options: [{ name: 'Almendra', price: 5 }] })
  })

  test('refusals: options without a product (400), a total without the options (400), a group rule (400 naming it), a sold-out option (409)', async () => {
    const line = (over: Record<string, unknown> = {}) => ({ productId: P('Horchata').id, name: 'Horchata', quantity: 1, price: 20, options: [milk('Entera')], ...over })
    const noProduct = await pos({ customerName: 'x', items: [{ name: 'Horchata', quantity: 1, price: 20, options: [milk('Entera')] }] })
    expect(noProduct.status).toBe(400)
    expect((await json<ErrorBody>(noProduct)).issues).toEqual([{ path: 'items.0.productId', message: 'Una línea con opciones debe indicar su producto (productId)' }])
    const total = await pos({ customerName: 'x', items: [line({ options: [milk('Almendra')] })], total: 20 })
    expect(total.status).toBe(400)
    expect((await json<ErrorBody>(total)).message).toBe('El total (Q20) no coincide con la suma de las líneas (Q25)')
    const rule = await pos({ customerName: 'x', items: [line({ options: [] })] })
    expect(rule.status).toBe(400)
    expect(await json<ErrorBody>(rule)).toEqual({ message: 'Elige una opción de Leche', issues: [{ path: 'items.0.options', message: 'Elige una opción de Leche' }] })
    expect((await setAvailable(leche, 'Entera', false)).status).toBe(200)
    const sold = await pos({ customerName: 'x', items: [line()] })
    expect({ status: sold.status, body: await sold.json() }).toEqual({ status: 409, body: { message: 'Ya no tenemos Entera (Leche)' } })
    expect((await setAvailable(leche, 'Entera', true)).status).toBe(200)
    // A line naming its product without `options` is the cashier's business, as before.
    expect((await pos({ customerName: 'x', items: [{ productId: P('Horchata').id, name: 'Horchata', quantity: 1, price: 20 }] })).status).toBe(201)
  })
})

describe('reports and deleting', () => {
  test('groupBy=product still adds up: lines carry their options in their totals', async () => {
    const day = storeDay(new Date())
    const report = await json<SalesReport>(t.request(`/api/reports/sales?from=${day}&to=${day}&groupBy=product`, { headers: { cookie: admin } }))
    const orders = await json<Order[]>(t.request(`/api/orders?from=${day}&to=${day}&limit=100`, { headers: { cookie: admin } }))
    const counted = orders.filter((o) => o.status !== 'cancelled')
    expect(report.rows.reduce((sum, r) => sum + r.revenue, 0)).toBe(counted.reduce((sum, o) => sum + o.subtotal, 0))
    const lines = counted.flatMap((o) => o.items).filter((l) => l.productId === P('Horchata').id)
    expect(lines.some((l) => (l.options ?? []).some((o) => o.price > 0))).toBe(true)
    expect(report.rows.find((r) => r.key === String(P('Horchata').id))).toMatchObject({
      quantity: lines.reduce((sum, l) => sum + l.quantity, 0),
      revenue: lines.reduce((sum, l) => sum + l.lineTotal, 0),
    })
  })

  test('a group still used by products is not deleted (409 saying how many); once unused it goes, options and all', async () => {
    expect((await saveProduct(P('Agua de Jamaica'), [leche.id])).status).toBe(200)
    const twice = await asAdmin(`/api/option-groups/${leche.id}`, 'DELETE')
    expect(twice.status).toBe(409)
    expect(await json<ErrorBody>(twice)).toEqual({ message: '2 productos usan este grupo; quítalo de esos productos antes de borrarlo' })
    expect((await saveProduct(P('Agua de Jamaica'), [])).status).toBe(200)
    const once = await asAdmin(`/api/option-groups/${leche.id}`, 'DELETE')
    expect(await json<ErrorBody>(once)).toEqual({ message: 'Un producto usa este grupo; quítalo de ese producto antes de borrarlo' })
    expect((await saveProduct(P('Horchata'), [toppings.id])).status).toBe(200)

    const deleted = await asAdmin(`/api/option-groups/${leche.id}`, 'DELETE')
    expect(deleted.status).toBe(200)
    expect(await deleted.json()).toEqual({ message: 'Grupo de opciones eliminado', id: leche.id })
    expect((await json<OptionGroup[]>(t.request('/api/option-groups'))).map((g) => g.name)).toEqual(['Toppings'])
    expect(await t.ctx.db.selectFrom('options').select('id').where('group_id', '=', leche.id).execute()).toEqual([])
    // Orders placed with it still say what was ordered.
    const orders = await json<Order[]>(t.request('/api/orders?limit=100', { headers: { cookie: admin } }))
    expect(orders.some((o) => o.items.some((l) => l.options?.some((x) => x.group === 'Leche')))).toBe(true)
    // A cart still naming it: the product no longer has that group (400).
    const stale = await checkout([horchata([milk('Entera')])])
    expect(stale.status).toBe(400)
  })
})
