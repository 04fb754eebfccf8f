import { describe, expect, test } from 'bun:test'
import { exifTiff, jpegOf, pngOf, quadrantPixels, webpOf, withExif } from '../../../test/fixtures/photos'
import { readDimensions, readJpegOrientation } from './image-header.server'
import { sniffImage } from './uploads.server'

const dims = (bytes: Uint8Array) => readDimensions(bytes, sniffImage(bytes)!)

describe('readDimensions', () => {
  test('reads JPEG (with an EXIF segment first), PNG and the three WebP flavours', async () => {
    const opaque = quadrantPixels(37, 21)
    expect(dims(await jpegOf(opaque))).toEqual({ width: 37, height: 21 })
    expect(dims(withExif(await jpegOf(opaque), 6))).toEqual({ width: 37, height: 21 }) // stored size, before orientation
    expect(dims(await pngOf(opaque))).toEqual({ width: 37, height: 21 })
    expect(dims(await webpOf(opaque))).toEqual({ width: 37, height: 21 }) // VP8
    expect(dims(await webpOf(opaque, true))).toEqual({ width: 37, height: 21 }) // VP8L
    expect(dims(await webpOf(quadrantPixels(37, 21, true)))).toEqual({ width: 37, height: 21 }) // VP8X (alpha)
  })

  test('damaged or truncated headers give null, never a throw', async () => {
    const jpeg = await jpegOf(quadrantPixels(8, 8))
    const png = await pngOf(quadrantPixels(8, 8))
    for (const [bytes, ext] of [
      [jpeg.subarray(0, 20), 'jpg'],
      [new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xff]), 'jpg'],
      [new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]), 'jpg'],
      [png.subarray(0, 20), 'png'],
      [new Uint8Array([...png.subarray(0, 16), 0, 0, 0, 0, 0, 0, 0, 0]), 'png'],
      [new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '), 'webp'],
    ] as const) {
      expect(readDimensions(bytes, { ext, type: '' })).toBeNull()
    }
  })
})

describe('readJpegOrientation', () => {
  test('reads every orientation, big- and little-endian', async () => {
    const jpeg = await jpegOf(quadrantPixels(8, 8))
    for (let o = 1; o <= 8; o++) {
      expect(readJpegOrientation(withExif(jpeg, o))).toBe(o as never)
      expect(readJpegOrientation(withExif(jpeg, o, true))).toBe(o as never)
    }
  })

  test('no EXIF, out-of-range values and damaged EXIF mean 1 (as stored)', async () => {
    const jpeg = await jpegOf(quadrantPixels(8, 8))
    expect(readJpegOrientation(jpeg)).toBe(1)
    expect(readJpegOrientation(withExif(jpeg, 9))).toBe(1)
    expect(readJpegOrientation(withExif(jpeg, 0))).toBe(1)
    // IFD offset pointing past the segment
    const bad = withExif(jpeg, 6)
    const tiffAt = 2 + 4 + 6
    new DataView(bad.buffer).setUint32(tiffAt + 4, 0xffff)
    expect(readJpegOrientation(bad)).toBe(1)
    // An entry count far larger than the segment: only the entries inside it are read
    const many = withExif(jpeg, 6)
    new DataView(many.buffer).setUint16(tiffAt + 8, 5000)
    expect(readJpegOrientation(many)).toBe(6)
    // A segment length running past the file
    const long = withExif(jpeg, 6)
    new DataView(long.buffer).setUint16(4, 0xfff0)
    expect(readJpegOrientation(long)).toBe(1)
    expect(readJpegOrientation(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 8, 0x45, 0x78, 0x69, 0x66]))).toBe(1)
    expect(exifTiff(6).length).toBeLessThan(200)
  })
})
