import { PROMO_CODE, PROMO_CODE_RULE, normalizePromoCode } from '@/shared/schemas/promotion'

/** The two papers the page prints: a poster for the wall or the counter, a card for the tables. */
export const PAPERS = {
  a4: { label: 'Cartel A4', widthMm: 210, heightMm: 297 },
  a6: { label: 'Tarjeta de mesa A6', widthMm: 105, heightMm: 148 },
} as const
export type PaperId = keyof typeof PAPERS
export const paperId = (param: string | null): PaperId => (param === 'a6' ? 'a6' : 'a4')

export type CartelTarget = {
  /** What the QR holds: the store's address, or its link with the code (DESIGN: `/?codigo=MARTES`). */
  url: string
  /** The code the poster names, or null for the plain store's QR. */
  code: string | null
  /** Why the typed code is not used (the QR then stays the store's address). */
  codeError: string | null
}

/**
 * Where the poster sends a customer. `origin` is the address the owner is browsing the admin
 * at, the same one the storefront answers on (the app has no other public URL). A code is
 * taken as the checkout matches it (trimmed, upper-case) and must be a valid code's shape, so
 * a half-typed 'MA' never ends up printed.
 */
export function cartelTarget(origin: string, typedCode: string | null): CartelTarget {
  const store = `${origin}/`
  const code = normalizePromoCode(typedCode ?? '')
  if (!code) return { url: store, code: null, codeError: null }
  if (!PROMO_CODE.test(code)) return { url: store, code: null, codeError: PROMO_CODE_RULE }
  return { url: `${store}?codigo=${code}`, code, codeError: null }
}

/** The address as printed under the QR, for a customer who types it: no scheme, no bare trailing slash. */
export const printedAddress = (url: string): string => url.replace(/^https?:\/\//, '').replace(/\/$/, '')
