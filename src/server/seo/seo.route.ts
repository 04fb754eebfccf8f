/**
 * What crawlers and chat apps fetch besides the page (decision 037):
 *  - GET /og/tienda.jpg and /og/producto/<id>.jpg: the link previews, drawn in a worker and
 *    kept by version (og-renderer.server.ts). The page names them with `?v=<version>`; that
 *    exact version is cached for a year (immutable), anything else (an old link) gets the
 *    current image for 5 minutes. An id not on the menu is 404 before anything is drawn; a
 *    drawing (a preview not kept) counts against the client's address (RENDER_LIMIT), and
 *    past MAX_ADMITTED_DRAWINGS waiting it is 503: a crawler cycling through the menu cannot
 *    keep the worker busy for everyone else.
 *  - GET /robots.txt: admin, sign-in, API and tracking pages disallowed; the sitemap's URL.
 *  - GET /sitemap.xml: the store and each dish's link.
 * Absolute URLs follow the app's origin rule (public-origin.server.ts).
 */
import { Elysia } from 'elysia'
import type { CachedPage } from '../cache/page-cache.server'
import { cachedResponse } from '../cache/page-cache.server'
import { AttemptLimiter } from '../auth/throttle.server'
import type { AppContext } from '../context.server'
import { clientOf } from '../http/client.server'
import { HttpError } from '../http/errors.server'
import { notModified } from '../http/conditional.server'
import { NOSNIFF } from '../http/security-headers.server'
import { loadLandingData } from '../landing/landing-data.server'
import type { LandingData } from '../../shared/landing-data'
import { photoStoreOf } from '../uploads/photo-store.server'
import { BUSY, drawPreview, drawingOf, drawingsFull, keptPreview } from './og-renderer.server'
import { type PreviewSpec, productPreview, previewVersion, storePreview } from './preview-spec.server'
import { landingCacheKey, productLink, publicOrigin } from './public-origin.server'

const YEAR = 'public, max-age=31536000, immutable'
const FIVE_MINUTES = 'public, max-age=300'
const NOT_FOUND = new Response('No encontrado', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', ...NOSNIFF } })

/**
 * Previews one address may have drawn (ones not kept yet) in RENDER_WINDOW_MS, counted in the
 * database (every instance counts the same): a whole menu's worth, for a crawler reading the
 * sitemap; a kept preview costs nothing and counts nothing.
 */
export const RENDER_LIMIT = 60
export const RENDER_WINDOW_MS = 10 * 60 * 1000
const TOO_MANY_RENDERS = 'Demasiadas vistas previas pedidas desde esta conexión; intenta de nuevo en unos minutos'

/** What crawlers are kept out of: the admin and its sign-in, the API, the customers' tracking pages. */
export const DISALLOWED = ['/admin', '/login', '/setup-admin', '/api/', '/pedido/'] as const

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The store's page and each dish's link, sold out or not (the page shows them all). */
export function sitemapXml(origin: string, data: Pick<LandingData, 'products'>): string {
  const urls = [landingCacheKey(origin), ...(data.products ?? []).map((p) => productLink(origin, p.id))]
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>\n`).join('') +
    '</urlset>\n'
  )
}

export function seoRoutes(ctx: AppContext, now: () => number = Date.now) {
  const photos = photoStoreOf(ctx)
  const renders = new AttemptLimiter(ctx.db, 'og-render', RENDER_LIMIT, RENDER_WINDOW_MS, now)

  /** The menu as the page shows it, read once per cache generation (a public write empties it). */
  let menu: { generation: number; data: Promise<LandingData> } | undefined
  const readMenu = async (): Promise<LandingData> => {
    await ctx.pageCache.freshen()
    const generation = ctx.pageCache.generation
    if (menu?.generation !== generation) {
      const data = loadLandingData(ctx, new Date(now()))
      menu = { generation, data }
      data.catch(() => menu?.data === data && (menu = undefined))
    }
    return menu.data
  }

  async function preview(request: Request, spec: PreviewSpec): Promise<Response> {
    const version = previewVersion(spec)
    const asked = new URL(request.url).searchParams.get('v')
    const headers = { 'content-type': 'image/jpeg', 'cache-control': asked === version ? YEAR : FIVE_MINUTES, etag: `"og-${version}"`, ...NOSNIFF }
    const unchanged = notModified(request, headers)
    if (unchanged) return unchanged
    const bytes = keptPreview(version) ?? (await (drawingOf(version) ?? drawCounted(request, spec)))
    return new Response(bytes, { headers: { ...headers, 'content-length': String(bytes.byteLength) } })
  }

  /** A preview not kept: counted against the address, then drawn in the worker. */
  async function drawCounted(request: Request, spec: PreviewSpec): Promise<Uint8Array<ArrayBuffer>> {
    // Refused before it is counted: a busy server's 503 costs the client none of its limit.
    if (drawingsFull()) throw new HttpError(503, BUSY, undefined, { 'retry-after': '5' })
    const wait = await renders.takeAtOnce(clientOf(request, ctx.config.trustProxy).address)
    if (wait > 0) throw new HttpError(429, TOO_MANY_RENDERS, undefined, { 'retry-after': String(wait) })
    return drawPreview(spec, photos)
  }

  /** Small text answers kept per origin until the next write: robots.txt and the sitemap. */
  const kept = async (request: Request, path: string, type: string, make: (origin: string) => Promise<string> | string) => {
    await ctx.pageCache.freshen()
    const origin = publicOrigin(request, ctx.config)
    const key = `${origin}${path}`
    const generation = ctx.pageCache.generation
    const entry: CachedPage = ctx.pageCache.get(key) ?? ctx.pageCache.set(key, new TextEncoder().encode(await make(origin)), generation)
    return cachedResponse(entry, type, NOSNIFF)
  }

  return new Elysia({ name: 'seo' })
    .get('/robots.txt', ({ request }) => kept(request, '/robots.txt', 'text/plain; charset=utf-8', robotsTxt))
    .get('/sitemap.xml', ({ request }) => kept(request, '/sitemap.xml', 'application/xml; charset=utf-8', async (origin) => sitemapXml(origin, await readMenu())))
    .get('/og/tienda.jpg', async ({ request }) => {
      const data = await readMenu()
      return preview(request, storePreview(data.profile, data.products ?? []))
    })
    .get('/og/producto/:file', async ({ request, params }) => {
      const id = /^([1-9]\d{0,9})\.jpg$/.exec(params.file)?.[1]
      const data = await readMenu()
      const product = id === undefined ? undefined : (data.products ?? []).find((p) => p.id === Number(id))
      return product ? preview(request, productPreview(data.profile.name, product)) : NOT_FOUND.clone()
    })
}
