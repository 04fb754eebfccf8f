/**
 * The admin's one client of the API: Eden Treaty over the server's own route types
 * (`type App`, a type-only import: nothing of the server reaches the bundle). A call is
 * written as its path, `api.products({ id }).put(input)`, checked against the route's
 * declared params, body and answer; no page writes a URL.
 *
 *  - `call(request)`: the answer's data, or an ApiError carrying the status and the
 *    server's body; its text is the specification's "<status>: <body>".
 *  - `apiQuery(node, get, query?)`: a React Query read whose key is the node's own path
 *    by segments (`api.orders.summary` -> ['api', 'orders', 'summary']), then its query
 *    object, so a key and its address cannot drift apart, and invalidating
 *    `keyOf(api.orders)` refreshes every read below that path.
 */
import { treaty } from '@elysiajs/eden'
import type { App } from '@/server/app'
import type { ApiErrorBody } from '@/shared/schemas'

const client = treaty<App>(typeof location === 'undefined' ? 'http://localhost' : location.origin, {
  fetch: { credentials: 'include' },
  // Dates stay the ISO text the types say. (Eden looks `fetch` up at each call, so tests may replace it.)
  parseDate: false,
})

/** Every /api route, by path: `api.orders({ id }).status.patch({ status })`. */
export const api = client.api

/** What an Eden call resolves to, for any route. */
export type ApiResult<T> = ({ data: T; error: null } | { data: null; error: { status: unknown; value: unknown } }) & { response?: Response }

/** A failed call: the status and the server's body, with the text "<status>: <body>" (the status text when the body is empty). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    statusText = '',
  ) {
    const text = typeof body === 'string' ? body : body === null || body === undefined ? '' : JSON.stringify(body)
    super(`${status}: ${text || statusText}`)
    this.name = 'ApiError'
  }

  /** The server's Spanish `message`, when the body is the API's error shape. */
  get serverMessage(): string | null {
    const body = this.body as Partial<ApiErrorBody> | null
    return body && typeof body === 'object' && typeof body.message === 'string' && body.message ? body.message : null
  }
}

/** The data of a call, or its ApiError. */
export async function call<T>(request: Promise<ApiResult<T>>): Promise<T> {
  const result = await request
  if (result.error) throw new ApiError(Number(result.error.status) || 0, result.error.value, result.response?.statusText)
  return result.data
}

/** The people-readable part of a failed call: the server's message when it sent one, else `fallback`. */
export function serverMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback
}

/** A route's node of the client (anything with a path). */
type Node = { '~path': string }

/** The cache key of a path, by segments: the start of the key of every read below it. */
export const keyOf = (node: Node): readonly unknown[] => node['~path'].split('/').filter(Boolean)

/** A typed read for React Query: key from the node's path (then the query), data from its get. */
export function apiQuery<N extends Node, T>(node: N, get: (node: N) => Promise<ApiResult<T>>, query?: object) {
  return {
    queryKey: query === undefined ? keyOf(node) : [...keyOf(node), query],
    queryFn: () => call(get(node)),
  }
}
