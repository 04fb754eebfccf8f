/**
 * Around the server's fetch handler, for every request (decision 032):
 *  - a request id, answered in `X-Request-Id`: the proxy's when TRUST_PROXY is on and it sent
 *    a sensible one (so a line at the proxy and one here can be joined), else a new one;
 *  - with metrics on, its count and time by declared route (`routeLabels`: the app's own route
 *    declarations, never the raw URL, so ids and tracking keys never become labels);
 *  - with LOG_FORMAT=json, one line: method, route, status, duration, request id, and that id
 *    on every other line written while it is answered;
 *  - GET /metrics, for the holder of METRICS_TOKEN alone; anyone else gets what the app
 *    answers for any unknown path (its existence is not revealed).
 */
import type * as MemoiristModule from 'memoirist'
import { pathnameOf } from '../http/request-path.server'
import type * as Log from './log.server'
import type { Telemetry } from './telemetry.server'

export type ObserverOptions = {
  telemetry: Telemetry
  metricsToken: string | null
  trustProxy: boolean
  /** LOG_FORMAT=json: the log module (loaded only then: a start in text mode does not pay for it). */
  json?: typeof Log
  /** Where request lines go (JSON mode). */
  write?: (line: string) => void
}

/** The label of a path no declared route serves. */
export const UNMATCHED = 'unmatched'

/** A proxy's request id worth keeping: short, and only characters a log line keeps as they are. */
const SENSIBLE_ID = /^[\w.:@/+=-]{1,128}$/

/**
 * The declared route that serves `method` `pathname`, found with the router Elysia itself uses
 * (memoirist), so `/api/orders/summary` beats `/api/orders/:id` as it does in the app.
 */
export function routeLabels(routes: readonly { method: string; path: string }[]): (method: string, pathname: string) => string {
  // Loaded when the app is made, which has loaded it already (Elysia's router): a start does not.
  const { Memoirist } = require('memoirist') as typeof MemoiristModule
  const router = new Memoirist<string>()
  for (const route of routes) {
    const path = route.path.length > 1 ? route.path.replace(/\/+$/, '') : route.path
    if (route.method === 'ALL') continue // the API's catch-all 404: the unmatched
    try {
      router.add(route.method, path, path)
    } catch {
      // The same path twice (a resource's '/' and ''): the first is kept.
    }
  }
  return (method, pathname) => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
    return router.find(method === 'HEAD' ? 'GET' : method, path)?.store ?? UNMATCHED
  }
}

const digest = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest()

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function bearerMatches(request: Request, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1]
  if (!given) return false
  return crypto.timingSafeEqual(digest(given), digest(token))
}

/** Sets the request id on the answer (a copy when its headers cannot change, like a redirect's). */
function withRequestId(response: Response, id: string): Response {
  try {
    response.headers.set('x-request-id', id)
    return response
  } catch {
    const copy = new Response(response.body, response)
    copy.headers.set('x-request-id', id)
    return copy
  }
}

export function observeRequests<Peer>(handle: (request: Request, peer?: Peer) => Response | Promise<Response>, options: ObserverOptions) {
  const { telemetry, metricsToken, trustProxy, json } = options
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`))
  const labelled = telemetry.enabled || json !== undefined
  let label: ((method: string, pathname: string) => string) | undefined

  const isScrape = (request: Request) => metricsToken !== null && request.method === 'GET' && pathnameOf(request.url) === '/metrics' && bearerMatches(request, metricsToken)
  const metrics = async (): Promise<Response> => {
    const { body, contentType } = await telemetry.exposition()
    return new Response(body, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } })
  }

  return {
    /** The app's routes, once it is made: from then on requests are labelled by them. */
    useRoutes(routes: readonly { method: string; path: string }[]): void {
      if (labelled) label = routeLabels(routes)
    },
    fetch(request: Request, peer?: Peer): Response | Promise<Response> {
      const started = performance.now()
      const forwarded = trustProxy ? request.headers.get('x-request-id') : null
      const requestId = forwarded && SENSIBLE_ID.test(forwarded) ? forwarded : crypto.randomUUID()
      const scrape = isScrape(request)
      const done = (response: Response): Response => {
        if (labelled) {
          const route = scrape ? '/metrics' : (label?.(request.method, pathnameOf(request.url)) ?? UNMATCHED)
          const seconds = (performance.now() - started) / 1000
          telemetry.request(request.method, route, response.status, seconds)
          if (json) write(json.jsonLine(response.status >= 500 ? 'error' : 'info', 'request', { requestId, method: request.method, route, status: response.status, durationMs: Math.round(seconds * 10_000) / 10 }))
        }
        return withRequestId(response, requestId)
      }
      const answer = () => (scrape ? metrics() : handle(request, peer))
      const result = json ? json.requestScope.run({ requestId }, answer) : answer()
      return result instanceof Promise ? result.then(done) : done(result)
    },
  }
}
