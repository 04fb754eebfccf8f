import { Elysia } from 'elysia'
import { z } from 'zod'
import { ORDER_EVENT_NAME } from '../../shared/order-events'
import { isFinalStatus } from '../../shared/order-status'
import { trackingSchema } from '../../shared/schemas/responses'
import { type Tracking, trackingOf } from '../../shared/tracking'
import type { AppContext } from '../context.server'
import { clientOf } from '../http/client.server'
import { HttpError, notFound, tooManyAttempts } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import type { OrderEvents } from '../orders/order-events.server'
import { type TrackedOrder, PRIVATE_PAGE_HEADERS, findTrackedOrder, wrongTokenLimiter } from './tracked-order.server'
import { MAX_STREAMS_PER_ADDRESS, createStreamSlots } from './stream-slots.server'

const NOT_FOUND = 'Pedido no encontrado'
const TOO_MANY_STREAMS = `Demasiadas páginas de seguimiento abiertas desde tu conexión (máximo ${MAX_STREAMS_PER_ADDRESS}); cierra alguna e inténtalo de nuevo`
const tags = ['Seguimiento']
/** Any text: a key of the wrong shape is a wrong key (404), not a malformed request. */
const tokenParam = z.object({ token: z.string() })

const orderOrRefuse = (tracked: TrackedOrder) => {
  if (tracked.kind === 'limited') throw tooManyAttempts(tracked.retryAfter)
  if (tracked.kind === 'notFound') throw notFound(NOT_FOUND)
  return tracked.order
}

/**
 * The customer's view of an order, opened by its tracking key only (decision 023):
 * GET /api/track/:token (what the page shows, as JSON: 'Tus pedidos' reads the status)
 * and GET /api/track/:token/events, the page's live updates: the order bus's events for
 * this order alone (so a move on any instance reaches it), ended after a final status.
 * Streams per address are capped; wrong keys are rate-limited (tracked-order.server.ts).
 */
export function trackingRoutes(ctx: AppContext, events: OrderEvents, now: () => number = Date.now) {
  const limiter = wrongTokenLimiter(ctx.db, now)
  const slots = createStreamSlots()
  const find = (token: string, request: Request) => findTrackedOrder(ctx.db, limiter, token, clientOf(request, ctx.config.trustProxy).address)

  return new Elysia({ prefix: '/api/track' })
    .use(routeContract)
    .get(
      '/:token',
      async ({ params, request, set }): Promise<Tracking> => {
        Object.assign(set.headers, PRIVATE_PAGE_HEADERS)
        return trackingOf(orderOrRefuse(await find(params.token, request)))
      },
      {
        access: 'public',
        params: tokenParam,
        response: trackingSchema,
        detail: {
          summary: 'Seguir un pedido (cliente)',
          description: 'Con la clave del enlace que recibe el cliente. Sin teléfono, nombre ni dirección. Una clave equivocada es 404; demasiadas desde una dirección, 429.',
          tags,
        },
      },
    )
    .get(
      '/:token/events',
      async ({ params, request }) => {
        const order = orderOrRefuse(await find(params.token, request))
        // Nothing more will happen to it: 204 tells the browser's EventSource not to reconnect.
        if (isFinalStatus(order.status)) return new Response(null, { status: 204, headers: PRIVATE_PAGE_HEADERS })
        if (request.method === 'HEAD') return events.head()
        const release = slots.take(clientOf(request, ctx.config.trustProxy).address)
        if (!release) throw new HttpError(429, TOO_MANY_STREAMS, undefined, { 'retry-after': '30' })
        const response = events.stream(request.signal, undefined, {
          orderId: order.id,
          endAfter: (event) => isFinalStatus(event.status),
          onEnd: release,
        })
        if (response.status !== 200) release()
        return response
      },
      {
        access: 'public',
        params: tokenParam,
        detail: {
          summary: 'Cambios de un pedido en vivo (cliente)',
          description: `Server-sent events: un evento \`${ORDER_EVENT_NAME}\` {type, id, number, status} cada vez que el pedido cambia; termina tras un estado final (entregado o cancelado), y un pedido ya final responde 204. Máximo ${MAX_STREAMS_PER_ADDRESS} abiertos por dirección.`,
          tags,
        },
      },
    )
}
