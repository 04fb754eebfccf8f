import { describe, expect, test } from 'bun:test'
import { answerPlainRequest, httpsOrigin } from './auto-https.server'

const https = { domain: 'pedidos.example.gt', port: 443, directoryUrl: 'https://ca.example/dir', email: null, certsDir: '/tmp/certs' }
const app = () => new Response('la tienda')

describe('the plain port with DOMAIN', () => {
  const answers = new Map([['tok-1', 'tok-1.thumbprint']])

  test("answers the CA's challenge with the key authorization, before and after HTTPS is up", async () => {
    for (const redirectTo of [null, httpsOrigin(https)]) {
      const res = await answerPlainRequest(new Request('http://pedidos.example.gt/.well-known/acme-challenge/tok-1'), answers, redirectTo, app)
      expect(res.status).toBe(200)
      expect(await res.text()).toBe('tok-1.thumbprint')
    }
    const unknown = await answerPlainRequest(new Request('http://pedidos.example.gt/.well-known/acme-challenge/otro'), answers, null, app)
    expect(unknown.status).toBe(404)
  })

  test('with HTTPS up: 308 to the same path and query on DOMAIN, whatever Host the request named', async () => {
    const res = await answerPlainRequest(new Request('http://203.0.113.7/admin/pedidos?estado=nuevo', { method: 'POST', body: 'x' }), answers, httpsOrigin(https), app)
    expect(res.status).toBe(308)
    expect(res.headers.get('location')).toBe('https://pedidos.example.gt/admin/pedidos?estado=nuevo')
    expect(httpsOrigin(https, 8443)).toBe('https://pedidos.example.gt:8443')
  })

  test('before the first certificate: the shop itself answers', async () => {
    const res = await answerPlainRequest(new Request('http://pedidos.example.gt/'), answers, null, app)
    expect(await res.text()).toBe('la tienda')
  })
})
