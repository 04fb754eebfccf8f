import { describe, expect, test } from 'bun:test'
import decodeJpeg from '@jsquash/jpeg/decode.js'
import decodeWebp from '@jsquash/webp/decode.js'
import { EXIF_MARK, QUADRANTS, containsAscii, jpegOf, phonePhoto, pngOf, quadrantPixels, webpChunks, webpOf, withExif } from '../../../test/fixtures/photos'
import { HttpError } from '../http/errors.server'
import { readDimensions, type Orientation } from './image-header.server'
import { MAX_QUEUED, NOT_DECODABLE, TOO_MANY_PIXELS, fitWithin, halve, orient, processImage } from './image-pipeline.server'
import { sniffImage } from './uploads.server'

const process = (bytes: Uint8Array) => processImage(bytes, sniffImage(bytes)!)
const webpSize = (bytes: Uint8Array) => readDimensions(bytes, { ext: 'webp', type: 'image/webp' })

/** The colour at a fraction of the image, compared loosely (lossy codecs). */
function colourAt(image: ImageData, fx: number, fy: number): readonly number[] {
  const i = (Math.floor(fy * image.height) * image.width + Math.floor(fx * image.width)) * 4
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!]
}
const near = (actual: readonly number[], expected: readonly number[]) => actual.every((c, i) => Math.abs(c - expected[i]!) < 40)

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof HttpError) return error
    throw error
  }
  throw new Error('expected a rejection')
}

describe('orient', () => {
  test('matches the JPEG decoder’s own EXIF rotation for orientations 1-8', async () => {
    const jpeg = await jpegOf(quadrantPixels(30, 20), 95)
    for (let o = 1; o <= 8; o++) {
      const tagged = withExif(jpeg, o)
      const expected = await decodeJpeg(tagged.slice().buffer, { preserveOrientation: true })
      const actual = orient(await decodeJpeg(tagged.slice().buffer), o as Orientation)
      expect(`${o}: ${actual.width}x${actual.height}`).toBe(`${o}: ${expected.width}x${expected.height}`)
      expect(Buffer.from(actual.data.buffer).equals(Buffer.from(expected.data.buffer))).toBe(true)
    }
  })
})

describe('halve', () => {
  test('averages 2x2 blocks per channel and drops an odd last row/column', () => {
    const data = new Uint8ClampedArray([
      0, 10, 200, 255, 4, 20, 100, 255, 9, 9, 9, 9, //
      8, 30, 0, 255, 0, 40, 0, 1, 9, 9, 9, 9, //
      9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9,
    ])
    const out = halve({ data, width: 3, height: 3 })
    expect([out.width, out.height]).toEqual([1, 1])
    expect([...out.data]).toEqual([3, 25, 75, 192])
  })
})

describe('fitWithin', () => {
  test('shrinks the longest side to the limit, keeps the aspect, never grows', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 })
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 })
    expect(fitWithin(1600, 1600, 1600)).toEqual({ width: 1600, height: 1600 })
    expect(fitWithin(500, 2000, 1600)).toEqual({ width: 400, height: 1600 })
    expect(fitWithin(20000, 3, 1600)).toEqual({ width: 1600, height: 1 })
    expect(fitWithin(300, 200, 1600)).toEqual({ width: 300, height: 200 })
  })
})

describe('processImage', () => {
  test('a phone photo comes back upright WebP, longest side 1600 px, without EXIF, with 800 and 400 px copies', async () => {
    // Stored landscape 2400x1800 with Orientation 6 (rotate 90° clockwise): the photo is portrait 1800x2400, stored at 1200x1600 (longest side 1600).
    const photo = await phonePhoto(2400, 1800, 6)
    expect(containsAscii(photo, EXIF_MARK)).toBe(true)
    const { main, variants } = await process(photo)
    expect([main.width, main.height]).toEqual([1200, 1600])
    expect(webpSize(main.data)).toEqual({ width: 1200, height: 1600 })
    expect(variants.map((v) => [v.variant, v.width, v.height])).toEqual([
      [800, 800, 1067],
      [400, 400, 533],
    ])
    for (const image of [main, ...variants]) {
      expect(webpSize(image.data)).toEqual({ width: image.width, height: image.height })
      expect(webpChunks(image.data)).toEqual(['VP8 ']) // pixels only: no EXIF, XMP or ICC chunk
      expect(containsAscii(image.data, EXIF_MARK)).toBe(false)
      expect(containsAscii(image.data, 'Exif')).toBe(false)
    }
    // Upright: the stored bottom-left (blue) is now top-left, the stored top-left (red) top-right.
    const upright = await decodeWebp(main.data.slice().buffer)
    expect(near(colourAt(upright, 0.1, 0.1), QUADRANTS.bottomLeft)).toBe(true)
    expect(near(colourAt(upright, 0.9, 0.1), QUADRANTS.topLeft)).toBe(true)
    expect(near(colourAt(upright, 0.9, 0.9), QUADRANTS.topRight)).toBe(true)
    expect(near(colourAt(upright, 0.1, 0.9), QUADRANTS.bottomRight)).toBe(true)
  })

  test('a wide photo is shrunk to 1600 px (through the 2x2 pre-shrink) keeping its aspect', async () => {
    const { main, variants } = await process(await phonePhoto(3400, 2000))
    expect([main.width, main.height]).toEqual([1600, 941])
    expect(variants.map((v) => `${v.width}x${v.height}`)).toEqual(['800x471', '400x235'])
    const image = await decodeWebp(main.data.slice().buffer)
    expect(near(colourAt(image, 0.1, 0.1), QUADRANTS.topLeft)).toBe(true)
    expect(near(colourAt(image, 0.9, 0.9), QUADRANTS.bottomRight)).toBe(true)
  })

  test('small images are never upscaled; PNG and WebP inputs work; transparency is kept', async () => {
    const small = await process(await pngOf(quadrantPixels(300, 200, true)))
    expect([small.main.width, small.main.height, small.variants.length]).toEqual([300, 200, 0])
    const decoded = await decodeWebp(small.main.data.slice().buffer)
    expect(decoded.data[(100 * 300 + 10) * 4 + 3]).toBe(255) // left half opaque
    expect(Math.abs(decoded.data[(100 * 300 + 290) * 4 + 3]! - 128)).toBeLessThan(8) // right half half-transparent
    const fromWebp = await process(await webpOf(quadrantPixels(900, 600)))
    expect([fromWebp.main.width, fromWebp.variants.map((v) => v.width)]).toEqual([900, [800, 400]])
  })

  test('undecodable files are a 400 in Spanish, and the next upload still works', async () => {
    const jpeg = await jpegOf(quadrantPixels(64, 64))
    const big = await jpegOf(quadrantPixels(400, 300))
    const png = await pngOf(quadrantPixels(64, 64))
    const damaged = [
      // valid JPEG headers, scan data replaced by garbage
      (() => {
        const b = jpeg.slice()
        for (let i = b.length - 200; i < b.length - 2; i++) b[i] = 0xff
        b.set([0xff, 0xc8], b.length - 100)
        return b.subarray(0, b.length - 1)
      })(),
      big.subarray(0, big.findIndex((b, i) => b === 0xff && big[i + 1] === 0xda) + 20), // headers and the start of the scan only
      big.subarray(0, big.length / 2), // cut off (libjpeg would fill the rest with grey)
      png.subarray(0, png.length - 30), // truncated PNG
      png.map((b, i) => (i > 40 ? b ^ 0x5a : b)), // corrupted PNG
      new Uint8Array([...(await webpOf(quadrantPixels(64, 64))).subarray(0, 40)]), // truncated WebP
    ]
    for (const bytes of damaged) {
      const error = await rejection(process(bytes))
      expect([error.status, error.message]).toEqual([400, NOT_DECODABLE])
    }
    expect((await process(jpeg)).main.width).toBe(64)
    expect((await process(png)).main.width).toBe(64)
  })

  test('more than 50 megapixels (from the header) is refused before decoding', async () => {
    const jpeg = await jpegOf(quadrantPixels(16, 16))
    const bomb = jpeg.slice()
    // Rewrite the frame header (SOF) to claim 10000x10000.
    for (let i = 2; i < bomb.length - 8; i++) {
      if (bomb[i] === 0xff && bomb[i + 1]! >= 0xc0 && bomb[i + 1]! <= 0xc2) {
        bomb.set([0x27, 0x10, 0x27, 0x10], i + 5)
        break
      }
    }
    const error = await rejection(process(bomb))
    expect([error.status, error.message]).toEqual([400, TOO_MANY_PIXELS])
  })

  test(`one conversion at a time; more than ${MAX_QUEUED} waiting are turned away with 503`, async () => {
    const photo = await jpegOf(quadrantPixels(800, 600))
    const results = await Promise.allSettled(Array.from({ length: MAX_QUEUED + 2 }, () => process(photo)))
    const refused = results.filter((r) => r.status === 'rejected')
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(MAX_QUEUED)
    expect(refused.length).toBe(2)
    for (const r of refused) expect(r.status === 'rejected' && r.reason instanceof HttpError && r.reason.status).toBe(503)
    expect((await process(photo)).main.width).toBe(800) // the queue drained
  })
})
