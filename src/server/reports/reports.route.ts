import { Elysia } from 'elysia'
import { confirmedRow } from '../../shared/reports'
import { salesReportQuerySchema } from '../../shared/schemas'
import { salesReportSchema } from '../../shared/schemas/responses'
import type { AppContext } from '../context.server'
import { csvResponse } from '../http/csv.server'
import { routeContract } from '../http/route-contract.server'
import { salesReport } from './sales.repo.server'

/**
 * GET /api/reports/sales (administrator): totals and rows per day, product, zone or
 * payment over a range of the restaurant's days; `format=csv` gives the rows as a
 * spreadsheet download with the same columns.
 */
export const reportRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/reports' }).use(routeContract).get(
    '/sales',
    async ({ query }) => {
      const report = await salesReport(ctx.db, query)
      if (query.format !== 'csv') return report
      // The spreadsheet says what the screen says: 'ventas' without the orders still to be
      // confirmed, those in columns of their own (together they make the JSON's figures).
      return csvResponse(
        `ventas-${report.groupBy}-${report.from}-${report.to}.csv`,
        ['clave', 'nombre', 'pedidos', 'cantidad', 'ventas', 'pedidos por confirmar', 'cantidad por confirmar', 'ventas por confirmar'],
        report.rows.map((r) => {
          const confirmed = confirmedRow(r)
          return [r.key, r.label, confirmed.orders, confirmed.quantity, confirmed.revenue, r.pending.orders, r.pending.quantity, r.pending.revenue]
        }),
      )
    },
    {
      access: 'admin',
      query: salesReportQuerySchema,
      response: salesReportSchema,
      detail: {
        summary: 'Reporte de ventas',
        description:
          'Días del restaurante (America/Guatemala): un pedido cuenta el día para el que es (el de `scheduledFor`, si no el día en que se hizo). `revenue`: suma de los totales de los pedidos no cancelados, envíos incluidos (`deliveryFees` los da aparte); los cancelados solo cuentan en `cancelled`. `pending`: la parte de esas cifras que aún espera confirmación. `format=csv`: las filas como CSV con encabezado; sus `ventas`, `pedidos` y `cantidad` no incluyen lo pendiente, que va en las columnas “por confirmar”.',
        tags: ['Reportes'],
      },
    },
  )
