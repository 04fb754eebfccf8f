/**
 * Revalidation, one helper for every cacheable answer: the landing page and the public
 * menu JSON (cache/page-cache.server.ts), client assets and public images
 * (assets/assets.route.ts) and uploaded images (uploads/uploads.route.ts).
 *
 *   const headers = { 'content-type': ..., 'cache-control': ..., etag }
 *   return notModified(request, headers) ?? new Response(body, { headers })
 *
 * A GET or HEAD whose If-None-Match names the answer's ETag gets 304 with no body and
 * the headers a cache needs to refresh its copy (ETag, Vary, Cache-Control...).
 */

/** Weak comparison (RFC 9110 §8.8.3.2, as If-None-Match requires): `W/` is ignored, `*` matches anything. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false
  if (ifNoneMatch === etag) return true
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim()
    if (tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === opaque) return true
  }
  return false
}

/** Headers a 304 repeats from the 200 it stands for (RFC 9110 §15.4.5), plus nosniff. */
const KEPT = ['etag', 'cache-control', 'vary', 'content-location', 'expires', 'x-content-type-options'] as const

type HeaderSource = Headers | Record<string, string>

const read = (headers: HeaderSource, name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]) ?? null

/**
 * 304 Not Modified when `request` is a GET/HEAD whose If-None-Match matches the ETag in
 * `headers` (the headers the 200 would carry, lower-case names when a plain object),
 * else null. Costs one header lookup when the request has no validator.
 */
export function notModified(request: Request, headers: HeaderSource): Response | null {
  const ifNoneMatch = request.headers.get('if-none-match')
  if (ifNoneMatch === null) return null
  const etag = read(headers, 'etag')
  if (etag === null || !etagMatches(ifNoneMatch, etag)) return null
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  const kept: Record<string, string> = {}
  for (const name of KEPT) {
    const value = read(headers, name)
    if (value !== null) kept[name] = value
  }
  return new Response(null, { status: 304, headers: kept })
}

/**
 * A validator for a file whose bytes are not read to answer (uploaded images):
 * size and modification time, weak because it does not hash the content.
 */
export function fileEtag(file: { size: number; lastModified: number }): string {
  return `W/"${file.size.toString(36)}-${Math.trunc(file.lastModified).toString(36)}"`
}
