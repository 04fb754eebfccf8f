/**
 * Serves the admin single-page app shell for /login, /setup-admin, /admin and
 * /admin/*, and is the fallback for every other path: the same shell with HTTP
 * 404 so the SPA shows 'Page Not Found'. Unknown /api/... paths get a JSON 404;
 * unknown asset-like paths a plain 404. Mounted last by app.ts.
 *
 * Each path's shell names the chunks its screen loads (listed by the client build from
 * its metafile, decision 020): the entry's own imports, and the screen's chunk with its
 * imports (for an /admin page, the layout's too, and the session user the layout's guard
 * asks for). The shells are made once, at start-up.
 */
import { Elysia } from 'elysia'
import { ADMIN_PAGES, type AdminPageId, PUBLIC_SPA_PAGES } from '../../shared/admin-routes'
import { entries } from '../assets.gen'
import type { AppContext } from '../context.server'
import { MESSAGES, jsonError } from '../http/errors.server'
import { isApiPath, pathnameOf } from '../http/request-path.server'
import { adminAppRoutes } from './admin-app.route'
import { adminShellHtml } from './shell.server'

type Screen = keyof typeof entries.adminScreens

const SESSION_USER = '/api/auth/user'

/** Every path the SPA shows a page for (the table the router and the sidebar use), and the screens that page loads. */
const SCREENS_BY_PATH = new Map<string, readonly Screen[]>([
  ...PUBLIC_SPA_PAGES.map((page) => [page.path, [page.id]] as const),
  ...ADMIN_PAGES.map((page) => [page.path, ['layout', page.id]] as const),
])

const normalise = (pathname: string) => (pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname)

const isAssetLike = (pathname: string) =>
  pathname.startsWith('/assets/') || pathname.startsWith('/uploads/') || pathname.startsWith('/images/')

/** The chunks to announce for these screens, the entry's static imports first, each once. */
export function preloadFor(screens: readonly Screen[]): string[] {
  return [...new Set([...entries.adminPreload, ...screens.flatMap((screen) => entries.adminScreens[screen])])]
}

export function adminSpaRoutes(ctx?: AppContext) {
  const shell = (screens: readonly Screen[]) => {
    // The sign-in screen and the /admin pages are in the HTML itself (rendered by the client
    // build) and paint from it alone; their script starts after that first paint (the boot
    // file), like the landing page's. Anything else shows 'Cargando...' while its chunks load.
    const page = screens.find((screen): screen is AdminPageId => screen in entries.adminPages)
    const prerendered = screens.includes('login') ? entries.adminLogin : page ? entries.adminPages[page] : undefined
    return adminShellHtml({
      css: entries.adminCss,
      js: prerendered ? entries.adminBoot : entries.adminJs,
      afterPaint: prerendered !== undefined,
      preload: preloadFor(screens),
      // Every /admin screen first asks who is signed in (RequireAuth, web/admin/lib/auth.ts).
      fetches: screens.includes('layout') ? [SESSION_USER] : [],
      loading: prerendered ?? entries.adminLoading,
    })
  }
  const pages = new Map([...SCREENS_BY_PATH].map(([path, screens]) => [path, shell(screens)]))
  // An unknown /admin/... path shows the 404 page inside the layout (for a signed-in user); any other, the bare 404 page.
  const notFoundInLayout = shell(['layout', 'not-found'])
  const notFound = shell(['not-found'])

  const page = (html: string, status: number) =>
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
    const known = pages.get(normalise(pathname))
    if (known) return page(known, 200)
    return page(pathname.startsWith('/admin/') ? notFoundInLayout : notFound, 404)
  }

  return new Elysia({ name: 'admin-spa' })
    // The manifest and the service worker, before the /admin/* fallback (issue #43).
    .use(adminAppRoutes(ctx))
    .get('/login', serve)
    .get('/setup-admin', serve)
    .get('/admin', serve)
    .get('/admin/*', serve)
    .get('/*', serve)
}
