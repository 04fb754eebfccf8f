import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { createTestApp } from '../testing.server'
import { MAX_UPLOAD_BYTES, sniffImage } from './uploads.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
})
afterAll(() => t.cleanup())

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82])
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0])
const WEBP = new Uint8Array([...new TextEncoder().encode('RIFF'), 0x24, 0, 0, 0, ...new TextEncoder().encode('WEBPVP8 ')])

const form = (bytes: Uint8Array<ArrayBuffer>, name = 'foto.png', type = 'image/png', field = 'image') => {
  const fd = new FormData()
  fd.append(field, new File([bytes], name, { type }))
  return fd
}
const upload = (body: BodyInit, headers: Record<string, string> = { cookie }, path = '/api/upload/product-image') =>
  t.request(path, { method: 'POST', headers, body })
const stored = () => readdirSync(t.ctx.config.uploadsDir).length

describe('uploads', () => {
  test('PNG, JPEG and WebP are detected by their bytes, stored under a random name and served back', async () => {
    for (const [bytes, ext, type] of [[PNG, 'png', 'image/png'], [JPEG, 'jpg', 'image/jpeg'], [WEBP, 'webp', 'image/webp']] as const) {
      // The declared name and type lie on purpose: only the bytes count.
      const res = await upload(form(bytes, 'evil.exe', 'application/octet-stream'))
      expect(res.status).toBe(201)
      const { url } = (await res.json()) as { url: string }
      expect(url).toMatch(new RegExp(`^/uploads/[0-9a-f-]{36}\\.${ext}$`))
      const served = await t.request(url)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe(type)
      expect(served.headers.get('cache-control')).toContain('max-age=31536000')
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes)
    }
    expect((await upload(form(PNG), { cookie }, '/api/upload/ingredient-image')).status).toBe(201)
  })

  test('not an image (even named .png): 400, nothing stored', async () => {
    const before = stored()
    const res = await upload(form(new TextEncoder().encode('<svg onload=alert(1)>'), 'x.png', 'image/png'))
    expect(res.status).toBe(400)
    expect((await res.json()).message).toContain('Por favor selecciona un archivo de imagen')
    expect((await upload(form(PNG, 'x.png', 'image/png', 'file'))).status).toBe(400)
    expect((await upload(JSON.stringify({ image: 'x' }), { cookie, 'content-type': 'application/json' })).status).toBe(400)
    expect(stored()).toBe(before)
  })

  test('signed out: 401 before reading the body; API key: 403', async () => {
    const before = stored()
    expect((await upload(form(PNG), {})).status).toBe(401)
    expect((await upload(form(PNG), { 'x-api-key': 'chq_whatever' })).status).toBe(403)
    expect(stored()).toBe(before)
  })

  test('over 10 MB: 413 from the declared length, without reading the body', async () => {
    let pulled = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++
        controller.enqueue(new Uint8Array(1024))
      },
    })
    const res = await t.app.handle(
      new Request('http://localhost/api/upload/product-image', {
        method: 'POST',
        headers: { cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(11 * 1024 * 1024) },
        body,
        duplex: 'half',
      } as RequestInit),
    )
    expect(res.status).toBe(413)
    expect(pulled).toBeLessThan(5)
  })

  test('over 10 MB without a declared length (streamed): 413 once the cap is passed, nothing stored', async () => {
    const before = stored()
    let sent = 0
    const chunk = new Uint8Array(256 * 1024)
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength
        controller.enqueue(chunk)
        if (sent > 64 * 1024 * 1024) controller.close()
      },
    })
    const res = await t.app.handle(
      new Request('http://localhost/api/upload/product-image', {
        method: 'POST',
        headers: { cookie, 'content-type': 'multipart/form-data; boundary=x' },
        body,
        duplex: 'half',
      } as RequestInit),
    )
    expect(res.status).toBe(413)
    expect(sent).toBeGreaterThan(MAX_UPLOAD_BYTES) // the cap was reached while streaming...
    expect(sent).toBeLessThan(MAX_UPLOAD_BYTES + 2 * 1024 * 1024) // ...and reading stopped there
    expect(stored()).toBe(before)
  })

  test('a file just over 10 MB inside a form is 413; exactly 10 MB is accepted', async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1)
    big.set(PNG)
    expect((await upload(form(big))).status).toBe(413)
    const ok = new Uint8Array(MAX_UPLOAD_BYTES)
    ok.set(PNG)
    expect((await upload(form(ok))).status).toBe(201)
  })

  test('served names are strictly [A-Za-z0-9-]+.(png|jpg|webp): traversal and others 404', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2E%2E%2Fsession-secret', '..%2Fsession-secret', 'x.svg', 'x.png.exe', '.png', 'a%00.png', 'does-not-exist.png']) {
      const res = await t.request(`/uploads/${name}`)
      expect(`${name} ${res.status}`).toBe(`${name} 404`)
    }
    expect((await t.request('/uploads/../session-secret')).status).toBe(404)
  })

  test('sniffImage unit', () => {
    expect(sniffImage(PNG)?.ext).toBe('png')
    expect(sniffImage(JPEG)?.ext).toBe('jpg')
    expect(sniffImage(WEBP)?.ext).toBe('webp')
    expect(sniffImage(new Uint8Array([0x47, 0x49, 0x46, 0x38]))).toBeNull()
    expect(sniffImage(new Uint8Array())).toBeNull()
  })
})
