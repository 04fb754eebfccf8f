/**
 * Sending an order: record it on the server (POST /api/checkout), then open the chat
 * with the recorded order's text (its number, its prices and discounts, the link to follow it). If the server cannot be
 * reached, is slow or fails, the chat still opens with the text written from the cart (and the
 * discounts its quote showed), without a number: a customer is never blocked. A refusal the customer can act on
 * (400/409: a sold-out dish, a zone no longer served, the shop closed) is shown instead,
 * because sending that order anyway would bypass the rule (docs/decisions/009).
 *
 * Pop-up blockers allow a window opened during the click, not one opened after a
 * network answer; so the window is opened first, blank, and pointed at the chat later.
 */
import type { Cart } from '../../shared/cart'
import { checkoutRequest, type CheckoutDetails, type DeliveryZone } from '../../shared/checkout'
import { tableRequest, type TableVisit } from '../../shared/dining-table'
import { fromCart, fromRecordedOrder, orderText, type OrderTextDiscount, whatsappLink } from '../../shared/order-text'
import type { PickupPlace } from '../../shared/store-profile'
import type { CheckoutAnswer } from '../../shared/tracking'
import { lacksSauceIds, sauceIdByName } from './ingredients'

/** Longest wait for the server before the chat opens without a number. */
const CHECKOUT_TIMEOUT_MS = 8000

export type PlaceOrderOutcome =
  | { kind: 'recorded'; order: CheckoutAnswer; link: string }
  | { kind: 'unrecorded'; link: string }
  | { kind: 'refused'; message: string }

type Input = {
  cart: Cart
  details: CheckoutDetails
  zones: readonly DeliveryZone[]
  whatsappNumber: string
  /** The cart's code (issue #33), or null: none, or one the quote said does not apply. */
  promoCode?: string | null
  /** What the server's quote of this cart took off: the chat text says it if the order cannot be recorded. */
  discounts?: readonly OrderTextDiscount[]
  /** Where a pickup order is picked up ('Tu restaurante'): the chat text says it. */
  pickup?: PickupPlace | null
  /**
   * The table the order is placed from (issue #45): sent as 'mesa' with its token, and no chat
   * opens (the tracking page confirms it; the message stays one tap away). Unreachable server:
   * refused with a word to ask the staff, since the kitchen would not know the table otherwise.
   */
  table?: TableVisit | null
}

/** A table's order the server could not be asked about. */
const TABLE_OFFLINE = 'No pudimos enviar tu pedido. Revisa tu conexión o pide al personal.'

/** Must be called synchronously inside the click handler (see above). */
export function placeOrder(input: Input): Promise<PlaceOrderOutcome> {
  if (input.table) return placeTableOrder(input)
  const chat = openBlankWindow()
  return record(input).then((result) => {
    if (result.kind === 'refused') {
      chat?.close()
      return result
    }
    const written = result.kind === 'recorded' ? fromRecordedOrder(result.order, result.order.trackingUrl) : fromCart(input.cart, input)
    const text = orderText({ ...written, pickupPlace: input.pickup ?? null })
    const link = whatsappLink(input.whatsappNumber, text)
    if (chat && !chat.closed) chat.location.href = link
    else window.location.href = link // the blank window was blocked or closed: this tab goes to the chat
    return result.kind === 'recorded' ? { kind: 'recorded', order: result.order, link } : { kind: 'unrecorded', link }
  })
}

async function placeTableOrder(input: Input): Promise<PlaceOrderOutcome> {
  const result = await record(input)
  if (result.kind === 'refused') return result
  if (result.kind === 'unrecorded') return { kind: 'refused', message: TABLE_OFFLINE }
  return { kind: 'recorded', order: result.order, link: whatsappLink(input.whatsappNumber, orderText(fromRecordedOrder(result.order, result.order.trackingUrl))) }
}

type RecordResult = { kind: 'recorded'; order: CheckoutAnswer } | { kind: 'unrecorded' } | { kind: 'refused'; message: string }

async function record({ cart, details, promoCode = null, table = null }: Input): Promise<RecordResult> {
  try {
    const sauceIdOf = lacksSauceIds(cart) ? await sauceIdByName() : undefined
    const request = checkoutRequest(cart, details, sauceIdOf, promoCode)
    const res = await fetch('/api/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(table ? tableRequest(request, table) : request),
      signal: AbortSignal.timeout(CHECKOUT_TIMEOUT_MS),
    })
    if (res.status === 201) return { kind: 'recorded', order: (await res.json()) as CheckoutAnswer }
    if (res.status === 400 || res.status === 409) {
      const body = (await res.json().catch(() => null)) as { message?: unknown; issues?: { message?: unknown }[] } | null
      const detail = body?.issues?.[0]?.message ?? body?.message
      if (typeof detail === 'string' && detail !== '') return { kind: 'refused', message: detail }
    }
    return { kind: 'unrecorded' }
  } catch {
    return { kind: 'unrecorded' } // offline, timeout, unreadable answer
  }
}

/** A blank tab that cannot reach back to this page, saying what is happening; null when blocked. */
function openBlankWindow(): Window | null {
  const chat = window.open('', '_blank')
  if (!chat) return null
  try {
    chat.opener = null
    chat.document.title = 'Abriendo WhatsApp…'
    chat.document.body.textContent = 'Abriendo WhatsApp con tu pedido…'
  } catch {
    /* a browser that does not let us write into it: it still navigates */
  }
  return chat
}
