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

/** The default queryFn: GET of queryKey.join('/'). */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' })
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
