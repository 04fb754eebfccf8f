import { Elysia } from 'elysia'
import { type CachedPage, cachedResponse } from '../cache/page-cache.server'
import type { RouteContract } from '../http/route-contract.server'
import { routeContract } from '../http/route-contract.server'
import { NOSNIFF, PAGE_HEADERS } from '../http/security-headers.server'

const encoder = new TextEncoder()

const entryOf = (text: string): CachedPage => {
  const body = encoder.encode(text)
  return { body, etag: `"${Bun.hash(body).toString(36)}"` }
}

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document) and GET /api/docs (the same as a
 * readable page): public, made on the first request and kept for the life of the
 * process (they depend on the code, not on data). The modules that make them are
 * loaded then too, so they cost the server's start nothing. Sent like the other cached
 * answers (cache/page-cache.server.ts): ETag and 304, brotli/gzip made once.
 */
export const openapiRoutes = (contracts: () => readonly RouteContract[]) => {
  let documentEntry: Promise<CachedPage> | undefined
  let pageEntry: Promise<CachedPage> | undefined
  const openApiDocument = async () => (await import('./openapi-document.server')).buildOpenApiDocument(contracts())
  const documentText = async () => JSON.stringify(await openApiDocument())
  const pageText = async () => (await import('./reference-page.server')).renderReferencePage(await openApiDocument())
  const detail = { tags: ['Documentación'] }
  return new Elysia({ name: 'openapi' })
    .use(routeContract)
    .get('/api/openapi.json', async () => {
      documentEntry ??= documentText()
        .then(entryOf)
        .catch((error: unknown) => {
          documentEntry = undefined // a failure is not kept: the next request tries again
          throw error
        })
      return cachedResponse(await documentEntry, 'application/json; charset=utf-8', NOSNIFF)
    }, { access: 'public', detail: { ...detail, summary: 'Este documento (OpenAPI 3.1)' } })
    .get('/api/docs', async () => {
      pageEntry ??= pageText()
        .then(entryOf)
        .catch((error: unknown) => {
          pageEntry = undefined
          throw error
        })
      return cachedResponse(await pageEntry, 'text/html; charset=utf-8', PAGE_HEADERS)
    }, { access: 'public', detail: { ...detail, summary: 'Este documento, para leer (HTML)' } })
}
