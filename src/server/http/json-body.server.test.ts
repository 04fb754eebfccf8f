import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { countProducts } from '../products/products.repo.server'
import { createTestApp } from '../testing.server'
import { MAX_JSON_DEPTH, nestingDepth } from './json-body.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
})
afterAll(() => t.cleanup())

/** `{"username":[[[…]]],"password":"x"}` with `depth` brackets: the shape that froze the server for 6.8 s. */
const deepLogin = (depth: number) => `{"username":${'['.repeat(depth)}${']'.repeat(depth)},"password":"x"}`

/** A body with no Content-Length: it arrives in chunks of 64 KB. */
function chunked(totalBytes: number, fill = 0x20): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close()
      const size = Math.min(64 * 1024, totalBytes - sent)
      sent += size
      controller.enqueue(new Uint8Array(size).fill(fill))
    },
  })
}

describe('nestingDepth', () => {
  test('counts [ and { outside strings, ignoring escaped quotes', () => {
    expect(nestingDepth('{"a":[1,{"b":[]}]}')).toBe(4)
    expect(nestingDepth('"[[[[[[["')).toBe(0)
    expect(nestingDepth('{"a":"\\"[[[[","b":[]}')).toBe(2)
    expect(nestingDepth('[]'.repeat(1000))).toBe(1)
  })
})

describe('the one JSON body reader', () => {
  test('a 60 KB deeply nested body is refused with 400 before parsing, and echoes nothing', async () => {
    const body = deepLogin(30_000)
    expect(body.length).toBeGreaterThan(60_000)
    const res = await t.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    // Refused by the depth scan, not by Elysia's validator (which serialised the value for ~7 s).
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ message: 'El cuerpo de la solicitud tiene demasiados niveles de anidación' })
  })

  test(`nesting up to ${MAX_JSON_DEPTH} is read; one more level is not`, async () => {
    const nested = (depth: number) => `{"name":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`
    const ok = await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: nested(MAX_JSON_DEPTH) })
    expect(ok.status).toBe(400) // read and validated: a list is not a name
    expect((await ok.json()).issues[0].path).toBe('name')
    const deep = await t.request('/api/admin/api-keys', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: nested(MAX_JSON_DEPTH + 1) })
    expect(deep.status).toBe(400)
    expect((await deep.json()).message).toContain('anidación')
  })

  test('195 KB of deep chains to a signed-in write: 400, never 500, nothing written', async () => {
    const before = await countProducts(t.ctx.db)
    const chain = `${'['.repeat(2000)}${']'.repeat(2000)}`
    const body = `{"name":"x","description":"y","category":"chilaquiles","price":1,"availableSauces":[${Array(48).fill(chain).join(',')}]}`
    expect(body.length).toBeGreaterThan(190_000)
    const res = await t.request('/api/products', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body })
    expect(res.status).toBe(400)
    expect(await countProducts(t.ctx.db)).toBe(before)
  })

  test('a 5 MB chunked body is cut off at 1 MB with 413, public or signed in', async () => {
    for (const [path, headers] of [
      ['/api/auth/login', {}],
      ['/api/products', { cookie }],
    ] as const) {
      const res = await t.request(path, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: chunked(5 * 1024 * 1024),
        duplex: 'half',
      } as RequestInit)
      expect(res.status).toBe(413)
      expect((await res.json()).message).toBe('La solicitud es demasiado grande')
    }
  })

  test('validation errors name the fields and never carry what was sent', async () => {
    // Not a slug (upper case): a well-formed slug that names no category is refused after the body is valid (issue #31).
    const secret = 'Valor-Secreto-Que-No-Debe-Volver'
    const res = await t.request('/api/products', {
      method: 'POST',
      headers: { cookie },
      json: { name: [secret], description: { secret }, category: secret, price: secret, availableSauces: [secret] },
    })
    expect(res.status).toBe(400)
    const text = await res.text()
    expect(text).not.toContain(secret)
    expect((JSON.parse(text).issues as { path: string }[]).map((i) => i.path)).toEqual(
      expect.arrayContaining(['name', 'description', 'category', 'price', 'availableSauces.0']),
    )
  })

  test('not JSON, or JSON with another content type: 400 in Spanish', async () => {
    const bad = await t.request('/api/products', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{"name":' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toBe('El cuerpo de la solicitud no es JSON válido')
    const form = await t.request('/api/products', { method: 'POST', headers: { cookie, 'content-type': 'text/plain' }, body: '{}' })
    expect(form.status).toBe(400)
    expect((await form.json()).message).toContain('Content-Type: application/json')
    const invalidUtf8 = await t.request('/api/products', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) })
    expect(invalidUtf8.status).toBe(400)
  })

  test('a NUL character in any string is 400 on both engines and writes nothing; an escaped backslash before "u0000" is text', async () => {
    const zone = (name: string) => t.request('/api/coverage-zones', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: `{"name":"${name}","deliveryCost":5}` })
    const before = (await (await t.request('/api/coverage-zones')).json()) as unknown[]
    const nul = await zone('Zona\\u00001')
    expect(nul.status).toBe(400)
    expect((await nul.json()).message).toBe('El texto contiene un carácter nulo (\\u0000), que no se admite')
    const checkout = await t.request('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"items":[{"productId":1,"size":"mediano","quantity":1}],"fulfilment":"pickup","notes":"sin\\u0000chile"}',
    })
    expect(checkout.status).toBe(400)
    expect(((await (await t.request('/api/coverage-zones')).json()) as unknown[]).length).toBe(before.length)
    const literal = await zone('Zona \\\\u0000')
    expect(literal.status).toBe(201)
    expect(((await literal.json()) as { name: string }).name).toBe('Zona \\u0000')
  })
})
