/**
 * Pixel arithmetic of the photo pipeline, in plain JS: orientation, the 2x2 pre-shrink,
 * target sizes, transparency. Pure functions (tested directly); the conversion that
 * uses them runs in the image worker (image-convert.server.ts).
 */
import type { Dimensions, Orientation } from './image-header.server'

/** Larger photos are refused before decoding: 50 MP is ~200 MB per RGBA copy (48-MP phone modes pass). */
export const MAX_PIXELS = 50_000_000

export type Pixels = { data: Uint8ClampedArray; width: number; height: number }

/** Turns stored pixels upright for an EXIF orientation (2-8 flip and/or rotate). */
export function orient(image: Pixels, orientation: Orientation): Pixels {
  if (orientation === 1) return image
  const { width: w, height: h } = image
  const src = new Uint32Array(image.data.buffer, image.data.byteOffset, w * h)
  const swap = orientation >= 5
  const ow = swap ? h : w
  const oh = swap ? w : h
  const out = new Uint32Array(ow * oh)
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      let sx: number
      let sy: number
      switch (orientation) {
        case 2: sx = w - 1 - x; sy = y; break // mirror
        case 3: sx = w - 1 - x; sy = h - 1 - y; break // 180°
        case 4: sx = x; sy = h - 1 - y; break // vertical mirror
        case 5: sx = y; sy = x; break // transpose
        case 6: sx = y; sy = h - 1 - x; break // 90° clockwise
        case 7: sx = w - 1 - y; sy = h - 1 - x; break // transverse
        default: sx = w - 1 - y; sy = x // 8: 90° counter-clockwise
      }
      out[y * ow + x] = src[sy * w + sx]!
    }
  }
  return { data: new Uint8ClampedArray(out.buffer), width: ow, height: oh }
}

/**
 * Halves an image by averaging each 2x2 block (an odd last row/column is
 * dropped). Like libvips' shrink-before-reduce: the WASM resizer then only
 * sees a quarter of the pixels, which quarters its time and its memory.
 */
export function halve(image: Pixels): Pixels {
  const w = image.width >> 1
  const h = image.height >> 1
  const src = new Uint32Array(image.data.buffer, image.data.byteOffset, image.width * image.height)
  const out = new Uint32Array(w * h)
  const stride = image.width
  for (let y = 0; y < h; y++) {
    let a = 2 * y * stride
    let b = a + stride
    const row = y * w
    for (let x = 0; x < w; x++, a += 2, b += 2) {
      const p = src[a]!
      const q = src[a + 1]!
      const r = src[b]!
      const t = src[b + 1]!
      // Each byte channel summed over the 4 pixels (+2 to round), then divided by 4.
      const c0 = ((p & 0xff) + (q & 0xff) + (r & 0xff) + (t & 0xff) + 2) >> 2
      const c1 = (((p >>> 8) & 0xff) + ((q >>> 8) & 0xff) + ((r >>> 8) & 0xff) + ((t >>> 8) & 0xff) + 2) >> 2
      const c2 = (((p >>> 16) & 0xff) + ((q >>> 16) & 0xff) + ((r >>> 16) & 0xff) + ((t >>> 16) & 0xff) + 2) >> 2
      const c3 = ((p >>> 24) + (q >>> 24) + (r >>> 24) + (t >>> 24) + 2) >> 2
      out[row + x] = (c0 | (c1 << 8) | (c2 << 16) | (c3 << 24)) >>> 0
    }
  }
  return { data: new Uint8ClampedArray(out.buffer), width: w, height: h }
}

/** Size of `width`x`height` shrunk (never grown) so its longest side is at most `max`. */
export function fitWithin(width: number, height: number, max: number): Dimensions {
  if (width <= max && height <= max) return { width, height }
  if (width >= height) return scaledTo(width, height, max)
  return { width: Math.max(1, Math.round((width * max) / height)), height: max }
}

/** Size of `width`x`height` scaled to `target` px wide (aspect kept, at least 1 px). */
export const scaledTo = (width: number, height: number, target: number): Dimensions => ({
  width: target,
  height: Math.max(1, Math.round((height * target) / width)),
})

/** Whether any pixel is not fully opaque (JPEG never; most PNG/WebP photos neither). */
export function hasTransparency(image: Pixels): boolean {
  const data = image.data
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return true
  return false
}
