import { Elysia } from 'elysia'
import { orderInputSchema } from '../../shared/schemas'
import type { AppContext } from '../context.server'
import { validate } from '../http/json-body.server'
import { createOrder, listOrders } from './orders.repo.server'

/** Orders are recorded by a point-of-sale (API key) or an administrator; the storefront records none. */
export const orderRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/orders' })
    .get('/', () => listOrders(ctx.db))
    .post(
      '/',
      ({ body, set }) => {
        const input = validate(orderInputSchema, body)
        set.status = 201
        return createOrder(ctx.db, input)
      },
    )
