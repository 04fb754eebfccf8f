import { Elysia } from 'elysia'
import { moveRefusal } from '../../shared/order-status'
import { idParam, orderInputSchema, orderStatusInputSchema } from '../../shared/schemas'
import type { AppContext } from '../context.server'
import { HttpError, notFound } from '../http/errors.server'
import { validate } from '../http/json-body.server'
import { createPosOrder, listOrders, moveOrderStatus } from './orders.repo.server'

const NOT_FOUND = 'Pedido no encontrado'

/**
 * Orders for staff and the point-of-sale (admin session or API key, see http/access.server.ts):
 * the list, orders recorded by a POS (its own line shape; numbered in the same sequence as the
 * storefront's), and the status moves of shared/order-status.ts. Storefront orders come in
 * through POST /api/checkout (checkout/).
 */
export const orderRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/orders' })
    .get('/', () => listOrders(ctx.db))
    .post('/', ({ body, set }) => {
      const input = validate(orderInputSchema, body)
      set.status = 201
      return createPosOrder(ctx.db, input)
    })
    .patch(
      '/:id/status',
      ({ params, body }) => {
        const { status } = validate(orderStatusInputSchema, body)
        const result = moveOrderStatus(ctx.db, params.id, status)
        if (result.kind === 'notFound') throw notFound(NOT_FOUND)
        if (result.kind === 'refused') throw new HttpError(409, moveRefusal(result.from, status))
        return result.order
      },
      { params: idParam },
    )
