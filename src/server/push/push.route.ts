import { Elysia } from 'elysia'
import { pushEndpointInputSchema, pushPublicKeySchema, pushSubscribedSchema, pushSubscriptionInputSchema } from '../../shared/schemas/push'
import { messageSchema } from '../../shared/schemas/responses'
import { sessionOf } from '../access/principal.server'
import type { AppContext } from '../context.server'
import { HttpError, MESSAGES } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import type { OrderPushes } from './order-pushes.server'
import { deletePushSubscription, savePushSubscription } from './push-subscriptions.repo.server'

const tags = ['Avisos']

/**
 * Web push to the staff's devices (issue #43, decision 042): 'Activar avisos en este dispositivo'.
 *  - GET /api/push/public-key: the VAPID public key the browser subscribes with.
 *  - POST /api/push/subscriptions: this device's PushSubscription, for the signed-in account;
 *    one row per device (its endpoint): registering it again updates it. 201 new, 200 updated.
 *  - DELETE /api/push/subscriptions { endpoint }: this device's avisos off.
 * Signed-in staff only (a session: an API key is no device to notify).
 */
export function pushRoutes(ctx: AppContext, pushes: OrderPushes, now: () => number = Date.now) {
  const userOf = (request: Request) => {
    const current = sessionOf(request)
    if (!current) throw new HttpError(401, MESSAGES.unauthenticated)
    return current.user
  }
  return new Elysia({ prefix: '/api/push' })
    .use(routeContract)
    .get('/public-key', async () => ({ publicKey: await pushes.publicKey() }), {
      access: 'staff',
      response: pushPublicKeySchema,
      detail: { summary: 'Clave pública de los avisos (VAPID)', description: 'La `applicationServerKey` con la que el navegador se suscribe (PushManager.subscribe).', tags },
    })
    .post(
      '/subscriptions',
      async ({ body, request, set }) => {
        const user = userOf(request)
        const saved = await savePushSubscription(
          ctx.db,
          { endpoint: body.endpoint, userId: user.id, p256dh: body.keys.p256dh, auth: body.keys.auth, userAgent: request.headers.get('user-agent') ?? '' },
          new Date(now()),
        )
        set.status = saved.created ? 201 : 200
        return { message: 'Avisos activados en este dispositivo', endpoint: saved.endpoint, createdAt: saved.createdAt, updatedAt: saved.updatedAt }
      },
      {
        access: 'staff',
        body: pushSubscriptionInputSchema,
        response: { 200: pushSubscribedSchema, 201: pushSubscribedSchema },
        detail: {
          summary: 'Activar avisos en este dispositivo',
          description:
            'El `PushSubscription` del navegador (`{ endpoint, keys: { p256dh, auth } }`) para la cuenta con sesión: 201 si es nuevo, 200 si el dispositivo ya estaba (se actualiza). Cada pedido nuevo y cada pedido programado 15 minutos antes de su hora llegan como aviso. Una suscripción mal formada: 400. Se borra cuando el servicio de avisos responde 404 o 410, y cuando la cuenta se desactiva o cambia su contraseña.',
          tags,
        },
      },
    )
    .delete(
      '/subscriptions',
      async ({ body, request }) => {
        const user = userOf(request)
        const removed = await deletePushSubscription(ctx.db, user.id, body.endpoint)
        return { message: removed ? 'Avisos desactivados en este dispositivo' : 'Este dispositivo no tenía avisos activados' }
      },
      {
        access: 'staff',
        body: pushEndpointInputSchema,
        response: messageSchema,
        detail: { summary: 'Desactivar avisos en este dispositivo', description: 'Borra la suscripción de este dispositivo (de la cuenta con sesión).', tags },
      },
    )
}
