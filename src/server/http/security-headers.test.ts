import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.cleanup())

const sha256 = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('base64')

describe('security headers, from one place', () => {
  test('every page carries a CSP (site scripts only), frame protection, nosniff and a Referrer-Policy', async () => {
    for (const path of ['/', '/admin', '/login', '/setup-admin', '/no/such/page']) {
      const res = await t.request(path)
      expect(res.headers.get('content-type')).toContain('text/html')
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*(;|$)/)
      expect(csp).not.toContain('unsafe-eval')
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
      for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'self'"]) expect(csp).toContain(directive)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
    }
  })

  test('every inline script of the landing page is allowed by its hash, and nothing else is', async () => {
    const res = await t.request('/')
    const html = await res.text()
    const csp = res.headers.get('content-security-policy') ?? ''
    const allowed = [...csp.matchAll(/'sha256-([A-Za-z0-9+/=]+)'/g)].map((m) => m[1] ?? '')
    // Executable inline scripts: <script> without src whose type is absent or JavaScript (data blocks do not run).
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attrs]) => !/type="application\/(ld\+)?json"/.test(attrs ?? ''))
      .map(([, , code]) => code ?? '')
    expect(inline.length).toBeGreaterThan(0)
    expect(inline.map(sha256).sort()).toEqual([...allowed].sort())
  })

  test('nosniff on JSON, errors, assets and 304s too; no page policy on JSON', async () => {
    const json = await t.request('/api/products')
    expect(json.headers.get('x-content-type-options')).toBe('nosniff')
    expect(json.headers.get('content-security-policy')).toBeNull()
    const missing = await t.request('/api/nada')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff')
    const asset = await t.request('/favicon.svg')
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff')
    const page = await t.request('/')
    const revalidated = await t.request('/', { headers: { 'if-none-match': page.headers.get('etag') ?? '' } })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('x-content-type-options')).toBe('nosniff')
  })

  test('Strict-Transport-Security only on HTTPS (a forwarded scheme counts only with TRUST_PROXY)', async () => {
    expect((await t.request('/')).headers.get('strict-transport-security')).toBeNull()
    expect((await t.request('https://localhost/api/products')).headers.get('strict-transport-security')).toContain('max-age=31536000')
    expect((await t.request('/', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toBeNull()
    const proxied = await createTestApp({ config: { trustProxy: true } })
    expect((await proxied.request('/', { headers: { 'x-forwarded-proto': 'https' } })).headers.get('strict-transport-security')).toContain('max-age=31536000')
    await proxied.cleanup()
  })
})
