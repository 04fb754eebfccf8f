import { useQuery } from '@tanstack/react-query'
import type { ReportGroup } from '@/shared/reports'
import { api, apiQuery } from '../../lib/api'
import type { DayRange } from './report-range'

/** GET /api/reports/sales for a range, grouped one way (each grouping its own cached read). */
export const salesReportQuery = (range: DayRange, groupBy: ReportGroup) =>
  apiQuery(api.reports.sales, (n) => n.get({ query: { ...range, groupBy, format: 'json' } }), { ...range, groupBy })

export const useSalesReport = (range: DayRange, groupBy: ReportGroup) => useQuery(salesReportQuery(range, groupBy))

/** The same rows as a CSV download (the browser sends the session cookie with the link). */
export function csvHref(range: DayRange, groupBy: ReportGroup): string {
  const query = new URLSearchParams({ ...range, groupBy, format: 'csv' })
  return `${api.reports.sales['~path']}?${query}`
}
