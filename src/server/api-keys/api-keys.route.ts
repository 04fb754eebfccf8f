import { Elysia } from 'elysia'
import { apiKeyInputSchema, idParam } from '../../shared/schemas'
import type { AppContext } from '../context.server'
import { notFound } from '../http/errors.server'
import { validate } from '../http/json-body.server'
import { createApiKey, deleteApiKey, listApiKeys } from './api-keys.repo.server'

/** API keys for a point-of-sale. Lists show the display form; the full key only in the creation answer. */
export const apiKeyRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/admin/api-keys' })
    .get('/', () => listApiKeys(ctx.db))
    .post(
      '/',
      ({ body, set }) => {
        const input = validate(apiKeyInputSchema, body)
        set.status = 201
        set.headers['cache-control'] = 'no-store'
        return createApiKey(ctx.db, input.name)
      },
    )
    .delete(
      '/:id',
      async ({ params }) => {
        if (!(await deleteApiKey(ctx.db, params.id))) throw notFound('API Key no encontrada')
        return { message: 'API Key eliminada', id: params.id }
      },
      { params: idParam, parse: 'none' },
    )
