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
import { Queue, type Queued } from './page-cache-queue.server'

/**
 * `expiresAt` (ms): an entry that depends on the clock as well as on writes (the landing
 * page says whether the shop is open) is served until then, by the route and by the
 * fast path alike (cache/public-reads.server.ts), then made again.
 */
export type CachedPage = { body: Uint8Array<ArrayBuffer>; etag: string; expiresAt?: number }

/** What the cache holds at most, counted as each entry's body plus ENTRY_OVERHEAD_BYTES: the menu and the pages take well under 1 MB. */
export const PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024

/**
 * What an entry costs beyond its body: its key, its answers (Response and Headers objects,
 * made once and cloned per request) and its compressed copies. Measured: ~3 KB of memory for a
 * 170-byte robots.txt and its plain answer, ~7 KB for an 850-byte sitemap once its brotli and
 * gzip answers exist. Not counting it let 107,000 made-up Host headers keep ~98,000 entries
 * of ~170 bytes "within" 16 MB: 149 → 346 MB.
 */
export const ENTRY_OVERHEAD_BYTES = 8 * 1024

/**
 * Origins whose pages are kept at once (the landing page, a dish's page, robots.txt and the
 * sitemap are kept per origin, public-origin.server.ts). A real shop is reached under one to a
 * few names (its domain, www, an address on the premises, localhost); anything past that is
 * someone inventing Host headers.
 */
export const PAGE_CACHE_MAX_ORIGINS = 16

/** An origin's pages held: its keys, and its place in the origins' queue. */
interface OriginSlot extends Queued<OriginSlot> {
  name: string
  keys: Set<string>
  usedAt: number
  queuedAt: number
}

/** An entry held: what it costs, when it was last used and queued, its origin's slot. */
interface Held extends CachedPage, Queued<Held> {
  key: string
  cost: number
  usedAt: number
  queuedAt: number
  origin: OriginSlot | null
}

/**
 * The origin a key belongs to, when the key is an absolute URL ('http://shop.example/robots.txt'
 * belongs to 'http://shop.example'); undefined for the origin-free keys ('/api/products').
 */
export function originOfKey(key: string): string | undefined {
  if (!key.startsWith('http://') && !key.startsWith('https://')) return undefined
  const slash = key.indexOf('/', key.indexOf('//') + 2)
  return slash === -1 ? key : key.slice(0, slash)
}

export type PageCacheLimits = {
  /** Counted per entry beyond its body (ENTRY_OVERHEAD_BYTES). */
  entryOverhead?: number
  /** Origins held at once (PAGE_CACHE_MAX_ORIGINS). */
  maxOrigins?: number
}

/**
 * Bounded whatever a client asks for (decision 028): in bytes, each entry counted
 * with its overhead, and in origins. Least recently used out first, in O(1): a hit only stamps
 * the entry (and its origin), so the hot path reorders nothing; when room is needed, the
 * oldest-queued item that was used since it was queued goes to the back of its queue once (a
 * second chance), and the first one that was not is let go. Each hit buys at most one such
 * move, so a flood of new entries or origins costs a constant amount per request, however
 * many are held.
 */
export class PageCache {
  #pages = new Map<string, Held>()
  #queue = new Queue<Held>()
  #origins = new Map<string, OriginSlot>()
  #originQueue = new Queue<OriginSlot>()
  #generation = 0
  #bytes = 0
  #clock = 0
  readonly entryOverhead: number
  readonly maxOrigins: number

  constructor(
    readonly maxBytes = PAGE_CACHE_MAX_BYTES,
    /** Told of every lookup, found or not (the metrics' hits and misses). */
    readonly onLookup: (hit: boolean) => void = () => {},
    limits: PageCacheLimits = {},
  ) {
    this.entryOverhead = limits.entryOverhead ?? ENTRY_OVERHEAD_BYTES
    this.maxOrigins = limits.maxOrigins ?? PAGE_CACHE_MAX_ORIGINS
  }

  /** Changes on every invalidation; a slow render keeps its result only if this did not move meanwhile. */
  get generation() {
    return this.#generation
  }

  /** Bytes counted now against `maxBytes`: the bodies held, each with `entryOverhead`. */
  get bytes() {
    return this.#bytes
  }

  /** Entries held now. */
  get size() {
    return this.#pages.size
  }

  /** Origins with at least one entry held now (at most `maxOrigins`). */
  get origins() {
    return this.#origins.size
  }

  /** The entry, unless it has expired at `now` (the clock is read only for an entry that can expire: ~45 ns of the menu's hot path). */
  get(key: string, now?: number): CachedPage | undefined {
    const entry = this.#pages.get(key)
    if (!entry || (entry.expiresAt !== undefined && (now ?? Date.now()) >= entry.expiresAt)) {
      this.onLookup(false)
      return undefined
    }
    entry.usedAt = ++this.#clock
    if (entry.origin) entry.origin.usedAt = this.#clock
    this.onLookup(true)
    return entry
  }

  /** Stores `body` unless the cache was invalidated since `generation` (a write landed while it was made). */
  set(key: string, body: Uint8Array<ArrayBuffer>, generation = this.#generation, expiresAt?: number): CachedPage {
    const at = ++this.#clock
    const cost = body.byteLength + this.entryOverhead
    const entry: Held = { body, etag: `"${Bun.hash(body).toString(36)}"`, key, cost, usedAt: at, queuedAt: at, origin: null, prev: null, next: null }
    if (expiresAt !== undefined) entry.expiresAt = expiresAt
    if (generation !== this.#generation || cost > this.maxBytes) return entry
    this.#drop(key)
    while (this.#bytes + cost > this.maxBytes) if (!this.#evictOne()) break
    const name = originOfKey(key)
    if (name !== undefined) entry.origin = this.#slotFor(name, at)
    entry.origin?.keys.add(key)
    this.#pages.set(key, entry)
    this.#queue.push(entry)
    this.#bytes += cost
    return entry
  }

  /**
   * The origin's slot, made (letting the least recently used origin go, if need be) when it has
   * none. Only a hit counts as a use (`get`): storing a page is what any made-up Host gets.
   */
  #slotFor(name: string, at: number): OriginSlot {
    const known = this.#origins.get(name)
    if (known) return known
    while (this.#origins.size >= this.maxOrigins) if (!this.#evictOrigin()) break
    const slot: OriginSlot = { name, keys: new Set(), usedAt: at, queuedAt: at, prev: null, next: null }
    this.#origins.set(name, slot)
    this.#originQueue.push(slot)
    return slot
  }

  #drop(key: string) {
    const old = this.#pages.get(key)
    if (!old) return
    this.#pages.delete(key)
    this.#queue.remove(old)
    this.#bytes -= old.cost
    const slot = old.origin
    if (slot && slot.keys.delete(key) && slot.keys.size === 0) {
      this.#origins.delete(slot.name)
      this.#originQueue.remove(slot)
    }
  }

  /** Lets the least recently used entry go (second chance); false when there is none. */
  #evictOne(): boolean {
    for (let oldest = this.#queue.first; oldest; oldest = this.#queue.first) {
      if (oldest.usedAt <= oldest.queuedAt) {
        this.#drop(oldest.key)
        return true
      }
      this.#queue.remove(oldest)
      oldest.queuedAt = ++this.#clock
      this.#queue.push(oldest)
    }
    return false
  }

  /** Lets the least recently used origin go with all its entries (second chance); false when there is none. */
  #evictOrigin(): boolean {
    for (let oldest = this.#originQueue.first; oldest; oldest = this.#originQueue.first) {
      if (oldest.usedAt <= oldest.queuedAt) {
        for (const key of [...oldest.keys]) this.#drop(key)
        return true
      }
      this.#originQueue.remove(oldest)
      oldest.queuedAt = ++this.#clock
      this.#originQueue.push(oldest)
    }
    return false
  }

  invalidate() {
    this.#generation++
    // Unlinked one by one: an answer still in flight holds its entry, which must not hold the rest.
    for (let held = this.#queue.first; held; held = this.#queue.first) this.#queue.remove(held)
    this.#pages.clear()
    for (let slot = this.#originQueue.first; slot; slot = this.#originQueue.first) this.#originQueue.remove(slot)
    this.#origins.clear()
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
