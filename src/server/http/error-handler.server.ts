/**
 * Every failure becomes the API's error shape `{message, issues?}` with a Spanish
 * text: 4xx for a client's mistake, 500 only for our own. Never a stack trace,
 * never the received body.
 */
import { Elysia, type ValidationError } from 'elysia'
import { isDatabaseUnavailable } from '../db/unavailable.server'
import { HttpError, MESSAGES, jsonError } from './errors.server'
import { isApiPath, pathnameOf } from './request-path.server'

export const errorHandler = () =>
  new Elysia({ name: 'error-handler' }).onError({ as: 'global' }, ({ code, error, request }) => {
    // Elysia wraps whatever the body reader throws in a ParseError: answer with the reader's own error.
    const known = error instanceof HttpError ? error : error instanceof Error && error.cause instanceof HttpError ? error.cause : null
    if (known) return jsonError(known.status, known.message, known.issues, known.headers)
    switch (code) {
      case 'VALIDATION':
        // An answer that does not match its declared schema is our mistake, never the client's.
        if (error.type === 'response') return internalError(request, error)
        return jsonError(400, MESSAGES.invalidData, validationIssues(error))
      case 'PARSE':
        return jsonError(400, MESSAGES.badJson)
      case 'NOT_FOUND':
        return jsonError(404, isApiPath(pathnameOf(request.url)) ? MESSAGES.notFoundApi : 'No encontrado')
      case 'INVALID_COOKIE_SIGNATURE':
      case 'INVALID_FILE_TYPE':
        return jsonError(400, MESSAGES.invalidData)
    }
    // The database is down or restarting: nothing was written; the client may retry (decision 019).
    if (isDatabaseUnavailable(error)) return jsonError(503, MESSAGES.unavailable, undefined, { 'retry-after': '5' })
    const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 500
    if (status >= 400 && status < 500) return jsonError(status, status === 413 ? MESSAGES.tooLarge : MESSAGES.invalidData)
    return internalError(request, error)
  })

/** Our own failure: logged for the owner, a fixed Spanish 500 for the client. */
function internalError(request: Request, error: unknown) {
  console.error(`[error] ${request.method} ${pathnameOf(request.url)}:`, error)
  return jsonError(500, MESSAGES.internal)
}

/** Elysia's validation error -> [{path, message}], without the values. */
function validationIssues(error: unknown): { path: string; message: string }[] {
  const all = (error as ValidationError).all
  if (!Array.isArray(all)) return []
  return all.slice(0, 20).map((issue: { path?: unknown; message?: unknown; summary?: unknown }) => ({
    path: typeof issue.path === 'string' && issue.path !== 'root' ? issue.path.replace(/^\//, '').replace(/\//g, '.') : '',
    message: String(issue.message ?? issue.summary ?? 'Valor inválido'),
  }))
}
