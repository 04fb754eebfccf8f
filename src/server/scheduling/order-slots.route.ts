import { Elysia } from 'elysia'
import { slotsOn } from '../../shared/order-slots'
import { markOutsideWindows } from '../../shared/service-windows'
import { productsByIds } from '../products/products.repo.server'
import { categoriesOfProducts } from '../categories/categories.repo.server'
import { orderSlotsQuerySchema } from '../../shared/schemas'
import { orderSlotsSchema } from '../../shared/schemas/responses'
import { isoToZoned } from '../../shared/store-hours'
import type { AppContext } from '../context.server'
import { routeContract } from '../http/route-contract.server'
import { getOpeningHours } from '../opening-hours/opening-hours.repo.server'
import { getOrderSettings } from './order-settings.repo.server'
import { bookedOn } from './slot-counts.repo.server'

/**
 * GET /api/order-slots?date=YYYY-MM-DD (public): the times a customer may schedule an
 * order for on that day (restaurant time; today when absent), full ones marked
 * unavailable: the shared rule (shared/order-slots.ts) over the hours, the settings, the
 * clock and the day's bookings. Depends on the clock and on every order: never cached.
 */
export const orderSlotsRoutes = (ctx: AppContext, now: () => number = Date.now) =>
  new Elysia({ prefix: '/api/order-slots' }).use(routeContract).get(
    '/',
    async ({ query, set }) => {
      set.headers['cache-control'] = 'no-store'
      const at = new Date(now())
      const date = query.date ?? isoToZoned(at.toISOString()).slice(0, 10)
      const ids = query.products ?? []
      const [hours, settings, taken, products, categories] = await Promise.all([
        getOpeningHours(ctx.db),
        getOrderSettings(ctx.db),
        bookedOn(ctx.db, date),
        productsByIds(ctx.db, ids),
        categoriesOfProducts(ctx.db, ids),
      ])
      // `products`: a time outside any of those products' hours is not available (issue #31).
      return { date, slots: markOutsideWindows(date, slotsOn(date, { hours, settings, now: at, taken }), [...products.values()], categories) }
    },
    {
      access: 'public',
      query: orderSlotsQuerySchema,
      response: orderSlotsSchema,
      detail: {
        summary: 'Horarios para programar un pedido',
        description: 'Inicios de horario dentro del horario de atención, desde ahora + el tiempo de preparación, hasta los días de anticipación; un horario lleno sale con available: false. Programación apagada: ninguno. Con `products=1,5`, un horario fuera del horario de servicio de alguno de esos productos (p. ej. desayunos de 7:00 a 11:00) sale con available: false.',
        tags: ['Pedidos programados'],
      },
    },
  )
