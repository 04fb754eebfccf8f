import { Elysia } from 'elysia'
import type { AppContext } from '../context.server'
import { notModified } from '../http/conditional.server'
import { notFound } from '../http/errors.server'
import { photoStoreOf } from './photo-store.server'
import { readImageUpload, saveUpload, uploadedFile } from './uploads.server'

/**
 * POST /api/upload/product-image and /api/upload/ingredient-image (session only,
 * see access.server.ts) -> 201 {url}: the photo re-encoded to WebP at most 1600 px
 * wide, with smaller copies beside it (image-pipeline.server.ts, src/shared/images.ts).
 * GET /uploads/:name serves them.
 * Bodies are read by us (`parse: 'none'`) so the 10 MB cap applies while streaming.
 */
export const uploadRoutes = (ctx: AppContext) => {
  const photos = photoStoreOf(ctx)
  const upload = async ({ request, set }: { request: Request; set: { status?: number | string } }) => {
    const { bytes, kind } = await readImageUpload(request)
    const url = await saveUpload(photos, bytes, kind)
    set.status = 201
    return { url }
  }
  return new Elysia()
    .post('/api/upload/product-image', upload, { parse: 'none' })
    .post('/api/upload/ingredient-image', upload, { parse: 'none' })
    .get('/uploads/:name', async ({ params, request }) => {
      const found = await uploadedFile(photos, params.name)
      if (!found) throw notFound('Imagen no encontrada')
      // A stored name is random and never reused for other bytes, so it is the validator.
      const headers = { 'content-type': found.type, 'cache-control': 'public, max-age=31536000, immutable', etag: `"${params.name}"` }
      return notModified(request, headers) ?? new Response(found.body, { headers })
    })
}
