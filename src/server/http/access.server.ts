/**
 * Who may call what: one table for the whole API, applied by the access guard
 * (access-guard.server.ts) before routing, body parsing or validation: a
 * signed-out write gets 401 whatever it sends.
 *
 *   public        anyone (GET reads of the menu, zones, the chat number; the auth calls;
 *                 POST /api/checkout, the storefront's order, which the route rate-limits per address)
 *   session       a signed-in administrator (every other write, /api/admin/*, uploads, PUT /api/auth/password,
 *                 /api/auth/sessions)
 *   sessionOrKey  an administrator or an API key (GET/POST /api/orders, PATCH /api/orders/:id/status,
 *                 GET /api/orders/events, the live stream of order events)
 *
 * API keys (point-of-sale) open exactly: GET of products, ingredients, coverage zones,
 * GET/POST /api/orders, GET /api/orders/events and PATCH /api/orders/:id/status. Anything else presented with a
 * key gets 403 (the checkout too: it is the storefront's, not the POS's).
 * Public writes still pass the guard's same-origin check (a cross-site Origin gets 403).
 */
export type AccessRule = 'public' | 'session' | 'sessionOrKey'

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
export const isReadMethod = (method: string) => READ_METHODS.has(method)

/** PATCH /api/orders/:id/status (any id text: the route answers 400/404 for a bad one). */
const ORDER_STATUS_PATH = /^\/api\/orders\/[^/]+\/status$/

/** GET /api/orders/events: the server-sent events of new orders and status moves. */
const ORDER_EVENTS_PATH = '/api/orders/events'

/** GET /api/orders/summary: the board's counts. */
const ORDER_SUMMARY_PATH = '/api/orders/summary'

const PUBLIC_AUTH_CALLS = new Set(['/api/auth/login', '/api/auth/logout', '/api/auth/user', '/api/auth/create-initial-admin', '/api/auth/reset-admin'])

export function accessRule(method: string, pathname: string): AccessRule {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (path === '/api/admin' || path.startsWith('/api/admin/')) return 'session'
  if (path === '/api/orders' || path === ORDER_EVENTS_PATH || path === ORDER_SUMMARY_PATH || ORDER_STATUS_PATH.test(path)) return 'sessionOrKey'
  if (path === '/api/checkout' && method === 'POST') return 'public'
  if (path === '/api/auth/sessions' || path.startsWith('/api/auth/sessions/')) return 'session'
  if (PUBLIC_AUTH_CALLS.has(path)) return 'public'
  return isReadMethod(method) ? 'public' : 'session'
}

const KEY_READABLE = /^\/api\/(products|ingredients|coverage-zones)(\/|$)/

/** Whether an API key may make this request. */
export function apiKeyAllowed(method: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '')
  if (path === '/api/orders') return method === 'GET' || method === 'HEAD' || method === 'POST'
  if (path === ORDER_EVENTS_PATH || path === ORDER_SUMMARY_PATH) return method === 'GET' || method === 'HEAD'
  if (ORDER_STATUS_PATH.test(path)) return method === 'PATCH'
  return (method === 'GET' || method === 'HEAD') && KEY_READABLE.test(path)
}

/**
 * Same-origin check for state-changing requests that rely on the cookie.
 * Browsers send `Origin` on every cross-origin POST/PUT/PATCH/DELETE and, today,
 * `Sec-Fetch-Site` on every request; when either is present it must say "this site":
 * `Origin` must equal the request's own origin, scheme, host and port alike
 * (`siteOrigin`, from client.server.ts: forwarded values only with TRUST_PROXY).
 * A request with neither did not come from a browser page (curl, a script, the tests):
 * it cannot carry a victim's cookie by a forged form, so it is allowed.
 */
export function sameOrigin(request: Request, siteOrigin: string): boolean {
  const site = request.headers.get('sec-fetch-site')
  if (site && site !== 'same-origin' && site !== 'none') return false
  const origin = request.headers.get('origin')
  if (origin === null) return true
  try {
    return new URL(origin).origin === siteOrigin
  } catch {
    return false // "null" or garbage
  }
}
