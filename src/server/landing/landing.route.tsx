/**
 * GET / : the server-rendered landing page. Rendering runs at ~0.4x the speed of
 * sending bytes (STACK-NOTES), so the page is rendered once, kept in
 * ctx.pageCache (emptied by app.ts after every successful API write) and served
 * with an etag; a browser that has it gets 304.
 */
import { Elysia } from 'elysia'
import { assetFiles, entries } from '../assets.gen'
import type { AppContext } from '../context.server'
import { type CachedPage, cachedResponse } from '../cache/page-cache.server'
import { loadLandingData } from './landing-data.server'
import { renderLandingPage, type RenderAssets } from './render'

const CACHE_KEY = '/'

let assets: Promise<RenderAssets> | null = null

/** CSS, entry script and the chunks the entry imports statically (preloaded so they download in parallel). */
function landingAssets(files: Record<string, string> = assetFiles): Promise<RenderAssets> {
  assets ??= (async () => {
    const file = files[entries.storeJs]
    const code = file ? await Bun.file(file).text() : ''
    const chunks = [...code.matchAll(/(?:from|import)\s*"\.\/(store-chunk-[\w-]+\.js)"/g)].map((m) => `/assets/${m[1]}`)
    return { js: entries.storeJs, css: entries.storeCss, preload: [...new Set(chunks)] }
  })()
  return assets
}

async function renderPage(ctx: AppContext) {
  // A write landing while we render must not leave a stale page cached: the cache keeps it only if not invalidated meanwhile.
  const generation = ctx.pageCache.generation
  const body = await renderLandingPage(loadLandingData(ctx), await landingAssets())
  return ctx.pageCache.set(CACHE_KEY, body, generation)
}

function respond(page: CachedPage, request: Request): Response {
  if (request.headers.get('if-none-match') === page.etag) {
    return new Response(null, { status: 304, headers: { etag: page.etag, 'cache-control': 'no-cache' } })
  }
  return cachedResponse(page, 'text/html; charset=utf-8')
}

export function landingRoutes(ctx: AppContext) {
  // A cache hit answers synchronously: no promise on the hot path.
  return new Elysia({ name: 'landing' }).get('/', ({ request }) => {
    const cached = ctx.pageCache.get(CACHE_KEY)
    return cached ? respond(cached, request) : renderPage(ctx).then((page) => respond(page, request))
  })
}
