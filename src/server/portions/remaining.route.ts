import { Elysia } from 'elysia'
import { menuRemainingSchema } from '../../shared/schemas/responses'
import type { AppContext } from '../context.server'
import { clientOf } from '../http/client.server'
import { HttpError } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import type { OrderEvents } from '../orders/order-events.server'
import { storeDay } from '../orders/orders.repo.server'
import { MAX_STREAMS_PER_ADDRESS, createStreamSlots } from '../tracking/stream-slots.server'
import { remainingOn } from './portions.repo.server'

const tags = ['Productos']
const TOO_MANY_STREAMS = 'Demasiadas páginas abiertas desde esta conexión; cierra alguna e intenta de nuevo'

/**
 * GET /api/menu/remaining (public, never cached): `{ "<productId>": unitsLeft }` today, for the
 * products limited per day only. Apart from the cached menu on purpose: an order changes what is
 * left, never the menu, so no order empties the page cache.
 *
 * GET /api/menu/remaining/events: the order bus's events (decision 015, the board's own path,
 * across instances through the store's channel) for an open storefront: a new order or a
 * cancelled one, and nothing about it (`data: {}`): the page refetches what is left. The
 * storefront opens it only while its menu has a limited product; a few per address, as the
 * tracking page's stream.
 */
export function remainingRoutes(ctx: AppContext, events: OrderEvents, now: () => number = Date.now) {
  const slots = createStreamSlots()
  return new Elysia({ prefix: '/api/menu/remaining' })
    .use(routeContract)
    .get(
      '/',
      async ({ set }) => {
        set.headers['cache-control'] = 'no-store'
        return remainingOn(ctx.db, storeDay(new Date(now())))
      },
      {
        access: 'public',
        response: menuRemainingSchema,
        detail: {
          summary: 'Porciones que quedan hoy',
          description:
            'Por id de producto, las unidades que quedan hoy de cada producto con porciones por día (`dailyLimit`); los demás productos no aparecen. Cuenta los pedidos del día no cancelados (un pedido programado cuenta en su día). Nunca en caché.',
          tags,
        },
      },
    )
    .get(
      '/events',
      async ({ request }) => {
        if (request.method === 'HEAD') return events.head()
        const release = slots.take(clientOf(request, ctx.config.trustProxy).address)
        if (!release) throw new HttpError(429, TOO_MANY_STREAMS, undefined, { 'retry-after': '30' })
        const response = events.stream(request.signal, undefined, {
          only: (event) => event.type === 'created' || event.status === 'cancelled',
          data: '{}',
          onEnd: release,
        })
        if (response.status !== 200) release()
        return response
      },
      {
        access: 'public',
        detail: {
          summary: 'Aviso en vivo: cambiaron las porciones',
          description: `Server-sent events: un evento \`order\` con \`{}\` cada vez que entra o se cancela un pedido, para volver a pedir GET /api/menu/remaining. Máximo ${MAX_STREAMS_PER_ADDRESS} abiertos por dirección.`,
          tags,
        },
      },
    )
}
