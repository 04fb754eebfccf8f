import { Elysia } from 'elysia'
import { z } from 'zod'
import { ORDER_EVENT_NAME } from '../../shared/order-events'
import { preparationAt } from '../../shared/order-slots'
import { moveRefusal } from '../../shared/order-status'
import { type OrderLine, type Product, idParam, orderInputSchema, orderListQuerySchema, orderStatusInputSchema } from '../../shared/schemas'
import { orderSchema, orderSummarySchema } from '../../shared/schemas/responses'
import { isApiKeyActive } from '../api-keys/api-keys.repo.server'
import { isSessionLive } from '../auth/sessions.repo.server'
import type { AppContext } from '../context.server'
import type { Db } from '../db/database.server'
import { formatQ } from '../../shared/money'
import { HttpError, notFound } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import { type Principal, principalName, principalOf } from '../access/principal.server'
import { getOrderSettings } from '../scheduling/order-settings.repo.server'
import type { OrderEvents } from './order-events.server'
import { demandOf, limitsOf, portionDay, portionsRefusal } from '../portions/portions.repo.server'
import { productsByIds } from '../products/products.repo.server'
import { categoriesOfProducts } from '../categories/categories.repo.server'
import { orderMinute, orderWindowsRefusal } from '../../shared/service-windows'
import { createPosOrder, listOrders, posLinesTotal, moveOrderStatus, summarizeOrders } from './orders.repo.server'
import { PosLineRefusal, posLines, productsWithOptions, refuseOptionsWithoutProduct } from './pos-lines.server'
import { optionGroupsById } from '../option-groups/option-groups.repo.server'
import type { OptionGroup } from '../../shared/options'
import type { Category } from '../../shared/schemas/category'
import type { OrderPushes } from '../push/order-pushes.server'

const NOT_FOUND = 'Pedido no encontrado'
const tags = ['Pedidos']


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
 * Orders for staff and the point-of-sale (an administrator's session or an API key):
 * the list, orders recorded by a POS (its own line shape; numbered in the same sequence as the
 * storefront's), the status moves of shared/order-status.ts, and the live stream of order
 * events (order-events.server.ts; the admin's Pedidos board listens to it). Storefront orders
 * come in through POST /api/checkout (checkout/), which publishes on the same bus.
 */
export const orderRoutes = (ctx: AppContext, events: OrderEvents, now: () => number = Date.now, pushes?: OrderPushes) =>
  new Elysia({ prefix: '/api/orders' })
    .use(routeContract)
    .get('/', ({ query }) => listOrders(ctx.db, query), {
      access: 'staffOrKey',
      query: orderListQuerySchema,
      response: z.array(orderSchema),
      detail: {
        summary: 'Pedidos, del más reciente al más antiguo',
        description: 'Por páginas: `before` (número del último pedido visto) da la siguiente. Filtros por estado y por días del restaurante.',
        tags,
      },
    })
    .get(
      '/summary',
      async () => {
        const at = new Date(now())
        return summarizeOrders(ctx.db, at, preparationAt(await getOrderSettings(ctx.db), at))
      },
      {
        access: 'staffOrKey',
        response: orderSummarySchema,
        detail: {
          summary: 'Contadores de pedidos',
          description: '`upcoming` y `upcomingByStatus`: pedidos programados que aún no toca preparar (la pestaña «Programados»); también cuentan en `byStatus`.',
          tags,
        },
      },
    )
    .get(
      '/events',
      // The staff's own room (order-events.server.ts): a crowd of public streams never takes the board's.
      ({ request }) => (request.method === 'HEAD' ? events.head() : events.stream(request.signal, stillAllowed(ctx.db, principalOf(request)), { pool: 'staff' })),
      {
        access: 'staffOrKey',
        detail: {
          summary: 'Eventos de pedidos en vivo',
          description: `Server-sent events (text/event-stream): un evento \`${ORDER_EVENT_NAME}\` por pedido nuevo o cambio de estado, con {type, id, number, status}.`,
          tags,
        },
      },
    )
    .post(
      '/',
      async ({ body, set, request }) => {
        const at = new Date(now())
        refuseOptionsWithoutProduct(body.items)
        // A line naming a productId outside its hours (issue #31) is refused like the checkout's (409);
        // free-text lines are the cashier's business. Lines with options (issue #32) are priced by the
        // menu's groups: products and groups are read once, in parallel, only when needed.
        const named = body.items.flatMap((item) => (item.productId ? [item.productId] : []))
        const checksWindows = named.length > 0 && body.status !== 'cancelled'
        const withOptions = productsWithOptions(body.items)
        const [products, categories, settings, optionGroups] = await Promise.all([
          checksWindows || withOptions.length > 0 ? productsByIds(ctx.db, checksWindows ? named : withOptions) : new Map<number, Product>(),
          checksWindows ? categoriesOfProducts(ctx.db, named) : new Map<string, Category>(),
          checksWindows ? getOrderSettings(ctx.db) : null,
          withOptions.length > 0 ? optionGroupsById(ctx.db) : new Map<number, OptionGroup>(),
        ])
        let items: OrderLine[]
        try {
          items = posLines(body.items, products, optionGroups)
        } catch (error) {
          if (error instanceof PosLineRefusal) ctx.telemetry.orderRefused(error.reason)
          throw error
        }
        const linesTotal = posLinesTotal(items)
        if (body.total !== undefined && body.total !== linesTotal) {
          const message = `El total (${formatQ(body.total)}) no coincide con la suma de las líneas (${formatQ(linesTotal)})`
          throw new HttpError(400, message, [{ path: 'total', message }])
        }
        if (settings) {
          const outside = orderWindowsRefusal(body.items, products, categories, orderMinute({ now: at, settings }))
          if (outside) {
            ctx.telemetry.orderRefused('window')
            throw new HttpError(409, outside)
          }
        }
        // Portions per day count the point of sale's lines too (those naming a productId), and the
        // cashier is refused like the storefront (409): "never oversold" (issue #31), and a portion
        // the kitchen does not have cannot be handed over however the order came in; the cashier
        // sees what is left and tells the customer at once. Counted under the order's lock; an
        // order without limited products keeps the one statement.
        const demand = body.status === 'cancelled' ? [] : demandOf(body.items, await limitsOf(ctx.db, body.items.flatMap((item) => (item.productId ? [item.productId] : []))))
        const underLock =
          demand.length === 0
            ? undefined
            : async (locked: Db) => {
                const refusal = await portionsRefusal(locked, demand, portionDay(null, at), at)
                if (refusal) {
                  ctx.telemetry.orderRefused('portions')
                  throw new HttpError(409, refusal)
                }
              }
        const order = await createPosOrder(ctx.db, body, items, at, { by: principalName(principalOf(request)), engine: ctx.store.engine, underLock })
        ctx.telemetry.orderPlaced('pos')
        await events.publish('created', order)
        // The staff's phones (issue #43): after the commit, and not waited for.
        pushes?.orderCreated(order)
        set.status = 201
        return order
      },
      {
        access: 'staffOrKey',
        body: orderInputSchema,
        response: { 201: orderSchema },
        detail: {
          summary: 'Registrar un pedido de punto de venta',
          description: 'El total es la suma de las líneas (precio × cantidad); un `total` enviado que no coincide: 400. Las líneas con `productId` de un producto con porciones por día las consumen: más de lo que queda hoy, 409. Una línea con `options` (grupos de opciones del producto) debe tener `productId`; se revisan como en la tienda (mínimo y máximo de cada grupo: 400; opción agotada: 409) y su precio unitario es `price` más el de las opciones según el menú, al tamaño de la línea.',
          tags,
        },
      },
    )
    .patch(
      '/:id/status',
      async ({ params, body, request }) => {
        const result = await moveOrderStatus(ctx.db, params.id, body.status, new Date(now()), principalName(principalOf(request)))
        if (result.kind === 'notFound') throw notFound(NOT_FOUND)
        if (result.kind === 'refused') throw new HttpError(409, moveRefusal(result.from, body.status, result.fulfilment))
        await events.publish('status', result.order)
        return result.order
      },
      {
        access: 'staffOrKey',
        params: idParam,
        body: orderStatusInputSchema,
        response: orderSchema,
        detail: { summary: 'Mover el estado de un pedido', description: 'Solo a un estado siguiente permitido; otro: 409 con el motivo.', tags },
      },
    )
