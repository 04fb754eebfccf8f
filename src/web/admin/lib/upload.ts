import { api, call } from './api'

export const IMAGE_TYPE_ERROR = 'Por favor selecciona un archivo de imagen'

export type UploadTarget = 'product-image' | 'ingredient-image'

export const isImageFile = (file: File): boolean => file.type.startsWith('image/')

/** POST multipart (field `image`) and return the stored image URL. */
export async function uploadImage(target: UploadTarget, file: File): Promise<string> {
  // An object holding a File is sent as multipart/form-data by the client (field `image`).
  const { url } = await call(api.upload[target].post({ image: file }))
  return url
}
