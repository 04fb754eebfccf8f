import { Elysia } from 'elysia'
import { assets } from '../assets.gen'
import { ETAG_SUFFIX, type Encoding, VARY_VALUE, negotiateEncoding } from '../http/compression.server'
import { notModified } from '../http/conditional.server'
import type { Asset, AssetVariant } from './asset-types'
import { contentTypeFor } from './content-types'

export { contentTypeFor } from './content-types'

type Representation = { file: string; headers: Record<string, string> }

const NOT_FOUND_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' }

type Serve = (request: Request) => Response | Promise<Response>

/** The per-file answer: the representation the client's Accept-Encoding prefers, or 304. Built on the file's first request. */
function serverFor(url: string, asset: string | Asset): Serve {
  const base = {
    'content-type': contentTypeFor(url),
    'cache-control': url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
    'x-content-type-options': 'nosniff',
  }
  if (typeof asset === 'string') {
    let etag: Promise<string> | undefined
    return async (request) => {
      etag ??= Bun.file(asset)
        .arrayBuffer()
        .then((bytes) => `"${Bun.hash(bytes).toString(36)}"`)
      const headers = { ...base, etag: await etag }
      return notModified(request, headers) ?? new Response(Bun.file(asset), { headers })
    }
  }
  const negotiable = asset.br !== undefined || asset.gzip !== undefined
  const represent = (variant: AssetVariant, encoding?: Encoding): Representation => {
    const headers: Record<string, string> = { ...base, etag: asset.etag, 'content-length': String(variant.size) }
    if (negotiable) headers.vary = VARY_VALUE
    if (encoding) {
      headers['content-encoding'] = encoding
      headers.etag = asset.etag.replace(/"$/, `${ETAG_SUFFIX[encoding]}"`)
    }
    return { file: variant.file, headers }
  }
  const identity = represent(asset)
  const br = asset.br && represent(asset.br, 'br')
  const gzip = asset.gzip && represent(asset.gzip, 'gzip')
  return (request) => {
    let chosen = identity
    if (negotiable) {
      const encoding = negotiateEncoding(request.headers.get('accept-encoding'))
      chosen = (encoding === 'br' ? br : encoding === 'gzip' ? gzip : undefined) ?? identity
    }
    return notModified(request, chosen.headers) ?? new Response(Bun.file(chosen.file), { headers: chosen.headers })
  }
}

/**
 * Serves every file of the generated manifest (client bundles and public/), from
 * disk or from inside the compiled executable. Hashed /assets/* files are immutable;
 * other public files (/images/*, /favicon.svg) are cached for a day. Only files of
 * the manifest are reachable: any other path under their folders is a plain 404.
 *
 * Text files come with brotli and gzip copies made at build time
 * (scripts/build-client.ts): a request only picks the file its Accept-Encoding
 * prefers. Each copy has its own ETag; a matching If-None-Match gets 304.
 * Entries given as a bare file path (tests) are served plain, with an ETag
 * hashed from the file on first request.
 *
 * One wildcard route per top folder (/assets/*, /images/*) instead of one static
 * route per file: Elysia compiles every static route into its router on the first
 * request, and ~90 file routes were most of the binary's start-up to first answer
 * (decision 012). Per-file work happens on that file's first request.
 */
export function assetRoutes(files: Record<string, string | Asset> = assets) {
  const app = new Elysia({ name: 'assets' })
  const servers = new Map<string, Serve>()
  const serve = (url: string): Serve | undefined => {
    let found = servers.get(url)
    if (!found) {
      const asset = Object.hasOwn(files, url) ? files[url] : undefined
      if (asset === undefined) return undefined
      found = serverFor(url, asset)
      servers.set(url, found)
    }
    return found
  }
  const folders = new Set<string>()
  for (const url of Object.keys(files)) {
    const slash = url.indexOf('/', 1)
    if (slash === -1) app.get(url, ({ request }) => serve(url)?.(request) ?? notFound())
    else folders.add(url.slice(0, slash))
  }
  for (const folder of folders) {
    app.get(`${folder}/*`, ({ request }) => {
      const path = pathOf(request.url)
      return (serve(path) ?? serve(safeDecode(path)))?.(request) ?? notFound()
    })
  }
  return app
}

const notFound = () => new Response('Not Found', { status: 404, headers: NOT_FOUND_HEADERS })

/** The path of an absolute URL, without query or fragment (no URL object). */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start === -1) return '/'
  const end = url.search(/[?#]/)
  return end === -1 || end < start ? url.slice(start) : url.slice(start, end)
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}
