import type { AppContext } from '../context.server'
import { canonicalPath, pathnameOf } from '../http/request-path.server'
import { requestContract } from '../http/request-contract.server'
import { NOSNIFF } from '../http/security-headers.server'
import { type CachedPage, type PageCache, cachedResponse } from './page-cache.server'

const encoder = new TextEncoder()

/**
 * The public menu reads (products, ingredients, zones) are asked for on every
 * visit and change only when an administrator writes. Their JSON is kept in the
 * same cache as the rendered landing page, which app.ts clears after every
 * successful API write, so a read never serves data older than the last write.
 * Measured: GET /api/products went from ~95 µs to ~20 µs per request in-process.
 * Compression (brotli/gzip, once per entry) and 304s happen in the fetch handler's
 * finish step (page-cache.server.ts, negotiateCached).
 *
 * The key is the request's path in its one canonical spelling (`canonicalPath`: what the
 * router decodes is decoded), so a route declares nothing but its path, and thousands of
 * re-encodings of one URL make one entry; the fast path (public-reads.server.ts) finds the
 * entry by the path as sent, which for every ordinary client is that same spelling. What is stored is first
 * checked against the route's declared `response` schema, as Elysia checks the answers
 * it sends itself (it does not look inside a ready Response).
 */
export function cachedJson(ctx: AppContext, request: Request, load: () => Promise<unknown>): Response | Promise<Response> {
  const entry = cachedJsonEntry(ctx, canonicalPath(pathnameOf(request.url)), () => load().then(checkedBy(request)))
  return entry instanceof Promise ? entry.then((e) => cachedResponse(e, JSON_TYPE, NOSNIFF)) : cachedResponse(entry, JSON_TYPE, NOSNIFF)
}

export const JSON_TYPE = 'application/json; charset=utf-8'

/** Entries being made, per cache, by generation and key: concurrent misses share one load. */
const loading = new WeakMap<PageCache, Map<string, Promise<CachedPage>>>()

/**
 * The cache entry under `key`, made from `load()` on a miss (the fast path answers from it
 * directly). A hit on SQLite answers synchronously: no promise on the hot path. Readers
 * that miss while it is being made wait for that one load (after a write, a crowd of
 * visitors reads and serialises the list once, not once each). A write landing while
 * `load()` runs keeps its result out of the cache (the generation moved), and readers
 * arriving after the write start a load of their own.
 */
export function cachedJsonEntry(ctx: AppContext, key: string, load: () => Promise<unknown>): CachedPage | Promise<CachedPage> {
  const cache = ctx.pageCache
  const hitOrLoad = (): CachedPage | Promise<CachedPage> => {
    const hit = cache.get(key)
    if (hit) return hit
    const generation = cache.generation
    const inFlight = loading.get(cache) ?? new Map<string, Promise<CachedPage>>()
    loading.set(cache, inFlight)
    const id = `${generation}:${key}`
    const existing = inFlight.get(id)
    if (existing) return existing
    const made = load()
      .then((value) => cache.set(key, encoder.encode(JSON.stringify(value)), generation))
      .finally(() => inFlight.delete(id))
    inFlight.set(id, made)
    return made
  }
  const fresh = ctx.pageCache.freshen()
  return fresh ? fresh.then(hitOrLoad) : hitOrLoad()
}

/** The value unchanged once it matches the route's declared answer; a mismatch is our bug, a 500. */
function checkedBy(request: Request) {
  const schema = requestContract(request)?.hooks?.response
  return (value: unknown) => {
    if (isStandardSchema(schema)) {
      const result = schema['~standard'].validate(value)
      if (result instanceof Promise || result.issues) throw new Error(`La respuesta en caché de ${pathnameOf(request.url)} no cumple su esquema`)
    }
    return value
  }
}

type StandardSchema = { '~standard': { validate(value: unknown): { issues?: readonly unknown[] } | Promise<unknown> } }
const isStandardSchema = (value: unknown): value is StandardSchema => typeof value === 'object' && value !== null && '~standard' in value
