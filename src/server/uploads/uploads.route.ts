import { Elysia } from 'elysia'
import type { AppContext } from '../context.server'
import { notModified } from '../http/conditional.server'
import { notFound } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import { uploadedImageSchema } from '../../shared/schemas/responses'
import { photoStoreOf } from './photo-store.server'
import { MAX_UPLOAD_BODY_BYTES, TOO_LARGE, readImageUpload, saveUpload, uploadedFile } from './uploads.server'

/**
 * POST /api/upload/product-image and /api/upload/ingredient-image (administrator) -> 201 {url}: the photo re-encoded to WebP at most 1600 px
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
  /** The two upload routes differ only in what the photo is of. */
  const contract = (of: string) => ({
    access: 'admin' as const,
    parse: 'none' as const,
    bodyLimit: { bytes: MAX_UPLOAD_BODY_BYTES, message: TOO_LARGE },
    response: { 201: uploadedImageSchema },
    detail: {
      summary: `Subir la foto de ${of}`,
      description: 'multipart/form-data con el campo `image` (JPEG, PNG o WebP, hasta 10 MB). Se guarda como WebP de 1600 px como máximo.',
      tags: ['Fotos'],
    },
  })
  return new Elysia()
    .use(routeContract)
    .post('/api/upload/product-image', upload, contract('un producto'))
    .post('/api/upload/ingredient-image', upload, contract('un ingrediente'))
    .get('/uploads/:name', async ({ params, request }) => {
      const found = await uploadedFile(photos, params.name)
      if (!found) throw notFound('Imagen no encontrada')
      // A stored name is random and never reused for other bytes, so it is the validator.
      const headers = { 'content-type': found.type, 'cache-control': 'public, max-age=31536000, immutable', etag: `"${params.name}"` }
      return notModified(request, headers) ?? new Response(found.body, { headers })
    })
}
