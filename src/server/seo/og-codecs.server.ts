/**
 * The codecs the link previews use, each loaded on the first preview that needs it (never
 * at start): resvg (SVG -> pixels, text included) and the jSquash builds already used for
 * uploads (decision 011, loaded by uploads/wasm-codecs.server.ts): WebP/PNG/JPEG decoding,
 * Lanczos resizing, MozJPEG encoding. Their .wasm files are imported `with { type: 'file' }`,
 * so they are inside the release binary.
 *
 * They run in the preview worker (og-worker.server.ts), never on the server's thread: a
 * drawing is 100-350 ms of CPU, and a crawler cycling through the menu would otherwise make
 * every other request wait behind it (issue #39).
 */
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm' with { type: 'file' }
import type { ResvgRenderOptions } from '@resvg/resvg-wasm'
import { defaultOptions as jpegDefaults } from '@jsquash/jpeg/meta.js'
import type { Pixels } from '../uploads/image-pixels.server'
import type { ImageKind } from '../uploads/image-kind.server'
import { jpegDecoder, jpegEncoder, pngDecoder, resizer, wasmModule, webpDecoder } from '../uploads/wasm-codecs.server'

// ---- SVG ------------------------------------------------------------------

type ResvgModule = typeof import('@resvg/resvg-wasm')
let resvgReady: Promise<ResvgModule> | undefined
/** resvg's wasm-bindgen glue initialises once per process. */
const resvg = () =>
  (resvgReady ??= (async () => {
    const mod = await import('@resvg/resvg-wasm')
    await mod.initWasm(await wasmModule(resvgWasm))
    return mod
  })())

/**
 * Renders an SVG to RGBA pixels, PREMULTIPLIED by alpha (resvg's pixmap as it is): an
 * opaque pixel is plain RGB, a see-through one is ready for `over` (og-image.server.ts).
 */
export async function renderSvg(svg: string, options: ResvgRenderOptions = {}): Promise<Pixels> {
  const { Resvg } = await resvg()
  const renderer = new Resvg(svg, options)
  try {
    const image = renderer.render()
    try {
      return { data: new Uint8ClampedArray(image.pixels), width: image.width, height: image.height }
    } finally {
      image.free()
    }
  } finally {
    renderer.free()
  }
}

/** The width of the drawn content of an SVG (its text, for fitting a title), or 0. */
export async function inkWidth(svg: string, options: ResvgRenderOptions): Promise<number> {
  const { Resvg } = await resvg()
  const renderer = new Resvg(svg, options)
  try {
    const box = renderer.innerBBox()
    const width = box?.width ?? 0
    box?.free()
    return width
  } finally {
    renderer.free()
  }
}

// ---- raster ---------------------------------------------------------------

/** Decodes a stored photo (WebP for every upload since decision 011; PNG/JPEG before). Null when it does not decode. */
export async function decodeRaster(bytes: Uint8Array, kind: ImageKind): Promise<Pixels | null> {
  try {
    if (kind.ext === 'png') return await (await pngDecoder())(bytes)
    const pixels = kind.ext === 'jpg' ? (await jpegDecoder()).decode(bytes, false) : (await webpDecoder()).decode(bytes)
    return pixels && pixels.data.length === pixels.width * pixels.height * 4 ? { data: new Uint8ClampedArray(pixels.data), width: pixels.width, height: pixels.height } : null
  } catch {
    return null
  }
}

/** Lanczos3 resize of opaque pixels to exactly `width` x `height`. */
export async function resize(image: Pixels, width: number, height: number): Promise<Pixels> {
  if (image.width === width && image.height === height) return image
  const run = await resizer()
  return run(image, { width, height, method: 'lanczos3', premultiply: false, linearRGB: false, fitMethod: 'stretch' })
}

/** MozJPEG at `quality` (progressive, optimised Huffman tables, 4:2:0). */
export async function encodeJpeg(image: Pixels, quality: number): Promise<Uint8Array<ArrayBuffer>> {
  const encoder = await jpegEncoder()
  const out = encoder.encode(image.data, image.width, image.height, { ...jpegDefaults, quality, chroma_quality: quality })
  if (!out) throw new Error('JPEG encoding failed')
  return new Uint8Array(out) // out of the WASM heap, so the instance can go
}
