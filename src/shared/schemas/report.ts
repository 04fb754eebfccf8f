import { z } from 'zod'
import { REPORT_GROUPS, REPORT_MAX_DAYS } from '../reports'
import { calendarDate } from './opening-hours'

const days = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000

/** GET /api/reports/sales?from=YYYY-MM-DD&to=YYYY-MM-DD&groupBy=day|product|zone|payment|promotion[&format=csv] */
export const salesReportQuerySchema = z
  .object({
    from: calendarDate(),
    to: calendarDate(),
    groupBy: z.enum(REPORT_GROUPS, { error: 'Agrupa por day, product, zone, payment o promotion' }).default('day'),
    format: z.enum(['json', 'csv'], { error: 'Formato: json o csv' }).default('json'),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'La fecha final debe ser igual o posterior a la inicial' })
  .refine((q) => days(q.from, q.to) < REPORT_MAX_DAYS, { path: ['to'], message: `El rango máximo es de ${REPORT_MAX_DAYS} días` })
export type SalesReportQuery = z.output<typeof salesReportQuerySchema>
