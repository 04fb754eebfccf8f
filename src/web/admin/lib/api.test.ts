import { afterEach, describe, expect, test } from 'bun:test'
import { json, mockFetch } from '../test/render'
import { ACTIVE_STATUSES, type OrderListQuery, orderListSearch } from '@/shared/order-list'
import { apiRequest, getQueryFn, queryKeyUrl, serverMessage } from './api'
import { orderListKey } from './query-keys'

let restore = () => {}
afterEach(() => restore())

describe('apiRequest', () => {
  test('sends JSON with credentials and returns the response', async () => {
    let seen: RequestInit | undefined
    const original = globalThis.fetch
    globalThis.fetch = Object.assign(
      async (_input: RequestInfo | URL, init?: RequestInit) => {
        seen = init
        return json({ ok: true })
      },
      { preconnect: () => {} },
    ) as typeof fetch
    restore = () => (globalThis.fetch = original)
    const res = await apiRequest('POST', '/api/products', { name: 'x' })
    expect(await res.json()).toEqual({ ok: true })
    expect(seen?.credentials).toBe('include')
    expect(seen?.body).toBe('{"name":"x"}')
    expect(new Headers(seen?.headers).get('content-type')).toBe('application/json')
  })

  test('a non-OK answer throws "status: body"', async () => {
    restore = mockFetch(() => json({ message: 'Datos inválidos' }, 400)).restore
    await expect(apiRequest('PUT', '/api/products/1', {})).rejects.toThrow('400: {"message":"Datos inválidos"}')
  })

  test('an empty error body falls back to the status text', async () => {
    restore = mockFetch(() => new Response(null, { status: 503, statusText: 'Service Unavailable' })).restore
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable')
  })
})

describe('getQueryFn', () => {
  test('fetches the key parts joined by slashes', async () => {
    const api = mockFetch(() => json([1, 2]))
    restore = api.restore
    const data = await getQueryFn<number[]>({ on401: 'throw' })({ queryKey: ['/api/products/category', 'bebidas'] })
    expect(data).toEqual([1, 2])
    expect(api.calls[0]?.path).toBe('/api/products/category/bebidas')
  })

  test('a trailing object in the key is the query string', async () => {
    const api = mockFetch(() => json([]))
    restore = api.restore
    await getQueryFn({ on401: 'throw' })({ queryKey: ['/api/orders', { limit: 5, status: ['pending', 'ready'] }] })
    expect(api.calls[0]?.url).toBe('/api/orders?limit=5&status=pending,ready')
  })

  test('401 becomes null with returnNull, an error otherwise', async () => {
    restore = mockFetch(() => json({ message: 'No has iniciado sesión' }, 401)).restore
    expect(await getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/auth/user'] })).toBeNull()
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/auth/user'] })).rejects.toThrow(/^401: /)
  })
})

describe('queryKeyUrl', () => {
  test('parts joined by slashes; a last object becomes the query string, without undefined values, empty texts or empty lists', () => {
    expect(queryKeyUrl(['/api/products/category', 'bebidas'])).toBe('/api/products/category/bebidas')
    expect(queryKeyUrl(['/api/orders', 'summary'])).toBe('/api/orders/summary')
    expect(queryKeyUrl(['/api/orders', { limit: 50, before: undefined, from: '', status: [] }])).toBe('/api/orders?limit=50')
    expect(queryKeyUrl(['/api/orders', {}])).toBe('/api/orders')
    expect(queryKeyUrl(['/api/x', { q: 'a&b', on: true }])).toBe('/api/x?q=a%26b&on=true')
  })

  test("an order list key reads the address the shared contract writes (orderListSearch)", () => {
    const queries: OrderListQuery[] = [{}, { limit: 500, status: ACTIVE_STATUSES }, { limit: 50, before: 120 }, { limit: 50, from: '2026-11-01', to: '2026-11-07' }]
    for (const query of queries) expect(queryKeyUrl(orderListKey(query))).toBe(`/api/orders${orderListSearch(query)}`)
  })
})

describe('serverMessage', () => {
  test('takes the message of the JSON error body', () => {
    expect(serverMessage(new Error('409: {"message":"admin already exists"}'), 'x')).toBe('admin already exists')
  })
  test('falls back for network errors and non-JSON bodies', () => {
    expect(serverMessage(new TypeError('Failed to fetch'), 'Error de conexión')).toBe('Error de conexión')
    expect(serverMessage(new Error('500: <html>'), 'Error de conexión')).toBe('Error de conexión')
    expect(serverMessage('nope', 'f')).toBe('f')
  })
})
