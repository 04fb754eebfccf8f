import { Elysia } from 'elysia'
import { z } from 'zod'
import { apiKeyInputSchema, idParam } from '../../shared/schemas'
import { apiKeySchema, createdApiKeySchema, deletedSchema } from '../../shared/schemas/responses'
import type { AppContext } from '../context.server'
import { notFound } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import { createApiKey, deleteApiKey, listApiKeys } from './api-keys.repo.server'

const tags = ['API keys']

/** API keys for a point-of-sale. Lists show the display form; the full key only in the creation answer. */
export const apiKeyRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/admin/api-keys' })
    .use(routeContract)
    .get('/', () => listApiKeys(ctx.db), { access: 'admin', response: z.array(apiKeySchema), detail: { summary: 'API keys', tags } })
    .post(
      '/',
      ({ body, set }) => {
        set.status = 201
        return createApiKey(ctx.db, body.name)
      },
      {
        access: 'admin',
        body: apiKeyInputSchema,
        response: { 201: createdApiKeySchema },
        detail: { summary: 'Crear una API key', description: 'La clave completa viene solo en esta respuesta.', tags },
      },
    )
    .delete(
      '/:id',
      async ({ params }) => {
        if (!(await deleteApiKey(ctx.db, params.id))) throw notFound('API Key no encontrada')
        return { message: 'API Key eliminada', id: params.id }
      },
      { access: 'admin', params: idParam, parse: 'none', response: deletedSchema, detail: { summary: 'Borrar una API key', tags } },
    )
