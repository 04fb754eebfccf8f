/**
 * What the upload pipeline needs to know before decoding anything: the pixel
 * size (to refuse decompression bombs before allocating) and a JPEG's EXIF
 * Orientation (phones store portrait photos landscape and set this tag).
 * Pure byte readers: every offset is bounds-checked, bad input gives null / 1.
 */
import type { ImageKind } from './image-kind.server'

export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8
export type Dimensions = { width: number; height: number }

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8)
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16)
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0
const ascii = (b: Uint8Array, start: number, length: number) => String.fromCharCode(...b.subarray(start, start + length))

/** Calls `visit(marker, segmentStart, segmentLength)` for each JPEG marker segment before the scan data. */
function walkJpeg(bytes: Uint8Array, visit: (marker: number, start: number, length: number) => boolean): void {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return
  let i = 2
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return
    const marker = bytes[i + 1]!
    if (marker === 0xff) {
      i++ // fill byte
      continue
    }
    if (marker === 0xd9 || marker === 0xda) return // end of image / start of scan: no more headers
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2 // markers without a length
      continue
    }
    const length = u16be(bytes, i + 2)
    if (length < 2 || i + 2 + length > bytes.length) return
    if (visit(marker, i + 4, length - 2)) return
    i += 2 + length
  }
}

/** Width and height from the header, or null when the header is missing or damaged. */
export function readDimensions(bytes: Uint8Array, kind: ImageKind): Dimensions | null {
  let found: Dimensions | null = null
  if (kind.ext === 'jpg') {
    walkJpeg(bytes, (marker, start, length) => {
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC)
      const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
      if (!isFrame || length < 5) return false
      found = { height: u16be(bytes, start + 1), width: u16be(bytes, start + 3) }
      return true
    })
  } else if (kind.ext === 'png') {
    if (bytes.length >= 24 && ascii(bytes, 12, 4) === 'IHDR') found = { width: u32be(bytes, 16), height: u32be(bytes, 20) }
  } else if (bytes.length >= 30) {
    const chunk = ascii(bytes, 12, 4)
    if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
      found = { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff }
    } else if (chunk === 'VP8L' && bytes[20] === 0x2f) {
      const bits = (bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24)) >>> 0
      found = { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
    } else if (chunk === 'VP8X') {
      found = { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 }
    }
  }
  const dims: Dimensions | null = found
  return dims && dims.width > 0 && dims.height > 0 ? dims : null
}

/**
 * The EXIF Orientation (tag 0x0112 of IFD0 in the APP1 "Exif" segment) of a
 * JPEG; 1 (as stored) when absent or unreadable.
 */
export function readJpegOrientation(bytes: Uint8Array): Orientation {
  let orientation: Orientation = 1
  walkJpeg(bytes, (marker, start, length) => {
    if (marker !== 0xe1 || length < 14 || ascii(bytes, start, 6) !== 'Exif\0\0') return false
    const tiff = bytes.subarray(start + 6, start + length)
    const little = ascii(tiff, 0, 2) === 'II'
    if (!little && ascii(tiff, 0, 2) !== 'MM') return true
    const u16 = (i: number) => (little ? u16le(tiff, i) : u16be(tiff, i))
    const u32 = (i: number) => (little ? (u16le(tiff, i) | (u16le(tiff, i + 2) << 16)) >>> 0 : u32be(tiff, i))
    if (u16(2) !== 42) return true
    const ifd = u32(4)
    if (ifd + 2 > tiff.length) return true
    const count = u16(ifd)
    for (let n = 0; n < count; n++) {
      const entry = ifd + 2 + n * 12
      if (entry + 12 > tiff.length) break
      if (u16(entry) !== 0x0112) continue
      const value = u16(entry + 8) // type SHORT, count 1: the value sits in the entry
      if (u16(entry + 2) === 3 && value >= 1 && value <= 8) orientation = value as Orientation
      break
    }
    return true
  })
  return orientation
}
