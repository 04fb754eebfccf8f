import { renderToReadableStream } from 'react-dom/server'
import type { LandingData } from '../../shared/landing-data'
import { Document, type DocumentAssets } from './document.server'

export type RenderAssets = DocumentAssets & { js: string }

/**
 * Renders the complete landing page to bytes. Waits for the whole tree
 * (`allReady`) so the result can be cached and sent with a length and an etag.
 * The page body is a lazy Suspense boundary (hydrated from its own chunk, see
 * web/store/page-body.tsx); `progressiveChunkSize` keeps React from moving a large
 * finished boundary to the end of the document behind an inline script: the
 * HTML arrives in reading order and needs no script to show.
 */
export async function renderLandingPage(data: LandingData, assets: RenderAssets): Promise<Uint8Array<ArrayBuffer>> {
  let failure: unknown = null
  const stream = await renderToReadableStream(<Document data={data} assets={assets} />, {
    bootstrapModules: [assets.js],
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError(error) {
      failure = error
    },
  })
  await stream.allReady
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer())
  if (failure) throw failure
  return bytes
}
