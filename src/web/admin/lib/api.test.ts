import { afterEach, describe, expect, test } from 'bun:test'
import { json, mockFetch } from '../test/render'
import { ApiError, api, apiQuery, call, keyOf, serverMessage } from './api'

let restore = () => {}
afterEach(() => restore())

describe('the typed client', () => {
  test('a call is its path: JSON body, the session cookie sent, the answer as data', async () => {
    const fetched = mockFetch(() => json({ id: 7, name: 'Zona 10' }))
    restore = fetched.restore
    let seen: RequestInit | undefined
    const original = globalThis.fetch
    globalThis.fetch = Object.assign(async (input: RequestInfo | URL, init?: RequestInit) => ((seen = init), original(input, init)), { preconnect: () => {} }) as typeof fetch
    const zone = await call(api['coverage-zones']({ id: 7 }).put({ name: 'Zona 10', deliveryCost: 15, estimatedTime: null, available: true, minimumOrder: null }))
    globalThis.fetch = original
    expect(zone).toMatchObject({ id: 7, name: 'Zona 10' })
    expect(fetched.calls).toEqual([{ method: 'PUT', path: '/api/coverage-zones/7', url: '/api/coverage-zones/7', body: '{"name":"Zona 10","deliveryCost":15,"estimatedTime":null,"available":true,"minimumOrder":null}' }])
    expect(seen?.credentials).toBe('include')
    expect(new Headers(seen?.headers).get('content-type')).toBe('application/json')
  })

  test('a failed call is an ApiError with the status and the server’s body; its text is "<status>: <body>"', async () => {
    restore = mockFetch(() => json({ message: 'Datos inválidos', issues: [{ path: 'name', message: 'Este campo es obligatorio' }] }, 400)).restore
    const error = await call(api.products({ id: 1 }).delete()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(400)
    expect((error as ApiError).message).toBe('400: {"message":"Datos inválidos","issues":[{"path":"name","message":"Este campo es obligatorio"}]}')
    expect((error as ApiError).serverMessage).toBe('Datos inválidos')
    expect(serverMessage(error, 'x')).toBe('Datos inválidos')
  })

  test('a failed call with an empty body reads "<status>: <status text>"', async () => {
    restore = mockFetch(() => new Response(null, { status: 503, statusText: 'Service Unavailable' })).restore
    const error = await call(api.orders.summary.get()).catch((e: unknown) => e)
    expect((error as ApiError).message).toBe('503: Service Unavailable')
  })

  test('dates stay text, as the types say', async () => {
    restore = mockFetch(() => json([{ id: 1, createdAt: '2026-11-23T12:00:00.000Z' }])).restore
    expect(await call(api.admin['api-keys'].get())).toEqual([{ id: 1, createdAt: '2026-11-23T12:00:00.000Z' } as never])
  })

  test('serverMessage falls back for network errors, bodies without a message and anything else', async () => {
    restore = mockFetch(() => new Response('<html>', { status: 500, headers: { 'content-type': 'text/html' } })).restore
    expect(serverMessage(await call(api.orders.summary.get()).catch((e: unknown) => e), 'Error de conexión')).toBe('Error de conexión')
    expect(serverMessage(new TypeError('Failed to fetch'), 'Error de conexión')).toBe('Error de conexión')
    expect(serverMessage('nope', 'f')).toBe('f')
  })
})

describe('reads: the key is the path', () => {
  test('keyOf: the node’s path by segments; a read below a path starts with its key', () => {
    expect(keyOf(api.products)).toEqual(['api', 'products'])
    expect(keyOf(api.products.category({ category: 'bebidas' }))).toEqual(['api', 'products', 'category', 'bebidas'])
    expect(keyOf(api.orders.summary)).toEqual(['api', 'orders', 'summary'])
    expect(api.orders.events['~path']).toBe('/api/orders/events')
  })

  test('apiQuery: key = path (+ query), fetch = the same node', async () => {
    const fetched = mockFetch(() => json([]))
    restore = fetched.restore
    const query = apiQuery(api.orders, (n) => n.get({ query: { limit: 5, status: ['pending', 'ready'] } }), { limit: 5, status: ['pending', 'ready'] })
    expect(query.queryKey).toEqual(['api', 'orders', { limit: 5, status: ['pending', 'ready'] }])
    expect(await query.queryFn()).toEqual([])
    expect(fetched.calls[0]?.url).toBe('/api/orders?limit=5&status=pending&status=ready')
  })
})
