export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/')

/**
 * Elysia's router finds a request's path as `url.indexOf('/', 11)`: it assumes that
 * `scheme://host/` always ends at or after index 11, and so skips the first path segment
 * of a URL whose host is 1-3 characters long ('http://x/abc/api/admin/users' is routed as
 * `/api/admin/users`). Every reader of the path in this server uses the same slice
 * (`pathnameOf`), and the fetch handler refuses, before anything reads the path, every URL
 * on which that slice is not the real path (`isRoutableUrl`): one reading of the path for
 * the guard, the router, the cache, the fast path and the pages (decision 028).
 */
export const PATH_SEARCH_FROM = 11

/**
 * The path of a request URL exactly as the router matches it: from the first '/' at or
 * after index 11 up to the first '?'. No URL object (this runs on every request), and no
 * decoding: static routes match the raw bytes, parameters are decoded by the router after.
 * Only meaningful for a URL that `isRoutableUrl` accepted.
 */
export function pathnameOf(url: string): string {
  const start = url.indexOf('/', PATH_SEARCH_FROM)
  if (start === -1) return '/'
  const end = url.indexOf('?', start)
  return end === -1 ? url.slice(start) : url.slice(start, end)
}

/**
 * `http(s)://` + a host name (letters, digits, '-' and '_' in dot-separated labels), an IPv4
 * address, or a bracketed IPv6 address, + an optional port, then the path's '/'. Bun builds
 * `request.url` from the Host header (lower-cased, %xx decoded) and gives a bare path when
 * the header is missing or not a host at all ('a/b', 'a@b', 'a b', empty).
 */
const ORIGIN = /^https?:\/\/(?:[a-z0-9_](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}))*\.?|\[[0-9a-f:.]{2,45}\])(?::[0-9]{1,5})?(?=\/)/

/**
 * Hosts the pattern above lets through but a URL parser may refuse: a punycode label
 * ('xn--localhost' is no valid one), a bracketed address ('[1:2:3:4:5:6:7:8:9]'), a port
 * (past 65535), or a last label that starts with a digit, which the URL standard reads as
 * an IPv4 address ('abc.123', '256.0.0.1', '1.2.3.08'). Bun builds `request.url` from such a
 * Host header all the same, and then every `new URL(request.url)` in a route threw: a 500.
 * Only these pay for a parse; an ordinary name ('pedidos.example.gt') does not.
 */
const NEEDS_PARSER = /xn--|\[|:\d|(?:\/\/|\.)\d[^./]*\.?$/

export type UrlRefusal = 'host' | 'nul'

/**
 * Why the router must not see this URL (400 before routing), or null when it reads it
 * right: the Host header is a valid host (for the pattern and for a URL parser), the path
 * starts where the router looks for it, and nothing in it decodes to a NUL character.
 */
export function urlRefusal(url: string): UrlRefusal | null {
  const origin = ORIGIN.exec(url)
  if (!origin || origin[0].length < PATH_SEARCH_FROM) return 'host'
  if (NEEDS_PARSER.test(origin[0]) && !URL.canParse(url)) return 'host'
  // An encoded NUL in a path parameter or the query: no text the database sees may hold one.
  return url.includes('%00') ? 'nul' : null
}

/**
 * One spelling per resource: each segment decoded and encoded again the one standard way
 * ('%63hilaquiles' and 'chilaquiles' are one path; a segment that does not decode is kept as
 * sent), trailing slashes dropped. What the cache keys its entries by, so that re-encodings
 * of one URL make one entry, not thousands.
 */
export function canonicalPath(pathname: string): string {
  const segments = pathname.split('/').map((segment) => {
    if (!segment.includes('%')) return segment
    try {
      return encodeURIComponent(decodeURIComponent(segment))
    } catch {
      return segment
    }
  })
  const joined = segments.join('/')
  return joined.length > 1 ? joined.replace(/\/+$/, '') || '/' : joined
}
