/**
 * The API reference's renderer: Scalar's standalone browser bundle
 * (`@scalar/api-reference`, one self-contained script with its CSS inside), embedded in
 * the release binary by its file import and sent from it (docs/decisions/021-api-reference.md).
 *
 * - Its URL carries a hash of its content (`/api/docs/scalar-<hash>.js`), so it is cached
 *   for a year as immutable; an upgrade of the package changes the URL.
 * - Identity is the embedded file itself (Bun.file). Brotli and gzip are made in memory
 *   on first demand, off the event loop: this one file is 4.3 MB, so brotli at its best
 *   quality takes ~9 s here; the first brotli copy is made at q5 (~0.2 s) and replaced by
 *   the q11 copy once that is ready (~1.09 -> ~0.94 MB). gzip -9 takes ~0.1 s. The build
 *   compresses the client's own assets ahead of time (scripts/build-client.ts); this one
 *   is a dependency's file, compressed where it is served.
 * - Nothing is read, hashed or compressed before the reference page is first asked for.
 */
// @ts-expect-error: a file import (`with { type: 'file' }`) is the file's path; the bundle has no type declarations.
import scalarStandalone from '../../../node_modules/@scalar/api-reference/dist/browser/standalone.js' with { type: 'file' }
import { type Encoding, LEVELS, VARY_VALUE, compressOffThread, negotiateEncoding } from '../http/compression.server'
import { notModified } from '../http/conditional.server'

/** The bundle's path: in node_modules when run from source, inside the executable when compiled. */
export const SCALAR_BUNDLE_FILE: string = scalarStandalone

/** Where the reference page's assets live (GET /api/docs/*). */
export const REFERENCE_ASSET_PREFIX = '/api/docs/'

type Variant = { body: Uint8Array<ArrayBuffer>; etag: string }
type Bundle = { name: string; etag: string }

const strongTag = (bytes: Uint8Array) => `"${Bun.hash(bytes).toString(36)}"`

let bundle: Promise<Bundle> | undefined
const variants: Partial<Record<Encoding, Variant | Promise<Variant>>> = {}

const readBundle = () => Bun.file(SCALAR_BUNDLE_FILE).bytes() as Promise<Uint8Array<ArrayBuffer>>

/** The bundle's versioned file name and ETag, from its content (read once; ~1 ms). */
export function scalarBundle(): Promise<Bundle> {
  bundle ??= readBundle().then(
    (bytes) => {
      const hash = Bun.hash(bytes).toString(36)
      return { name: `scalar-${hash}.js`, etag: `"${hash}"` }
    },
    (error: unknown) => {
      bundle = undefined // not kept: the next request tries again
      throw error
    },
  )
  return bundle
}

/** The URL the page loads the bundle from. */
export const scalarBundleUrl = async () => `${REFERENCE_ASSET_PREFIX}${(await scalarBundle()).name}`

function compressed(encoding: Encoding): Variant | Promise<Variant> {
  const known = variants[encoding]
  if (known) return known
  // brotli: a quick copy first (q5); upgradeBrotli() replaces it with the smallest one.
  const level = encoding === 'br' ? LEVELS.large : LEVELS.best
  const made = readBundle()
    .then((bytes) => compressOffThread(bytes, encoding, level))
    .then(
      (body) => (variants[encoding] = { body, etag: strongTag(body) }),
      (error: unknown) => {
        delete variants[encoding]
        throw error
      },
    )
  variants[encoding] = made
  return made
}

let upgrading = false

/**
 * Brotli at its best quality (~9 s of one thread-pool thread for ~13% fewer bytes), once
 * per process, started by the first brotli answer: a visit that only asks for the page
 * (a test, a HEAD, a crawler) does not pay it.
 */
function upgradeBrotli(): void {
  if (upgrading) return
  upgrading = true
  readBundle()
    .then((bytes) => compressOffThread(bytes, 'br', LEVELS.best))
    .then(
      (body) => {
        variants.br = { body, etag: strongTag(body) }
      },
      () => {
        upgrading = false // the q5 copy stays; a later answer tries again
      },
    )
}

/**
 * Starts making the copy this client will ask for: called when the page is sent, so the
 * script is ready (or nearly) when the browser requests it a moment later.
 */
export function warmScalarBundle(acceptEncoding: string | null): void {
  const encoding = negotiateEncoding(acceptEncoding)
  if (encoding === null) return
  const made = compressed(encoding)
  if (made instanceof Promise) made.catch(() => {})
}

const BASE_HEADERS = {
  'content-type': 'text/javascript; charset=utf-8',
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  vary: VARY_VALUE,
} as const

/**
 * The answer to GET /api/docs/<name>: the bundle in the encoding the client prefers, or
 * 304; null when `name` is not the current bundle's (an old hash, another file).
 */
export async function scalarBundleResponse(request: Request, name: string): Promise<Response | null> {
  const current = await scalarBundle()
  if (name !== current.name) return null
  const encoding = negotiateEncoding(request.headers.get('accept-encoding'))
  if (encoding === null) {
    const headers = { ...BASE_HEADERS, etag: current.etag }
    return notModified(request, headers) ?? new Response(Bun.file(SCALAR_BUNDLE_FILE), { headers })
  }
  const variant = await compressed(encoding)
  if (encoding === 'br') upgradeBrotli()
  const headers = { ...BASE_HEADERS, etag: variant.etag, 'content-encoding': encoding, 'content-length': String(variant.body.byteLength) }
  return notModified(request, headers) ?? new Response(variant.body, { headers })
}
