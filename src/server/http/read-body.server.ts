import { HttpError } from './errors.server'

/**
 * Reads a request body, refusing (413, `tooLargeMessage`) as soon as it grows past
 * `limit` bytes: chunked bodies have no length to check up front, so the cap is
 * applied while streaming and an oversized body is never held in memory whole.
 */
export async function readBodyCapped(request: Request, limit: number, tooLargeMessage: string): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > limit) throw new HttpError(413, tooLargeMessage)
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      throw new HttpError(413, tooLargeMessage)
    }
    chunks.push(value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}
