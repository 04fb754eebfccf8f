/**
 * What 'Tu Pedido' shows as figures (issue #33): the server's quote of the cart as it is now
 * (use-checkout-quote.ts) when there is one, else the device's own figure (the lines' prices,
 * the zone's fee, no discount), and what the cart's code comes to. Pure: the sheet's tests read it.
 */
import { type Cart, cartTotal } from '../../shared/cart'
import type { CheckoutQuote } from '../../shared/schemas/responses'

export type CartDiscount = { name: string; code: string | null; amount: number }

export type CartFigures = {
  /** Each line's unit price and total, in the cart's order. */
  lines: { price: number; lineTotal: number }[]
  subtotal: number
  /** The zone's fee (a free delivery is one of the discounts). */
  deliveryFee: number
  discounts: CartDiscount[]
  total: number
  /** The server's figures (the quote), not the device's. */
  quoted: boolean
}

export function cartFigures(cart: Cart, fee: number, quote: CheckoutQuote | null): CartFigures {
  // The quote prices the request's lines, which are the cart's, one for one.
  if (quote && quote.items.length === cart.length) {
    return {
      lines: quote.items.map(({ price, lineTotal }) => ({ price, lineTotal })),
      subtotal: quote.subtotal,
      deliveryFee: quote.deliveryFee,
      discounts: quote.discounts.map(({ name, code, amount }) => ({ name, code, amount })),
      total: quote.total,
      quoted: true,
    }
  }
  const subtotal = cartTotal(cart)
  return { lines: cart.map((line) => ({ price: line.price, lineTotal: line.price * line.quantity })), subtotal, deliveryFee: fee, discounts: [], total: subtotal + fee, quoted: false }
}

/** What the cart's code comes to, as the 'Código' field says it. */
export type CodeState =
  | { kind: 'none' }
  /** Asking the server. */
  | { kind: 'checking'; code: string }
  /** No answer (offline, a delivery without its zone yet): the checkout decides. */
  | { kind: 'unknown'; code: string }
  /** It applies; `amount` is what it takes off this cart (0: nothing yet, a 2x1 with one drink). */
  | { kind: 'applied'; code: string; amount: number }
  /** It does not apply to this order: why, in the server's words. */
  | { kind: 'refused'; code: string; reason: string }

export function codeState(code: string | null, quote: CheckoutQuote | null, pending: boolean): CodeState {
  if (code === null) return { kind: 'none' }
  if (quote?.codeRefusal) return { kind: 'refused', code, reason: quote.codeRefusal }
  if (quote) return { kind: 'applied', code, amount: quote.discounts.filter((d) => d.code === code).reduce((sum, d) => sum + d.amount, 0) }
  return pending ? { kind: 'checking', code } : { kind: 'unknown', code }
}

/**
 * The code the order is sent with: the cart's, unless the quote of this very cart said it does
 * not apply. The figures shown are then the ones without it, and so is the order: a refused
 * code never turns the tap on 'Ordenar' into a refusal. Without an answer the code goes, and
 * the checkout says why if it does not apply.
 */
export const codeToSend = (state: CodeState): string | null => (state.kind === 'none' || state.kind === 'refused' ? null : state.code)
