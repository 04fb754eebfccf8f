/**
 * Loading the jSquash WASM codecs (decision 011), shared by the upload conversion
 * (image-convert.server.ts, in the image worker) and the link previews
 * (seo/og-codecs.server.ts, in the server). They run inside the compiled binary, unlike
 * sharp's native addon: their .wasm files are imported `with { type: 'file' }`, so they are
 * embedded, and each is compiled on the first image that needs it, never at start.
 *
 * Emscripten codecs (MozJPEG, libwebp) get a fresh instance per image, so a trap on a
 * damaged file or a grown heap dies with it; the wasm-bindgen ones (PNG, resize) initialise
 * once per process because their glue keeps the instance. Each process (the server, the
 * worker) has its own compiled modules.
 */
import jpegDecWasm from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm' with { type: 'file' }
import jpegEncWasm from '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm' with { type: 'file' }
// @ts-expect-error TS reads the package's .wasm.d.ts (the module's exports); `type: 'file'` makes the import the file's path
import pngWasm from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm' with { type: 'file' }
// @ts-expect-error as above
import resizeWasm from '@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm' with { type: 'file' }
import webpDecWasm from '@jsquash/webp/codec/dec/webp_dec.wasm' with { type: 'file' }
import webpEncWasm from '@jsquash/webp/codec/enc/webp_enc_simd.wasm' with { type: 'file' }
import type { defaultOptions as jpegDefaults } from '@jsquash/jpeg/meta.js'
import type { defaultOptions as webpDefaults } from '@jsquash/webp/meta.js'
import type { Pixels } from './image-pixels.server'

type EmscriptenFactory<M> = (options: {
  noInitialRun: boolean
  print: (text: string) => void
  printErr: (text: string) => void
  instantiateWasm: (imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) => WebAssembly.Exports
}) => Promise<M>
type JpegDecoder = { decode(data: Uint8Array, preserveOrientation: boolean): Pixels | null }
type WebpDecoder = { decode(data: Uint8Array): Pixels | null }
type JpegEncoder = { encode(data: Uint8ClampedArray, width: number, height: number, options: typeof jpegDefaults): Uint8Array | null }
type WebpEncoder = { encode(data: Uint8ClampedArray, width: number, height: number, options: typeof webpDefaults): Uint8Array | null }
export type ResizeOptions = { width: number; height: number; method: 'lanczos3'; premultiply: boolean; linearRGB: boolean; fitMethod: 'stretch' }

const compiled = new Map<string, Promise<WebAssembly.Module>>()
/** Compiles an embedded .wasm once per process (lazily: on the first image that needs it); a failed compile is retried next time. */
export const wasmModule = (file: string): Promise<WebAssembly.Module> => {
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

export const jpegDecoder = async (message?: (text: string) => void) =>
  instantiate((await import('@jsquash/jpeg/codec/dec/mozjpeg_dec.js')).default as unknown as EmscriptenFactory<JpegDecoder>, jpegDecWasm, message)
export const webpDecoder = async () =>
  instantiate((await import('@jsquash/webp/codec/dec/webp_dec.js')).default as unknown as EmscriptenFactory<WebpDecoder>, webpDecWasm)
export const jpegEncoder = async () =>
  instantiate((await import('@jsquash/jpeg/codec/enc/mozjpeg_enc.js')).default as unknown as EmscriptenFactory<JpegEncoder>, jpegEncWasm)
export const webpEncoder = async () =>
  instantiate((await import('@jsquash/webp/codec/enc/webp_enc_simd.js')).default as unknown as EmscriptenFactory<WebpEncoder>, webpEncWasm)

let pngReady: Promise<(data: Uint8Array) => Promise<Pixels>> | undefined
export const pngDecoder = () =>
  (pngReady ??= (async () => {
    const png = await import('@jsquash/png/decode.js')
    await png.init(await wasmModule(pngWasm))
    return (data: Uint8Array) => png.decode(data.slice().buffer) as Promise<Pixels>
  })())

let resizeReady: Promise<(image: Pixels, options: ResizeOptions) => Promise<Pixels>> | undefined
export const resizer = () =>
  (resizeReady ??= (async () => {
    const resize = await import('@jsquash/resize')
    await resize.initResize(await wasmModule(resizeWasm))
    return (image: Pixels, options: ResizeOptions) => resize.default(image as ImageData, options) as Promise<Pixels>
  })())
