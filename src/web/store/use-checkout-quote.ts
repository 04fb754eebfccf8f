/**
 * The cart's figures from the server (issue #33, DESIGN "Selling more"): POST
 * /api/checkout/quote prices the cart with the checkout's own code (promotions included) and
 * records nothing, so what 'Tu Pedido' shows is what the order will record.
 *
 * Asked for a short while after the last change (a customer tapping '+' three times asks
 * once), and the answer of a request a newer one superseded is thrown away (its fetch is
 * aborted). Until the answer for the cart as it is now arrives, the sheet shows the device's
 * own figure; when no answer comes (offline, slow, throttled, a refusal the checkout will say
 * again when sending) it keeps showing it, without a word: a quote never blocks sending.
 */
import { useEffect, useState } from 'react'
import type { Cart } from '../../shared/cart'
import { quoteRequest, type CheckoutDetails } from '../../shared/checkout'
import type { CheckoutQuote } from '../../shared/schemas/responses'
import { fetchQuote } from './fetch-quote'
import { lacksSauceIds, sauceIdByName } from './ingredients'

/** The pause after the last change before asking. */
export const QUOTE_DEBOUNCE_MS = 250
/** Longest wait for an answer; then the device's figure stays. */
const QUOTE_TIMEOUT_MS = 6000

export type QuoteState = {
  /** The answer for the cart, details and code as they are now; null while asking, or when no answer came. */
  quote: CheckoutQuote | null
  /** Asking (the figures shown are the device's until the answer arrives). */
  pending: boolean
  /** Whether the last answer, for whatever cart, gave a discount: a change may take it away or give it back. */
  discounted: boolean
  /** Whether the cart's code asks for the customer's WhatsApp, as the last answer for this code said (kept while the next is asked). */
  codeNeedsPhone: boolean
}

type Input = {
  cart: Cart
  details: CheckoutDetails
  code: string | null
  enabled: boolean
  /** Changed to ask again for the same cart (after the checkout refused it: the menu or a code's uses changed). */
  nonce?: number
}

export function useCheckoutQuote({ cart, details, code, enabled, nonce = 0 }: Input): QuoteState {
  const request = enabled ? quoteRequest(cart, details, code) : null
  const body = request ? JSON.stringify(request) : null
  const key = body === null ? null : `${nonce}:${body}`
  const [answer, setAnswer] = useState<{ key: string; quote: CheckoutQuote | null } | null>(null)
  // Kept apart from the answer: typing the phone asks again, and the field must not flicker meanwhile.
  const [needsPhone, setNeedsPhone] = useState<{ code: string; value: boolean } | null>(null)

  useEffect(() => {
    if (key === null || body === null) return
    let live = true
    const controller = new AbortController()
    const settle = (quote: CheckoutQuote | null) => {
      if (!live) return
      setAnswer({ key, quote })
      if (quote && code !== null) setNeedsPhone({ code, value: quote.codeNeedsPhone === true })
    }
    const debounce = setTimeout(() => {
      const timeout = setTimeout(() => controller.abort(), QUOTE_TIMEOUT_MS)
      // A cart stored before lines kept their sauce id: the ids by name first (as the checkout does).
      const legacy = lacksSauceIds(cart)
      const text = legacy ? sauceIdByName().then((sauceIdOf) => JSON.stringify(quoteRequest(cart, details, code, sauceIdOf))) : Promise.resolve(body)
      text
        .then((json) => fetchQuote(json, controller.signal))
        .then(settle, () => settle(null))
        .finally(() => clearTimeout(timeout))
    }, QUOTE_DEBOUNCE_MS)
    return () => {
      live = false
      clearTimeout(debounce)
      controller.abort()
    }
    // The key is the request: cart, details and code are read as they were when it was made.
  }, [key])

  const current = key !== null && answer?.key === key
  return {
    quote: current ? answer.quote : null,
    pending: key !== null && !current,
    discounted: (answer?.quote?.discounts.length ?? 0) > 0,
    codeNeedsPhone: code !== null && needsPhone?.code === code && needsPhone.value,
  }
}
