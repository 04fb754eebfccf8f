/**
 * The conversion itself, run inside the image worker (image-worker.server.ts): decode
 * (JPEG, PNG or WebP) -> shrink to at most MAX_IMAGE_SIDE (1600) px on its longest side
 * -> apply the JPEG's EXIF orientation -> WebP, plus the smaller VARIANT_WIDTHS copies.
 * The output carries no metadata (EXIF, GPS, ICC): only pixels go through the encoder.
 *
 * Codecs are the jSquash WASM builds (decision 011), loaded by wasm-codecs.server.ts:
 * compiled by the worker on its first conversion, never at start. Decoder/encoder
 * instances are made per conversion, so a trap on a damaged file cannot poison the next
 * one. WASM heaps never shrink and Bun keeps the latest instance of each codec alive:
 * that memory goes away with the worker, which image-pipeline.server.ts ends once no
 * conversion is waiting (decision 016).
 */
import { defaultOptions as webpDefaults } from '@jsquash/webp/meta.js'
import { MAX_IMAGE_SIDE, VARIANT_WIDTHS } from '../../shared/images'
import type { Dimensions, Orientation } from './image-header.server'
import { MAX_PIXELS, type Pixels, fitWithin, halve, hasTransparency, orient, scaledTo } from './image-pixels.server'
import type { ImageKind } from './image-kind.server'
import { type ResizeOptions, jpegDecoder, pngDecoder, resizer, webpDecoder, webpEncoder } from './wasm-codecs.server'

/** libwebp quality: Squoosh's default, ~100 KB for a 1600x1200 food photo. */
export const WEBP_QUALITY = 75

export type EncodedImage = { width: number; height: number; data: Uint8Array }
/** The main image first, then the smaller copies, widest first. */
export type ProcessedImage = { main: EncodedImage; variants: (EncodedImage & { variant: number })[] }

/** The file does not decode (damaged, cut short, not what its first bytes claim). */
export class NotDecodable extends Error {}
/** The decoded image is larger than its header said, and over MAX_PIXELS. */
export class TooManyPixels extends Error {}

async function decode(bytes: Uint8Array, kind: ImageKind): Promise<Pixels> {
  let pixels: Pixels | null
  try {
    if (kind.ext === 'jpg') {
      // libjpeg fills a cut-off file with grey and only warns: a half-grey photo is a damaged upload.
      let truncated = false
      const decoder = await jpegDecoder((text) => (truncated ||= text.startsWith('Premature end of JPEG file')))
      pixels = decoder.decode(bytes, false)
      if (truncated) throw new NotDecodable('truncated JPEG')
    } else if (kind.ext === 'webp') pixels = (await webpDecoder()).decode(bytes)
    else pixels = await (await pngDecoder())(bytes)
  } catch (error) {
    // mozjpeg/libwebp abort or trap on damaged data: their instance is dropped with this call.
    throw new NotDecodable(error instanceof Error ? error.message : String(error))
  }
  if (!pixels || pixels.width < 1 || pixels.height < 1 || pixels.data.length !== pixels.width * pixels.height * 4) throw new NotDecodable('no pixels')
  return pixels
}

const resizeOptions = (size: Dimensions, transparent: boolean): ResizeOptions => ({
  ...size,
  method: 'lanczos3',
  // Premultiplying avoids dark fringes at transparent edges, but the resizer then
  // holds a float copy of the whole image (+200 MB peak for 12 MP): only when needed.
  premultiply: transparent,
  linearRGB: false, // 3x faster (0.5 s vs 1.5 s for 12 MP) and not visibly different on photos
  fitMethod: 'stretch',
})

/**
 * Decodes, shrinks, orients and re-encodes one upload whose header was already checked.
 * Throws NotDecodable or TooManyPixels for a bad file.
 */
export async function convert(bytes: Uint8Array, kind: ImageKind, orientation: Orientation): Promise<ProcessedImage> {
  let decoded: Pixels | null = await decode(bytes, kind)
  if (decoded.width * decoded.height > MAX_PIXELS) throw new TooManyPixels()

  // Shrink the stored pixels first, then orient the (much smaller) result.
  const swap = orientation >= 5
  const uprightWidth = swap ? decoded.height : decoded.width
  const uprightHeight = swap ? decoded.width : decoded.height
  const main: Dimensions = fitWithin(uprightWidth, uprightHeight, MAX_IMAGE_SIDE)
  const resize = await resizer()
  const transparent = kind.ext !== 'jpg' && hasTransparency(decoded)
  const stored = swap ? { width: main.height, height: main.width } : main
  let pixels: Pixels = decoded
  decoded = null // the full-size copy can go as soon as it is shrunk
  while (pixels.width >> 1 >= stored.width && pixels.height >> 1 >= stored.height) pixels = halve(pixels)
  if (pixels.width !== stored.width || pixels.height !== stored.height) pixels = await resize(pixels, resizeOptions(stored, transparent))
  pixels = orient(pixels, orientation)

  const encoder = await webpEncoder()
  const encode = (image: Pixels): Uint8Array => {
    const out = encoder.encode(image.data, image.width, image.height, { ...webpDefaults, quality: WEBP_QUALITY })
    if (!out) throw new Error('WebP encoding failed')
    return new Uint8Array(out) // copy out of the WASM heap so the instance can be freed
  }
  const result: ProcessedImage = { main: { ...main, data: encode(pixels) }, variants: [] }
  for (const variant of [...VARIANT_WIDTHS].reverse()) {
    if (variant >= main.width) continue
    const size = scaledTo(main.width, main.height, variant)
    result.variants.push({ variant, ...size, data: encode(await resize(pixels, resizeOptions(size, transparent))) })
  }
  return result
}
