import { Elysia } from 'elysia'
import { idParam, orderEditInputSchema } from '../../shared/schemas'
import { orderSchema } from '../../shared/schemas/responses'
import { principalName, principalOf } from '../access/principal.server'
import { asHttpRefusal } from '../checkout/refusal.server'
import type { AppContext } from '../context.server'
import { notFound } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import type { OrderEvents } from '../orders/order-events.server'
import { EDITABLE_STATUSES, editOrder, orderVersion } from './order-edit.service.server'

/**
 * PATCH /api/orders/{id} (issue #34): staff change a placed order as the chat goes on. The order
 * keeps its number and tracking link; the change is recorded (`changes`) and published on the
 * order bus ('changed'), so the board, the tracking page and the ticket show it at once.
 */
export function orderEditRoutes(ctx: AppContext, events: OrderEvents, now: () => number = Date.now) {
  return new Elysia({ prefix: '/api/orders' }).use(routeContract).patch(
    '/:id',
    async ({ params, body, request, set }) => {
      const ifMatch = request.headers.get('if-match')
      const result = await asHttpRefusal(() => editOrder(ctx.db, params.id, body, principalName(principalOf(request)), new Date(now()), ifMatch, ctx.pageCache))
      if (result.kind === 'notFound') throw notFound('Pedido no encontrado')
      set.headers.etag = orderVersion(result.order)
      if (result.kind === 'edited') await events.publish('changed', result.order)
      return result.order
    },
    {
      access: 'staffOrKey',
      params: idParam,
      body: orderEditInputSchema,
      response: orderSchema,
      detail: {
        summary: 'Cambiar un pedido ya hecho',
        description: `Mientras está ${EDITABLE_STATUSES.map((s) => `\`${s}\``).join(', ')}; después, 409 ('Este pedido ya está listo; ya no se puede cambiar'). Los mismos campos que POST /api/checkout; lo que no se envía queda igual y \`items\` reemplaza las líneas. Una línea que queda como estaba conserva su precio; una nueva o cambiada toma el de hoy, y se revisan de nuevo agotados, horarios, porciones, horario programado, zona (costo y mínimo) y promociones. El número y el enlace de seguimiento no cambian. Cada cambio queda en \`changes\` (quién, cuándo y qué). Con \`If-Match\` (el ETag de la respuesta anterior: cuántos cambios tenía) un pedido que alguien más cambió entretanto responde 409 en vez de deshacer ese cambio.`,
        tags: ['Pedidos'],
      },
    },
  )
}
