/**
 * The absolute address of the site, for what must be absolute: Open Graph and Twitter
 * tags, JSON-LD, robots.txt and the sitemap.
 *
 * The rule is the app's (decision 007, as for the tracking link): with DOMAIN, the
 * configured domain (the HTTPS server's own name, never the Host header); otherwise the
 * origin the browser reached, from `X-Forwarded-Proto/-Host` only with TRUST_PROXY=1.
 * Any Host passes the fetch handler's check (request-path.server.ts), so the pages that
 * carry these URLs are cached per origin (landingCacheKey): a request with a forged Host
 * gets its own copy and never changes anyone else's, and the page cache keeps the pages of a
 * bounded number of origins (PAGE_CACHE_MAX_ORIGINS, decision 028). An origin with anything but a
 * host name's characters (a forwarded host can hold quotes, a URL parser lets them through)
 * is not used: the Host header's is, with the proxy's scheme.
 */
import { TABLE_PARAM, isTableToken } from '../../shared/dining-table'
import type { Config } from '../config.server'
import { clientOf } from '../http/client.server'
import { PATH_SEARCH_FROM } from '../http/request-path.server'

/** scheme://host[:port]: a DNS name (a trailing dot allowed), IPv4, or a bracketed IPv6 address. */
const SAFE_ORIGIN = /^https?:\/\/(?:[a-z0-9_](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}))*\.?|\[[0-9a-f:.]{2,45}\])(?::[0-9]{1,5})?$/

/** Used only if even the request's own URL is no origin (a test calling the app with a bare path). */
const LAST_RESORT = 'http://localhost'

export function publicOrigin(request: Request, config: Pick<Config, 'trustProxy' | 'https'>): string {
  const { https } = config
  if (https) return https.port === 443 ? `https://${https.domain}` : `https://${https.domain}:${https.port}`
  const url = request.url
  // The request's own origin, as the router reads the URL (no URL object: the fast path calls this).
  const own = url.slice(0, url.indexOf('/', PATH_SEARCH_FROM))
  if (!SAFE_ORIGIN.test(own)) return LAST_RESORT
  if (!config.trustProxy) return own
  const client = clientOf(request, true)
  const scheme = client.https ? 'https' : 'http'
  // A forwarded host that no URL parser takes leaves clientOf with the socket's origin (and its
  // scheme); one the parser takes may still hold quotes. Either way the proxy's scheme stands,
  // with the Host header's host.
  return SAFE_ORIGIN.test(client.origin) && client.origin.startsWith(`${scheme}:`) ? client.origin : `${scheme}://${own.slice(own.indexOf('//') + 2)}`
}

/** `url` as absolute: kept when it already is (a photo URL typed in the admin), else on `origin`. */
export const absoluteUrl = (origin: string, url: string): string => (/^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`)

/** A dish's own link: the store that opens on it (web/store/open-product-link.ts). */
export const PRODUCT_PARAM = 'producto'
export const productLink = (origin: string, id: number): string => `${origin}/?${PRODUCT_PARAM}=${id}`

/**
 * The dish a landing URL names (`?producto=<id>`, a positive whole number), or null. Cheap
 * on the hot path: the URL is only parsed when it mentions the parameter.
 */
export function productParam(url: string): number | null {
  const raw = rawParam(url, PRODUCT_PARAM)
  return raw && /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= Number.MAX_SAFE_INTEGER ? Number(raw) : null
}

/**
 * The table a landing URL names (`?mesa=<token>`, issue #45): the token when it has a token's
 * form, else null; `undefined` when the URL has no such parameter. Cheap on the hot path.
 */
export function tableParam(url: string): string | null | undefined {
  const raw = rawParam(url, TABLE_PARAM)
  if (raw === undefined) return undefined
  return raw !== null && isTableToken(raw) ? raw : null
}

/**
 * A query parameter's raw value: `undefined` when the URL does not name it (the URL is parsed only
 * when its text mentions `name=`), null when the URL does not parse.
 */
function rawParam(url: string, name: string): string | null | undefined {
  if (!url.includes(`${name}=`)) return undefined
  try {
    return new URL(url).searchParams.get(name) ?? undefined
  } catch {
    return null
  }
}

/** The page cache's key of a table's storefront: one entry per table (a known token only). */
export const tableCacheKey = (origin: string, token: string): string => `${origin}/?${TABLE_PARAM}=${token}`

/** The page cache's key of the landing page for `origin`: the store's, or a dish's (its own head and preview). */
export const landingCacheKey = (origin: string, productId: number | null = null): string =>
  productId === null ? `${origin}/` : `${origin}/?${PRODUCT_PARAM}=${productId}`
