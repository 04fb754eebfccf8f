import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020'
import { z } from 'zod'
import {
  type CheckoutInput,
  type CoverageZone,
  type Ingredient,
  type Order,
  type Product,
  checkoutInputSchema,
  ingredientInputSchema,
  openingHoursInputSchema,
  orderInputSchema,
  orderStatusInputSchema,
  orderStatusSchema,
  productInputSchema,
  zoneInputSchema,
} from '../../shared/schemas'
import { createApiKey } from '../api-keys/api-keys.repo.server'
import { type TestRequestInit, createTestApp } from '../testing.server'
import { type JsonSchema, buildOpenApiDocument, jsonSchemaOf, openApiPath } from './openapi-document.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let key: string
let product: Product
let ingredient: Ingredient
let zone: CoverageZone

/** The document as the app serves it, generated from its routes. */
const doc = await (async () => {
  const app = await createTestApp()
  try {
    const served = await (await app.request('/api/openapi.json')).json()
    expect(served).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(app.contracts))))
    return buildOpenApiDocument(app.contracts)
  } finally {
    await app.cleanup()
  }
})()
type SecurityRequirement = Record<string, string[]>

beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })).status).toBe(201)
  const zoneRes = await t.request('/api/coverage-zones', { method: 'POST', headers: { cookie }, json: { name: 'Zona 10', deliveryCost: 15, estimatedTime: '30 min' } })
  zone = (await zoneRes.json()) as CoverageZone
  product = ((await (await t.request('/api/products')).json()) as Product[])[0] as Product
  ingredient = ((await (await t.request('/api/ingredients')).json()) as Ingredient[])[0] as Ingredient
  key = (await createApiKey(t.ctx.db, 'Caja 1')).key
})
afterAll(() => t.cleanup())

// ---------------------------------------------------------------- the document as data

type Operation = {
  operationId: string
  security: SecurityRequirement[]
  parameters?: { name: string; in: string; schema: JsonSchema; example?: unknown }[]
  requestBody?: { content: Record<string, { schema: JsonSchema; example?: unknown }> }
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: JsonSchema; example?: unknown }> }>
}
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
type Method = (typeof METHODS)[number]

const operations = Object.entries(doc.paths as Record<string, Partial<Record<Method, Operation>>>).flatMap(([path, item]) =>
  METHODS.flatMap((method) => {
    const op = item[method]
    return op ? [{ path, method, op }] : []
  }),
)

const resolve = (pointer: string): unknown => {
  let node: unknown = doc
  for (const part of pointer.replace(/^#\//, '').split('/')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
  return node
}

/** Every `$ref` in the document, with where it is. */
function refs(node: unknown, at = '#'): { at: string; ref: string }[] {
  if (Array.isArray(node)) return node.flatMap((v, i) => refs(v, `${at}/${i}`))
  if (!node || typeof node !== 'object') return []
  return Object.entries(node).flatMap(([k, v]) => (k === '$ref' && typeof v === 'string' ? [{ at, ref: v }] : refs(v, `${at}/${k}`)))
}

/** A documented path with its `{param}`s filled in with real values. */
const concrete = (path: string, ids: Record<string, string | number> = {}) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => String(ids[name] ?? { id: 1, category: 'chilaquiles', type: 'salsa' }[name] ?? name))

// ---------------------------------------------------------------- validation with an independent validator

const ajv = new Ajv2020({ allErrors: true, strict: true })
ajv.addFormat('date-time', { type: 'string', validate: (s: string) => !Number.isNaN(Date.parse(s)) })
/** The document's schemas as `$defs` of each compiled schema: `#/components/schemas/X` becomes `#/$defs/X`. */
const asDefs = (node: unknown): unknown => JSON.parse(JSON.stringify(node).replaceAll('"#/components/schemas/', '"#/$defs/'))
const compiled = new Map<string, ValidateFunction>()
function validator(schema: JsonSchema): ValidateFunction {
  const text = JSON.stringify(schema)
  let fn = compiled.get(text)
  if (!fn) {
    fn = ajv.compile({ ...(asDefs(schema) as object), $defs: asDefs(doc.components.schemas) as Record<string, object> })
    compiled.set(text, fn)
  }
  return fn
}
const errorsOf = (schema: JsonSchema, value: unknown) => {
  const fn = validator(schema)
  return fn(value) ? [] : (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`)
}

/** The JSON schema the document gives for `status` of an operation. */
function documentedSchema(method: Method, path: string, status: number): JsonSchema {
  const op = (doc.paths as Record<string, Partial<Record<Method, Operation>>>)[path]?.[method]
  if (!op) throw new Error(`not documented: ${method} ${path}`)
  // A status without its own entry is described by `default` (the error shape), as OpenAPI reads it.
  const response = op.responses[String(status)] ?? (status >= 400 ? op.responses.default : undefined)
  if (!response) throw new Error(`${method} ${path}: status ${status} not documented`)
  const resolved = (response.$ref ? resolve(response.$ref) : response) as { content?: Record<string, { schema: JsonSchema }> }
  const schema = resolved.content?.['application/json']?.schema
  if (!schema) throw new Error(`${method} ${path} ${status}: no JSON schema`)
  return schema
}

/** Makes the request, checks its status, and checks its JSON answer against the document. */
async function answers(method: Method, path: string, status: number, url: string, init: TestRequestInit = {}) {
  const res = await t.request(url, { ...init, method: method.toUpperCase() })
  const body: unknown = await res.json()
  expect({ url, status: res.status }).toEqual({ url, status })
  expect(errorsOf(documentedSchema(method, path, status), body)).toEqual([])
  return body
}

/** The API key's headers (a function: the key exists only after beforeAll). */
const bearer = () => ({ authorization: `Bearer ${key}` })

// ---------------------------------------------------------------- tests

describe('the document is OpenAPI 3.1', () => {
  test('version, info, and every operation has an id, a summary, responses and a security statement', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/)
    expect(doc.info.title.length).toBeGreaterThan(0)
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/)
    const ids = operations.map(({ op }) => op.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    for (const { path, op } of operations) {
      expect({ path, summary: typeof (op as { summary?: unknown }).summary }).toEqual({ path, summary: 'string' })
      expect(Object.keys(op.responses).length).toBeGreaterThan(0)
      expect(Array.isArray(op.security)).toBe(true)
      for (const requirement of op.security) for (const scheme of Object.keys(requirement)) expect(Object.keys(doc.components.securitySchemes)).toContain(scheme)
    }
  })

  test('every $ref resolves inside the document', () => {
    const all = refs(doc)
    expect(all.length).toBeGreaterThan(20)
    expect(all.filter(({ ref }) => !ref.startsWith('#/') || resolve(ref) === undefined)).toEqual([])
  })

  test('path parameters: each {name} of a path is declared once as a required path parameter, and nothing else is', () => {
    for (const { path, op } of operations) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)
      expect({ path, declared }).toEqual({ path, declared: inPath as string[] })
    }
  })

  test('every schema compiles under JSON Schema 2020-12 (strict) and every example validates against its schema', () => {
    for (const schema of Object.values(doc.components.schemas)) expect(() => validator(schema)).not.toThrow()
    const examples: { where: string; schema: JsonSchema; example: unknown }[] = []
    const media = (where: string, content: Record<string, { schema: JsonSchema; example?: unknown }> | undefined) => {
      for (const [type, m] of Object.entries(content ?? {})) if (m.example !== undefined) examples.push({ where: `${where} ${type}`, schema: m.schema, example: m.example })
    }
    for (const { path, method, op } of operations) {
      for (const p of op.parameters ?? []) if (p.example !== undefined) examples.push({ where: `${method} ${path} ${p.name}`, schema: p.schema, example: p.example })
      media(`${method} ${path} body`, op.requestBody?.content)
      for (const [status, r] of Object.entries(op.responses)) media(`${method} ${path} ${status}`, r.content)
    }
    for (const [name, r] of Object.entries(doc.components.responses)) media(name, r.content)
    expect(examples.length).toBeGreaterThan(20)
    for (const { where, schema, example } of examples) expect({ where, errors: errorsOf(schema, example) }).toEqual({ where, errors: [] })
  })
})

describe('the schemas are what z.toJSONSchema makes of the shared zod schemas', () => {
  const made = (schema: z.ZodType, io: 'input' | 'output') => jsonSchemaOf(schema, io)
  const schemas = doc.components.schemas as Record<string, JsonSchema>

  test('request bodies: the input side of the schema the route validates with (a field with a default is optional)', () => {
    const required = (name: string) => (schemas[name] as { required?: string[] }).required ?? []
    expect(required('OrderInput')).toEqual(['customerName', 'items'])
    expect(required('OrderInput')).not.toContain('status')
    expect(required('CheckoutInput')).not.toContain('customerName')
    expect(schemas.CheckoutInput).toEqual(made(checkoutInputSchema, 'input'))
    expect(schemas.OrderInput).toEqual(made(orderInputSchema, 'input'))
    expect(schemas.OrderStatusInput).toEqual(made(orderStatusInputSchema, 'input'))
    expect(schemas.OpeningHoursInput).toEqual(made(openingHoursInputSchema, 'input'))
  })

  test('Product, Ingredient, CoverageZone: the output of their input schema plus a positive integer id', () => {
    for (const [name, shared] of [
      ['Product', productInputSchema],
      ['Ingredient', ingredientInputSchema],
      ['CoverageZone', zoneInputSchema],
    ] as const) {
      const documented = schemas[name] as { properties: Record<string, unknown>; required: string[] }
      const { id, ...fields } = documented.properties
      const source = made(shared, 'output') as { properties: Record<string, unknown>; required: string[] }
      expect({ name, fields }).toEqual({ name, fields: source.properties })
      expect({ name, required: documented.required.filter((k) => k !== 'id') }).toEqual({ name, required: source.required })
      expect(id).toMatchObject({ type: 'integer', exclusiveMinimum: 0 })
    }
  })
})

describe('the document matches the app', () => {
  test('every /api route of the app is documented, once, and nothing else is', async () => {
    const routes = t.contracts.filter((c) => c.method !== 'HEAD').map((c) => `${c.method.toLowerCase()} ${openApiPath(c.path)}`)
    expect(routes.length).toBeGreaterThan(35)
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([...new Set(routes)].sort())
    for (const route of t.app.routes) {
      if (!route.path.startsWith('/api/') || route.path.endsWith('*') || route.method === 'HEAD') continue
      const op = (doc.paths as Record<string, Record<string, unknown>>)[openApiPath(route.path)]?.[route.method.toLowerCase()]
      expect({ route: `${route.method} ${route.path}`, documented: op !== undefined }).toEqual({ route: `${route.method} ${route.path}`, documented: true })
    }
  })

  test('every JSON route declares its answer schema (Elysia checks each real answer against it; the event streams, the document itself and the menu spreadsheet are not JSON records)', () => {
    const notJson = new Set(['GET /api/orders/events', 'GET /api/track/:token/events', 'GET /api/menu/remaining/events', 'GET /api/openapi.json', 'GET /api/docs', 'GET /api/menu/export'])
    const undeclared = t.contracts.filter((c) => c.method !== 'HEAD' && !notJson.has(`${c.method} ${c.path}`) && c.hooks.response === undefined)
    expect(undeclared.map((c) => `${c.method} ${c.path}`)).toEqual([])
  })

  test('every operation documents its answers and its errors as {message, issues?}', () => {
    for (const { path, method, op } of operations) {
      const statuses = Object.keys(op.responses)
      expect({ call: `${method} ${path}`, success: statuses.some((s) => /^2\d\d$/.test(s)), default: statuses.includes('default') }).toEqual({ call: `${method} ${path}`, success: true, default: true })
      if (op.requestBody || op.parameters?.length) expect({ call: `${method} ${path}`, has400: statuses.includes('400') }).toEqual({ call: `${method} ${path}`, has400: true })
    }
  })

  test('who may call what is what the route declares (the access guard\'s table), operation by operation', () => {
    for (const { path, method, op } of operations) {
      const url = concrete(path)
      const verb = method.toUpperCase()
      const anonymous = op.security.length === 0 || op.security.some((r) => Object.keys(r).length === 0)
      const byKey = op.security.some((r) => 'apiKeyBearer' in r) && op.security.some((r) => 'apiKeyHeader' in r)
      const bySession = op.security.some((r) => 'adminSession' in r)
      const access = t.accessOf(verb, url)
      expect({ call: `${verb} ${url}`, anonymous, byKey, bySession }).toEqual({
        call: `${verb} ${url}`,
        anonymous: access === 'public',
        byKey: access === 'adminOrKey' || access === 'staffOrKey',
        bySession: access !== 'public',
      })
    }
  })

  test('menu reads answer what the document says, anonymously and with an API key', async () => {
    for (const headers of [{}, bearer(), { 'x-api-key': key }] as Record<string, string>[]) {
      await answers('get', '/api/products', 200, '/api/products', { headers })
      await answers('get', '/api/products/category/{category}', 200, '/api/products/category/bebidas', { headers })
      await answers('get', '/api/products/{id}', 200, `/api/products/${product.id}`, { headers })
      await answers('get', '/api/ingredients', 200, '/api/ingredients', { headers })
      await answers('get', '/api/ingredients/type/{type}', 200, '/api/ingredients/type/salsa', { headers })
      await answers('get', '/api/ingredients/{id}', 200, `/api/ingredients/${ingredient.id}`, { headers })
      await answers('get', '/api/coverage-zones', 200, '/api/coverage-zones', { headers })
      await answers('get', '/api/coverage-zones/{id}', 200, `/api/coverage-zones/${zone.id}`, { headers })
    }
    await answers('get', '/api/products/{id}', 404, '/api/products/999999')
    await answers('get', '/api/products/{id}', 400, '/api/products/abc')
    await answers('get', '/api/products/category/{category}', 400, '/api/products/category/tacos')
    await answers('get', '/api/settings/{key}', 200, '/api/settings/whatsapp_number')
    // A credential never gets less than anonymous.
    await answers('get', '/api/settings/{key}', 200, '/api/settings/whatsapp_number', { headers: bearer() })
  })

  test('checkout: a real storefront order validates against the documented 201; refusals against the error shape', async () => {
    const body: CheckoutInput = {
      items: [
        { productId: product.id, size: 'grande', quantity: 2, customization: { sauceId: product.availableSauces[0], removedIngredientIds: product.baseIngredientIds.slice(0, 1), extraIds: product.extraIngredientIds.slice(0, 2) } },
      ],
      fulfilment: 'delivery',
      zoneId: zone.id,
      address: '5a avenida 12-34',
      addressReference: null,
      customerName: 'Ana',
      notes: null,
      payment: 'efectivo',
      cashAmount: 500,
    }
    const order = (await answers('post', '/api/checkout', 201, '/api/checkout', { json: body, peer: '10.9.0.1' })) as Order
    expect(order.items[0]?.customization?.extras.length).toBe(2)
    await answers('post', '/api/checkout', 400, '/api/checkout', { json: { ...body, items: [{ productId: product.id, size: 'grande', quantity: 0 }] }, peer: '10.9.0.2' })
    await answers('post', '/api/checkout', 201, '/api/checkout', { json: body, headers: bearer(), peer: '10.9.0.3' })
    await answers('post', '/api/checkout', 403, '/api/checkout', { json: body, headers: { origin: 'https://elsewhere.example' }, peer: '10.9.0.4' })
    await answers('post', '/api/checkout', 409, '/api/checkout', { json: { ...body, zoneId: 999999 }, peer: '10.9.0.5' })
    for (let i = 0; i < 4; i++) await answers('post', '/api/checkout', 201, '/api/checkout', { json: body, peer: '10.9.0.6' })
    await answers('post', '/api/checkout', 201, '/api/checkout', { json: body, peer: '10.9.0.6' })
    await answers('post', '/api/checkout', 429, '/api/checkout', { json: body, peer: '10.9.0.6' })
  })

  test('a point-of-sale with an API key: records an order, moves it along the documented path, lists orders', async () => {
    const pos = { customerName: 'Mesa 4', items: [{ name: 'Café de olla', quantity: 2, price: 25 }, { productId: product.id, name: product.name, size: 'mediano', quantity: 1, price: 35, notes: 'Salsa roja' }], total: 85 }
    for (const headers of [bearer(), { 'x-api-key': key }, { cookie }] as Record<string, string>[]) {
      const order = (await answers('post', '/api/orders', 201, '/api/orders', { json: pos, headers })) as Order
      const path = '/api/orders/{id}/status'
      const url = `/api/orders/${order.id}/status`
      for (const status of ['confirmed', 'preparing', 'ready', 'delivered']) await answers('patch', path, 200, url, { json: { status }, headers })
      await answers('patch', path, 409, url, { json: { status: 'cancelled' }, headers })
      await answers('patch', path, 400, url, { json: { status: 'lost' }, headers })
      await answers('patch', path, 404, '/api/orders/999999/status', { json: { status: 'confirmed' }, headers })
    }
    const list = (await answers('get', '/api/orders', 200, '/api/orders', { headers: bearer() })) as Order[]
    expect(new Set(list.map((o) => o.source))).toEqual(new Set(['storefront', 'pos']))
    await answers('get', '/api/orders', 401, '/api/orders')
    await answers('get', '/api/orders', 401, '/api/orders', { headers: { authorization: 'Bearer chq_not-a-key' } })
    await answers('post', '/api/orders', 400, '/api/orders', { json: { ...pos, items: [] }, headers: bearer() })
    const page = (await answers('get', '/api/orders', 200, '/api/orders?limit=1&status=pending,confirmed', { headers: bearer() })) as Order[]
    expect(page).toHaveLength(1)
    await answers('get', '/api/orders', 400, '/api/orders?limit=9999', { headers: bearer() })
    const summary = (await answers('get', '/api/orders/summary', 200, '/api/orders/summary', { headers: bearer() })) as { total: number }
    expect(summary.total).toBe(list.length)
    await answers('get', '/api/orders/summary', 401, '/api/orders/summary')
  })

  test('the events stream: text/event-stream for an API key, each `data:` a documented OrderEvent; 401 without a key', async () => {
    const res = await t.request('/api/orders/events', { headers: bearer() })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('text/event-stream')
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const created = (await answers('post', '/api/orders', 201, '/api/orders', { json: { customerName: 'Mesa 1', items: [{ name: 'Horchata', quantity: 1, price: 20 }], total: 20 }, headers: bearer() })) as Order
    const decoder = new TextDecoder()
    let text = ''
    let data: RegExpExecArray | null = null
    while (!(data = /event: order\ndata: (.*)\n\n/.exec(text))) {
      const { value, done } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
    await reader.cancel()
    const event: unknown = JSON.parse(data?.[1] ?? 'null')
    expect(event).toMatchObject({ type: 'created', id: created.id, number: created.number })
    expect(errorsOf({ $ref: '#/components/schemas/OrderEvent' }, event)).toEqual([])
    await answers('get', '/api/orders/events', 401, '/api/orders/events')
  })
  test('opening hours and store status: real answers validate, saved or not, open or paused; a paused store refuses the checkout with the error shape', async () => {
    await answers('get', '/api/opening-hours', 200, '/api/opening-hours')
    await answers('get', '/api/store-status', 200, '/api/store-status')
    await answers('get', '/api/store-status', 200, '/api/store-status', { headers: bearer() })
    await answers('get', '/api/opening-hours', 200, '/api/opening-hours', { headers: { 'x-api-key': key } })
    const week = { mon: [{ open: '08:00', close: '14:00' }], tue: [], wed: [], thu: [], fri: [], sat: [{ open: '22:00', close: '02:00' }], sun: [] }
    const hours = { week, closedDates: ['2099-12-25'], closedDateNotes: { '2099-12-25': 'Navidad' }, paused: true, pauseMessage: 'Volvemos pronto', pausedUntil: '2099-01-01T08:00:00-06:00' }
    await answers('put', '/api/opening-hours', 200, '/api/opening-hours', { json: hours, headers: { cookie } })
    await answers('put', '/api/opening-hours', 400, '/api/opening-hours', { json: { ...hours, week: { ...week, mon: [{ open: '25:00', close: '14:00' }] } }, headers: { cookie } })
    await answers('put', '/api/opening-hours', 401, '/api/opening-hours', { json: hours })
    await answers('put', '/api/opening-hours', 403, '/api/opening-hours', { json: hours, headers: bearer() })
    await answers('get', '/api/opening-hours', 200, '/api/opening-hours')
    const paused = (await answers('get', '/api/store-status', 200, '/api/store-status')) as { state: string; opensAt?: string }
    expect(paused).toMatchObject({ state: 'paused', opensAt: expect.any(String) })
    const item = { productId: product.id, size: 'mediano', quantity: 1 }
    await answers('post', '/api/checkout', 409, '/api/checkout', { json: { items: [item], fulfilment: 'pickup' }, peer: '10.9.1.1' })
    await answers('put', '/api/opening-hours', 200, '/api/opening-hours', { json: { week: null, closedDates: [], paused: false }, headers: { cookie } })
    await answers('post', '/api/checkout', 201, '/api/checkout', { json: { items: [item], fulfilment: 'pickup' }, peer: '10.9.1.1' })
  })
})

describe('GET /api/openapi.json and GET /api/docs', () => {
  test('both are public reads, and answer without credentials', async () => {
    expect(t.accessOf('GET', '/api/openapi.json')).toBe('public')
    expect(t.accessOf('GET', '/api/docs')).toBe('public')
    const json = await t.request('/api/openapi.json')
    expect(json.status).toBe(200)
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await json.json()).toEqual(JSON.parse(JSON.stringify(doc)))
    const page = await t.request('/api/docs')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
  })

  test('they revalidate and are compressed like the other cached answers', async () => {
    for (const url of ['/api/openapi.json', '/api/docs']) {
      const first = await t.request(url, { headers: { 'accept-encoding': 'br, gzip' } })
      expect(first.headers.get('content-encoding')).toBe('br')
      expect(first.headers.get('vary')).toContain('Accept-Encoding')
      expect(first.headers.get('cache-control')).toBe('no-cache')
      const etag = first.headers.get('etag')
      expect(etag).toBeTruthy()
      await first.arrayBuffer()
      const again = await t.request(url, { headers: { 'accept-encoding': 'br, gzip', 'if-none-match': etag ?? '' } })
      expect(again.status).toBe(304)
    }
  })
})
