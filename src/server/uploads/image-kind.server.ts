/** What an upload is, told by its bytes (the image pipeline and the upload route both use it). */

export type ImageKind = { ext: 'png' | 'jpg' | 'webp'; type: string }

/** Detects the format by its first bytes; the name and declared type are ignored. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const b = (i: number) => bytes[i]
  if (bytes.length >= 8 && b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47 && b(4) === 0x0d && b(5) === 0x0a && b(6) === 0x1a && b(7) === 0x0a) {
    return { ext: 'png', type: 'image/png' }
  }
  if (bytes.length >= 3 && b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return { ext: 'jpg', type: 'image/jpeg' }
  if (bytes.length >= 12 && String.fromCharCode(...bytes.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') {
    return { ext: 'webp', type: 'image/webp' }
  }
  return null
}
