/**
 * Re-encodes an uploaded photo to WebP, at most 1600 px on its longest side, upright,
 * without metadata, with smaller copies (image-convert.server.ts says how; decision 011).
 *
 * This side (the server's thread) checks the header first (size over MAX_PIXELS: 400
 * before anything is decoded), queues conversions one at a time (a 12-MP photo needs
 * ~48 MB per RGBA copy; beyond MAX_QUEUED admitted, 503), and runs each one in the image
 * worker (image-worker.server.ts). The worker is started by the first upload and ended
 * as soon as no conversion is waiting: the codecs' WASM heaps, which never shrink
 * (~200 MB after a 12-MP photo, ~500 MB after a 48-MP one), go away with it instead of
 * staying in the server for good (decision 016). A burst of uploads shares one worker.
 */
import { HttpError } from '../http/errors.server'
import type { ProcessedImage } from './image-convert.server'
import { type Orientation, readDimensions, readJpegOrientation } from './image-header.server'
import { MAX_PIXELS } from './image-pixels.server'
import type { ImageKind } from './image-kind.server'

export type { EncodedImage, ProcessedImage } from './image-convert.server'
export { MAX_PIXELS, fitWithin, halve, hasTransparency, orient, scaledTo } from './image-pixels.server'

/** Conversions admitted at once (one running, the rest waiting with their ≤ 10 MB body in memory). */
export const MAX_QUEUED = 4

export const NOT_DECODABLE = 'No se pudo leer la imagen: el archivo está dañado o no es PNG, JPG o WebP'
export const TOO_MANY_PIXELS = `La imagen tiene demasiados píxeles (máximo ${MAX_PIXELS / 1_000_000} megapíxeles)`
export const BUSY = 'El servidor está procesando otras imágenes; intenta de nuevo en unos segundos'

/** What the server sends the worker, and what it answers (image-worker.server.ts). */
export type ConvertJob = { bytes: Uint8Array; kind: ImageKind; orientation: Orientation }
export type ConvertOutcome = { ok: true; image: ProcessedImage } | { ok: false; failure: 'not-decodable' | 'too-many-pixels' | 'failed'; message: string }

// ---- the worker -----------------------------------------------------------

/**
 * Where the worker's entry is. From source, beside this file. In the compiled binary
 * every entrypoint keeps its place under the entrypoints' common folder (src/server), while
 * this code sits in a chunk at the root: the path is taken from the binary's own entry.
 */
const workerUrl = () =>
  Bun.main.startsWith('/$bunfs/') ? new URL('./uploads/image-worker.server.ts', `file://${Bun.main}`).href : new URL('./image-worker.server.ts', import.meta.url).href

let worker: Worker | undefined

function endWorker(ended: Worker) {
  if (worker === ended) worker = undefined
  ended.terminate()
}

/** Runs one job in the worker (started if none). A worker that fails or exits is replaced on the next job. */
function inWorker(job: ConvertJob): Promise<ConvertOutcome> {
  if (!worker) {
    worker = new Worker(workerUrl())
    ;(worker as Worker & { unref(): void }).unref() // Bun's: a shutdown never waits for it
  }
  const current = worker
  return new Promise<ConvertOutcome>((resolve, reject) => {
    const settle = () => {
      current.removeEventListener('message', onMessage)
      current.removeEventListener('error', onError)
      current.removeEventListener('close', onClose)
    }
    const onMessage = (event: MessageEvent<ConvertOutcome>) => {
      settle()
      resolve(event.data)
    }
    const onError = (event: ErrorEvent) => {
      settle()
      endWorker(current)
      reject(new Error(`image worker: ${event.message}`))
    }
    const onClose = () => {
      settle()
      endWorker(current)
      reject(new Error('image worker exited'))
    }
    current.addEventListener('message', onMessage)
    current.addEventListener('error', onError)
    current.addEventListener('close', onClose)
    current.postMessage(job) // copied: the caller keeps its bytes
  })
}

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
    // Nothing waiting: end the worker (its codec memory goes with it) and collect the
    // upload bodies this thread held, at once rather than whenever the next allocation decides.
    if (admitted === 0) {
      if (worker) endWorker(worker)
      Bun.gc(true)
    }
  }
}

// ---- the pipeline ---------------------------------------------------------

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
    const outcome = await inWorker({ bytes, kind, orientation })
    if (outcome.ok) return outcome.image
    if (outcome.failure === 'not-decodable') throw new HttpError(400, NOT_DECODABLE, [{ path: 'image', message: 'La imagen no se pudo decodificar' }])
    if (outcome.failure === 'too-many-pixels') throw new HttpError(400, TOO_MANY_PIXELS)
    throw new Error(`image conversion failed: ${outcome.message}`)
  })
}
