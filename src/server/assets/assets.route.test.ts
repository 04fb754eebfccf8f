import { afterAll, describe, expect, test } from 'bun:test'
import { brotliDecompressSync } from 'node:zlib'
import { assets, entries } from '../assets.gen'
import { createTestApp } from '../testing.server'

const t = await createTestApp()
afterAll(() => t.cleanup())

describe('assets from the manifest', () => {
  test('text files of 1 KB or more have build-time brotli and gzip copies; small ones none', () => {
    const store = assets[entries.storeJs]
    expect(store?.br?.size).toBeLessThan(store?.size ?? 0)
    expect(store?.gzip?.size).toBeLessThan(store?.size ?? 0)
    for (const [url, asset] of Object.entries(assets)) if (asset.size < 1024) expect(`${url} ${asset.br === undefined && asset.gzip === undefined}`).toBe(`${url} true`)
  })

  test('the brotli copy served is the embedded file, byte for byte the plain one once decoded', async () => {
    const res = await t.request(entries.storeCss, { headers: { 'accept-encoding': 'br' } })
    expect(res.headers.get('content-encoding')).toBe('br')
    const sent = new Uint8Array(await res.arrayBuffer())
    expect(sent).toEqual(new Uint8Array(await Bun.file(assets[entries.storeCss]?.br?.file ?? '').arrayBuffer()))
    expect(new Uint8Array(brotliDecompressSync(sent))).toEqual(new Uint8Array(await Bun.file(assets[entries.storeCss]?.file ?? '').arrayBuffer()))
    expect(res.headers.get('content-length')).toBe(String(sent.byteLength))
  })

  test('paths under the asset folders that are not in the manifest: plain 404, nothing else on disk', async () => {
    for (const path of ['/assets/nope.js', '/images/nope.svg', '/assets/', '/images/products/', '/assets/..%2f..%2fpackage.json']) {
      const res = await t.request(path)
      expect(`${path} ${res.status}`).toBe(`${path} 404`)
      expect(`${path} ${await res.text()}`).toBe(`${path} Not Found`)
    }
    // Dot segments are resolved before routing: this is /package.json, which no route serves.
    const climbed = await t.request('/images/%2e%2e/%2e%2e/package.json')
    expect(climbed.status).toBe(404)
    expect(await climbed.text()).not.toContain('"dependencies"')
  })

  test('a query string does not change the file', async () => {
    const res = await t.request(`${entries.storeJs}?v=1`)
    expect(res.status).toBe(200)
  })
})
