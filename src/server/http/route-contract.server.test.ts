import { describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { z } from 'zod'
import { errorHandler } from './error-handler.server'
import { contractOf, contractTable, routeContract } from './route-contract.server'

const item = z.object({ id: z.number(), name: z.string() })

/** A small app of the real pieces: the macros, the error handler, a route per case. */
const app = new Elysia()
  .use(errorHandler())
  .use(routeContract)
  .get('/api/things', () => [{ id: 1, name: 'uno' }], { access: 'public', response: z.array(item) })
  .get('/api/things/summary', () => ({ total: 1 }), { access: 'adminOrKey' })
  .get('/api/things/:id', ({ params }) => ({ id: params.id, name: 'x' }), { access: 'public', params: z.object({ id: z.coerce.number() }), response: item })
  .put('/api/things/:id', () => ({ id: 'not a number' }) as unknown as z.output<typeof item>, { access: 'admin', changes: 'public', body: item, response: item })
  .post('/api/things/upload', () => ({ ok: true }), { access: 'admin', parse: 'none', bodyLimit: { bytes: 10, message: 'Demasiado grande' } })

const table = contractTable(app.routes)

describe('the contract table, made from the routes', () => {
  test('a request finds its route as Elysia would: static before parameter, HEAD as GET, a trailing slash ignored', () => {
    expect(table.lookup('GET', '/api/things/summary').access).toBe('adminOrKey')
    expect(table.lookup('GET', '/api/things/7').access).toBe('public')
    expect(table.lookup('HEAD', '/api/things/summary').access).toBe('adminOrKey')
    expect(table.lookup('GET', '/api/things/summary/').access).toBe('adminOrKey')
    expect(table.lookup('PUT', '/api/things/7')).toMatchObject({ access: 'admin', changes: 'public' })
    expect(table.lookup('POST', '/api/things/upload').bodyLimit).toEqual({ bytes: 10, message: 'Demasiado grande' })
  })

  test('a path nobody declared: a read is public (it will 404), a write needs an administrator', () => {
    expect(table.lookup('GET', '/api/nothing').access).toBe('public')
    expect(table.lookup('DELETE', '/api/things').access).toBe('admin')
    expect(table.lookup('POST', '/api/nothing').access).toBe('admin')
  })

  test('a route that does not say who may call it stops the app from being made', () => {
    const careless = new Elysia().get('/api/forgotten', () => 'x')
    expect(() => contractTable(careless.routes)).toThrow('no declara quién puede llamarla')
    expect(contractOf({ method: 'GET', path: '/healthz' })).toBeNull()
  })

  test('the declared schemas are kept for the document', () => {
    const put = table.contracts.find((c) => c.method === 'PUT')
    expect(put?.hooks.body).toBe(item)
    expect(put?.hooks.response).toBe(item)
    expect(put?.hooks.detail?.summary).toBeUndefined()
  })
})

describe('answers are checked against their declared schema', () => {
  const request = (method: string, path: string, body?: unknown) =>
    app.handle(new Request(`http://localhost${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }))

  test('a good answer passes (extra fields are left out)', async () => {
    const res = await request('GET', '/api/things/3')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ id: 3, name: 'x' })
  })

  test('a wrong answer is our 500 in Spanish, never a 4xx for the client, and shows nothing of it', async () => {
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => void errors.push(args)
    try {
      const res = await request('PUT', '/api/things/3', { id: 3, name: 'tres' })
      expect(res.status).toBe(500)
      const body = (await res.json()) as { message: string }
      expect(body.message).toBe('Error interno del servidor')
      expect(JSON.stringify(body)).not.toContain('not a number')
    } finally {
      console.error = original
    }
    expect(errors.length).toBe(1)
  })

  test('a bad body is the client’s 400 with the field, in the API’s error shape', async () => {
    const res = await request('PUT', '/api/things/3', { id: 'x', name: 'tres' })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ message: 'Datos inválidos', issues: [{ path: 'id' }] })
  })
})
