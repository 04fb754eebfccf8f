/**
 * Who may call what: one table for the whole API, applied by app.ts in an
 * `onRequest` hook, before routing, body parsing or validation (DESIGN.md: a
 * signed-out write gets 401 whatever it sends).
 *
 *   public        anyone (GET reads of the menu, zones, the chat number; the auth calls)
 *   session       a signed-in administrator (every other write, /api/admin/*, uploads, PUT /api/auth/password)
 *   sessionOrKey  an administrator or an API key (GET/POST /api/orders)
 *
 * API keys (point-of-sale) open exactly: GET of products, ingredients, coverage zones,
 * and GET/POST /api/orders. Anything else presented with a key gets 403.
 */
export type AccessRule = 'public' | 'session' | 'sessionOrKey'

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
export const isReadMethod = (method: string) => READ_METHODS.has(method)

const PUBLIC_AUTH_CALLS = new Set(['/api/auth/login', '/api/auth/logout', '/api/auth/user', '/api/auth/create-initial-admin', '/api/auth/reset-admin'])

export function accessRule(method: string, pathname: string): AccessRule {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (path === '/api/admin' || path.startsWith('/api/admin/')) return 'session'
  if (path === '/api/orders') return 'sessionOrKey'
  if (PUBLIC_AUTH_CALLS.has(path)) return 'public'
  return isReadMethod(method) ? 'public' : 'session'
}

const KEY_READABLE = /^\/api\/(products|ingredients|coverage-zones)(\/|$)/

/** Whether an API key may make this request. */
export function apiKeyAllowed(method: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '')
  if (path === '/api/orders') return method === 'GET' || method === 'HEAD' || method === 'POST'
  return (method === 'GET' || method === 'HEAD') && KEY_READABLE.test(path)
}

/**
 * Same-origin check for state-changing requests that rely on the cookie (DESIGN.md).
 * Browsers send `Origin` on every cross-origin POST/PUT/PATCH/DELETE and, today,
 * `Sec-Fetch-Site` on every request; when either is present it must say "this site".
 * A request with neither did not come from a browser page (curl, a script, the tests):
 * it cannot carry a victim's cookie by a forged form, so it is allowed.
 */
export function sameOrigin(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site')
  if (site && site !== 'same-origin' && site !== 'none') return false
  const origin = request.headers.get('origin')
  if (origin === null) return true
  let originHost: string
  try {
    originHost = new URL(origin).host
  } catch {
    return false // "null" or garbage
  }
  const host =
    request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host') || new URL(request.url).host
  return originHost.toLowerCase() === host.toLowerCase()
}
