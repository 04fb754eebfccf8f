import { Elysia } from 'elysia'
import { z } from 'zod'
import { type Setting, WHATSAPP_SETTING_KEY, settingKeyParam, whatsappSettingInputSchema } from '../../shared/schemas'
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
        if (params.key !== WHATSAPP_SETTING_KEY) throw notFound(NOT_FOUND)
        return (await getSetting(ctx.db, params.key)) ?? { key: params.key, value: ctx.config.defaultWhatsappNumber, updatedAt: null }
      },
      {
        access: 'public',
        params: anyKey,
        response: settingSchema,
        detail: { summary: 'Número que recibe los pedidos', description: `Solo existe la clave ${WHATSAPP_SETTING_KEY}; otra clave: 404.`, tags },
      },
    )
    .patch('/:key', ({ params, body }) => setSetting(ctx.db, params.key, body.value), {
      access: 'admin',
      changes: 'public',
      params: settingKeyParam,
      body: whatsappSettingInputSchema,
      response: settingSchema,
      detail: { summary: 'Cambiar el número que recibe los pedidos', tags },
    })
