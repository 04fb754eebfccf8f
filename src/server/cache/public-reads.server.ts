/**
 * The fast path: the anonymous reads every visit makes, answered by the fetch handler
 * (http/fetch-handler.server.ts) BEFORE the Elysia app, from the same cache entries the
 * routes fill (cached-json.server.ts, landing/landing.route.tsx). Two reasons
 * (decision 016):
 *  - throughput: Elysia's routing and the access hook cost ~3 µs per request, more than
 *    sending the cached bytes; `GET /api/products` ran at ~0.5x a raw Bun.serve;
 *  - start-up: the binary answers the menu without evaluating Elysia, zod and the route
 *    modules; the app is built on the first request this module does not answer.
 *
 * Entries are kept under the request's path (cached-json.server.ts), so this module
 * knows no route: a GET or HEAD (with or without an API key: a public read answers
 * anyone alike) is answered from
 *  - an entry already cached under its path, which only a route that validated the
 *    request can have filled (`/` is the landing page, anything else cached JSON);
 *  - on a miss, `lists`: the release binary's compiled reads, under the paths of the
 *    routes that declared them (`startupRead`, db/startup-reads.server.ts).
 * Anything else (another method, a key, a miss without a list) returns undefined and
 * goes to Elysia. The answer is the one the fetch handler would have finished from the
 * route's: the representation (or 304, page-cache.server.ts, cachedAnswer), the security
 * headers, a HEAD without its body. fetch-handler.server.test.ts checks that every answer
 * here equals the app's, header for header and byte for byte.
 */
import type { AppContext } from '../context.server'
import { isHttps } from '../http/client.server'
import { pathnameOf } from '../http/request-path.server'
import { withoutBody } from '../http/compression.server'
import { NOSNIFF, PAGE_HEADERS, withSecurityHeaders } from '../http/security-headers.server'
import { JSON_TYPE, cachedJsonEntry } from './cached-json.server'
import { type CachedPage, cachedAnswer } from './page-cache.server'
import { landingCacheKey, productParam, publicOrigin, tableParam } from '../seo/public-origin.server'

const HTML = 'text/html; charset=utf-8'

/** The finished answer (negotiated encoding or 304, security headers, a HEAD without body), or undefined: ask the app. */
export type PublicReads = (request: Request) => Response | Promise<Response> | undefined

/** `lists`: what a miss on these paths reads (the compiled start-up reads); without it, only hits are answered. */
export function publicReads(ctx: AppContext, options: { trustProxy: boolean; lists?: ReadonlyMap<string, () => Promise<unknown>> }): PublicReads {
  const lists = options.lists ?? new Map<string, () => Promise<unknown>>()
  /**
   * The fetch handler's finish step for these answers, with the URL and method read
   * once (each read of `request.url` builds a string: ~5% of the throughput). The cached
   * prototypes already carry the security headers of their kind (nosniff; the page's CSP
   * and the rest for `/`), so over plain HTTP a GET needs nothing more; over HTTPS they
   * get HSTS like any answer, and a HEAD loses its body.
   */
  const answer = (request: Request, url: string, head: boolean, entry: CachedPage, contentType: string, headers: Record<string, string>) => {
    const made = cachedAnswer(request, entry, contentType, headers)
    const https = options.trustProxy ? isHttps(request, true) : url.startsWith('https:')
    if (!https && !head) return made
    const complete = (response: Response) => {
      const secured = https ? withSecurityHeaders(response, true) : response
      return head ? withoutBody(secured) : secured
    }
    return made instanceof Promise ? made.then(complete) : complete(made)
  }

  return (request) => {
    const method = request.method
    const head = method === 'HEAD'
    if (method !== 'GET' && !head) return undefined
    const url = request.url
    const path = pathnameOf(url) // the router's own reading: the fetch handler refused any URL it would misread
    if (path === '/') {
      // Kept per origin; a dish's link has a head of its own and goes to the app (decision 037).
      if (productParam(url) !== null) return undefined
      // A table's page (issue #45) is the app's to choose: its own render for a known token, the plain page otherwise.
      if (tableParam(url) !== undefined) return undefined
      const page = ctx.pageCache.get(landingCacheKey(publicOrigin(request, ctx.config)))
      return page ? answer(request, url, head, page, HTML, PAGE_HEADERS) : undefined
    }
    if (!path.startsWith('/api/')) return undefined
    const hit = ctx.pageCache.get(path)
    if (hit) return answer(request, url, head, hit, JSON_TYPE, NOSNIFF)
    const load = lists.get(path)
    if (!load) return undefined
    const entry = cachedJsonEntry(ctx, path, load)
    return entry instanceof Promise
      ? entry.then((e) => answer(request, url, head, e, JSON_TYPE, NOSNIFF))
      : answer(request, url, head, entry, JSON_TYPE, NOSNIFF)
  }
}
