export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/')

/**
 * The path of an absolute request URL without building a URL object: this runs
 * on every request, before routing, and `new URL` was a measurable share of it.
 * Bun.serve resolves dot segments (also `%2e%2e`) before the app sees the URL, and
 * this is the same slice Elysia's router matches on.
 */
export function pathnameOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start === -1) return '/'
  const end = url.indexOf('?', start)
  const path = end === -1 ? url.slice(start) : url.slice(start, end)
  const hash = path.indexOf('#')
  return hash === -1 ? path : path.slice(0, hash)
}
