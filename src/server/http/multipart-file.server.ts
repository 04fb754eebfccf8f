import { HttpError } from './errors.server'
import { readBodyCapped } from './read-body.server'

export type MultipartLimits = {
  /** The field that carries the file. */
  field: string
  /** The whole body, envelope included: read with the streaming cap (read-body.server.ts). */
  maxBodyBytes: number
  maxFileBytes: number
  /** The 413's message. */
  tooLarge: string
}

/**
 * The file in field `field` of a multipart/form-data body (photos, menu spreadsheets): the body
 * read with the capped reader, so an oversized upload is refused (413) while it streams, never
 * held whole; a missing or empty file is 400.
 */
export async function readMultipartFile(request: Request, limits: MultipartLimits): Promise<File> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) {
    throw new HttpError(400, `Envía el archivo como multipart/form-data en el campo "${limits.field}"`)
  }
  const body = await readBodyCapped(request, limits.maxBodyBytes, limits.tooLarge)
  let form: FormData
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData()
  } catch {
    throw new HttpError(400, 'El formulario enviado no es válido')
  }
  const file = form.get(limits.field)
  if (!(file instanceof File)) throw new HttpError(400, `Falta el archivo en el campo "${limits.field}"`, [{ path: limits.field, message: 'Obligatorio' }])
  if (file.size > limits.maxFileBytes) throw new HttpError(413, limits.tooLarge)
  return file
}
