const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
export const isReadMethod = (method: string) => READ_METHODS.has(method)

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
