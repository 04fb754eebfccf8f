import { Elysia } from 'elysia'
import { z } from 'zod'
import {
  DEFAULT_TICKET_WIDTH,
  type Setting,
  TICKET_WIDTH_KEY,
  WHATSAPP_SETTING_KEY,
  settingKeyParam,
  ticketWidthInputSchema,
  whatsappSettingInputSchema,
} from '../../shared/schemas'
import { settingSchema } from '../../shared/schemas/responses'
import type { AppContext } from '../context.server'
import { notFound } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import { getSetting, setSetting } from './settings.repo.server'

const NOT_FOUND = 'Configuración no encontrada'
const anyKey = z.object({ key: z.string().max(100) })
const tags = ['Configuración']

/**
 * GET /api/settings/whatsapp_number answers the saved value or, while none was
 * saved, the configured default (DEFAULT_WHATSAPP_NUMBER) with updatedAt null.
 * Unknown keys: 404. Only whatsapp_number can be written.
 */
export const settingRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/settings' })
    .use(routeContract)
    .get(
      '/:key',
      async ({ params }): Promise<Setting> => {
        const fallback = params.key === WHATSAPP_SETTING_KEY ? ctx.config.defaultWhatsappNumber : params.key === TICKET_WIDTH_KEY ? DEFAULT_TICKET_WIDTH : null
        if (fallback === null) throw notFound(NOT_FOUND)
        return (await getSetting(ctx.db, params.key)) ?? { key: params.key, value: fallback, updatedAt: null }
      },
      {
        access: 'public',
        params: anyKey,
        response: settingSchema,
        detail: {
          summary: 'Una configuración',
          description: `${WHATSAPP_SETTING_KEY}: el número que recibe los pedidos; ${TICKET_WIDTH_KEY}: el ancho del ticket de cocina (58 u 80 mm). Otra clave: 404.`,
          tags,
        },
      },
    )
    .patch('/ticket_width', ({ body }) => setSetting(ctx.db, TICKET_WIDTH_KEY, body.value), {
      access: 'admin',
      body: ticketWidthInputSchema,
      response: settingSchema,
      detail: { summary: 'Cambiar el ancho del ticket de cocina (58 u 80 mm)', tags },
    })
    .patch('/:key', ({ params, body }) => setSetting(ctx.db, params.key, body.value), {
      access: 'admin',
      changes: 'public',
      params: settingKeyParam,
      body: whatsappSettingInputSchema,
      response: settingSchema,
      detail: { summary: 'Cambiar el número que recibe los pedidos', tags },
    })
