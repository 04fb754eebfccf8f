/**
 * Link previews made off the server's thread and kept by version (decision 037, issue #39).
 *
 * A drawing takes 100-350 ms of CPU: on the server's thread, a crawler cycling through more
 * dishes than were kept made every other request wait behind it (1.8 s on average, 4.1 s at
 * worst with 60 dishes). Now:
 *  - the drawing runs in the preview worker (og-worker.server.ts), one at a time; this thread
 *    only reads the photo's bytes (the photo store, an /images file) and passes them on;
 *  - at most MAX_ADMITTED_DRAWINGS are admitted (one drawing, the rest waiting); past that a
 *    miss is 503 with Retry-After, and a miss never waits behind an unbounded queue;
 *  - what is drawn is kept by version (a hash of everything drawn: preview-spec.server.ts), up
 *    to MAX_KEPT_BYTES, the least recently asked for going first: a few hundred previews,
 *    more than a menu has, so a cycle through the whole menu draws each dish once;
 *  - concurrent requests for one version share one drawing.
 * The worker is started by the first drawing and ended after IDLE_MS without one: the codecs'
 * and the font's memory go with it.
 */
import { assetFiles } from '../assets.gen'
import { HttpError } from '../http/errors.server'
import { readDimensions } from '../uploads/image-header.server'
import { sniffImage } from '../uploads/image-kind.server'
import type { PhotoStore } from '../uploads/photo-store.server'
import { UPLOAD_NAME } from '../uploads/uploads.server'
import type { PhotoSource, PreviewJob } from './og-image.server'
import type { PreviewOutcome } from './og-worker.server'
import { type PreviewSpec, previewVersion } from './preview-spec.server'

/** Bytes of previews kept (each 60-150 KB): ~200-500 previews. */
export const MAX_KEPT_BYTES = 32 * 1024 * 1024
/** Drawings admitted at once: one in the worker, the rest waiting (each waits ≤ ~350 ms per drawing ahead). */
export const MAX_ADMITTED_DRAWINGS = 6
/** The worker ends after this long without a drawing. */
const IDLE_MS = 30_000
export const BUSY = 'El servidor está preparando otras vistas previas; intenta de nuevo en unos segundos'

/**
 * Uploads since decision 011 are at most 1600 px; an older one kept as sent could be a phone's
 * 48 MP (~200 MB decoded for a thumbnail), so it is not drawn.
 */
const MAX_SOURCE_PIXELS = 16_000_000

// ---- the photo, read on this thread (I/O only) ------------------------------

async function raster(bytes: Uint8Array): Promise<PhotoSource | null> {
  const type = sniffImage(bytes)
  const size = type ? readDimensions(bytes, type) : null
  return type && size && size.width * size.height <= MAX_SOURCE_PIXELS ? { kind: 'raster', bytes, type } : null
}

/** The photo's SVG text or raster bytes; null when it cannot be read. */
async function readPhoto(url: string, photos: PhotoStore): Promise<PhotoSource | null> {
  if (url.startsWith('/images/')) {
    const file = Object.hasOwn(assetFiles, url) ? assetFiles[url] : undefined
    if (!file) return null
    return url.endsWith('.svg') ? { kind: 'svg', svg: await Bun.file(file).text() } : raster(await Bun.file(file).bytes())
  }
  const name = url.slice('/uploads/'.length)
  if (!url.startsWith('/uploads/') || !UPLOAD_NAME.test(name)) return null
  const blob = await photos.read(name)
  return blob ? raster(new Uint8Array(await blob.arrayBuffer())) : null
}

/** What the worker draws: without a photo, or with one that cannot be read, a card of words (never another photo). */
async function jobOf(spec: PreviewSpec, photos: PhotoStore): Promise<PreviewJob> {
  return { text: spec.text, photo: spec.photo === null ? null : await readPhoto(spec.photo, photos) }
}

// ---- the worker -------------------------------------------------------------

/**
 * Where the worker's entry is. From source, beside this file. In the compiled binary every
 * entrypoint keeps its place under the entrypoints' common folder (src/server), while this
 * code sits in a chunk at the root: the path is taken from the binary's own entry (as the
 * image worker's, uploads/image-pipeline.server.ts).
 */
const workerUrl = () =>
  Bun.main.startsWith('/$bunfs/') ? new URL('./seo/og-worker.server.ts', `file://${Bun.main}`).href : new URL('./og-worker.server.ts', import.meta.url).href

let worker: Worker | undefined
let idleTimer: ReturnType<typeof setTimeout> | undefined

function endWorker(ended: Worker) {
  if (worker === ended) worker = undefined
  ended.terminate()
}

/** Runs one job in the worker (started if none). A worker that fails or exits is replaced on the next job. */
function inWorker(job: PreviewJob): Promise<PreviewOutcome> {
  clearTimeout(idleTimer)
  if (!worker) {
    worker = new Worker(workerUrl())
    ;(worker as Worker & { unref(): void }).unref() // Bun's: a shutdown never waits for it
  }
  const current = worker
  return new Promise<PreviewOutcome>((resolve, reject) => {
    const settle = () => {
      current.removeEventListener('message', onMessage)
      current.removeEventListener('error', onError)
      current.removeEventListener('close', onClose)
    }
    const onMessage = (event: MessageEvent<PreviewOutcome>) => {
      settle()
      resolve(event.data)
    }
    const onError = (event: ErrorEvent) => {
      settle()
      endWorker(current)
      reject(new Error(`preview worker: ${event.message}`))
    }
    const onClose = () => {
      settle()
      endWorker(current)
      reject(new Error('preview worker exited'))
    }
    current.addEventListener('message', onMessage)
    current.addEventListener('error', onError)
    current.addEventListener('close', onClose)
    current.postMessage(job)
  })
}

// ---- kept by version ----------------------------------------------------------

const kept = new Map<string, Uint8Array<ArrayBuffer>>()
let keptBytes = 0

function keep(version: string, jpeg: Uint8Array<ArrayBuffer>) {
  if (kept.has(version) || jpeg.byteLength > MAX_KEPT_BYTES) return
  kept.set(version, jpeg)
  keptBytes += jpeg.byteLength
  for (const [oldest, bytes] of kept) {
    if (keptBytes <= MAX_KEPT_BYTES) break
    kept.delete(oldest)
    keptBytes -= bytes.byteLength
  }
}

/** The kept preview of `version` (now the most recently asked for), or undefined. */
export function keptPreview(version: string): Uint8Array<ArrayBuffer> | undefined {
  const found = kept.get(version)
  if (found) {
    kept.delete(version)
    kept.set(version, found)
  }
  return found
}

// ---- one at a time ------------------------------------------------------------

const drawing = new Map<string, Promise<Uint8Array<ArrayBuffer>>>()
let tail: Promise<unknown> = Promise.resolve()
let admitted = 0
/** Drawings made in this process, and how many of them ran on the server's thread (never, unless broken). */
const counts = { drawings: 0, onMainThread: 0 }

/** Counters for tests and the benchmark: drawings made, and those made on the server's thread. */
export const previewDrawings = (): Readonly<typeof counts> => ({ ...counts })

/** The drawing of `version` under way, if any: a second request for it waits for the same one. */
export const drawingOf = (version: string) => drawing.get(version)

/** Whether a new drawing would be refused now (503): checked before a miss is counted against its address. */
export const drawingsFull = () => admitted >= MAX_ADMITTED_DRAWINGS

/**
 * Draws `spec` in the worker after the drawings before it, keeps it, and answers its JPEG.
 * 503 (HttpError) when MAX_ADMITTED_DRAWINGS are already admitted.
 */
export function drawPreview(spec: PreviewSpec, photos: PhotoStore): Promise<Uint8Array<ArrayBuffer>> {
  const version = previewVersion(spec)
  const pending = drawing.get(version)
  if (pending) return pending
  if (admitted >= MAX_ADMITTED_DRAWINGS) return Promise.reject(new HttpError(503, BUSY, undefined, { 'retry-after': '5' }))
  admitted++
  const run = tail.then(async () => {
    const outcome = await inWorker(await jobOf(spec, photos))
    if (!outcome.ok) throw new Error(`preview drawing failed: ${outcome.message}`)
    counts.drawings++
    if (outcome.mainThread) counts.onMainThread++
    keep(version, outcome.jpeg)
    return outcome.jpeg
  })
  tail = run.catch(() => {})
  const made = run.finally(() => {
    admitted--
    drawing.delete(version)
    if (admitted === 0) {
      idleTimer = setTimeout(() => worker && endWorker(worker), IDLE_MS)
      ;(idleTimer as { unref?: () => void }).unref?.()
    }
  })
  drawing.set(version, made)
  return made
}
