/**
 * Release smoke test: builds dist/chilaquiles, copies it ALONE into an empty
 * folder, runs it there over real HTTP, and stops it with SIGTERM.
 */
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import type { Subprocess } from 'bun'
import { describeSchema } from '../../db/schema-snapshot'
import { migrate, openDatabase } from '../../src/server/db/sqlite.server'
import { readDimensions } from '../../src/server/uploads/image-header.server'
import { responsiveImage } from '../../src/shared/images'
import { EXIF_MARK, containsAscii, phonePhoto, webpChunks } from '../fixtures/photos'
import { releaseAlone } from './release'

let dir: string
let binary: string
let proc: Subprocess<'ignore', 'pipe', 'pipe'>
let url: string
let startupMs = 0
let cookie = ''
let stdout = ''

beforeAll(async () => {
  ;({ dir, binary } = await releaseAlone('chq-smoke-'))
  expect(readdirSync(dir)).toEqual(['chilaquiles'])

  const port = 20000 + Math.floor(Math.random() * 20000)
  url = `http://127.0.0.1:${port}`
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: String(port), HOST: '127.0.0.1' }
  const started = performance.now()
  proc = Bun.spawn([binary], { cwd: dir, env, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' })
  for (;;) {
    try {
      if ((await fetch(`${url}/api/products`)).ok) break
    } catch {
      /* not yet listening */
    }
    if (proc.exitCode !== null) throw new Error(`binary exited early with ${proc.exitCode}: ${await new Response(proc.stderr).text()}`)
    if (performance.now() - started > 15_000) throw new Error('binary did not answer within 15 s')
    await Bun.sleep(5)
  }
  startupMs = performance.now() - started
}, 300_000)

afterAll(() => {
  if (proc && proc.exitCode === null) proc.kill('SIGKILL')
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('compiled binary', () => {
  test('starts in an empty folder and creates ./data there', () => {
    console.log(`binary ${(statSync(binary).size / 1024 / 1024).toFixed(1)} MB, first answer after ${Math.round(startupMs)} ms`)
    expect(existsSync(path.join(dir, 'data', 'chilaquiles.db'))).toBe(true)
    expect(existsSync(path.join(dir, 'data', 'uploads'))).toBe(true)
    expect(statSync(path.join(dir, 'data', 'session-secret')).mode & 0o777).toBe(0o600)
  })

  test('answers the API, the landing page and embedded assets', async () => {
    expect(await (await fetch(`${url}/api/products`)).json()).toEqual([])
    const home = await fetch(`${url}/`)
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('lang="es"')
    const login = await fetch(`${url}/login`)
    expect(login.status).toBe(200)
    const html = await login.text()
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(asset).toBeString()
    const js = await fetch(`${url}${asset}`)
    expect(js.status).toBe(200)
    expect(js.headers.get('cache-control')).toContain('immutable')
  })

  test('a write over real HTTP: create admin, log in, create a product, read it back', async () => {
    const origin = { origin: url }
    expect((await fetch(`${url}/api/auth/create-initial-admin`, { method: 'POST', headers: origin })).status).toBe(201)
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { ...origin, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    })
    expect(login.status).toBe(200)
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    const created = await fetch(`${url}/api/products`, {
      method: 'POST',
      headers: { ...origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Chilaquiles Clásicos', description: 'Con crema y queso fresco', price: 35, category: 'chilaquiles' }),
    })
    expect(created.status).toBe(201)
    const list = (await (await fetch(`${url}/api/products`)).json()) as { name: string }[]
    expect(list.map((p) => p.name)).toEqual(['Chilaquiles Clásicos'])
    expect(await (await fetch(`${url}/`)).text()).toContain('Chilaquiles Clásicos')
  })

  test('re-encodes an uploaded 12-MP phone photo with its embedded WASM codecs: WebP, upright, longest side 1600, no EXIF', async () => {
    expect(cookie).not.toBe('')
    // 4000x3000 stored, EXIF Orientation 6 (portrait) and a GPS position.
    const photo = await phonePhoto(4000, 3000, 6, true)
    const form = new FormData()
    form.append('image', new File([photo], 'IMG_0001.JPG', { type: 'image/jpeg' }))
    const started = performance.now()
    const res = await fetch(`${url}/api/upload/product-image`, { method: 'POST', headers: { origin: url, cookie }, body: form })
    const uploadMs = performance.now() - started
    expect(res.status).toBe(201)
    const { url: imageUrl } = (await res.json()) as { url: string }
    console.log(`12-MP JPEG (${(photo.length / 1024 / 1024).toFixed(1)} MB) uploaded and re-encoded in ${Math.round(uploadMs)} ms -> ${imageUrl}`)
    const image = responsiveImage(imageUrl)
    expect([image.width, image.height]).toEqual([1200, 1600])
    const served = await fetch(`${url}${imageUrl}`)
    expect(served.headers.get('content-type')).toBe('image/webp')
    const body = new Uint8Array(await served.arrayBuffer())
    expect(readDimensions(body, { ext: 'webp', type: 'image/webp' })).toEqual({ width: 1200, height: 1600 })
    expect(webpChunks(body)).toEqual(['VP8 ']) // no EXIF/XMP/ICC chunk
    expect(containsAscii(body, EXIF_MARK)).toBe(false)
    for (const candidate of (image.srcSet ?? '').split(', ').map((c) => c.split(' ')[0])) {
      expect((await fetch(`${url}${candidate}`)).status).toBe(200)
    }
    // A damaged photo is a 400, not a crash of the codecs.
    const broken = new FormData()
    broken.append('image', new File([photo.subarray(0, photo.length / 2)], 'cortada.jpg', { type: 'image/jpeg' }))
    const refused = await fetch(`${url}/api/upload/product-image`, { method: 'POST', headers: { origin: url, cookie }, body: broken })
    expect(refused.status).toBe(400)
  })

  test('draws link previews in its embedded preview worker: the store’s and a dish’s, each a whole JPEG under 300 KB', async () => {
    const [dish] = (await (await fetch(`${url}/api/products`)).json()) as { id: number }[]
    for (const path of ['/og/tienda.jpg', `/og/producto/${dish?.id}.jpg`]) {
      const res = await fetch(`${url}${path}`)
      expect(`${path} ${res.status} ${res.headers.get('content-type')}`).toBe(`${path} 200 image/jpeg`)
      const jpeg = new Uint8Array(await res.arrayBuffer())
      expect([jpeg[0], jpeg[1], jpeg.at(-2), jpeg.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9])
      expect(jpeg.byteLength).toBeLessThan(300 * 1024)
    }
  })

  test('SIGTERM stops it cleanly (exit 0) after logging the URL', async () => {
    proc.kill('SIGTERM')
    const code = await Promise.race([proc.exited, Bun.sleep(5000).then(() => 'timeout')])
    expect(code).toBe(0)
    stdout = await new Response(proc.stdout).text()
    expect(stdout).toContain(`http://127.0.0.1:${new URL(url).port}`)
    expect(stdout).toContain('Servidor detenido')
  })

  test('its new database came from the schema snapshot built into it, and is the one the migrations make', () => {
    expect(stdout).toContain('con el esquema incluido en el programa')
    const made = openDatabase(path.join(dir, 'data', 'chilaquiles.db'))
    const migrated = openDatabase(path.join(dir, 'migrated.db'))
    migrate(migrated)
    expect(describeSchema(made)).toEqual(describeSchema(migrated))
    made.close()
    migrated.close()
  })

  test('with BACKUP_EVERY, the binary itself writes a plain, consistent copy into data/backups', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000)
    const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: String(port), HOST: '127.0.0.1', BACKUP_EVERY: '10s', BACKUP_KEEP: '1' }
    const again = Bun.spawn([binary], { cwd: dir, env, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' })
    try {
      const backups = path.join(dir, 'data', 'backups')
      // Done when the server says so (the copy is written, the old ones pruned): not when a file first appears.
      const reader = again.stdout.getReader()
      const decoder = new TextDecoder()
      let log = ''
      const deadline = Date.now() + 25_000
      let pending = reader.read() // one read at a time: a chunk is never left in an abandoned read
      while (!/Copia de seguridad: chilaquiles-\d{8}-\d{6}\.db/.test(log) && Date.now() < deadline) {
        const next = await Promise.race([pending, Bun.sleep(1000).then(() => null)])
        if (next === null) continue
        if (next.done) break
        log += decoder.decode(next.value, { stream: true })
        pending = reader.read()
      }
      const copies = readdirSync(backups).filter((f) => /^chilaquiles-\d{8}-\d{6}\.db$/.test(f))
      expect(copies).toHaveLength(1)
      const copy = new Database(path.join(backups, copies[0] ?? ''), { readonly: true })
      expect(copy.query('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' })
      expect((copy.query('SELECT count(*) AS n FROM products').get() as { n: number }).n).toBeGreaterThan(0)
      copy.close()
    } finally {
      again.kill('SIGTERM')
      await again.exited
    }
  }, 40_000)
})
