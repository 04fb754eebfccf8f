/**
 * Content-Encoding negotiation and compression, for every text response.
 *
 * Three kinds of answers, three costs (docs/decisions/012-compression-and-caching.md):
 *  - client assets: compressed at BUILD time (brotli q11, gzip -9) and embedded in the
 *    binary; the asset route only picks a file (assets/assets.route.ts);
 *  - cached answers (landing page, public menu JSON): compressed once per cache
 *    generation, on the first request that asks for an encoding (cache/page-cache.server.ts),
 *    at the best level unless the body is large (`compressForCache`);
 *  - everything else (admin lists, error pages...): `compressResponse` below, called by
 *    the fetch handler's finish step, compresses per request at a fast level.
 *
 * A large answer is never dropped and never stalls the others: from LARGE_BODY_BYTES a
 * body is compressed at a fast level (best-level brotli runs at under 1 MB/s here: a 15 MB
 * list took ~28 s, and Bun.serve closes a connection idle for 10 s), always on zlib's
 * thread pool, so the event loop keeps answering other requests meanwhile.
 *
 * Bodies under MIN_COMPRESS_BYTES stay plain (headers and framing cost more than they
 * save). zstd is not offered: measured on the store bundle it is larger than brotli q11
 * (25.4 vs 23.8 KB) and every browser that sends zstd also sends br.
 */
import type * as Zlib from 'node:zlib'

/**
 * node:zlib (and the node:stream it loads) cost ~4 ms of start-up in the binary's
 * profile; nothing compresses before the first text answer of 1 KB or more, so it is
 * loaded then. Bun's gzip needs no module.
 */
let zlibModule: typeof Zlib | undefined
const zlib = (): typeof Zlib => (zlibModule ??= require('node:zlib') as typeof Zlib)

export type Encoding = 'br' | 'gzip'

/** Below this many bytes a body is sent as it is. */
export const MIN_COMPRESS_BYTES = 1024

/**
 * From this many bytes a body is large: compressed at LEVELS.large (cached answers) and
 * on the thread pool (per-request answers too). Measured on the 2-core server with zone
 * lists of realistic JSON (decision 012, "Large answers"): brotli q11 takes ~140 ms for the
 * landing page (88 KB, the largest answer kept at the best level), ~210 ms at 166 KB,
 * ~0.7 s at 500 KB; q5 takes ~3 ms at 166 KB and ~0.3 s for 16 MB.
 */
export const LARGE_BODY_BYTES = 128 * 1024

/** The quality (brotli 0-11) or level (gzip 1-9) of each kind of compression. */
export const LEVELS = {
  /** The smallest output: client assets at build time, cached answers under LARGE_BODY_BYTES. */
  best: { br: 11, gzip: 9 },
  /**
   * Cached answers of LARGE_BODY_BYTES or more, compressed once and sent many times: brotli
   * q5 is ~11% smaller than q4 for ~25% more time (16 MB: 2.2 MB in ~0.28 s); gzip 6 is
   * zlib's default (-9 doubles the time for ~5%).
   */
  large: { br: 5, gzip: 6 },
  /** Per-request answers (`compressResponse`). */
  perRequest: { br: 4, gzip: 6 },
} as const satisfies Record<string, Record<Encoding, number>>

/** The value added to `Vary` by every answer whose bytes depend on Accept-Encoding. */
export const VARY_VALUE = 'Accept-Encoding'

/** Suffix of a representation's ETag, so each encoding has its own strong validator. */
export const ETAG_SUFFIX: Record<Encoding, string> = { br: '-br', gzip: '-gz' }

const negotiated = new Map<string, Encoding | null>()

/**
 * The coding to answer with, from an Accept-Encoding header: the highest q among br and
 * gzip (`*` counts for both), brotli on a tie, null for identity (also when both are
 * refused with q=0). Browsers send a handful of distinct values, so results are memoised.
 */
export function negotiateEncoding(accept: string | null): Encoding | null {
  if (!accept) return null
  const known = negotiated.get(accept)
  if (known !== undefined) return known
  let br = -1
  let gz = -1
  let star = -1
  for (const part of accept.split(',')) {
    const [rawName = '', ...params] = part.split(';')
    const name = rawName.trim().toLowerCase()
    let q = 1
    for (const param of params) {
      const [key, value] = param.split('=')
      if (key?.trim().toLowerCase() === 'q') q = Number(value?.trim() ?? '1')
    }
    if (!Number.isFinite(q)) q = 0
    if (name === 'br') br = q
    else if (name === 'gzip' || name === 'x-gzip') gz = q
    else if (name === '*') star = q
  }
  if (br < 0) br = star
  if (gz < 0) gz = star
  const result: Encoding | null = br > 0 && br >= gz ? 'br' : gz > 0 ? 'gzip' : null
  if (negotiated.size > 256) negotiated.clear() // bounded: the header is client-controlled
  negotiated.set(accept, result)
  return result
}

/** Text formats (HTML, CSS, JS, JSON, SVG, XML, plain text, web manifest). Images, fonts and archives are already compressed. */
export function isCompressibleType(contentType: string | null): boolean {
  if (!contentType) return false
  const type = contentType.split(';', 1)[0]?.trim().toLowerCase() ?? ''
  return (
    (type.startsWith('text/') && type !== 'text/event-stream') ||
    type === 'application/json' ||
    type === 'application/javascript' ||
    type === 'application/xml' ||
    type === 'application/manifest+json' ||
    type === 'image/svg+xml' ||
    type.endsWith('+json') ||
    type.endsWith('+xml')
  )
}

const brotliOptions = (quality: number, size: number) => {
  const { constants } = zlib()
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  }
}

const toBytes = (buffer: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength)

/**
 * Per-request compression on the event loop, for bodies under LARGE_BODY_BYTES: brotli q4 /
 * gzip 6 (an 80 KB script: ~5 ms / ~1 ms; a 10 KB list well under 1 ms).
 */
export function compressFast(bytes: Uint8Array<ArrayBuffer>, encoding: Encoding): Uint8Array<ArrayBuffer> {
  const { br, gzip } = LEVELS.perRequest
  return encoding === 'br' ? toBytes(zlib().brotliCompressSync(bytes, brotliOptions(br, bytes.byteLength))) : Bun.gzipSync(bytes, { level: gzip })
}

/** Compression on zlib's thread pool: the event loop goes on answering while it runs. */
export function compressOffThread(bytes: Uint8Array<ArrayBuffer>, encoding: Encoding, level: Record<Encoding, number>): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, out: Buffer) => (error ? reject(error) : resolve(toBytes(out)))
    if (encoding === 'br') zlib().brotliCompress(bytes, brotliOptions(level.br, bytes.byteLength), done)
    else zlib().gzip(bytes, { level: level.gzip }, done)
  })
}

/**
 * The smallest output (brotli q11, gzip 9), off the event loop: for the build, whatever
 * the size (client files are at most a few hundred KB).
 */
export function compressBest(bytes: Uint8Array<ArrayBuffer>, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  return compressOffThread(bytes, encoding, LEVELS.best)
}

/** The level a cached answer of `size` bytes is compressed at: the best, unless it is large. */
export const cacheLevel = (size: number): Record<Encoding, number> => (size < LARGE_BODY_BYTES ? LEVELS.best : LEVELS.large)

/**
 * A cached answer, compressed once per cache entry, off the event loop: at the best level,
 * or at LEVELS.large from LARGE_BODY_BYTES (a 15 MB list in ~0.25 s instead of ~28 s).
 */
export function compressForCache(bytes: Uint8Array<ArrayBuffer>, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
  return compressOffThread(bytes, encoding, cacheLevel(bytes.byteLength))
}

/** Adds Accept-Encoding to a Vary header (keeps what is there). */
export function addVary(headers: Headers): void {
  const vary = headers.get('vary')
  if (!vary) headers.set('vary', VARY_VALUE)
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('vary', `${vary}, ${VARY_VALUE}`)
}

const varies = (headers: Headers) => /accept-encoding|\*/i.test(headers.get('vary') ?? '')

/**
 * The per-request step of the fetch handler: compresses a dynamic text answer (admin
 * lists, the admin shell...) of MIN_COMPRESS_BYTES or more for a client that accepts it.
 * Left as they are: answers without a body, 204/304, anything already encoded or already
 * negotiated (it says `Vary: Accept-Encoding`: assets and cached answers), non-text types
 * and event streams. The body is read whole, which is fine for the JSON and HTML the
 * app builds in memory; from LARGE_BODY_BYTES it is compressed on the thread pool, so a
 * big list does not hold up every other request while it compresses.
 */
export function compressResponse(request: Request, response: Response): Response | Promise<Response> {
  const { status } = response
  if (status < 200 || status === 204 || status === 206 || status === 304) return response
  // Headers first: reading `body` would turn a file or buffer body into a stream.
  const headers = response.headers
  if (headers.has('content-encoding') || !isCompressibleType(headers.get('content-type')) || varies(headers)) return response
  const length = headers.get('content-length')
  if (length !== null && Number(length) < MIN_COMPRESS_BYTES) return response
  if (response.body === null) return response
  return response.arrayBuffer().then((buffer) => {
    const bytes = new Uint8Array(buffer)
    const init = { status, statusText: response.statusText, headers: new Headers(headers) }
    if (bytes.byteLength < MIN_COMPRESS_BYTES) return new Response(bytes, init)
    addVary(init.headers)
    const encoding = negotiateEncoding(request.headers.get('accept-encoding'))
    if (encoding === null) return new Response(bytes, init)
    const encoded = (out: Uint8Array<ArrayBuffer>) => {
      init.headers.set('content-encoding', encoding)
      init.headers.set('content-length', String(out.byteLength))
      // A strong validator names exact bytes: the compressed ones are a different representation.
      const etag = init.headers.get('etag')
      if (etag && !etag.startsWith('W/')) init.headers.set('etag', `W/${etag}`)
      return new Response(out, init)
    }
    return bytes.byteLength < LARGE_BODY_BYTES ? encoded(compressFast(bytes, encoding)) : compressOffThread(bytes, encoding, LEVELS.perRequest).then(encoded)
  })
}

/**
 * A HEAD answer: the headers and Content-Length of the GET, no body (Bun.serve keeps an explicit length on a HEAD).
 * An event stream has no length and never ends: its body is cancelled (which ends the stream's subscription), not read.
 */
export function withoutBody(response: Response): Response | Promise<Response> {
  if (response.body === null) return response
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    void response.body.cancel()
    return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
  const strip = (length: string) => {
    const headers = new Headers(response.headers)
    headers.set('content-length', length)
    return new Response(null, { status: response.status, statusText: response.statusText, headers })
  }
  const length = response.headers.get('content-length')
  return length !== null ? strip(length) : response.arrayBuffer().then((bytes) => strip(String(bytes.byteLength)))
}
