/**
 * POST /api/checkout/quote (issue #33): the server's figures for a cart, nothing recorded. Asked by
 * the cart (use-checkout-quote.ts) and by a code's link with something in the cart (code-link.tsx),
 * so both say what the same request answers. A 409 means the menu changed under the cart (a dish
 * hidden or sold out): the page reads its menu again (live-menu.ts).
 */
import type { CheckoutRequest } from '../../shared/checkout'
import type { CheckoutQuote } from '../../shared/schemas/responses'
import { refreshMenu } from './live-menu'

const isQuote = (v: unknown): v is CheckoutQuote => {
  if (typeof v !== 'object' || v === null) return false
  const q = v as Record<string, unknown>
  return Array.isArray(q.items) && Array.isArray(q.discounts) && [q.subtotal, q.deliveryFee, q.total].every((n) => typeof n === 'number')
}

/** The quote of `request` (a JSON body, or the request itself), or null when none came (refused, offline, throttled). */
export async function fetchQuote(request: CheckoutRequest | string, signal?: AbortSignal): Promise<CheckoutQuote | null> {
  const body = typeof request === 'string' ? request : JSON.stringify(request)
  const res = await fetch('/api/checkout/quote', { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal })
  if (res.status === 409) refreshMenu()
  if (!res.ok) return null
  const answer: unknown = await res.json()
  return isQuote(answer) ? answer : null
}
