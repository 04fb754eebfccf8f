import { Elysia } from 'elysia'
import { z } from 'zod'
import { type Setting, WHATSAPP_SETTING_KEY, settingKeyParam, whatsappSettingInputSchema } from '../../shared/schemas'
import type { AppContext } from '../context.server'
import { notFound } from '../http/errors.server'
import { validate } from '../http/json-body.server'
import { getSetting, setSetting } from './settings.repo.server'

const NOT_FOUND = 'Configuración no encontrada'
const anyKey = z.object({ key: z.string().max(100) })

/**
 * GET /api/settings/whatsapp_number answers the saved value or, while none was
 * saved, the configured default (DEFAULT_WHATSAPP_NUMBER) with updatedAt null.
 * Unknown keys: 404. Only whatsapp_number can be written.
 */
export const settingRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/settings' })
    .get(
      '/:key',
      async ({ params }): Promise<Setting> => {
        if (params.key !== WHATSAPP_SETTING_KEY) throw notFound(NOT_FOUND)
        return (await getSetting(ctx.db, params.key)) ?? { key: params.key, value: ctx.config.defaultWhatsappNumber, updatedAt: null }
      },
      { params: anyKey },
    )
    .patch('/:key', ({ params, body }) => setSetting(ctx.db, params.key, validate(whatsappSettingInputSchema, body).value), {
      params: settingKeyParam,
    })
