/**
 * Serves the admin single-page app shell for /login, /setup-admin, /admin and
 * /admin/*, and is the fallback for every other path: the same shell with HTTP
 * 404 so the SPA shows 'Page Not Found'. Unknown /api/... paths get a JSON 404;
 * unknown asset-like paths a plain 404. Mounted last by app.ts.
 */
import { Elysia } from 'elysia'
import { SPA_PATHS } from '../../shared/admin-routes'
import { entries } from '../assets.gen'
import type { AppContext } from '../context.server'
import { MESSAGES, jsonError } from '../http/errors.server'
import { isApiPath, pathnameOf } from '../http/request-path.server'
import { adminShellHtml } from './shell.server'

/** Routes the SPA knows, from the table the router and the sidebar use (anything else is its 404 page). */
const known = new Set(SPA_PATHS)

const normalise = (pathname: string) => (pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname)

const isAssetLike = (pathname: string) =>
  pathname.startsWith('/assets/') || pathname.startsWith('/uploads/') || pathname.startsWith('/images/')

export function adminSpaRoutes(_ctx?: AppContext) {
  const html = adminShellHtml({ css: entries.adminCss, js: entries.adminJs })
  const page = (status: number) =>
    new Response(html, {
      status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
      },
    })

  const serve = ({ request }: { request: Request }) => {
    const pathname = pathnameOf(request.url)
    if (isApiPath(pathname)) return jsonError(404, MESSAGES.notFoundApi)
    if (isAssetLike(pathname)) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
    return page(known.has(normalise(pathname)) ? 200 : 404)
  }

  return new Elysia({ name: 'admin-spa' })
    .get('/login', serve)
    .get('/setup-admin', serve)
    .get('/admin', serve)
    .get('/admin/*', serve)
    .get('/*', serve)
}
