/**
 * Holds rendered public pages (the landing page) and the JSON of the public
 * menu reads (cached-json.server.ts) between writes.
 *
 * Rendering React on every request runs at about 0.4x the throughput of
 * sending the same bytes (measured with Bun 1.4.5); the menu changes only when an
 * administrator writes, so the app clears this cache after every successful
 * write to the API (see app.ts) and the next visitor renders it afresh.
 */
import { ETAG_SUFFIX, type Encoding, MIN_COMPRESS_BYTES, VARY_VALUE, compressForCache, negotiateEncoding } from '../http/compression.server'
import { notModified } from '../http/conditional.server'

/**
 * `expiresAt` (ms): an entry that depends on the clock as well as on writes (the landing
 * page says whether the shop is open) is served until then, by the route and by the
 * fast path alike (cache/public-reads.server.ts), then made again.
 */
export type CachedPage = { body: Uint8Array<ArrayBuffer>; etag: string; expiresAt?: number }

/** What the cache holds at most (bodies; their compressed copies are smaller): the menu and the page take well under 1 MB. */
export const PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024

/**
 * Bounded in bytes, least recently used first out: whatever a client asks for, the cache
 * cannot grow past `maxBytes` (decision 028). A hit only stamps the entry (no reordering on
 * the hot path); the scan for the oldest runs only when a new entry would overflow.
 */
export class PageCache {
  #pages = new Map<string, CachedPage & { usedAt: number }>()
  #generation = 0
  #bytes = 0
  #clock = 0

  constructor(
    readonly maxBytes = PAGE_CACHE_MAX_BYTES,
    /** Told of every lookup, found or not (the metrics' hits and misses). */
    readonly onLookup: (hit: boolean) => void = () => {},
  ) {}

  /** Changes on every invalidation; a slow render keeps its result only if this did not move meanwhile. */
  get generation() {
    return this.#generation
  }

  /** Bytes of the bodies held now. */
  get bytes() {
    return this.#bytes
  }

  /** Entries held now. */
  get size() {
    return this.#pages.size
  }

  /** The entry, unless it has expired at `now` (the clock is read only for an entry that can expire: ~45 ns of the menu's hot path). */
  get(key: string, now?: number): CachedPage | undefined {
    const entry = this.#pages.get(key)
    if (!entry || (entry.expiresAt !== undefined && (now ?? Date.now()) >= entry.expiresAt)) {
      this.onLookup(false)
      return undefined
    }
    entry.usedAt = ++this.#clock
    this.onLookup(true)
    return entry
  }

  /** Stores `body` unless the cache was invalidated since `generation` (a write landed while it was made). */
  set(key: string, body: Uint8Array<ArrayBuffer>, generation = this.#generation, expiresAt?: number): CachedPage {
    const entry: CachedPage & { usedAt: number } = { body, etag: `"${Bun.hash(body).toString(36)}"`, usedAt: ++this.#clock }
    if (expiresAt !== undefined) entry.expiresAt = expiresAt
    if (generation !== this.#generation || body.byteLength > this.maxBytes) return entry
    this.#drop(key)
    while (this.#bytes + body.byteLength > this.maxBytes) this.#evictOldest()
    this.#pages.set(key, entry)
    this.#bytes += body.byteLength
    return entry
  }

  #drop(key: string) {
    const old = this.#pages.get(key)
    if (!old) return
    this.#pages.delete(key)
    this.#bytes -= old.body.byteLength
  }

  #evictOldest() {
    let oldest: string | undefined
    let at = Number.POSITIVE_INFINITY
    for (const [key, entry] of this.#pages) {
      if (entry.usedAt < at) {
        at = entry.usedAt
        oldest = key
      }
    }
    if (oldest === undefined) return
    this.#drop(oldest)
  }

  invalidate() {
    this.#generation++
    this.#pages.clear()
    this.#bytes = 0
  }

  /**
   * Called before a cached answer is read. Resolves once the cache has dropped whatever a
   * write on ANOTHER instance made stale (PostgreSQL: cache/shared-generation.server.ts
   * sets it); undefined when there is nothing to ask (SQLite: one instance, this one
   * empties the cache itself), so the embedded default pays nothing.
   */
  freshen: () => Promise<void> | undefined = () => undefined
}

type Variant = { prototype: Response; etag: string }

/** The representations of one entry: identity built at once, br/gzip on first demand. */
type Representations = {
  entry: CachedPage
  identity: Variant
  /** Header count of the identity prototype: an answer with more had headers added on its way out. */
  headerCount: number
  compressible: boolean
  br?: Variant | Promise<Variant>
  gzip?: Variant | Promise<Variant>
}

const representations = new WeakMap<CachedPage, Representations>()
/**
 * Marks an answer made by cachedResponse() for the fetch handler's finish step. A symbol
 * property rather than a WeakMap: ~20 ns instead of ~170 ns on the hottest path.
 */
const PENDING = Symbol('cached representations')
type Pending = Response & { [PENDING]?: Representations }

function prototypeOf(body: Uint8Array<ArrayBuffer>, headers: Record<string, string>): Response {
  return new Response(body, { headers: { ...headers, 'content-length': String(body.byteLength) } })
}

function representationsOf(entry: CachedPage, contentType: string, extraHeaders: Record<string, string>): Representations {
  let found = representations.get(entry)
  if (!found) {
    const compressible = entry.body.byteLength >= MIN_COMPRESS_BYTES
    // Always revalidate: the menu changes whenever an administrator saves.
    const headers: Record<string, string> = { ...extraHeaders, 'content-type': contentType, 'cache-control': 'no-cache', etag: entry.etag }
    if (compressible) headers.vary = VARY_VALUE
    const prototype = prototypeOf(entry.body, headers)
    found = { entry, identity: { prototype, etag: entry.etag }, headerCount: prototype.headers.count, compressible }
    representations.set(entry, found)
  }
  return found
}

/**
 * Compressed once per entry (a cache generation), off the event loop: at the best level, or
 * at a fast one for a large body (compressForCache), so a 15 MB list arrives in well under
 * a second instead of after Bun.serve's 10 s idle timeout. Requests that ask meanwhile
 * wait for the same promise; other requests are answered as usual.
 */
function encodedVariant(reps: Representations, encoding: Encoding): Variant | Promise<Variant> {
  const known = reps[encoding]
  if (known) return known
  const made = compressForCache(reps.entry.body, encoding).then((bytes) => {
    const etag = reps.entry.etag.replace(/"$/, `${ETAG_SUFFIX[encoding]}"`)
    const headers = new Headers(reps.identity.prototype.headers)
    headers.set('content-encoding', encoding)
    headers.set('etag', etag)
    headers.set('content-length', String(bytes.byteLength))
    const variant = { prototype: new Response(bytes, { headers }), etag }
    reps[encoding] = variant
    return variant
  })
  reps[encoding] = made
  return made
}

/**
 * A 200 answer for a cached entry: the plain (identity) bytes, with content type,
 * ETag, `Cache-Control: no-cache` and `extraHeaders` (e.g. the page security headers,
 * baked in so the finish step has nothing to add). The fetch handler's finish step
 * then calls negotiateCached(), which swaps in the brotli or gzip bytes the client
 * accepts, or a 304 when its If-None-Match matches.
 *
 * Every Response is built once per entry and encoding and cloned per request:
 * cloning is ~4x cheaper than building a Response with its headers again (~0.25 vs
 * ~1 µs), and this is the hottest path of the site. Prototypes are never sent, so
 * their bodies are never consumed.
 */
export function cachedResponse(entry: CachedPage, contentType: string, extraHeaders: Record<string, string> = {}): Response {
  const reps = representationsOf(entry, contentType, extraHeaders)
  const answer: Pending = reps.identity.prototype.clone()
  answer[PENDING] = reps
  return answer
}

/**
 * The fast path's answer for a cached entry (public-reads.server.ts): straight to the
 * representation the client accepts, or a 304, without the identity answer that
 * cachedResponse() makes for a route. The same bytes and headers as
 * negotiateCached(request, cachedResponse(entry, contentType, extraHeaders)) when nothing
 * is added on the way out; only the security headers are left to add.
 */
export function cachedAnswer(request: Request, entry: CachedPage, contentType: string, extraHeaders: Record<string, string>): Response | Promise<Response> {
  const reps = representationsOf(entry, contentType, extraHeaders)
  const encoding = reps.compressible ? negotiateEncoding(request.headers.get('accept-encoding')) : null
  const variant = encoding === null ? reps.identity : encodedVariant(reps, encoding)
  return variant instanceof Promise ? variant.then((v) => unchanged(request, v)) : unchanged(request, variant)
}

const unchanged = (request: Request, variant: Variant): Response => notModified(request, variant.prototype.headers) ?? variant.prototype.clone()

/**
 * The finish step for answers made by cachedResponse(): 304 when the client already
 * has this representation, else the representation its Accept-Encoding prefers.
 * Headers the app added on the way out are kept. Undefined for any other response.
 */
export function negotiateCached(request: Request, response: Pending): Response | Promise<Response> | undefined {
  const reps = response[PENDING]
  if (!reps) return undefined
  const encoding = reps.compressible ? negotiateEncoding(request.headers.get('accept-encoding')) : null
  if (encoding === null) return notModified(request, response.headers) ?? response
  const variant = encodedVariant(reps, encoding)
  return variant instanceof Promise ? variant.then((v) => answerWith(request, response, reps, v)) : answerWith(request, response, reps, variant)
}

function answerWith(request: Request, response: Response, reps: Representations, variant: Variant): Response {
  const added = response.headers.count !== reps.headerCount
  if (!added) return notModified(request, variant.prototype.headers) ?? variant.prototype.clone()
  const headers = new Headers(variant.prototype.headers)
  const base = reps.identity.prototype.headers
  for (const [name, value] of response.headers) if (base.get(name) !== value) headers.set(name, value)
  headers.set('etag', variant.etag)
  headers.set('content-encoding', variant.prototype.headers.get('content-encoding') ?? '')
  headers.set('content-length', variant.prototype.headers.get('content-length') ?? '')
  return notModified(request, headers) ?? new Response(variant.prototype.clone().body, { status: response.status, headers })
}
