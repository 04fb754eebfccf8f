import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { EXIF_MARK, containsAscii, jpegOf, phonePhoto, pngOf, quadrantPixels, webpChunks, webpOf } from '../../../test/fixtures/photos'
import { responsiveImage } from '../../shared/images'
import { createTestApp } from '../testing.server'
import { photoStoreOf } from './photo-store.server'
import { readDimensions } from './image-header.server'
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

let realPng: Uint8Array<ArrayBuffer>
let realJpeg: Uint8Array<ArrayBuffer>
let realWebp: Uint8Array<ArrayBuffer>
beforeAll(async () => {
  realPng = new Uint8Array(await pngOf(quadrantPixels(120, 90)))
  realJpeg = new Uint8Array(await jpegOf(quadrantPixels(1000, 750)))
  realWebp = new Uint8Array(await webpOf(quadrantPixels(500, 500)))
})

const form = (bytes: Uint8Array<ArrayBuffer>, name = 'foto.png', type = 'image/png', field = 'image') => {
  const fd = new FormData()
  fd.append(field, new File([bytes], name, { type }))
  return fd
}
const upload = (body: BodyInit, headers: Record<string, string> = { cookie }, path = '/api/upload/product-image') =>
  t.request(path, { method: 'POST', headers, body })
/** Photos kept: files of DATA_DIR/uploads on SQLite, rows of `photos` on PostgreSQL (photo-store.server.ts). */
const stored = async () =>
  t.ctx.store.engine === 'postgres'
    ? Number((await t.ctx.db.selectFrom('photos').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0)
    : readdirSync(t.ctx.config.uploadsDir).length

describe('uploads', () => {
  test('PNG, JPEG and WebP are detected by their bytes, re-encoded to WebP under a random sized name, and served back', async () => {
    for (const [bytes, size, widths] of [
      [realPng, '120x90', []],
      [realJpeg, '1000x750', [400, 800]],
      [realWebp, '500x500', [400]],
    ] as const) {
      // The declared name and type lie on purpose: only the bytes count.
      const before = await stored()
      const res = await upload(form(bytes, 'evil.exe', 'application/octet-stream'))
      expect(res.status).toBe(201)
      const { url } = (await res.json()) as { url: string }
      expect(url).toMatch(new RegExp(`^/uploads/[0-9a-f-]{36}-${size}\\.webp$`))
      expect(await stored()).toBe(before + 1 + widths.length)
      // Every URL the page's srcset names is served, as WebP, cached for a year.
      const { srcSet } = responsiveImage(url)
      const urls = (srcSet ?? '').split(', ').map((candidate) => candidate.split(' ')[0]!)
      expect(urls.length).toBe(1 + widths.length)
      for (const candidate of urls) {
        const served = await t.request(candidate)
        expect(served.status).toBe(200)
        expect(served.headers.get('content-type')).toBe('image/webp')
        expect(served.headers.get('cache-control')).toContain('max-age=31536000')
        const body = new Uint8Array(await served.arrayBuffer())
        expect(sniffImage(body)?.ext).toBe('webp')
        // Revalidation: the ETag answers 304 with no body.
        const again = await t.request(candidate, { headers: { 'if-none-match': served.headers.get('etag') ?? 'none' } })
        expect(again.status).toBe(304)
        expect((await again.arrayBuffer()).byteLength).toBe(0)
      }
    }
    expect((await upload(form(realPng), { cookie }, '/api/upload/ingredient-image')).status).toBe(201)
  })

  test('an uploaded phone photo comes back re-encoded, upright, no wider than 1600 px, without EXIF', async () => {
    const photo = await phonePhoto(2400, 1800, 6)
    const res = await upload(form(photo, 'IMG_0001.JPG', 'image/jpeg'))
    expect(res.status).toBe(201)
    const { url } = (await res.json()) as { url: string }
    expect(responsiveImage(url)).toMatchObject({ width: 1200, height: 1600 })
    const body = new Uint8Array(await (await t.request(url)).arrayBuffer())
    expect(readDimensions(body, { ext: 'webp', type: 'image/webp' })).toEqual({ width: 1200, height: 1600 })
    expect(webpChunks(body)).toEqual(['VP8 '])
    expect(containsAscii(body, EXIF_MARK)).toBe(false)
    expect(body.length).toBeLessThan(photo.length)
  })

  test('uploads stored before re-encoding (<uuid>.png|jpg|webp) are still served', async () => {
    for (const [ext, bytes, type] of [['png', PNG, 'image/png'], ['jpg', JPEG, 'image/jpeg'], ['webp', WEBP, 'image/webp']] as const) {
      const name = `${crypto.randomUUID()}.${ext}`
      await photoStoreOf(t.ctx).save([{ name, data: bytes, type }])
      const served = await t.request(`/uploads/${name}`)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe(type)
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes)
    }
  })

  test('image bytes that do not decode (right magic bytes, damaged body): 400 in Spanish, nothing stored', async () => {
    const before = await stored()
    for (const [bytes, name] of [[PNG, 'x.png'], [JPEG, 'x.jpg'], [WEBP, 'x.webp'], [realJpeg.slice(0, realJpeg.length / 2), 'cortada.jpg']] as const) {
      const res = await upload(form(bytes, name, 'image/jpeg'))
      expect(`${name} ${res.status}`).toBe(`${name} 400`)
      expect((await res.json()).message).toContain('No se pudo leer la imagen')
    }
    expect(await stored()).toBe(before)
  })

  test('not an image (even named .png): 400, nothing stored', async () => {
    const before = await stored()
    const res = await upload(form(new TextEncoder().encode('<svg onload=alert(1)>'), 'x.png', 'image/png'))
    expect(res.status).toBe(400)
    expect((await res.json()).message).toContain('Por favor selecciona un archivo de imagen')
    expect((await upload(form(PNG, 'x.png', 'image/png', 'file'))).status).toBe(400)
    expect((await upload(JSON.stringify({ image: 'x' }), { cookie, 'content-type': 'application/json' })).status).toBe(400)
    expect(await stored()).toBe(before)
  })

  test('signed out: 401 before reading the body; API key: 403', async () => {
    const before = await stored()
    expect((await upload(form(PNG), {})).status).toBe(401)
    expect((await upload(form(PNG), { 'x-api-key': 'chq_whatever' })).status).toBe(403)
    expect(await stored()).toBe(before)
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
    const before = await stored()
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
    expect(await stored()).toBe(before)
  })

  test('a file just over 10 MB inside a form is 413; exactly 10 MB is accepted', async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1)
    big.set(realJpeg)
    expect((await upload(form(big))).status).toBe(413)
    const ok = new Uint8Array(MAX_UPLOAD_BYTES) // a real JPEG followed by padding, which decoders ignore
    ok.set(realJpeg)
    expect((await upload(form(ok))).status).toBe(201)
  })

  test('served names are strictly [A-Za-z0-9-]+.(png|jpg|webp): traversal and others 404', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2E%2E%2Fsession-secret', '..%2Fsession-secret', 'x.svg', 'x.png.exe', '.png', 'does-not-exist.png']) {
      const res = await t.request(`/uploads/${name}`)
      expect(`${name} ${res.status}`).toBe(`${name} 404`)
    }
    // An encoded NUL is refused before routing, like anywhere in a URL.
    expect((await t.request('/uploads/a%00.png')).status).toBe(400)
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
