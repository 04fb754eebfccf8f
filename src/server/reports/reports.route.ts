import { Elysia } from 'elysia'
import { confirmedRow } from '../../shared/reports'
import { salesReportQuerySchema } from '../../shared/schemas'
import { salesReportSchema } from '../../shared/schemas/responses'
import type { AppContext } from '../context.server'
import { csvResponse } from '../http/csv.server'
import { routeContract } from '../http/route-contract.server'
import { salesReport } from './sales.repo.server'

/**
 * GET /api/reports/sales (administrator): totals and rows per day, product, zone, payment or
 * promotion over a range of the restaurant's days; `format=csv` gives the rows as a
 * spreadsheet download with the same columns. `revenue` is the orders' totals, which the
 * checkout stores net of discounts; `discounts` is what promotions took off them.
 */
export const reportRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/reports' }).use(routeContract).get(
    '/sales',
    async ({ query }) => {
      const report = await salesReport(ctx.db, query)
      if (query.format !== 'csv') return report
      // The spreadsheet says what the screen says: 'ventas' without the orders still to be
      // confirmed, those in columns of their own (together they make the JSON's figures).
      // Per promotion the quantity is its uses; per product the discounts are blank (a discount is the order's).
      const quantity = report.groupBy === 'promotion' ? 'usos' : 'cantidad'
      return csvResponse(
        `ventas-${report.groupBy}-${report.from}-${report.to}.csv`,
        ['clave', 'nombre', 'pedidos', quantity, 'ventas', 'descuentos', 'pedidos por confirmar', `${quantity} por confirmar`, 'ventas por confirmar', 'descuentos por confirmar'],
        report.rows.map((r) => {
          const confirmed = confirmedRow(r)
          return [r.key, r.label, confirmed.orders, confirmed.quantity, confirmed.revenue, confirmed.discounts, r.pending.orders, r.pending.quantity, r.pending.revenue, r.pending.discounts]
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
          'Días del restaurante (America/Guatemala): un pedido cuenta el día para el que es (el de `scheduledFor`, si no el día en que se hizo). `revenue`: suma de los totales de los pedidos no cancelados, envíos incluidos (`deliveryFees` los da aparte) y descuentos ya restados (`discounts`: lo que descontaron las promociones); los cancelados solo cuentan en `cancelled`. `pending`: la parte de esas cifras que aún espera confirmación. `groupBy=promotion`: una fila por promoción con sus pedidos, sus usos (`quantity`), los totales de esos pedidos (`revenue`) y lo que descontó (`discounts`). `format=csv`: las filas como CSV con encabezado; sus `ventas`, `pedidos`, `cantidad` y `descuentos` no incluyen lo pendiente, que va en las columnas “por confirmar”.',
        tags: ['Reportes'],
      },
    },
  )
