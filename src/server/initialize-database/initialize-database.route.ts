import { Elysia } from 'elysia'
import type { AppContext } from '../context.server'
import { loadSeed } from './seed.server'

/** One-time load of the seed set; 409 when the menu is not empty. */
export const initializeDatabaseRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/admin/initialize-database' }).post(
    '/',
    async ({ set }) => {
      const result = await loadSeed(ctx.db, ctx.config.defaultWhatsappNumber)
      set.status = 201
      return result
    },
    { parse: 'none' },
  )
