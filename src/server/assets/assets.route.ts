import { Elysia } from 'elysia'
import { assets } from '../assets.gen'
import { ETAG_SUFFIX, type Encoding, VARY_VALUE, negotiateEncoding } from '../http/compression.server'
import { notModified } from '../http/conditional.server'
import type { Asset, AssetVariant } from './asset-types'
import { contentTypeFor } from './content-types'

export { contentTypeFor } from './content-types'

type Representation = { file: string; headers: Record<string, string> }

/**
 * Serves every file of the generated manifest (client bundles and public/), from
 * disk or from inside the compiled executable. Hashed /assets/* files are immutable;
 * other public files (/images/*, /favicon.svg) are cached for a day. One static
 * route per file: nothing else on disk is reachable.
 *
 * Text files come with brotli and gzip copies made at build time
 * (scripts/build-client.ts): a request only picks the file its Accept-Encoding
 * prefers. Each copy has its own ETag; a matching If-None-Match gets 304.
 * Entries given as a bare file path (tests) are served plain, with an ETag
 * hashed from the file on first request.
 */
export function assetRoutes(files: Record<string, string | Asset> = assets) {
  const app = new Elysia({ name: 'assets' })
  for (const [url, asset] of Object.entries(files)) {
    const base = {
      'content-type': contentTypeFor(url),
      'cache-control': url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    }
    if (typeof asset === 'string') {
      let etag: Promise<string> | undefined
      app.get(url, async ({ request }) => {
        etag ??= Bun.file(asset)
          .arrayBuffer()
          .then((bytes) => `"${Bun.hash(bytes).toString(36)}"`)
        const headers = { ...base, etag: await etag }
        return notModified(request, headers) ?? new Response(Bun.file(asset), { headers })
      })
      continue
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
    app.get(url, ({ request }) => {
      let chosen = identity
      if (negotiable) {
        const encoding = negotiateEncoding(request.headers.get('accept-encoding'))
        chosen = (encoding === 'br' ? br : encoding === 'gzip' ? gzip : undefined) ?? identity
      }
      return notModified(request, chosen.headers) ?? new Response(Bun.file(chosen.file), { headers: chosen.headers })
    })
  }
  return app
}
