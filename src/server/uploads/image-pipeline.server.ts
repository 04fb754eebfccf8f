/**
 * Re-encodes an uploaded photo: decode (JPEG, PNG or WebP) -> shrink to at most
 * MAX_IMAGE_SIDE (1600) px on its longest side -> apply the JPEG's EXIF orientation -> WebP, plus the
 * smaller VARIANT_WIDTHS copies. The output carries no metadata (EXIF, GPS, ICC):
 * only pixels go through the encoder.
 *
 * Codecs are the jSquash WASM builds (decision 011): they run inside the
 * compiled binary, unlike sharp's native addon. Their .wasm files are embedded
 * with `type: 'file'` imports and compiled on the first upload, never at start.
 * One conversion runs at a time (a 12-MP photo needs ~48 MB per RGBA copy).
 * Decoder/encoder instances are made per conversion, so a trap on a damaged file
 * cannot poison the next one. WASM heaps never shrink, and Bun keeps the latest
 * instance of each codec alive after use: the process stays near the peak of the
 * largest photo converted so far (decision 011).
 */
import jpegDecWasm from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm' with { type: 'file' }
// @ts-expect-error TS reads the package's .wasm.d.ts (the module's exports); `type: 'file'` makes the import the file's path
import pngWasm from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm' with { type: 'file' }
// @ts-expect-error as above
import resizeWasm from '@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm' with { type: 'file' }
import webpDecWasm from '@jsquash/webp/codec/dec/webp_dec.wasm' with { type: 'file' }
import webpEncWasm from '@jsquash/webp/codec/enc/webp_enc_simd.wasm' with { type: 'file' }
import { defaultOptions as webpDefaults } from '@jsquash/webp/meta.js'
import { MAX_IMAGE_SIDE, VARIANT_WIDTHS } from '../../shared/images'
import { HttpError } from '../http/errors.server'
import { type Dimensions, type Orientation, readDimensions, readJpegOrientation } from './image-header.server'
import type { ImageKind } from './uploads.server'

/** Larger photos are refused before decoding: 50 MP is ~200 MB per RGBA copy (48-MP phone modes pass). */
export const MAX_PIXELS = 50_000_000
/** Conversions admitted at once (one running, the rest waiting with their ≤ 10 MB body in memory). */
export const MAX_QUEUED = 4
/** libwebp quality: Squoosh's default, ~100 KB for a 1600x1200 food photo. */
export const WEBP_QUALITY = 75

export const NOT_DECODABLE = 'No se pudo leer la imagen: el archivo está dañado o no es PNG, JPG o WebP'
export const TOO_MANY_PIXELS = `La imagen tiene demasiados píxeles (máximo ${MAX_PIXELS / 1_000_000} megapíxeles)`
export const BUSY = 'El servidor está procesando otras imágenes; intenta de nuevo en unos segundos'

export type EncodedImage = { width: number; height: number; data: Uint8Array }
/** The main image first, then the smaller copies, widest first. */
export type ProcessedImage = { main: EncodedImage; variants: (EncodedImage & { variant: number })[] }

type Pixels = { data: Uint8ClampedArray; width: number; height: number }

// ---- codecs ---------------------------------------------------------------

type EmscriptenFactory<M> = (options: {
  noInitialRun: boolean
  print: (text: string) => void
  printErr: (text: string) => void
  instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) => WebAssembly.Exports
}) => Promise<M>
type JpegDecoder = { decode(data: Uint8Array, preserveOrientation: boolean): Pixels | null }
type WebpDecoder = { decode(data: Uint8Array): Pixels | null }
type WebpEncoder = { encode(data: Uint8ClampedArray, width: number, height: number, options: typeof webpDefaults): Uint8Array | null }
type ResizeOptions = { width: number; height: number; method: 'lanczos3'; premultiply: boolean; linearRGB: boolean; fitMethod: 'stretch' }

const compiled = new Map<string, Promise<WebAssembly.Module>>()
/** Compiles an embedded .wasm once (lazily: on the first upload that needs it). */
const wasmModule = (file: string): Promise<WebAssembly.Module> => {
  let module = compiled.get(file)
  if (!module) {
    module = Bun.file(file)
      .arrayBuffer()
      .then((bytes) => WebAssembly.compile(bytes))
    module.catch(() => compiled.delete(file))
    compiled.set(file, module)
  }
  return module
}

/**
 * A fresh Emscripten instance: a trap (bad input) or a grown heap dies with it.
 * The codec's messages go to `message` (libjpeg reports damaged files there), not to the server log.
 */
async function instantiate<M>(factory: EmscriptenFactory<M>, file: string, message: (text: string) => void = () => {}): Promise<M> {
  const module = await wasmModule(file)
  return factory({
    noInitialRun: true,
    print: message,
    printErr: message,
    instantiateWasm: (imports, done) => {
      const instance = new WebAssembly.Instance(module, imports)
      done(instance)
      return instance.exports
    },
  })
}

const jpegDecoder = async (message: (text: string) => void) =>
  instantiate((await import('@jsquash/jpeg/codec/dec/mozjpeg_dec.js')).default as unknown as EmscriptenFactory<JpegDecoder>, jpegDecWasm, message)
const webpDecoder = async () =>
  instantiate((await import('@jsquash/webp/codec/dec/webp_dec.js')).default as unknown as EmscriptenFactory<WebpDecoder>, webpDecWasm)
const webpEncoder = async () =>
  instantiate((await import('@jsquash/webp/codec/enc/webp_enc_simd.js')).default as unknown as EmscriptenFactory<WebpEncoder>, webpEncWasm)

/** wasm-bindgen modules initialise once per process (their glue keeps the instance). */
let pngReady: Promise<(data: Uint8Array) => Promise<Pixels>> | undefined
const pngDecoder = () =>
  (pngReady ??= (async () => {
    const png = await import('@jsquash/png/decode.js')
    await png.init(await wasmModule(pngWasm))
    return (data: Uint8Array) => png.decode(data.slice().buffer) as Promise<Pixels>
  })())
let resizeReady: Promise<(image: Pixels, options: ResizeOptions) => Promise<Pixels>> | undefined
const resizer = () =>
  (resizeReady ??= (async () => {
    const resize = await import('@jsquash/resize')
    await resize.initResize(await wasmModule(resizeWasm))
    return (image: Pixels, options: ResizeOptions) => resize.default(image as ImageData, options) as Promise<Pixels>
  })())

// ---- pixels ---------------------------------------------------------------

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

// ---- one at a time --------------------------------------------------------

let tail: Promise<unknown> = Promise.resolve()
let admitted = 0

/** Runs `job` after the ones before it; refuses (503) when MAX_QUEUED are already admitted. */
async function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  if (admitted >= MAX_QUEUED) throw new HttpError(503, BUSY)
  admitted++
  const run = tail.then(job)
  tail = run.catch(() => {})
  try {
    return await run
  } finally {
    admitted--
    // The full-size pixel buffers of the job are garbage now: collect them at once
    // rather than whenever the next allocation decides to (~10 ms, only once idle).
    if (admitted === 0) Bun.gc(true)
  }
}

// ---- the pipeline ---------------------------------------------------------

class NotDecodable extends Error {}

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

/** Whether any pixel is not fully opaque (JPEG never; most PNG/WebP photos neither). */
export function hasTransparency(image: Pixels): boolean {
  const data = image.data
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return true
  return false
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
 * Decodes, shrinks, orients and re-encodes an upload. Throws HttpError 400 for
 * undecodable or oversized images and 503 when too many are waiting.
 */
export async function processImage(bytes: Uint8Array, kind: ImageKind): Promise<ProcessedImage> {
  const header = readDimensions(bytes, kind)
  if (!header) throw new HttpError(400, NOT_DECODABLE, [{ path: 'image', message: 'No se encontró el tamaño de la imagen' }])
  if (header.width * header.height > MAX_PIXELS) throw new HttpError(400, TOO_MANY_PIXELS, [{ path: 'image', message: `${header.width}x${header.height} px` }])
  const orientation = kind.ext === 'jpg' ? readJpegOrientation(bytes) : 1

  return oneAtATime(async () => {
    let decoded: Pixels | null
    try {
      decoded = await decode(bytes, kind)
    } catch (error) {
      if (error instanceof NotDecodable) throw new HttpError(400, NOT_DECODABLE, [{ path: 'image', message: 'La imagen no se pudo decodificar' }])
      throw error
    }
    if (decoded.width * decoded.height > MAX_PIXELS) throw new HttpError(400, TOO_MANY_PIXELS)

    // Shrink the stored pixels first, then orient the (much smaller) result.
    const swap = orientation >= 5
    const uprightWidth = swap ? decoded.height : decoded.width
    const uprightHeight = swap ? decoded.width : decoded.height
    const main = fitWithin(uprightWidth, uprightHeight, MAX_IMAGE_SIDE)
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
  })
}
