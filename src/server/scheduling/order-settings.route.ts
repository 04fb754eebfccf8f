import { Elysia } from 'elysia'
import type { OrderSettings } from '../../shared/order-slots'
import { orderSettingsInputSchema, rushInputSchema } from '../../shared/schemas'
import { orderSettingsSchema } from '../../shared/schemas/responses'
import type { AppContext } from '../context.server'
import { routeContract } from '../http/route-contract.server'
import { getOrderSettings, saveOrderSettings, setRush } from './order-settings.repo.server'

const tags = ['Pedidos programados']

/**
 * GET /api/order-settings (public: the storefront shows the preparation time and offers
 * scheduling), PUT /api/order-settings (administrator: Configuración → 'Pedidos programados'),
 * PUT /api/order-settings/rush ('Más tiempo' on the board: extra minutes for the next hour).
 * Both writes change what the storefront shows (estimates, the first slot).
 */
export const orderSettingsRoutes = (ctx: AppContext, now: () => number = Date.now) =>
  new Elysia({ prefix: '/api/order-settings' })
    .use(routeContract)
    .get(
      '/',
      async ({ set }): Promise<OrderSettings> => {
        set.headers['cache-control'] = 'no-cache'
        return getOrderSettings(ctx.db)
      },
      { access: 'public', response: orderSettingsSchema, detail: { summary: 'Tiempo de preparación y pedidos programados', tags } },
    )
    .put('/', ({ body }) => saveOrderSettings(ctx.db, body), {
      access: 'admin',
      changes: 'public',
      body: orderSettingsInputSchema,
      response: orderSettingsSchema,
      detail: { summary: 'Cambiar el tiempo de preparación y los pedidos programados', description: "'Más tiempo' en curso se conserva.", tags },
    })
    .put('/rush', ({ body }) => setRush(ctx.db, body.extraMinutes, new Date(now())), {
      access: 'staff',
      changes: 'public',
      body: rushInputSchema,
      response: orderSettingsSchema,
      detail: { summary: "'Más tiempo': minutos extra de preparación durante la próxima hora", description: '0 lo termina.', tags },
    })
