import { Elysia } from 'elysia'
import { type CachedPage, cachedResponse } from '../cache/page-cache.server'
import { type RouteContract, routeContract } from '../http/route-contract.server'
import { NOSNIFF } from '../http/security-headers.server'
import { referenceRoutes } from './reference-page.server'

const encoder = new TextEncoder()

const entryOf = (text: string): CachedPage => {
  const body = encoder.encode(text)
  return { body, etag: `"${Bun.hash(body).toString(36)}"` }
}

/**
 * GET /api/openapi.json, the OpenAPI 3.1 document generated from the app's routes
 * (`contracts`, read when first asked: every route is registered by then), and
 * GET /api/docs, the page that draws it (reference-page.server.ts). Public, made on the
 * first request and kept for the life of the process (they depend on the code, not on
 * data); the generator is loaded then too, so it costs the server's start nothing. Sent
 * like the other cached answers (cache/page-cache.server.ts): ETag and 304, brotli/gzip
 * made once.
 */
export const openapiRoutes = (contracts: () => readonly RouteContract[]) => {
  let documentEntry: Promise<CachedPage> | undefined
  const documentText = async () => JSON.stringify((await import('./openapi-document.server')).buildOpenApiDocument(contracts()))
  return new Elysia({ name: 'openapi' })
    .use(routeContract)
    .get(
      '/api/openapi.json',
      async () => {
        documentEntry ??= documentText()
          .then(entryOf)
          .catch((error: unknown) => {
            documentEntry = undefined // a failure is not kept: the next request tries again
            throw error
          })
        return cachedResponse(await documentEntry, 'application/json; charset=utf-8', NOSNIFF)
      },
      { access: 'public', detail: { tags: ['Documentación'], summary: 'Este documento (OpenAPI 3.1)' } },
    )
    .use(referenceRoutes())
}
