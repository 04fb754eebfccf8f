import { Elysia } from 'elysia'
import { z } from 'zod'
import { idParam, zoneInputSchema } from '../../shared/schemas'
import { coverageZoneSchema, deletedSchema } from '../../shared/schemas/responses'
import type { AppContext } from '../context.server'
import { cachedJson } from '../cache/cached-json.server'
import { notFound } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import { createZone, deleteZone, getZone, listZones, updateZone } from './coverage-zones.repo.server'

const NOT_FOUND = 'Zona de cobertura no encontrada'

const tags = ['Zonas de cobertura']

export const coverageZoneRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/coverage-zones' })
    .use(routeContract)
    .get('/', ({ request }) => cachedJson(ctx, request, () => listZones(ctx.db)), {
      access: 'public',
      startupRead: 'zones',
      response: z.array(coverageZoneSchema),
      detail: { summary: 'Zonas de entrega', description: 'Con su costo de envío, tiempo estimado y pedido mínimo. Respuesta en caché, con ETag.', tags },
    })
    .get(
      '/:id',
      async ({ params }) => {
        const zone = await getZone(ctx.db, params.id)
        if (!zone) throw notFound(NOT_FOUND)
        return zone
      },
      { access: 'public', params: idParam, response: coverageZoneSchema, detail: { summary: 'Una zona', tags } },
    )
    .post(
      '/',
      async ({ body, set }) => {
        set.status = 201
        return createZone(ctx.db, body)
      },
      { access: 'admin', changes: 'public', body: zoneInputSchema, response: { 201: coverageZoneSchema }, detail: { summary: 'Crear una zona', tags } },
    )
    .put(
      '/:id',
      async ({ params, body }) => {
        const zone = await updateZone(ctx.db, params.id, body)
        if (!zone) throw notFound(NOT_FOUND)
        return zone
      },
      { access: 'admin', changes: 'public', params: idParam, body: zoneInputSchema, response: coverageZoneSchema, detail: { summary: 'Actualizar una zona', tags } },
    )
    .delete(
      '/:id',
      async ({ params }) => {
        if (!(await deleteZone(ctx.db, params.id))) throw notFound(NOT_FOUND)
        return { message: 'Zona eliminada', id: params.id }
      },
      { access: 'admin', changes: 'public', params: idParam, parse: 'none', response: deletedSchema, detail: { summary: 'Borrar una zona', tags } },
    )
