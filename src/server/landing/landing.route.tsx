/**
 * GET / : the server-rendered landing page. Rendering runs at ~0.4x the speed of
 * sending bytes (measured with Bun 1.4.5), so the page is rendered once and kept; the
 * fetch handler's finish step answers 304 to a browser that has it and sends the
 * brotli/gzip copy (made once per entry) to one that accepts it.
 *
 * What the head says (title, Open Graph and Twitter tags, JSON-LD, decision 037) holds
 * absolute URLs and, for `/?producto=<id>`, the dish's own words and preview image. So
 * React renders the page once per change (the template, with HEAD_MARK in the head), and
 * each origin's store page and each dish's page is that template with its head written
 * in (seo/head.server.ts): a string join, kept in ctx.pageCache under the origin
 * (landingCacheKey), where the fast path finds the store's (cache/public-reads.server.ts).
 * A forged Host gets a copy of its own and never touches anyone else's.
 *
 * React's server renderer and the page components are imported on the first
 * render, not at start-up: the binary answers its first request sooner and a
 * process that only serves the API never loads them (decision 012).
 */
import { Elysia } from 'elysia'
import type { LandingData } from '../../shared/landing-data'
import { STATUS_MAX_AGE_MS, statusValidUntil } from '../../shared/status-changes'
import { minutesUntilWindowsChange } from '../../shared/service-windows'
import { assetFiles, entries } from '../assets.gen'
import type { AppContext } from '../context.server'
import { cachedResponse } from '../cache/page-cache.server'
import { PAGE_HEADERS } from '../http/security-headers.server'
import { headHtml } from '../seo/head.server'
import { landingCacheKey, productParam, publicOrigin, tableCacheKey, tableParam } from '../seo/public-origin.server'
import { tableByToken } from '../dining-tables/dining-tables.repo.server'
import { HEAD_MARK, pageDescriptionOf, pageTitleOf } from './document.server'
import { loadLandingData } from './landing-data.server'
import type { RenderAssets } from './render.server'

const HTML = 'text/html; charset=utf-8'

/**
 * CSS (inlined into the page: nothing blocks the first paint but the HTML), the
 * boot script (imports the store bundle after the first paint, see
 * scripts/build-client.ts) and the chunks the entry imports statically (listed at
 * build time; preloaded so they download in parallel). Read on the first render.
 */
let assets: Promise<RenderAssets> | undefined
const landingAssets = (): Promise<RenderAssets> =>
  (assets ??= (async () => {
    const cssFile = assetFiles[entries.storeCss]
    const inlineCss = cssFile ? (await Bun.file(cssFile).text()).replace(/<\/style/gi, '<\\/style') : undefined
    return { js: entries.storeBoot, css: entries.storeCss, inlineCss, preload: [...entries.storePreload] }
  })())

/**
 * A dish with hours is hidden or marked in the HTML as of the render's minute (orderAt), so the
 * page is kept only until one of them turns on or off (looked for within the status' own
 * maximum age, after which the page is made again anyway).
 */
function windowsValidUntil(data: LandingData, at: number): number | undefined {
  if (data.orderAt === undefined || !data.products) return undefined
  const horizon = STATUS_MAX_AGE_MS / 60_000
  const ahead = minutesUntilWindowsChange(data.products.map((p) => p.windows ?? []), data.orderAt, horizon)
  const minuteStart = at - (at % 60_000)
  return minuteStart + (ahead ?? horizon) * 60_000
}

const earliest = (a: number | undefined, b: number | undefined): number | undefined => (a === undefined ? b : b === undefined ? a : Math.min(a, b))

/** One render of the page: the HTML around HEAD_MARK, the data it shows, how long it holds, the origins kept from it. */
type Template = { generation: number; expiresAt?: number; before: string; after: string; data: LandingData; renderedAt: Date; origins: Set<string>; tables: Set<string> }

/**
 * Origins whose pages are kept per render. A real shop has one to three (its domain, www, an
 * address used on the premises); each kept page is compressed once at the best level (~100 ms
 * of brotli), which a stream of invented Host headers must not be able to ask for again and
 * again. Past this, a page is joined and sent as it is (compressed per request, fast level).
 */
export const MAX_KEPT_ORIGINS = 8

/**
 * Tables' pages kept per render (issue #45): each is a React render of its own (its name is in the
 * header), made only for a token a table holds now. A dining room has tens of tables; past this,
 * a table's page is rendered and sent without being kept. An unknown token is never rendered nor
 * kept: it gets the plain store page, and the page (web/store/table-visit.ts) says the table is gone.
 */
export const MAX_KEPT_TABLES = 64

const encoder = new TextEncoder()

/**
 * The page also says whether orders are taken (open, closing soon, closed, paused), which
 * changes with the clock, not only with writes: a rendered page is served until the
 * status may read differently (shared/status-changes.ts), then rendered again.
 * `now` is the app's clock (AppOptions.now), injectable for tests.
 */
export function landingRoutes(ctx: AppContext, now: () => number = Date.now) {
  let template: Template | undefined
  let rendering: Promise<Template> | undefined

  /** The page's HTML for `data`, split at HEAD_MARK (where each origin's head goes). */
  async function renderHalves(data: LandingData): Promise<{ before: string; after: string }> {
    const { renderLandingPage } = await import('./render.server')
    const html = new TextDecoder().decode(await renderLandingPage(data, await landingAssets()))
    const mark = html.indexOf(HEAD_MARK)
    if (mark < 0) throw new Error('landing page rendered without its head mark')
    return { before: html.slice(0, mark), after: html.slice(mark + HEAD_MARK.length) }
  }

  async function render(): Promise<Template> {
    // A write landing while we render must not leave a stale page kept: it is kept only if not invalidated meanwhile.
    const generation = ctx.pageCache.generation
    const at = now()
    const data = await loadLandingData(ctx, new Date(at))
    const { before, after } = await renderHalves(data)
    // No schedule saved: always open, only a write (which empties the cache) changes the page.
    const expiresAt = earliest(data.hours === null ? undefined : statusValidUntil(data.status, at), windowsValidUntil(data, at))
    const made: Template = { generation, before, after, data, renderedAt: new Date(at), origins: new Set(), tables: new Set() }
    if (expiresAt !== undefined) made.expiresAt = expiresAt
    if (generation === ctx.pageCache.generation) template = made
    return made
  }

  /** The current render, or one made now (requests that miss together share it, within one cache generation). */
  function current(at: number): Template | Promise<Template> {
    const generation = ctx.pageCache.generation
    const fresh = (t: Template | undefined) => t && t.generation === generation && (t.expiresAt === undefined || at < t.expiresAt)
    if (template && fresh(template)) return template
    if (!rendering) {
      const made = render()
      rendering = made
      made.then(
        () => rendering === made && (rendering = undefined),
        () => rendering === made && (rendering = undefined),
      )
    }
    return rendering.then((t) => (t.generation === ctx.pageCache.generation ? t : render()))
  }

  /** The page for `origin` (and a dish, when the link names one on the menu), made from the render and kept. */
  function pageFor(made: Template, origin: string, productId: number | null): Response {
    const product = productId === null ? undefined : made.data.products?.find((p) => p.id === productId)
    const key = landingCacheKey(origin, product?.id ?? null)
    const kept = ctx.pageCache.get(key, now())
    if (kept) return cachedResponse(kept, HTML, PAGE_HEADERS)
    const { profile } = made.data
    const head = headHtml({ data: made.data, origin, product, name: profile.name, title: pageTitleOf(profile), description: pageDescriptionOf(profile), renderedAt: made.renderedAt })
    const body = encoder.encode(made.before + head + made.after)
    if (!made.origins.has(origin) && made.origins.size >= MAX_KEPT_ORIGINS) {
      return new Response(body, { headers: { ...PAGE_HEADERS, 'content-type': HTML, 'cache-control': 'no-cache' } })
    }
    made.origins.add(origin)
    return cachedResponse(ctx.pageCache.set(key, body, made.generation, made.expiresAt), HTML, PAGE_HEADERS)
  }

  /**
   * A table's storefront (`/?mesa=<token>`, issue #45): the render with the table's name, kept under
   * the token while the table takes orders (a table write empties the cache: `changes: 'public'`).
   * A token no table holds gets the store's own page, never kept under it.
   */
  async function tablePage(made: Template, origin: string, token: string): Promise<Response> {
    const table = await tableByToken(ctx.db, token)
    if (!table) return pageFor(made, origin, null)
    const key = tableCacheKey(origin, token)
    const { before, after } = await renderHalves({ ...made.data, table: { token: table.token, name: table.name } })
    const { profile } = made.data
    const head = headHtml({ data: made.data, origin, product: undefined, name: profile.name, title: pageTitleOf(profile), description: pageDescriptionOf(profile), renderedAt: made.renderedAt })
    const body = encoder.encode(before + head + after)
    if (made.generation !== ctx.pageCache.generation || (!made.tables.has(key) && made.tables.size >= MAX_KEPT_TABLES)) {
      return new Response(body, { headers: { ...PAGE_HEADERS, 'content-type': HTML, 'cache-control': 'no-cache' } })
    }
    made.tables.add(key)
    return cachedResponse(ctx.pageCache.set(key, body, made.generation, made.expiresAt), HTML, PAGE_HEADERS)
  }

  const answer = (request: Request) => {
    const origin = publicOrigin(request, ctx.config)
    const token = tableParam(request.url)
    if (token) {
      const kept = ctx.pageCache.get(tableCacheKey(origin, token), now())
      if (kept) return cachedResponse(kept, HTML, PAGE_HEADERS)
      const made = current(now())
      return made instanceof Promise ? made.then((t) => tablePage(t, origin, token)) : tablePage(made, origin, token)
    }
    const productId = productParam(request.url)
    const cached = ctx.pageCache.get(landingCacheKey(origin, productId), now())
    if (cached) return cachedResponse(cached, HTML, PAGE_HEADERS)
    const made = current(now())
    return made instanceof Promise ? made.then((t) => pageFor(t, origin, productId)) : pageFor(made, origin, productId)
  }
  // A cache hit answers synchronously on SQLite: no promise on the hot path.
  return new Elysia({ name: 'landing' }).get('/', ({ request }) => {
    const fresh = ctx.pageCache.freshen()
    return fresh ? fresh.then(() => answer(request)) : answer(request)
  })
}
