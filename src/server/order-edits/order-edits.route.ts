import { Elysia } from 'elysia'
import { z } from 'zod'
import { idParam, orderEditInputSchema } from '../../shared/schemas'
import { orderSchema } from '../../shared/schemas/responses'
import { principalName, principalOf } from '../access/principal.server'
import { asHttpRefusal } from '../checkout/refusal.server'
import type { AppContext } from '../context.server'
import { notFound } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import type { OrderEvents } from '../orders/order-events.server'
import { EDITABLE_STATUSES, MAX_ORDER_CHANGES, editOrder, orderVersion } from './order-edit.service.server'

/** `?dryRun=1`: the edit's figures and refusals, nothing saved (the board's 'Editar pedido' shows them before 'Guardar'). */
const editQuery = z.object({
  dryRun: z.enum(['1', 'true', '0', 'false'], { error: "dryRun es '1' o '0'" }).optional(),
})

/**
 * PATCH /api/orders/{id} (issue #34): staff change a placed order as the chat goes on. The order
 * keeps its number and tracking link; the change is recorded (`changes`) and published on the
 * order bus ('changed'), so the board, the tracking page and the ticket show it at once.
 * With `?dryRun=1` it answers the order as saving would leave it, or the same refusal, and saves
 * and publishes nothing.
 */
export function orderEditRoutes(ctx: AppContext, events: OrderEvents, now: () => number = Date.now) {
  return new Elysia({ prefix: '/api/orders' }).use(routeContract).patch(
    '/:id',
    async ({ params, query, body, request, set }) => {
      const ifMatch = request.headers.get('if-match')
      const dryRun = query.dryRun === '1' || query.dryRun === 'true'
      const result = await asHttpRefusal(() => editOrder(ctx.db, params.id, body, principalName(principalOf(request)), new Date(now()), { ifMatch, cache: ctx.pageCache, dryRun }))
      if (result.kind === 'notFound') throw notFound('Pedido no encontrado')
      // A preview's order is not saved: its version is not one to edit from.
      if (result.kind !== 'previewed') set.headers.etag = orderVersion(result.order)
      if (result.kind === 'edited') await events.publish('changed', result.order)
      return result.order
    },
    {
      access: 'staffOrKey',
      params: idParam,
      query: editQuery,
      body: orderEditInputSchema,
      response: orderSchema,
      detail: {
        summary: 'Cambiar un pedido ya hecho',
        description: `Mientras está ${EDITABLE_STATUSES.map((s) => `\`${s}\``).join(', ')}; después, 409 ('Este pedido ya está listo; ya no se puede cambiar'). Los mismos campos que POST /api/checkout; lo que no se envía queda igual y \`items\` reemplaza las líneas. Una línea que queda como estaba conserva su precio; una nueva o cambiada toma el de hoy, y se revisan de nuevo agotados, horarios, porciones, horario programado, zona (costo y mínimo) y promociones. El número y el enlace de seguimiento no cambian. Cada cambio queda en \`changes\` (quién, cuándo y qué), hasta ${MAX_ORDER_CHANGES} por pedido (después, 409). Con \`If-Match\` (el ETag de la respuesta anterior: cuántos cambios tenía) un pedido que alguien más cambió entretanto responde 409 en vez de deshacer ese cambio. Un cambio que no toca productos, entrega, zona ni hora (las notas, la dirección) no cambia ningún precio ni reescribe las líneas. Las promociones son las del pedido: las que tenía se aplican a sus líneas nuevas con la misma regla (sin contar otra vez el uso de un código), y una que empezó o terminó después no entra ni sale. Con \`?dryRun=1\` responde el pedido tal como quedaría (o el mismo rechazo) sin guardar nada.`,
        tags: ['Pedidos'],
      },
    },
  )
}
