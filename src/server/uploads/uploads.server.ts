import { mainImageName, variantImageName } from '../../shared/images'
import { HttpError } from '../http/errors.server'
import { readMultipartFile } from '../http/multipart-file.server'
import { processImage } from './image-pipeline.server'
import { MAX_UPLOAD_BODY_BYTES, MAX_UPLOAD_BYTES, TOO_LARGE } from './limits.server'
import { type ImageKind, sniffImage } from './image-kind.server'
import type { PhotoStore } from './photo-store.server'

export { MAX_UPLOAD_BODY_BYTES, MAX_UPLOAD_BYTES, TOO_LARGE } from './limits.server'
export { type ImageKind, sniffImage } from './image-kind.server'
export const NOT_AN_IMAGE = 'Por favor selecciona un archivo de imagen (PNG, JPG o WebP)'

/** Parses a multipart body and returns the image in field `image`, checked by its bytes. */
export async function readImageUpload(request: Request): Promise<{ bytes: Uint8Array; kind: ImageKind }> {
  const file = await readMultipartFile(request, { field: 'image', maxBodyBytes: MAX_UPLOAD_BODY_BYTES, maxFileBytes: MAX_UPLOAD_BYTES, tooLarge: TOO_LARGE })
  if (file.size === 0) throw new HttpError(400, NOT_AN_IMAGE, [{ path: 'image', message: 'El archivo está vacío' }])
  const bytes = new Uint8Array(await file.arrayBuffer())
  const kind = sniffImage(bytes)
  if (!kind) throw new HttpError(400, NOT_AN_IMAGE, [{ path: 'image', message: 'Formato no admitido: usa PNG, JPG o WebP' }])
  return { bytes, kind }
}

/**
 * Served names: uploads are stored as `<uuid>-<w>x<h>.webp` plus
 * `<uuid>-<w>x<h>-<v>w.webp` copies (src/shared/images.ts); older ones as
 * `<uuid>.png|jpg|webp`. Anything else is refused when served.
 */
export const UPLOAD_NAME = /^[A-Za-z0-9-]+\.(png|jpg|webp)$/

/** The content type of a stored photo, by its extension (UPLOAD_NAME); null for any other name. */
export function photoType(name: string): string | null {
  const ext = UPLOAD_NAME.exec(name)?.[1]
  return ext === 'png' ? 'image/png' : ext === 'jpg' ? 'image/jpeg' : ext === 'webp' ? 'image/webp' : null
}

/**
 * Re-encodes an upload (image-pipeline.server.ts) and stores the main WebP and
 * its smaller copies under one random id; returns the main image's URL. All or
 * nothing: if a write fails, the files already written are removed.
 */
export async function saveUpload(photos: PhotoStore, bytes: Uint8Array, kind: ImageKind): Promise<string> {
  const image = await processImage(bytes, kind)
  const name = mainImageName(crypto.randomUUID(), image.main.width, image.main.height)
  const files = [...image.variants.map((v) => ({ name: variantImageName(name, v.variant), data: v.data })), { name, data: image.main.data }]
  await photos.save(files.map((file) => ({ ...file, type: 'image/webp' })))
  return `/uploads/${name}`
}

/**
 * The same, stored under an id made from the uploaded bytes (a UUID-shaped SHA-256 prefix), for
 * pictures shown under one fixed place (the restaurant's logo and hero picture, issue #41):
 * their URL changes exactly when their content does, so no browser keeps an old logo, and
 * uploading the same file again stores nothing new.
 */
export async function saveContentAddressed(photos: PhotoStore, bytes: Uint8Array, kind: ImageKind): Promise<string> {
  const hex = new Bun.CryptoHasher('sha256').update(bytes).digest('hex')
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
  const image = await processImage(bytes, kind)
  const name = mainImageName(id, image.main.width, image.main.height)
  if (await photos.read(name)) return `/uploads/${name}`
  const files = [...image.variants.map((v) => ({ name: variantImageName(name, v.variant), data: v.data })), { name, data: image.main.data }]
  await photos.save(files.map((file) => ({ ...file, type: 'image/webp' })))
  return `/uploads/${name}`
}

/** The stored photo for a /uploads/ name, or null (bad name or missing). */
export async function uploadedFile(photos: PhotoStore, name: string): Promise<{ body: Blob; type: string } | null> {
  const type = photoType(name)
  if (!type) return null
  const body = await photos.read(name)
  return body ? { body, type } : null
}
