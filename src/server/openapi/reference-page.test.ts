/**
 * GET /api/docs and its script, through the server's fetch handler (encoding, 304,
 * security headers). That the reference renders, offline and under its policy, is the
 * browser's to prove: e2e/reference-page.test.ts.
 */
import { describe, expect, test } from 'bun:test'
import { brotliDecompressSync } from 'node:zlib'
import { Elysia } from 'elysia'
import { createFetchHandler } from '../http/fetch-handler.server'
import { SCALAR_BUNDLE_FILE } from './reference-bundle.server'
import { REFERENCE_CSP, REFERENCE_TITLE, referenceRoutes } from './reference-page.server'

const handle = createFetchHandler(new Elysia().use(referenceRoutes()), { trustProxy: false })
const get = async (path: string, headers: Record<string, string> = {}) => handle(new Request(`http://localhost${path}`, { headers }))
const sha256 = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('base64')

async function page() {
  const res = await get('/api/docs')
  const html = await res.text()
  const bundleUrl = /<script src="([^"]+)"><\/script>/.exec(html)?.[1] ?? ''
  return { res, html, bundleUrl }
}

describe('GET /api/docs', () => {
  test('an HTML page in Spanish that loads Scalar from this site, with the reference\'s own policy', async () => {
    const { res, html, bundleUrl } = await page()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(html).toStartWith('<!doctype html>\n<html lang="es">')
    expect(html).toContain(`<title>${REFERENCE_TITLE}</title>`)
    expect(REFERENCE_TITLE).toBe('Documentación de la API · Chilaquiles')
    expect(bundleUrl).toMatch(/^\/api\/docs\/scalar-[0-9a-z]+\.js$/)
    expect(html).toContain('data-url="/api/openapi.json"')
    // Nothing on the page names another host.
    expect(html).not.toMatch(/https?:|\/\/[a-z]/i)
    expect(res.headers.get('content-security-policy')).toBe(REFERENCE_CSP)
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  })

  test('the policy allows the page\'s one inline script by its hash and nothing from another origin', async () => {
    const { html } = await page()
    const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1] ?? '')
    expect(inline).toHaveLength(1)
    const directives = Object.fromEntries(REFERENCE_CSP.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]))
    expect(directives).toEqual({
      'default-src': "'none'",
      'script-src': `'self' 'sha256-${sha256(inline[0] ?? '')}'`,
      'style-src': "'unsafe-inline'",
      'img-src': "'self'",
      'connect-src': "'self'",
      'base-uri': "'none'",
      'form-action': "'none'",
      'frame-ancestors': "'none'",
    })
  })

  test('Scalar is configured offline: system fonts, no telemetry, no request tester, client, agent or MCP', async () => {
    const { html } = await page()
    const attribute = /data-configuration="([^"]*)"/.exec(html)?.[1] ?? ''
    const config = JSON.parse(attribute.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'))
    expect(config).toMatchObject({
      withDefaultFonts: false,
      telemetry: false,
      hideTestRequestButton: true,
      hideClientButton: true,
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: 'never',
      localization: { locale: 'es' },
    })
  })

  test('revalidates like the other cached pages', async () => {
    const first = await get('/api/docs', { 'accept-encoding': 'br, gzip' })
    expect(first.headers.get('cache-control')).toBe('no-cache')
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toMatch(/^".+"$/)
    await first.arrayBuffer()
    const again = await get('/api/docs', { 'accept-encoding': 'br, gzip', 'if-none-match': etag })
    expect(again.status).toBe(304)
  })
})

describe('GET /api/docs/<bundle>', () => {
  const original = () => Bun.file(SCALAR_BUNDLE_FILE).bytes()

  test('the script as it is in the package, cached for a year under its content-hashed name', async () => {
    const { bundleUrl } = await page()
    const res = await get(bundleUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(res.headers.get('content-encoding')).toBeNull()
    const body = await res.bytes()
    expect(body).toEqual(await original())
    expect(bundleUrl).toBe(`/api/docs/scalar-${Bun.hash(body).toString(36)}.js`)
    expect(body.byteLength).toBeGreaterThan(1_000_000) // the whole standalone bundle, not a loader
  })

  test('brotli and gzip decode to the same bytes; each representation has its own ETag and answers 304', async () => {
    const { bundleUrl } = await page()
    const br = await get(bundleUrl, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers.get('content-encoding')).toBe('br')
    const brBytes = await br.bytes()
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.byteLength)
    expect(brBytes.byteLength).toBeLessThan((await original()).byteLength / 3)
    expect(new Uint8Array(brotliDecompressSync(brBytes))).toEqual(await original())

    const gz = await get(bundleUrl, { 'accept-encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(Bun.gunzipSync(await gz.bytes())).toEqual(await original())

    const etags = new Set([br.headers.get('etag'), gz.headers.get('etag')])
    expect(etags.size).toBe(2)
    const again = await get(bundleUrl, { 'accept-encoding': 'gzip', 'if-none-match': gz.headers.get('etag') ?? '' })
    expect(again.status).toBe(304)
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  test('any other name under /api/docs/ is a JSON 404', async () => {
    for (const path of ['/api/docs/scalar-0.js', '/api/docs/standalone.js', '/api/docs/scalar.js.map']) {
      const res = await get(path)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ message: 'Recurso no encontrado' })
    }
  })
})
