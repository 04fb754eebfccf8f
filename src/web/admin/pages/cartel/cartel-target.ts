import { type PromotionNames, promotionDescription } from '@/shared/promotions'
import type { PromotionWithUses } from '@/shared/schemas/promotion'
import { normalizePromoCode } from '@/shared/schemas/promotion'
import { datesText, promotionState } from '../promociones/promotion-text'

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
  /** What the code gives and when, in the storefront's words ('10% en todo el pedido los martes'). */
  offer: string | null
  /** Its dates, when it has them ('Hasta el 31 de enero'). */
  dates: string | null
  /** Why the code asked for (a link from elsewhere) is not printed: the QR then stays the store's address. */
  codeError: string | null
}

/**
 * The codes a poster may carry (issue #40): an existing code a customer can use, now or once
 * its first day comes ('Programada': a poster is often printed ahead). A paused, expired or
 * used-up code would lead the customer who scans it to a refusal ('Ese código ya venció').
 */
export function posterCodes(promotions: readonly PromotionWithUses[], today: string): PromotionWithUses[] {
  return promotions.filter((p) => p.code !== null && ['active', 'scheduled'].includes(promotionState(p, today)))
}

/** Why the poster will not carry `code`, in the owner's words. */
function refusal(code: string, promotion: PromotionWithUses | undefined, today: string): string {
  if (!promotion) return `No hay ninguna promoción con el código ${code}: el QR abre la tienda sin código.`
  switch (promotionState(promotion, today)) {
    case 'paused':
      return `El código ${code} está en pausa: actívalo en Promociones para imprimirlo.`
    case 'expired':
      return `El código ${code} ya venció: el QR abre la tienda sin código.`
    default:
      return `El código ${code} ya se agotó: el QR abre la tienda sin código.`
  }
}

/**
 * Where the poster sends a customer. `origin` is the address the owner is browsing the admin
 * at, the same one the storefront answers on (the app has no other public URL). A code is
 * printed only when it is one of `posterCodes` (a link from elsewhere may ask for any, as
 * /admin/cartel?codigo=NOEXISTE), with its offer and dates said by the storefront's rule
 * (shared/promotions.ts); `promotions` undefined (still loading) prints the store's QR.
 */
export function cartelTarget(
  origin: string,
  askedCode: string | null,
  promotions: readonly PromotionWithUses[] | undefined,
  { names = {}, today }: { names?: PromotionNames; today: string },
): CartelTarget {
  const store = { url: `${origin}/`, code: null, offer: null, dates: null, codeError: null }
  const code = normalizePromoCode(askedCode ?? '')
  if (!code || !promotions) return store
  const usable = posterCodes(promotions, today).find((p) => p.code === code)
  if (!usable) return { ...store, codeError: refusal(code, promotions.find((p) => p.code === code), today) }
  return {
    url: `${origin}/?codigo=${encodeURIComponent(code)}`,
    code,
    offer: promotionDescription(usable, names),
    dates: datesText(usable, today),
    codeError: null,
  }
}

/** The address as printed under the QR, for a customer who types it: no scheme, no bare trailing slash. */
export const printedAddress = (url: string): string => url.replace(/^https?:\/\//, '').replace(/\/$/, '')
