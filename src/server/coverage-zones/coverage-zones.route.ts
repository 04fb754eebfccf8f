import { Elysia } from 'elysia'
import { idParam, zoneInputSchema } from '../../shared/schemas'
import type { AppContext } from '../context.server'
import { cachedJson } from '../cache/cached-json.server'
import { notFound } from '../http/errors.server'
import { validate } from '../http/json-body.server'
import { createZone, deleteZone, getZone, listZones, updateZone } from './coverage-zones.repo.server'

const NOT_FOUND = 'Zona de cobertura no encontrada'

export const coverageZoneRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/coverage-zones' })
    .get('/', () => cachedJson(ctx, 'api:zones', () => listZones(ctx.db)))
    .get(
      '/:id',
      async ({ params }) => {
        const zone = await getZone(ctx.db, params.id)
        if (!zone) throw notFound(NOT_FOUND)
        return zone
      },
      { params: idParam },
    )
    .post(
      '/',
      ({ body, set }) => {
        const input = validate(zoneInputSchema, body)
        set.status = 201
        return createZone(ctx.db, input)
      },
    )
    .put(
      '/:id',
      async ({ params, body }) => {
        const zone = await updateZone(ctx.db, params.id, validate(zoneInputSchema, body))
        if (!zone) throw notFound(NOT_FOUND)
        return zone
      },
      { params: idParam },
    )
    .delete(
      '/:id',
      async ({ params }) => {
        if (!(await deleteZone(ctx.db, params.id))) throw notFound(NOT_FOUND)
        return { message: 'Zona eliminada', id: params.id }
      },
      { params: idParam, parse: 'none' },
    )
