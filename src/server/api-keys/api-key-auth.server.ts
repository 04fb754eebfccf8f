/** The key a request presents (`Authorization: Bearer <key>` or `X-API-Key: <key>`), if any. */
export function presentedApiKey(request: Request): string | null {
  const header = request.headers.get('x-api-key')?.trim()
  if (header) return header
  const auth = request.headers.get('authorization')?.trim()
  if (auth && /^bearer\s+/i.test(auth)) return auth.replace(/^bearer\s+/i, '').trim() || null
  return null
}
