/**
 * The chunk a code's link loads (open-code-link.ts): the look-up of the code (GET
 * /api/promotions/code/{code}), the cart's code, and what the notice (link-notice.tsx) says. The
 * link says what the cart will say (issue 40):
 *  - with something in the cart, the cart's own question: the server's quote of this cart with
 *    the code (fetch-quote.ts). 'Código MARTES aplicado: 2x1 en bebidas' only when it gives it,
 *    with what it takes off; otherwise the quote's reason, word for word ('Ese código vale los
 *    martes'), and the code stays in the cart for when it does;
 *  - with an empty cart (or no quote: closed, a delivery without its zone), the look-up's
 *    judgement of what does not depend on the cart, by the same rule: 'aplicado' when a cart
 *    would get it now, else when it applies;
 *  - the code does not exist, is paused, expired, not yet valid or used up: the server's reason,
 *    and the cart keeps whatever code it had;
 *  - no answer (offline, throttled): the code goes in the cart all the same, and the cart's
 *    quote (or the checkout) says whether it applies.
 */
import { quoteRequest } from '../../shared/checkout'
import { formatQ } from '../../shared/money'
import { codeLinkTitle } from '../../shared/promotions'
import type { CheckoutQuote } from '../../shared/schemas/responses'
import { readCart } from './cart-store'
import { readCheckoutDetails } from './checkout-details-store'
import { fetchQuote } from './fetch-quote'
import { lacksSauceIds } from './ingredients'
import type { LinkNotice } from './link-notice'
import { CODE_TAKES_NOTHING_YET, promoCodeActions, promoCodeOf } from './promo-code-store'

const LOOKUP_TIMEOUT_MS = 8000

type CodeAnswer = { summary?: unknown; description?: unknown; message?: unknown; appliesNow?: unknown; reason?: unknown; needsPhone?: unknown }

/** Where the discount shows, when the code holds whenever. */
const SEE_IT = 'Verás el descuento en tu pedido.'
/** After a reason it does not apply now: the link still did something. */
const KEPT = 'Queda guardado en tu pedido.'
/** A code limited per phone: the cart refuses it until the WhatsApp is given, and says so beside the field. */
const GIVE_PHONE = 'Para usarlo, escribe tu WhatsApp en tu pedido.'

const notice = (tone: LinkNotice['tone'], title: string, detail: string | null): LinkNotice => ({ kind: 'code', tone, title, detail })

/**
 * 'Aplica los martes de 15:00 a 18:00.' out of '2x1 en bebidas los martes de 15:00 a 18:00', and
 * that it needs the WhatsApp; when the description adds nothing, where to see it.
 */
function conditions(answer: CodeAnswer): string {
  const { summary, description } = answer
  const rest = typeof summary === 'string' && typeof description === 'string' && description.startsWith(summary) ? description.slice(summary.length).trim() : ''
  const when = rest ? `Aplica ${rest}.` : null
  if (answer.needsPhone === true) return when ? `${when} ${GIVE_PHONE}` : GIVE_PHONE
  return when ?? SEE_IT
}

/** The cart's quote with the code, when the cart has something and a quote can be asked for; else null. */
async function quoteWith(code: string): Promise<CheckoutQuote | null> {
  const cart = readCart()
  // A cart stored before lines kept their sauce id needs the sauces' ids first: the cart asks its own quote then.
  if (lacksSauceIds(cart)) return null
  const request = quoteRequest(cart, readCheckoutDetails(), code)
  return request ? fetchQuote(request, AbortSignal.timeout(LOOKUP_TIMEOUT_MS)).catch(() => null) : null
}

/** What the cart's quote made of the code, in the cart's words. */
function fromQuote(code: string, summary: string, quote: CheckoutQuote): LinkNotice {
  if (quote.codeRefusal) return notice('later', codeLinkTitle(code, summary, false), `${quote.codeRefusal}. ${KEPT}`)
  const amount = quote.discounts.filter((d) => d.code === code).reduce((sum, d) => sum + d.amount, 0)
  return notice('applied', codeLinkTitle(code, summary, true), amount > 0 ? `Descuenta ${formatQ(amount)} en tu pedido.` : CODE_TAKES_NOTHING_YET)
}

export async function applyCodeLink(typed: string): Promise<LinkNotice> {
  const code = promoCodeOf(typed)
  if (!code) return notice('refused', 'Ese código no existe', 'Revisa el enlace o escribe el código en tu pedido.')
  try {
    const res = await fetch(`/api/promotions/code/${encodeURIComponent(code)}`, { signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) })
    const answer = (await res.json().catch(() => null)) as CodeAnswer | null
    const message = typeof answer?.message === 'string' ? answer.message : null
    if (res.ok && answer && message) {
      promoCodeActions.set(code)
      const summary = typeof answer.summary === 'string' ? answer.summary : null
      const quote = summary !== null ? await quoteWith(code) : null
      if (quote && summary !== null) return fromQuote(code, summary, quote)
      // Empty cart: what does not depend on the cart, judged by the server now.
      if (answer.appliesNow === false && typeof answer.reason === 'string') return notice('later', message, `${answer.reason}. ${KEPT}`)
      return notice('applied', message, conditions(answer))
    }
    // 404 (no such code, or paused) and 409 (expired, not yet valid, used up): the reason, in the server's words.
    if ((res.status === 404 || res.status === 409) && message) return notice('refused', `Código ${code}`, message)
  } catch {
    /* offline or slow: as below */
  }
  promoCodeActions.set(code)
  return notice('later', `Código ${code} guardado en tu pedido`, 'Al ver tu pedido te decimos si aplica.')
}
