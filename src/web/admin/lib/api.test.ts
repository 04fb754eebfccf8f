import { afterEach, describe, expect, test } from 'bun:test'
import { json, mockFetch } from '../test/render'
import { apiRequest, getQueryFn, serverMessage } from './api'

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
  test('fetches queryKey.join("/")', async () => {
    const api = mockFetch(() => json([1, 2]))
    restore = api.restore
    const data = await getQueryFn<number[]>({ on401: 'throw' })({ queryKey: ['/api/products/category', 'bebidas'] })
    expect(data).toEqual([1, 2])
    expect(api.calls[0]?.path).toBe('/api/products/category/bebidas')
  })

  test('401 becomes null with returnNull, an error otherwise', async () => {
    restore = mockFetch(() => json({ message: 'No has iniciado sesión' }, 401)).restore
    expect(await getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/auth/user'] })).toBeNull()
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/auth/user'] })).rejects.toThrow(/^401: /)
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
