/**
 * GET / : the server-rendered landing page. Rendering runs at ~0.4x the speed of
 * sending bytes (measured with Bun 1.4.5), so the page is rendered once, kept in
 * ctx.pageCache (emptied by app.ts after every successful API write) and served
 * with an etag; the fetch handler's finish step answers 304 to a browser that has
 * it and sends the brotli/gzip copy (made once per render) to one that accepts it.
 *
 * React's server renderer and the page components are imported on the first
 * render, not at start-up: the binary answers its first request sooner and a
 * process that only serves the API never loads them (decision 012).
 */
import { Elysia } from 'elysia'
import { statusValidUntil } from '../../shared/status-changes'
import { assetFiles, entries } from '../assets.gen'
import type { AppContext } from '../context.server'
import { cachedResponse } from '../cache/page-cache.server'
import { PAGE_HEADERS } from '../http/security-headers.server'
import { loadLandingData } from './landing-data.server'
import type { RenderAssets } from './render.server'

const CACHE_KEY = '/'
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
 * The page also says whether orders are taken (open, closing soon, closed, paused), which
 * changes with the clock, not only with writes: a rendered page is served until the
 * status may read differently (shared/status-changes.ts), then rendered again.
 * `now` is the app's clock (AppOptions.now), injectable for tests.
 */
export function landingRoutes(ctx: AppContext, now: () => number = Date.now) {
  async function renderPage() {
    // A write landing while we render must not leave a stale page cached: the cache keeps it only if not invalidated meanwhile.
    const generation = ctx.pageCache.generation
    const { renderLandingPage } = await import('./render.server')
    const at = now()
    const data = await loadLandingData(ctx, new Date(at))
    const body = await renderLandingPage(data, await landingAssets())
    // No schedule saved: always open, only a write (which empties the cache) changes the page.
    const expiresAt = data.hours === null ? undefined : statusValidUntil(data.status, at)
    return ctx.pageCache.set(CACHE_KEY, body, generation, expiresAt)
  }

  const answer = () => {
    const cached = ctx.pageCache.get(CACHE_KEY, now())
    return cached
      ? cachedResponse(cached, HTML, PAGE_HEADERS)
      : renderPage().then((page) => cachedResponse(page, HTML, PAGE_HEADERS))
  }
  // A cache hit answers synchronously on SQLite: no promise on the hot path.
  return new Elysia({ name: 'landing' }).get('/', () => {
    const fresh = ctx.pageCache.freshen()
    return fresh ? fresh.then(answer) : answer()
  })
}
