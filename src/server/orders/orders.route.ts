import { Elysia } from 'elysia'
import { moveRefusal } from '../../shared/order-status'
import { idParam, orderInputSchema, orderListQuerySchema, orderStatusInputSchema } from '../../shared/schemas'
import { isApiKeyActive } from '../api-keys/api-keys.repo.server'
import { isSessionLive } from '../auth/sessions.repo.server'
import type { AppContext } from '../context.server'
import type { Db } from '../db/database.server'
import { HttpError, notFound } from '../http/errors.server'
import { validate } from '../http/json-body.server'
import { type Principal, principalOf } from '../http/principal.server'
import type { OrderEvents } from './order-events.server'
import { createPosOrder, listOrders, moveOrderStatus, summarizeOrders } from './orders.repo.server'

const NOT_FOUND = 'Pedido no encontrado'

/** Whether the session or key that opened a stream is still live (asked at each heartbeat). */
function stillAllowed(db: Db, principal: Principal | null): () => Promise<boolean> {
  if (principal?.kind === 'session') {
    const { id } = principal.session
    return () => isSessionLive(db, id, new Date().toISOString())
  }
  if (principal?.kind === 'apiKey') {
    const { id } = principal.key
    return () => isApiKeyActive(db, id)
  }
  return async () => false
}

/**
 * Orders for staff and the point-of-sale (admin session or API key, see http/access.server.ts):
 * the list, orders recorded by a POS (its own line shape; numbered in the same sequence as the
 * storefront's), the status moves of shared/order-status.ts, and the live stream of order
 * events (order-events.server.ts; the admin's Pedidos board listens to it). Storefront orders
 * come in through POST /api/checkout (checkout/), which publishes on the same bus.
 */
export const orderRoutes = (ctx: AppContext, events: OrderEvents, now: () => number = Date.now) =>
  new Elysia({ prefix: '/api/orders' })
    .get('/', ({ query }) => listOrders(ctx.db, validate(orderListQuerySchema, query)))
    .get('/summary', () => summarizeOrders(ctx.db, new Date(now())))
    .get('/events', ({ request }) =>
      request.method === 'HEAD' ? events.head() : events.stream(request.signal, stillAllowed(ctx.db, principalOf(request))),
    )
    .post('/', async ({ body, set }) => {
      const input = validate(orderInputSchema, body)
      const order = await createPosOrder(ctx.db, input, new Date(now()))
      await events.publish('created', order)
      set.status = 201
      return order
    })
    .patch(
      '/:id/status',
      async ({ params, body }) => {
        const { status } = validate(orderStatusInputSchema, body)
        const result = await moveOrderStatus(ctx.db, params.id, status, new Date(now()))
        if (result.kind === 'notFound') throw notFound(NOT_FOUND)
        if (result.kind === 'refused') throw new HttpError(409, moveRefusal(result.from, status))
        await events.publish('status', result.order)
        return result.order
      },
      { params: idParam },
    )
