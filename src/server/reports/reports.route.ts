import { Elysia } from 'elysia'
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
      return csvResponse(
        `ventas-${report.groupBy}-${report.from}-${report.to}.csv`,
        ['clave', 'nombre', 'pedidos', 'cantidad', 'ventas'],
        report.rows.map((r) => [r.key, r.label, r.orders, r.quantity, r.revenue]),
      )
    },
    {
      access: 'admin',
      query: salesReportQuerySchema,
      response: salesReportSchema,
      detail: {
        summary: 'Reporte de ventas',
        description:
          'Días del restaurante (America/Guatemala). `revenue`: suma de los totales de los pedidos no cancelados, envíos incluidos (`deliveryFees` los da aparte); los cancelados solo cuentan en `cancelled`. `format=csv`: las filas como CSV con encabezado.',
        tags: ['Reportes'],
      },
    },
  )
