/**
 * Upload size limits, apart from the upload code: main.ts sizes Bun.serve's body cap
 * with them at start-up, before anything of the photo pipeline is loaded.
 */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** Room for the multipart envelope (boundaries, part headers) around a 10 MB file. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024

export const TOO_LARGE = 'La imagen supera el límite de 10 MB'
