/**
 * The codecs the link previews use, each loaded on the first preview that needs it (never
 * at start): resvg (SVG -> pixels, text included) and the jSquash builds already used for
 * uploads (decision 011): WebP/PNG/JPEG decoding, Lanczos resizing, MozJPEG encoding. Their
 * .wasm files are imported `with { type: 'file' }`, so they are inside the release binary.
 *
 * The upload pipeline runs its codecs in a worker because a 48-MP photo needs hundreds of
 * MB; a preview only ever reads our own stored photos (at most 1600 px, decision 011) and
 * makes one 1200x630 image, ~150 ms once per change of what it shows, so it runs here.
 */
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm' with { type: 'file' }
import jpegDecWasm from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm' with { type: 'file' }
import jpegEncWasm from '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm' with { type: 'file' }
// @ts-expect-error TS reads the package's .wasm.d.ts (the module's exports); `type: 'file'` makes the import the file's path
import pngWasm from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm' with { type: 'file' }
// @ts-expect-error as above
import resizeWasm from '@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm' with { type: 'file' }
import webpDecWasm from '@jsquash/webp/codec/dec/webp_dec.wasm' with { type: 'file' }
import type { ResvgRenderOptions } from '@resvg/resvg-wasm'
import { defaultOptions as jpegDefaults } from '@jsquash/jpeg/meta.js'
import type { Pixels } from '../uploads/image-pixels.server'
import type { ImageKind } from '../uploads/image-kind.server'

type EmscriptenFactory<M> = (options: {
  noInitialRun: boolean
  print: (text: string) => void
  printErr: (text: string) => void
  instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) => WebAssembly.Exports
}) => Promise<M>
type Decoder = { decode(data: Uint8Array, preserveOrientation?: boolean): Pixels | null }
type JpegEncoder = { encode(data: Uint8ClampedArray, width: number, height: number, options: typeof jpegDefaults): Uint8Array | null }

const compiled = new Map<string, Promise<WebAssembly.Module>>()
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

/** A fresh Emscripten instance per image: a trap on a damaged file dies with it. */
async function instantiate<M>(factory: EmscriptenFactory<M>, file: string): Promise<M> {
  const module = await wasmModule(file)
  const quiet = () => {}
  return factory({
    noInitialRun: true,
    print: quiet,
    printErr: quiet,
    instantiateWasm: (imports, done) => {
      const instance = new WebAssembly.Instance(module, imports)
      done(instance)
      return instance.exports
    },
  })
}

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
 * opaque pixel is plain RGB, a see-through one is ready for `over` (og-compose.server.ts).
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

let pngReady: Promise<(data: Uint8Array) => Promise<Pixels>> | undefined
const pngDecoder = () =>
  (pngReady ??= (async () => {
    const png = await import('@jsquash/png/decode.js')
    await png.init(await wasmModule(pngWasm))
    return (data: Uint8Array) => png.decode(data.slice().buffer) as Promise<Pixels>
  })())

/** Decodes a stored photo (WebP for every upload since decision 011; PNG/JPEG before). Null when it does not decode. */
export async function decodeRaster(bytes: Uint8Array, kind: ImageKind): Promise<Pixels | null> {
  try {
    if (kind.ext === 'png') return await (await pngDecoder())(bytes)
    const decoder =
      kind.ext === 'jpg'
        ? await instantiate((await import('@jsquash/jpeg/codec/dec/mozjpeg_dec.js')).default as unknown as EmscriptenFactory<Decoder>, jpegDecWasm)
        : await instantiate((await import('@jsquash/webp/codec/dec/webp_dec.js')).default as unknown as EmscriptenFactory<Decoder>, webpDecWasm)
    const pixels = kind.ext === 'jpg' ? decoder.decode(bytes, false) : decoder.decode(bytes)
    return pixels && pixels.data.length === pixels.width * pixels.height * 4 ? { data: new Uint8ClampedArray(pixels.data), width: pixels.width, height: pixels.height } : null
  } catch {
    return null
  }
}

let resizeReady: Promise<ResizeModule> | undefined
type ResizeModule = typeof import('@jsquash/resize')
const resizer = () =>
  (resizeReady ??= (async () => {
    const resize = await import('@jsquash/resize')
    await resize.initResize(await wasmModule(resizeWasm))
    return resize
  })())

/** Lanczos3 resize of opaque pixels to exactly `width` x `height`. */
export async function resize(image: Pixels, width: number, height: number): Promise<Pixels> {
  if (image.width === width && image.height === height) return image
  const { default: run } = await resizer()
  return (await run(image as ImageData, { width, height, method: 'lanczos3', premultiply: false, linearRGB: false, fitMethod: 'stretch' })) as Pixels
}

/** MozJPEG at `quality` (progressive, optimised Huffman tables, 4:2:0). */
export async function encodeJpeg(image: Pixels, quality: number): Promise<Uint8Array<ArrayBuffer>> {
  const encoder = await instantiate((await import('@jsquash/jpeg/codec/enc/mozjpeg_enc.js')).default as unknown as EmscriptenFactory<JpegEncoder>, jpegEncWasm)
  const out = encoder.encode(image.data, image.width, image.height, { ...jpegDefaults, quality, chroma_quality: quality })
  if (!out) throw new Error('JPEG encoding failed')
  return new Uint8Array(out) // out of the WASM heap, so the instance can go
}
