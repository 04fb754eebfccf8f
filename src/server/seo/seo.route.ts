/**
 * What crawlers and chat apps fetch besides the page (decision 037):
 *  - GET /og/tienda.jpg and /og/producto/<id>.jpg: the link previews (og-image.server.ts).
 *    The page names them with `?v=<version>`; that exact version is cached for a year
 *    (immutable), anything else (an old link) gets the current image for 5 minutes.
 *  - GET /robots.txt: admin, sign-in, API and tracking pages disallowed; the sitemap's URL.
 *  - GET /sitemap.xml: the store and each dish's link.
 * Absolute URLs follow the app's origin rule (public-origin.server.ts).
 */
import { Elysia } from 'elysia'
import { RESTAURANT_NAME } from '../../web/store/restaurant'
import type { CachedPage } from '../cache/page-cache.server'
import { cachedResponse } from '../cache/page-cache.server'
import type { AppContext } from '../context.server'
import { notModified } from '../http/conditional.server'
import { NOSNIFF } from '../http/security-headers.server'
import { loadLandingData } from '../landing/landing-data.server'
import type { LandingData } from '../../shared/landing-data'
import { photoStoreOf } from '../uploads/photo-store.server'
import { previewImage } from './og-image.server'
import { type PreviewSpec, productPreview, previewVersion, storePreview } from './preview-spec.server'
import { landingCacheKey, productLink, publicOrigin } from './public-origin.server'

const YEAR = 'public, max-age=31536000, immutable'
const FIVE_MINUTES = 'public, max-age=300'
const NOT_FOUND = new Response('No encontrado', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', ...NOSNIFF } })

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
    const bytes = await previewImage(spec, photos)
    return new Response(bytes, { headers: { ...headers, 'content-length': String(bytes.byteLength) } })
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
    .get('/og/tienda.jpg', async ({ request }) => preview(request, storePreview(RESTAURANT_NAME, (await readMenu()).products ?? [])))
    .get('/og/producto/:file', async ({ request, params }) => {
      const id = /^([1-9]\d{0,9})\.jpg$/.exec(params.file)?.[1]
      const products = (await readMenu()).products ?? []
      const product = id === undefined ? undefined : products.find((p) => p.id === Number(id))
      return product ? preview(request, productPreview(RESTAURANT_NAME, product, products)) : NOT_FOUND.clone()
    })
}
