/**
 * GET /api/docs: the integrators' API reference, drawn in the browser by Scalar
 * (`@scalar/api-reference`) from GET /api/openapi.json, and GET /api/docs/<bundle> for
 * Scalar's script, sent from the executable (reference-bundle.server.ts). Decision 021.
 *
 * Offline and private: nothing is loaded from another site (no CDN, no web fonts, no
 * telemetry), and the features that would call Scalar's services are off (the request
 * tester and its proxy, the API client, the AI agent, MCP, the developer tools). The page
 * has its own Content-Security-Policy, the narrowest Scalar runs under (REFERENCE_CSP).
 *
 * The HTML is made once and sent like the other cached answers (ETag, 304, no-cache).
 */
import { Elysia } from 'elysia'
import { type CachedPage, cachedResponse } from '../cache/page-cache.server'
import { MESSAGES, jsonError } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import { PAGE_HEADERS } from '../http/security-headers.server'
import { REFERENCE_ASSET_PREFIX, scalarBundleResponse, scalarBundleUrl, warmScalarBundle } from './reference-bundle.server'

export const REFERENCE_TITLE = 'Documentación de la API · Chilaquiles'
const DOCUMENT_URL = '/api/openapi.json'

/**
 * Scalar's options (the `data-configuration` attribute it reads when its script runs).
 * Each "off" keeps the page from reaching a host other than ours.
 */
export const SCALAR_CONFIGURATION = {
  localization: { locale: 'es' },
  // Its default is fonts.scalar.com: the page uses the system's fonts.
  withDefaultFonts: false,
  telemetry: false,
  // "Probar solicitud" and the API client send requests through proxy.scalar.com.
  hideTestRequestButton: true,
  hideClientButton: true,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  // A plain link to /api/openapi.json.
  documentDownloadType: 'direct',
} as const

/**
 * Runs before Scalar: zod (inside the bundle) probes with `Function('')` whether it may
 * compile validators, which our policy refuses (no 'unsafe-eval') and reports as a
 * violation. `jitless` is zod's own switch for such pages: it validates without that.
 */
export const REFERENCE_INLINE_SCRIPT = 'globalThis.__zod_globalConfig={jitless:true}'

const sha256Base64 = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('base64')

/**
 * The page's policy, in place of the site's (security-headers.server.ts):
 *  - scripts: our own files (the bundle) and the one inline line above, by its hash;
 *  - styles: 'unsafe-inline' and nothing else: Scalar's CSS is inside its script, which
 *    injects it as <style> elements, and its components set style="" attributes; hashes
 *    or a nonce cannot allow attributes (and would switch 'unsafe-inline' off);
 *  - connect: our own origin (the document); images: our own (the favicon);
 *  - everything else (fonts, frames, workers, objects, forms, <base>) refused.
 */
export const REFERENCE_CSP = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${sha256Base64(REFERENCE_INLINE_SCRIPT)}'`,
  "style-src 'unsafe-inline'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

export const REFERENCE_PAGE_HEADERS = { ...PAGE_HEADERS, 'content-security-policy': REFERENCE_CSP }

const escapeAttribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** The whole page: Scalar draws the reference where its `#api-reference` element stands. */
export function referencePageHtml(bundleUrl: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${REFERENCE_TITLE}</title>
<meta name="description" content="Referencia de la API REST de Chilaquiles para integradores: menú, pedidos, estados y API keys.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<noscript>
<h1>${REFERENCE_TITLE}</h1>
<p>Esta página necesita JavaScript para mostrar la referencia. El documento OpenAPI 3.1 completo está en <a href="${DOCUMENT_URL}">${DOCUMENT_URL}</a>.</p>
</noscript>
<script>${REFERENCE_INLINE_SCRIPT}</script>
<script id="api-reference" data-url="${DOCUMENT_URL}" data-configuration="${escapeAttribute(JSON.stringify(SCALAR_CONFIGURATION))}"></script>
<script src="${escapeAttribute(bundleUrl)}"></script>
</body>
</html>
`
}

const entryOf = (text: string): CachedPage => {
  const body = new TextEncoder().encode(text)
  return { body, etag: `"${Bun.hash(body).toString(36)}"` }
}

/**
 * GET /api/docs (the page, declared public, documented in the OpenAPI document) and
 * GET /api/docs/* (the bundle; a wildcard route, so it is neither in the document nor in
 * the contract table: the access guard treats it as an undeclared read, i.e. public).
 */
export function referenceRoutes() {
  let page: Promise<CachedPage> | undefined
  return new Elysia({ name: 'openapi-reference' })
    .use(routeContract)
    .get(
      '/api/docs',
      async ({ request }) => {
        page ??= scalarBundleUrl()
          .then((url) => entryOf(referencePageHtml(url)))
          .catch((error: unknown) => {
            page = undefined // a failure is not kept: the next request tries again
            throw error
          })
        const entry = await page
        warmScalarBundle(request.headers.get('accept-encoding'))
        return cachedResponse(entry, 'text/html; charset=utf-8', REFERENCE_PAGE_HEADERS)
      },
      { access: 'public', detail: { tags: ['Documentación'], summary: 'Este documento, para leer (HTML)' } },
    )
    .get(`${REFERENCE_ASSET_PREFIX}*`, async ({ request, params }) => {
      return (await scalarBundleResponse(request, params['*'])) ?? jsonError(404, MESSAGES.notFoundApi)
    })
}
