import { Elysia } from 'elysia'
import { storeProfileInputSchema, storeProfileSchema } from '../../shared/schemas/store-profile'
import { cachedJson } from '../cache/cached-json.server'
import type { AppContext } from '../context.server'
import { routeContract } from '../http/route-contract.server'
import { photoStoreOf } from '../uploads/photo-store.server'
import { MAX_UPLOAD_BODY_BYTES, TOO_LARGE, readImageUpload, saveContentAddressed } from '../uploads/uploads.server'
import { getStoreProfile, resetStoreProfile, saveStoreProfile, setStorePicture } from './store-profile.repo.server'

const tags = ['Tu restaurante']

/**
 * The restaurant's own face (issue #41, decision 040): GET (public, kept in the page cache
 * like the menu), PUT (administrator), DELETE ('Restablecer': the defaults), and the logo and
 * hero picture through the photo pipeline (WebP, sizes, no EXIF), under content-addressed
 * URLs. Every write is `changes: 'public'`: the cached page, previews and JSON of every
 * instance are made again at their next read (app.ts, cache/shared-generation.server.ts).
 */
export const storeProfileRoutes = (ctx: AppContext) => {
  const photos = photoStoreOf(ctx)
  const picture = (which: 'logo' | 'hero') => async ({ request, set }: { request: Request; set: { status?: number | string } }) => {
    const { bytes, kind } = await readImageUpload(request)
    const url = await saveContentAddressed(photos, bytes, kind)
    set.status = 201
    return setStorePicture(ctx.db, which, url)
  }
  const pictureContract = (of: string) => ({
    access: 'admin' as const,
    changes: 'public' as const,
    parse: 'none' as const,
    bodyLimit: { bytes: MAX_UPLOAD_BODY_BYTES, message: TOO_LARGE },
    response: { 201: storeProfileSchema },
    detail: {
      summary: `Subir ${of}`,
      description: 'multipart/form-data con el campo `image` (JPEG, PNG o WebP, hasta 10 MB). Se guarda como WebP; su dirección cambia con su contenido.',
      tags,
    },
  })
  return new Elysia({ prefix: '/api/store-profile' })
    .use(routeContract)
    .get('/', ({ request }) => cachedJson(ctx, request, () => getStoreProfile(ctx.db)), {
      access: 'public',
      response: storeProfileSchema,
      detail: { summary: 'El restaurante: nombre, textos, colores, logo e historia', tags },
    })
    .put('/', ({ body }) => saveStoreProfile(ctx.db, body), {
      access: 'admin',
      changes: 'public',
      body: storeProfileInputSchema,
      response: storeProfileSchema,
      detail: {
        summary: 'Cambiar el nombre, los textos, los enlaces y los colores',
        description: "Un color donde ni el blanco ni #111111 alcanzan 4.5:1 de contraste es 400 ('Ese color no se lee bien con texto encima').",
        tags,
      },
    })
    .delete('/', () => resetStoreProfile(ctx.db), {
      access: 'admin',
      changes: 'public',
      response: storeProfileSchema,
      detail: { summary: 'Restablecer: los textos, colores y fotos de una instalación nueva', tags },
    })
    .post('/logo', picture('logo'), pictureContract('el logo'))
    .post('/hero', picture('hero'), pictureContract('la foto del inicio'))
}
