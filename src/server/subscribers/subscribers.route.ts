import { Elysia } from 'elysia'
import { z } from 'zod'
import { idParam, subscriberInputSchema, subscriberListQuerySchema } from '../../shared/schemas'
import { deletedSchema, messageSchema, subscriberSchema } from '../../shared/schemas/responses'
import { SUBSCRIBED_MESSAGE, SUBSCRIBE_LIMIT, SUBSCRIBE_WINDOW_MS, SUBSCRIBER_PAGE_MAX } from '../../shared/subscribers'
import { AttemptLimiter } from '../auth/throttle.server'
import type { AppContext } from '../context.server'
import { clientOf } from '../http/client.server'
import { csvResponse } from '../http/csv.server'
import { notFound, tooManyAttempts } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import { deleteSubscriber, listSubscribers, subscribe } from './subscribers.repo.server'

const tags = ['Suscriptores']

/**
 * The footer's newsletter (DESIGN, "Knowing the business"):
 *  - POST /api/subscribers (public, from this site): records the address with the time of
 *    consent; 201 when new, 200 when already subscribed, the same answer either way. Each
 *    client address may send SUBSCRIBE_LIMIT per window (429): a script cannot fill the list.
 *  - GET /api/subscribers (administrator): newest first, a page at a time; `format=csv` the same page.
 *  - DELETE /api/subscribers/:id (administrator): someone asked to be taken off.
 * `now` is the app's clock (AppOptions.now): the consent time and the limit's window follow it.
 */
export function subscriberRoutes(ctx: AppContext, now: () => number = Date.now) {
  const limiter = new AttemptLimiter(ctx.db, 'subscribe', SUBSCRIBE_LIMIT, SUBSCRIBE_WINDOW_MS, now)

  return new Elysia({ prefix: '/api/subscribers' })
    .use(routeContract)
    .post(
      '/',
      async ({ body, request, set }) => {
        // Counted in a statement of its own: the insert right after cannot fail for this caller's reasons.
        const wait = await limiter.takeAtOnce(clientOf(request, ctx.config.trustProxy).address)
        if (wait > 0) throw tooManyAttempts(wait)
        const { created } = await subscribe(ctx.db, body.email, new Date(now()))
        set.status = created ? 201 : 200
        return { message: SUBSCRIBED_MESSAGE }
      },
      {
        access: 'public',
        body: subscriberInputSchema,
        response: { 200: messageSchema, 201: messageSchema },
        detail: {
          summary: 'Suscribirse a las promociones (pie de la tienda)',
          description: `Guarda el correo con la fecha y hora del consentimiento: 201 si es nuevo, 200 si ya estaba (se conserva su primera fecha). Correo inválido: 400. Máximo ${SUBSCRIBE_LIMIT} por dirección cada ${SUBSCRIBE_WINDOW_MS / 60_000} minutos (429).`,
          tags,
        },
      },
    )
    .get(
      '/',
      async ({ query }) => {
        const subscribers = await listSubscribers(ctx.db, query)
        if (query.format !== 'csv') return subscribers
        return csvResponse(
          'suscriptores.csv',
          ['correo', 'fecha_consentimiento'],
          subscribers.map((s) => [s.email, s.consentedAt]),
        )
      },
      {
        access: 'admin',
        query: subscriberListQuerySchema,
        response: z.array(subscriberSchema),
        detail: {
          summary: 'Suscriptores de las promociones',
          description: `Del más reciente al más antiguo, por páginas con \`limit\` (hasta ${SUBSCRIBER_PAGE_MAX}) y \`offset\`. \`format=csv\`: la misma página como CSV.`,
          tags,
        },
      },
    )
    .delete(
      '/:id',
      async ({ params }) => {
        if (!(await deleteSubscriber(ctx.db, params.id))) throw notFound('Suscriptor no encontrado')
        return { message: 'Suscriptor eliminado', id: params.id }
      },
      { access: 'admin', params: idParam, parse: 'none', response: deletedSchema, detail: { summary: 'Quitar un suscriptor', tags } },
    )
}
