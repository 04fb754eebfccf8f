import { Elysia, type ValidationError } from 'elysia'
import { z } from 'zod'
import { apiKeyAllowed, accessRule, isReadMethod, sameOrigin } from './http/access.server'
import { adminSpaRoutes } from './admin-spa/admin-spa.route'
import { assetRoutes } from './assets/assets.route'
import { LoginThrottle, createSessionSigner, presentedApiKey, setPrincipal, useApiKey, userFromSession } from './auth/auth.server'
import type { AppContext } from './context.server'
import { HttpError, MESSAGES, jsonError } from './http/errors.server'
import { landingRoutes } from './landing/landing.route'
import { apiKeyRoutes } from './api-keys/api-keys.route'
import { initializeDatabaseRoutes } from './initialize-database/initialize-database.route'
import { authRoutes } from './auth/auth.route'
import { coverageZoneRoutes } from './coverage-zones/coverage-zones.route'
import { ingredientRoutes } from './ingredients/ingredients.route'
import { orderRoutes } from './orders/orders.route'
import { productRoutes } from './products/products.route'
import { settingRoutes } from './settings/settings.route'
import { uploadRoutes } from './uploads/uploads.route'
import { MAX_UPLOAD_BODY_BYTES } from './uploads/uploads.server'

// Validation messages the shared schemas do not set themselves come out in Spanish.
z.config(z.locales.es())

/** JSON bodies are small; anything above this is refused (413) before it is read. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/')

/**
 * The path of an absolute request URL without building a URL object: this runs
 * on every request, before routing, and `new URL` was a measurable share of it.
 * Bun.serve resolves dot segments (also `%2e%2e`) before the app sees the URL, and
 * this is the same slice Elysia's router matches on.
 */
export function pathnameOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start === -1) return '/'
  const end = url.indexOf('?', start)
  const path = end === -1 ? url.slice(start) : url.slice(start, end)
  const hash = path.indexOf('#')
  return hash === -1 ? path : path.slice(0, hash)
}

export type AppOptions = { throttle?: LoginThrottle }

/**
 * The whole HTTP application. Order matters:
 *  1. onError: every failure becomes {message, issues?} with a 4xx for client mistakes (never the request body).
 *  2. onRequest (access): API key / session / same-origin / size / content type, before any body is read.
 *  3. onAfterHandle: a successful non-GET /api call clears the rendered-page cache.
 *  4. assets, API routes, the landing page, and last the admin SPA (which owns the 404 fallback).
 */
export function createApp(ctx: AppContext, options: AppOptions = {}) {
  const signer = createSessionSigner(ctx.config.sessionSecret)
  const throttle = options.throttle ?? new LoginThrottle()

  return new Elysia()
    .onError({ as: 'global' }, ({ code, error, request }) => {
      if (error instanceof HttpError) return jsonError(error.status, error.message, error.issues)
      switch (code) {
        case 'VALIDATION':
          return jsonError(400, MESSAGES.invalidData, validationIssues(error))
        case 'PARSE':
          return jsonError(400, MESSAGES.badJson)
        case 'NOT_FOUND':
          return jsonError(404, isApiPath(pathnameOf(request.url)) ? MESSAGES.notFoundApi : 'No encontrado')
        case 'INVALID_COOKIE_SIGNATURE':
        case 'INVALID_FILE_TYPE':
          return jsonError(400, MESSAGES.invalidData)
      }
      const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 500
      if (status >= 400 && status < 500) return jsonError(status, status === 413 ? MESSAGES.tooLarge : MESSAGES.invalidData)
      console.error(`[error] ${request.method} ${new URL(request.url).pathname}:`, error)
      return jsonError(500, MESSAGES.internal)
    })

    .onRequest(async ({ request, set }) => {
      const pathname = pathnameOf(request.url)
      if (!isApiPath(pathname)) return
      const method = request.method
      const rule = accessRule(method, pathname)

      const key = presentedApiKey(request)
      // Anything personal or state-changing is never stored by a cache. The anonymous
      // menu reads set their own validators (cached-json.server.ts); setting a header
      // here costs every one of them a header merge (~30% of throughput, scripts/bench.ts).
      if (rule !== 'public' || key !== null || !isReadMethod(method) || pathname.startsWith('/api/auth/')) {
        set.headers['cache-control'] = 'no-store'
      }
      if (key !== null) {
        if (!apiKeyAllowed(method, pathname)) return jsonError(403, MESSAGES.keyScope)
        const apiKey = useApiKey(ctx.db, key)
        if (!apiKey) return jsonError(401, MESSAGES.badKey)
        setPrincipal(request, { kind: 'apiKey', key: apiKey })
      } else {
        if (rule !== 'public') {
          const user = await userFromSession(ctx.db, signer, request)
          if (!user) return jsonError(401, MESSAGES.unauthenticated)
          setPrincipal(request, { kind: 'session', user })
        }
        if (!isReadMethod(method) && !sameOrigin(request)) return jsonError(403, MESSAGES.badOrigin)
      }

      if (isReadMethod(method)) return
      const isUpload = pathname.startsWith('/api/upload/')
      const length = Number(request.headers.get('content-length') ?? 0)
      if (length > (isUpload ? MAX_UPLOAD_BODY_BYTES : MAX_JSON_BODY_BYTES)) {
        return jsonError(413, isUpload ? 'La imagen supera el límite de 10 MB' : MESSAGES.tooLarge)
      }
      const hasBody =
        length > 0 ||
        request.headers.has('transfer-encoding') ||
        (!request.headers.has('content-length') && request.body !== null)
      const type = request.headers.get('content-type')?.toLowerCase() ?? ''
      if (!isUpload && hasBody && !/^application\/([\w.+-]+\+)?json\s*(;|$)/.test(type)) {
        return jsonError(400, MESSAGES.badContentType)
      }
      // Chunked JSON bodies have no length to check up front: Bun's maxRequestBodySize caps them (main.ts).
    })

    .onAfterHandle({ as: 'global' }, ({ request, set }) => {
      if (isReadMethod(request.method) || !isApiPath(pathnameOf(request.url))) return
      const status = typeof set.status === 'number' ? set.status : 200
      if (status < 400) ctx.pageCache.invalidate()
    })

    .use(assetRoutes())
    .use(authRoutes(ctx, { signer, throttle }))
    .use(productRoutes(ctx))
    .use(ingredientRoutes(ctx))
    .use(coverageZoneRoutes(ctx))
    .use(settingRoutes(ctx))
    .use(orderRoutes(ctx))
    .use(uploadRoutes(ctx))
    .use(apiKeyRoutes(ctx))
    .use(initializeDatabaseRoutes(ctx))
    // Unknown /api paths (any method) are a JSON 404, whatever the SPA fallback does.
    .all('/api/*', () => {
      throw new HttpError(404, MESSAGES.notFoundApi)
    })
    .get('/api/*', () => {
      throw new HttpError(404, MESSAGES.notFoundApi)
    })
    .use(landingRoutes(ctx))
    .use(adminSpaRoutes(ctx))
}

export type App = ReturnType<typeof createApp>

/** Elysia's validation error -> [{path, message}], without the values (which may hold passwords). */
function validationIssues(error: unknown): { path: string; message: string }[] {
  const all = (error as ValidationError).all
  if (!Array.isArray(all)) return []
  return all.map((issue: { path?: unknown; message?: unknown; summary?: unknown }) => ({
    path: typeof issue.path === 'string' && issue.path !== 'root' ? issue.path.replace(/^\//, '').replace(/\//g, '.') : '',
    message: String(issue.message ?? issue.summary ?? 'Valor inválido'),
  }))
}
