import { Elysia } from 'elysia'
import { type CachedPage, cachedResponse } from '../cache/page-cache.server'
import { NOSNIFF, PAGE_HEADERS } from '../http/security-headers.server'
import { openApiDocument } from './openapi-document.server'
import { renderReferencePage } from './reference-page.server'

const encoder = new TextEncoder()

const entryOf = (text: string): CachedPage => {
  const body = encoder.encode(text)
  return { body, etag: `"${Bun.hash(body).toString(36)}"` }
}

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document) and GET /api/docs (the same as a
 * readable page): public, built on the first request and kept for the life of the
 * process (they depend on the code, not on data). Sent like the other cached answers
 * (cache/page-cache.server.ts): ETag and 304, brotli/gzip made once.
 */
export const openapiRoutes = () => {
  let documentEntry: CachedPage | undefined
  let pageEntry: CachedPage | undefined
  return new Elysia({ name: 'openapi' })
    .get('/api/openapi.json', () =>
      cachedResponse((documentEntry ??= entryOf(JSON.stringify(openApiDocument()))), 'application/json; charset=utf-8', NOSNIFF),
    )
    .get('/api/docs', () => cachedResponse((pageEntry ??= entryOf(renderReferencePage(openApiDocument()))), 'text/html; charset=utf-8', PAGE_HEADERS))
}
