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
 * Only what needs no rule of the app: a GET or HEAD that presents no API key (a key must
 * go through the access guard: scope check, revocation, lastUsedAt) of
 *  - the three public lists, filled here on a miss with the routes' own key and query:
 *    /api/products, /api/ingredients, /api/coverage-zones;
 *  - entries that are already cached, which only a route that validated the request
 *    can have filled: /api/products/category/:c, /api/ingredients/type/:t and the
 *    landing page `/` (rendered by its route on a miss).
 * Anything else (another method, a key, a trailing slash, an encoded segment, a miss
 * on a parameterised path) returns undefined and goes to Elysia. The answer is the one
 * the fetch handler would have finished from the route's: the representation (or 304,
 * page-cache.server.ts, cachedAnswer), the security headers, a HEAD without its body.
 * fetch-handler.server.test.ts checks that every answer here equals the app's, header
 * for header and byte for byte.
 *
 * Keep the keys in step with the routes: a key that no longer matches only makes the
 * fast path miss (Elysia answers), never serve something else.
 */
import { presentedApiKey } from '../api-keys/api-key-auth.server'
import type { AppContext } from '../context.server'
import { isHttps } from '../http/client.server'
import { withoutBody } from '../http/compression.server'
import { NOSNIFF, PAGE_HEADERS, withSecurityHeaders } from '../http/security-headers.server'
import { listIngredients } from '../ingredients/ingredients.repo.server'
import { listProducts } from '../products/products.repo.server'
import { listZones } from '../coverage-zones/coverage-zones.repo.server'
import type { PublicListReads } from '../db/startup-reads.server'
import { JSON_TYPE, cachedJsonEntry } from './cached-json.server'
import { type CachedPage, cachedAnswer } from './page-cache.server'

const HTML = 'text/html; charset=utf-8'

/** Cache key of the landing page (landing.route.tsx). */
const LANDING_KEY = '/'

/** A path segment that needs no decoding (what a validated category or type looks like). */
const PLAIN_SEGMENT = /^[a-z_]{1,32}$/

/** Where the path starts in an absolute URL (`http://host[:port]/...`), -1 if none. */
const pathStart = (url: string) => url.indexOf('/', url.indexOf('//') + 2)

/** The finished answer (negotiated encoding or 304, security headers, a HEAD without body), or undefined: ask the app. */
export type PublicReads = (request: Request) => Response | Promise<Response> | undefined

/**
 * `reads`: how a miss reads the three lists: the compiled start-up reads of the release
 * binary on SQLite (db/startup-reads.server.ts), else the repositories through Kysely.
 */
export function publicReads(ctx: AppContext, options: { trustProxy: boolean; reads?: PublicListReads }): PublicReads {
  const reads = options.reads ?? repositoryReads(ctx)
  const lists = new Map<string, () => CachedPage | Promise<CachedPage>>([
    ['/api/products', () => cachedJsonEntry(ctx, 'api:products', reads.products)],
    ['/api/ingredients', () => cachedJsonEntry(ctx, 'api:ingredients', reads.ingredients)],
    ['/api/coverage-zones', () => cachedJsonEntry(ctx, 'api:zones', reads.zones)],
  ])
  /** Parameterised reads: path prefix -> cache-key prefix; served only when cached. */
  const cachedOnly: [prefix: string, key: string][] = [
    ['/api/products/category/', 'api:products:'],
    ['/api/ingredients/type/', 'api:ingredients:'],
  ]

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
    const start = pathStart(url)
    if (start === -1) return undefined
    const query = url.indexOf('?', start)
    const path = query === -1 ? url.slice(start) : url.slice(start, query)
    if (path === '/') {
      const page = ctx.pageCache.get(LANDING_KEY)
      return page ? answer(request, url, head, page, HTML, PAGE_HEADERS) : undefined
    }
    if (!path.startsWith('/api/') || presentedApiKey(request) !== null) return undefined
    const list = lists.get(path)
    if (list) {
      const entry = list()
      return entry instanceof Promise
        ? entry.then((e) => answer(request, url, head, e, JSON_TYPE, NOSNIFF))
        : answer(request, url, head, entry, JSON_TYPE, NOSNIFF)
    }
    for (const [prefix, key] of cachedOnly) {
      if (!path.startsWith(prefix)) continue
      const segment = path.slice(prefix.length)
      const entry = PLAIN_SEGMENT.test(segment) ? ctx.pageCache.get(key + segment) : undefined
      return entry ? answer(request, url, head, entry, JSON_TYPE, NOSNIFF) : undefined
    }
    return undefined
  }
}

/** The lists through the repositories (reading `ctx.db` loads Kysely on SQLite). */
const repositoryReads = (ctx: AppContext): PublicListReads => ({
  products: () => listProducts(ctx.db),
  ingredients: () => listIngredients(ctx.db),
  zones: () => listZones(ctx.db),
})
