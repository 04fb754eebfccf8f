/**
 * The code the cart holds (issue #33: 'Código', or a link's `/?codigo=MARTES`), kept like the
 * cart (localStorage `promo-code`, stored-value.ts): a customer who follows the link today and
 * orders after a reload still has it. Kept upper-case, as the server matches it; a stored value
 * that is not a code's shape is no code. Only the cart's chunks import this module.
 */
import { PROMO_CODE, normalizePromoCode } from '../../shared/promotions'
import { storedValue } from './stored-value'

export const PROMO_CODE_KEY = 'promo-code'
/** The longest code (shared/promotions.ts: 3 to 20 letters or digits). */
export const PROMO_CODE_MAX = 20

/** What the cart says of a code it gets that takes nothing off this cart yet (a 2x1 with one drink); a code's link says the same. */
export const CODE_TAKES_NOTHING_YET = 'Aplica, pero aún no descuenta nada en este pedido.'

/** A code as typed or linked, as it is kept: trimmed, upper-case; null when it cannot be a code. */
export function promoCodeOf(typed: string): string | null {
  const code = normalizePromoCode(typed)
  return PROMO_CODE.test(code) ? code : null
}

function parse(raw: string | null): string | null {
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    return typeof value === 'string' ? promoCodeOf(value) : null
  } catch {
    return null
  }
}

const code = storedValue<string | null>(PROMO_CODE_KEY, parse, null)

export const usePromoCode = code.use
export const readPromoCode = code.get

export const promoCodeActions = {
  set: (next: string) => code.set(promoCodeOf(next)),
  /** 'Quitar', and after the order that used it is recorded. */
  clear: () => code.set(null),
}
