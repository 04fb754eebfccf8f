/**
 * Security headers, added to every response in one place (fetch-handler.server.ts).
 *
 * - every response: `X-Content-Type-Options: nosniff`;
 * - pages (text/html): a Content-Security-Policy that lets scripts come only from the
 *   site itself plus the one inline script we write (by its hash), forbids framing,
 *   `<base>`, plugins and foreign form targets; and a Referrer-Policy;
 * - responses to HTTPS requests: Strict-Transport-Security.
 *
 * Styles keep 'unsafe-inline': Radix and vaul inject <style> elements and style
 * attributes at run time. Images may be absolute URLs an administrator typed.
 */
/**
 * The site's only inline script: the landing page's head marks that JavaScript runs
 * (landing/no-script.server.ts says why). It is defined here, beside the policy that
 * allows it by its hash, so any other inline script is refused.
 */
export const MARK_JS = 'document.documentElement.dataset.js=""'

const sha256Base64 = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('base64')

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'sha256-${sha256Base64(MARK_JS)}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

export const NOSNIFF = { 'x-content-type-options': 'nosniff' } as const

/** Headers of every HTML page (landing page, admin shell, 404 page). */
export const PAGE_HEADERS = {
  ...NOSNIFF,
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
} as const

export const HSTS = { 'strict-transport-security': 'max-age=31536000' } as const

/**
 * Adds what is missing. Responses that already carry the headers (the cached
 * landing page bakes them into its prototype) cost one `has()` per header set.
 */
export function withSecurityHeaders(response: Response, https: boolean): Response {
  let headers = response.headers
  const needsNosniff = !headers.has('x-content-type-options')
  const needsPage = !headers.has('content-security-policy') && (headers.get('content-type')?.startsWith('text/html') ?? false)
  // The hot path (a cached answer over plain HTTP) allocates nothing.
  if (!needsNosniff && !needsPage && !https) return response
  const entries = Object.entries({ ...(needsNosniff ? NOSNIFF : {}), ...(needsPage ? PAGE_HEADERS : {}), ...(https ? HSTS : {}) })
  try {
    for (const [name, value] of entries) headers.set(name, value)
    return response
  } catch {
    // Immutable headers (e.g. Response.redirect): copy once, then set.
    const copy = new Response(response.body, response)
    headers = copy.headers
    for (const [name, value] of entries) headers.set(name, value)
    return copy
  }
}
