/**
 * The one HTTP helper of the admin panel (SPEC section 7 and 8).
 *
 * Every request carries the session cookie; bodies are JSON except uploads
 * (FormData). Any non-OK answer throws Error(`${status}: ${body or statusText}`).
 */

async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return
  const text = (await res.text()) || res.statusText
  throw new Error(`${res.status}: ${text}`)
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData
  const init: RequestInit = { method, credentials: 'include' }
  if (isForm) init.body = data
  else if (data !== undefined) {
    init.headers = { 'Content-Type': 'application/json' }
    init.body = JSON.stringify(data)
  }
  const res = await fetch(url, init)
  await throwIfResNotOk(res)
  return res
}

/** apiRequest, then the JSON answer. */
export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data)
  return (await res.json()) as T
}

type UnauthorizedBehavior = 'returnNull' | 'throw'

/** A query key's query string: its last part, when that part is an object (see queryKeyUrl). */
type QueryParams = Readonly<Record<string, string | number | boolean | readonly (string | number)[] | undefined>>

const isQueryParams = (part: unknown): part is QueryParams => typeof part === 'object' && part !== null && !Array.isArray(part)

/**
 * The GET address of a query key: its parts joined by slashes, and when the last
 * part is an object, that object as the query string (a list joined by commas; an
 * undefined value, an empty text or an empty list left out). So
 * ['/api/orders', { limit: 5, status: ['pending', 'ready'] }] reads
 * /api/orders?limit=5&status=pending%2Cready, and every key that starts with
 * ['/api/orders'] is still refreshed by invalidating that prefix.
 */
export function queryKeyUrl(queryKey: readonly unknown[]): string {
  const last = queryKey.at(-1)
  if (!isQueryParams(last)) return queryKey.join('/')
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(last)) {
    if (value === undefined) continue
    const text = Array.isArray(value) ? value.join(',') : String(value)
    if (text !== '') params.set(name, text)
  }
  const path = queryKey.slice(0, -1).join('/')
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

/** The default queryFn: GET of queryKeyUrl(queryKey). */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const res = await fetch(queryKeyUrl(queryKey), { credentials: 'include' })
    if (on401 === 'returnNull' && res.status === 401) return null
    await throwIfResNotOk(res)
    return (await res.json()) as T
  }
}

/**
 * The people-readable part of an error thrown by apiRequest: the server's
 * `message` when its body was the API's JSON error shape, else `fallback`.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message)
  if (!match) return fallback
  const body = match[1] ?? ''
  try {
    const parsed: unknown = JSON.parse(body)
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message) {
      return parsed.message
    }
  } catch {
    /* not JSON */
  }
  return fallback
}
