import { Elysia } from 'elysia'
import { type CheckoutData, type Order, checkoutInputSchema } from '../../shared/schemas'
import { type CheckoutQuote, checkoutAnswerSchema, checkoutQuoteSchema } from '../../shared/schemas/responses'
import { type CheckoutAnswer, trackingUrl } from '../../shared/tracking'
import { AttemptLimiter } from '../auth/throttle.server'
import type { AppContext } from '../context.server'
import { inTransaction } from '../db/database.server'
import { clientOf } from '../http/client.server'
import { tooManyAttempts } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import type { OrderEvents } from '../orders/order-events.server'
import { tableByToken } from '../dining-tables/dining-tables.repo.server'
import { tableRefused } from '../dining-tables/dining-tables.route'
import type { OrderPushes } from '../push/order-pushes.server'
import { insertOrder, lockOrders } from '../orders/orders.repo.server'
import { CodeGuesses, WRONG_CODE_LIMIT, WRONG_CODE_WINDOW_MS } from '../promotions/code-guesses.server'
import { asHttpRefusal } from './refusal.server'
import { CheckoutRefusal, type PricedCheckout, codeAsksForPhone, priceCheckout, refuseOverPortions, refuseUnbookable, repriceUnderLock } from './checkout.service.server'

/** Orders one client address may place: 5 per 10 minutes (a table's worth; a flood of fake orders is not). */
export const CHECKOUT_LIMIT = 5
export const CHECKOUT_WINDOW_MS = 10 * 60 * 1000
/** What the API reference says of guessing codes (code-guesses.server.ts). */
const GUESSING = `Un código que no existe cuenta como intento (uno por código), junto con GET /api/promotions/code/{code}: pasados ${WRONG_CODE_LIMIT} en ${WRONG_CODE_WINDOW_MS / 60_000} minutos desde una dirección, 429 con Retry-After para cualquier código.`
/**
 * Orders one table may place (issue #45): its diners share the restaurant's Wi-Fi, so a table is
 * counted by itself, not by the address (a full restaurant is one address): 20 an hour.
 */
export const TABLE_ORDER_LIMIT = 20
export const TABLE_ORDER_WINDOW_MS = 60 * 60 * 1000
/** Quotes one client address may ask for: loosely (a cart changes often), 60 a minute. */
export const QUOTE_LIMIT = 60
export const QUOTE_WINDOW_MS = 60 * 1000

/**
 * POST /api/checkout: the storefront's order (public; a browser's must come from this site).
 * Checked and priced from the database (checkout.service.server.ts), then stored as
 * 'pending' with the next number; 201 with the whole stored order and `trackingUrl`, the
 * customer's tracking page as the browser reached this site (tracking/). Once stored, it is
 * published on the order event bus (the admin's live Pedidos board).
 *
 * Only ACCEPTED orders count against the address's limit: the count is taken after
 * the order is priced and just before it is written, so a customer fixing a refused cart
 * is never locked out by the refusals.
 * `now` is the app's clock (AppOptions.now): opening hours and the limit's window follow it.
 */
export function checkoutRoutes(ctx: AppContext, events: OrderEvents, now: () => number = Date.now, pushes?: OrderPushes) {
  const byAddress = new AttemptLimiter(ctx.db, 'checkout', CHECKOUT_LIMIT, CHECKOUT_WINDOW_MS, now)
  const byTable = new AttemptLimiter(ctx.db, 'checkout-table', TABLE_ORDER_LIMIT, TABLE_ORDER_WINDOW_MS, now)

  /** A refusal of the checkout's rules as the client gets it, counted by reason (a quote's is not an order refused). */
  const refusing = <T>(work: () => Promise<T>): Promise<T> => asHttpRefusal(work, (refusal) => ctx.telemetry.orderRefused(refusal.reason))

  /** 429 with the seconds to wait, counted. */
  const limited = (wait: number) => {
    ctx.telemetry.orderRefused('rate_limited')
    return tooManyAttempts(wait)
  }

  /**
   * Counts the attempt and stores the priced order (issue #29: as few statements as possible,
   * and the number's lock held for the last one alone).
   *  - As soon as possible: once counted nothing can refuse it, so no transaction spans the
   *    two writes: the count is a compare-and-set (takeAtOnce), the order one insert.
   *  - For later, or with a product limited per day: the slot's count and the portions left
   *    need the number's lock and may still refuse it, so the attempt is counted in the
   *    order's transaction and given back with it (an order without limited products for now
   *    keeps the one statement).
   */
  async function store(checkout: PricedCheckout, { limiter, key }: { limiter: AttemptLimiter; key: string }, at: Date): Promise<Order> {
    const address = key
    const { order: priced, schedule, portions, recount } = checkout
    const { scheduledFor } = priced
    if (!scheduledFor && portions.length === 0 && !recount) {
      const wait = await limiter.takeAtOnce(address)
      if (wait > 0) throw limited(wait)
      return insertOrder(ctx.db, priced, at, { engine: ctx.store.engine })
    }
    return inTransaction(ctx.db, async (trx) => {
      const wait = await limiter.take(address, trx)
      if (wait > 0) throw limited(wait)
      // A promotion with a cap (issue #33): its uses counted again under the lock, the order priced with them.
      let order = priced
      if (recount) {
        await lockOrders(trx)
        order = await refusing(() => repriceUnderLock(trx, checkout))
      }
      return insertOrder(trx, order, at, {
        underLock: (locked) =>
          refusing(async () => {
            if (scheduledFor) await refuseUnbookable(locked, scheduledFor, at, schedule)
            await refuseOverPortions(locked, portions, scheduledFor, at)
          }),
      })
    })
  }

  const quotes = new AttemptLimiter(ctx.db, 'quote', QUOTE_LIMIT, QUOTE_WINDOW_MS, now)

  /** The quote of a checkout: priced, nothing recorded; a code that does not apply is told apart with the figures without it. */
  async function quote(input: CheckoutData, at: Date): Promise<CheckoutQuote> {
    // Whether the code asks for the WhatsApp, applied or not: the cart says so beside the field (issue 40).
    const codeNeedsPhone = await codeAsksForPhone(ctx.db, input.promoCode, ctx.pageCache)
    const figures = ({ order }: PricedCheckout, promoCode: string | null, codeRefusal: string | null): CheckoutQuote => ({
      items: order.items,
      subtotal: order.subtotal,
      deliveryFee: order.deliveryFee,
      discounts: order.discounts,
      total: order.total,
      promoCode,
      codeRefusal,
      codeNeedsPhone,
    })
    try {
      // Without this phone's own uses: whether a number already used a code is told at the checkout only (issue #39).
      return figures(await priceCheckout(ctx.db, input, at, ctx.pageCache, { phoneUses: false }), input.promoCode, null)
    } catch (error) {
      if (!(error instanceof CheckoutRefusal) || error.reason !== 'promotion' || input.promoCode === null) throw error
      return figures(await priceCheckout(ctx.db, { ...input, promoCode: null }, at, ctx.pageCache), null, error.message)
    }
  }

  /** Wrong promotion codes: one count with the code's lookup (code-guesses.server.ts), asked after the body is validated and before the order is priced. */
  const guesses = new CodeGuesses(ctx.db, ctx.pageCache, now)

  /**
   * A checkout refused because this phone already used the code: the one door that says so
   * counts it as a guess (trying numbers against a known code lists the customers), once per
   * code and phone; past the limit, 429 instead.
   */
  const countingPhoneGuesses = <T>(address: string, input: CheckoutData, work: () => Promise<T>): Promise<T> =>
    work().catch(async (error: unknown) => {
      if (error instanceof CheckoutRefusal && error.promotion === 'used' && input.promoCode !== null) {
        await guesses.guessed(address, `${input.promoCode}:${input.customerPhone ?? ''}`)
      }
      throw error
    })

  return new Elysia({ prefix: '/api/checkout' }).use(routeContract).post('/quote', async ({ body: input, request }): Promise<CheckoutQuote> => {
    const address = clientOf(request, ctx.config.trustProxy).address
    const wait = await quotes.takeAtOnce(address)
    if (wait > 0) throw tooManyAttempts(wait)
    if (input.promoCode !== null) await guesses.judge(address, input.promoCode)
    return asHttpRefusal(() => quote(input, new Date(now())))
  }, {
    access: 'public',
    body: checkoutInputSchema,
    response: { 200: checkoutQuoteSchema },
    detail: {
      summary: 'Cotizar un pedido (el carrito)',
      description: `El mismo cuerpo que POST /api/checkout, con sus mismos precios, promociones y negativas (409/400), sin registrar nada: el carrito muestra estas cifras. Un código que no aplica no es un error: responde las cifras sin él y \`codeRefusal\` dice por qué (nunca si ese WhatsApp ya lo usó: eso lo dice el checkout). Máximo ${QUOTE_LIMIT} por dirección cada minuto (429). ${GUESSING}`,
      tags: ['Pedidos'],
    },
  }).post('/', async ({ body: input, request, set }): Promise<CheckoutAnswer> => {
    const client = clientOf(request, ctx.config.trustProxy)
    const at = new Date(now())
    if (input.promoCode !== null) await guesses.judge(client.address, input.promoCode)
    // An order at a table (issue #45): its token names an active table, or 409 (the page forgets the table).
    const table = input.fulfilment === 'mesa' && input.tableToken ? await tableByToken(ctx.db, input.tableToken) : null
    if (input.fulfilment === 'mesa' && !table) {
      ctx.telemetry.orderRefused('gone')
      throw tableRefused()
    }
    const priced = await refusing(() => countingPhoneGuesses(client.address, input, () => priceCheckout(ctx.db, input, at, ctx.pageCache)))
    const atTable = table ? { ...priced, order: { ...priced.order, tableId: table.id, tableName: table.name } } : priced
    const order = await store(atTable, table ? { limiter: byTable, key: String(table.id) } : { limiter: byAddress, key: client.address }, at)
    ctx.telemetry.orderPlaced('storefront')
    await events.publish('created', order)
    // The staff's phones (issue #43): after the commit, and not waited for.
    pushes?.orderCreated(order)
    set.status = 201
    // Every order stored from now on has a key; the link is what the customer's message carries.
    return { ...order, trackingUrl: trackingUrl(client.origin, order.trackingToken ?? '') }
  }, {
    access: 'public',
    body: checkoutInputSchema,
    response: { 201: checkoutAnswerSchema },
    detail: {
      summary: 'Hacer un pedido (tienda en línea)',
      description: `El servidor pone los precios desde la base de datos. Máximo ${CHECKOUT_LIMIT} pedidos por dirección cada ${CHECKOUT_WINDOW_MS / 60_000} minutos (429). Cerrado o en pausa, agotado o bajo el pedido mínimo: 409. Con \`scheduledFor\` (un horario de GET /api/order-slots) se acepta aunque ahora esté cerrado; un horario no disponible o lleno: 409 con el motivo. Un producto con porciones por día: 409 si se pide más de lo que queda ese día ('Solo quedan 2 Chilaquiles Supremos hoy'). ${GUESSING}`,
      tags: ['Pedidos'],
    },
  })
}
