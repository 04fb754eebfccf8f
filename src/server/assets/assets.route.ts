import { Elysia } from 'elysia'
import { assetFiles } from '../assets.gen'

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
  json: 'application/json',
  webmanifest: 'application/manifest+json',
  txt: 'text/plain; charset=utf-8',
  map: 'application/json',
}

export const contentTypeFor = (url: string) => CONTENT_TYPES[url.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream'

/**
 * Serves every file of the generated manifest (client bundles and public/),
 * from disk or from inside the compiled executable. Hashed /assets/* files are
 * immutable; other public files (/images/*, /favicon.svg) are cached for a day.
 * One static route per file: nothing else on disk is reachable.
 */
export function assetRoutes(files: Record<string, string> = assetFiles) {
  const app = new Elysia({ name: 'assets' })
  for (const [url, file] of Object.entries(files)) {
    const headers = {
      'content-type': contentTypeFor(url),
      'cache-control': url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    }
    app.get(url, () => new Response(Bun.file(file), { headers }))
  }
  return app
}
