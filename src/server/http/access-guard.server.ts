/**
 * The access guard: runs on every /api request before routing, body parsing or
 * validation, and applies the table of access.server.ts.
 *
 *  - an API key (point-of-sale) is checked against its narrow scope and recorded;
 *  - otherwise a route that is not public needs a live server-side session (401);
 *  - a cookie write must come from this site (403), see `sameOrigin`;
 *  - a declared body over the limit is refused (413) before a byte is read.
 * Who asked is recorded for the routes (principal.server.ts).
 */
import { Elysia } from 'elysia'
import { presentedApiKey } from '../api-keys/api-key-auth.server'
import { useApiKey } from '../api-keys/api-keys.repo.server'
import { type SessionService, sessionToken } from '../auth/sessions.server'
import type { AppContext } from '../context.server'
import { MAX_UPLOAD_BODY_BYTES, TOO_LARGE as UPLOAD_TOO_LARGE } from '../uploads/uploads.server'
import { accessRule, apiKeyAllowed, isReadMethod, sameOrigin } from './access.server'
import { clientOf } from './client.server'
import { MESSAGES, jsonError } from './errors.server'
import { MAX_JSON_BODY_BYTES } from './json-body.server'
import { setPrincipal } from './principal.server'
import { isApiPath, isUploadPath, pathnameOf } from './request-path.server'

export const accessGuard = (ctx: AppContext, sessions: SessionService) =>
  new Elysia({ name: 'access-guard' }).onRequest(async ({ request, set }) => {
    const pathname = pathnameOf(request.url)
    if (!isApiPath(pathname)) return
    const method = request.method
    const rule = accessRule(method, pathname)

    const key = presentedApiKey(request)
    // Anything personal or state-changing is never stored by a cache. The anonymous
    // menu reads set their own validators (cache/); setting a header here costs every
    // one of them a header merge (~30% of throughput, scripts/bench.ts). A route's own
    // Cache-Control wins over this one: a read of the cached public lists with an API key
    // keeps their `no-cache` (public content, and every use still reaches the server,
    // which records it).
    if (rule !== 'public' || key !== null || !isReadMethod(method) || pathname.startsWith('/api/auth/')) {
      set.headers['cache-control'] = 'no-store'
    }
    if (key !== null) {
      if (!apiKeyAllowed(method, pathname)) return jsonError(403, MESSAGES.keyScope)
      const apiKey = await useApiKey(ctx.db, key)
      if (!apiKey) return jsonError(401, MESSAGES.badKey)
      setPrincipal(request, { kind: 'apiKey', key: apiKey })
    } else {
      if (rule !== 'public') {
        const resolved = await sessions.resolve(sessionToken(request))
        if (!resolved) return jsonError(401, MESSAGES.unauthenticated)
        setPrincipal(request, { kind: 'session', ...resolved })
      }
      if (!isReadMethod(method) && !sameOrigin(request, clientOf(request, ctx.config.trustProxy).origin)) {
        return jsonError(403, MESSAGES.badOrigin)
      }
    }

    if (isReadMethod(method)) return
    const isUpload = isUploadPath(pathname)
    const length = Number(request.headers.get('content-length') ?? 0)
    if (length > (isUpload ? MAX_UPLOAD_BODY_BYTES : MAX_JSON_BODY_BYTES)) {
      return jsonError(413, isUpload ? UPLOAD_TOO_LARGE : MESSAGES.tooLarge)
    }
    // Chunked bodies have no length to check up front: the readers cap them while streaming.
  })
