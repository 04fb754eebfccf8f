import { Elysia } from 'elysia'
import { initializationResultSchema } from '../../shared/schemas/responses'
import type { AppContext } from '../context.server'
import { routeContract } from '../http/route-contract.server'
import { loadSeed } from './seed.server'

/** One-time load of the seed set; 409 when the menu is not empty. */
export const initializeDatabaseRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/admin/initialize-database' }).use(routeContract).post(
    '/',
    async ({ set }) => {
      const result = await loadSeed(ctx.db, ctx.config.defaultWhatsappNumber)
      set.status = 201
      return result
    },
    {
      access: 'admin',
      changes: 'public',
      parse: 'none',
      response: { 201: initializationResultSchema },
      detail: { summary: 'Cargar los datos de ejemplo', description: 'Solo con el menú vacío; si no: 409.', tags: ['Administración'] },
    },
  )
