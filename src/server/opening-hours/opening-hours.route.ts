import { Elysia } from 'elysia'
import { type OpeningHoursView, type StoreStatus, openingHoursInputSchema } from '../../shared/schemas'
import { openingHoursViewSchema, storeStatusSchema } from '../../shared/schemas/responses'
import { isPaused, storeStatus } from '../../shared/store-hours'
import type { AppContext } from '../context.server'
import { routeContract } from '../http/route-contract.server'
import { getOpeningHours, getOpeningHoursView, saveOpeningHours } from './opening-hours.repo.server'

const NO_STORE = 'no-store'
const tags = ['Horario']

/** A pause whose end has passed is reported as no pause (the stored row keeps it until the next save). */
function current(view: OpeningHoursView, now: Date): OpeningHoursView {
  if (!view.paused || isPaused(view, now)) return view
  const { pausedUntil: _ended, ...rest } = view
  return { ...rest, paused: false }
}

/**
 * GET /api/opening-hours (public): the schedule, closed dates and pause; with nothing
 * saved, `week: null` and `updatedAt: null` (always open, decision 014).
 * PUT /api/opening-hours (administrator): replaces it all.
 * GET /api/store-status (public): whether orders are taken now, with the Spanish line
 * the storefront shows (shared/store-hours.ts). Both reads depend on the clock: no-store.
 * `now` is the app's clock (AppOptions.now), injectable for tests.
 */
export const openingHoursRoutes = (ctx: AppContext, now: () => number = Date.now) =>
  new Elysia()
    .use(routeContract)
    .get(
      '/api/opening-hours',
      async ({ set }): Promise<OpeningHoursView> => {
        set.headers['cache-control'] = NO_STORE
        return current(await getOpeningHoursView(ctx.db), new Date(now()))
      },
      { access: 'public', response: openingHoursViewSchema, detail: { summary: 'Horario de atención', tags } },
    )
    .put(
      '/api/opening-hours',
      async ({ body, set }): Promise<OpeningHoursView> => {
        set.headers['cache-control'] = NO_STORE
        return current(await saveOpeningHours(ctx.db, body), new Date(now()))
      },
      {
        access: 'admin',
        changes: 'public',
        body: openingHoursInputSchema,
        response: openingHoursViewSchema,
        detail: { summary: 'Guardar el horario', description: 'Reemplaza el horario semanal, las fechas cerradas y la pausa.', tags },
      },
    )
    .get(
      '/api/store-status',
      async ({ set }): Promise<StoreStatus> => {
        set.headers['cache-control'] = NO_STORE
        return storeStatus(await getOpeningHours(ctx.db), new Date(now()))
      },
      { access: 'public', response: storeStatusSchema, detail: { summary: '¿Abierto ahora?', description: 'Si la tienda acepta pedidos ahora, con la línea en español que muestra.', tags } },
    )
