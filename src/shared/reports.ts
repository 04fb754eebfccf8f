/**
 * Sales reports (decision 025): GET /api/reports/sales. No zod here: the admin's Reportes
 * page imports it (the query's schema is schemas/report.ts).
 *
 * Days are the restaurant's days (orders.store_day, America/Guatemala). `revenue` sums the
 * totals of the orders not cancelled, delivery fees included (`deliveryFees` says how much
 * of it they are); cancelled orders count in `cancelled` only.
 */
export const REPORT_GROUPS = ['day', 'product', 'zone', 'payment'] as const
export type ReportGroup = (typeof REPORT_GROUPS)[number]

export const REPORT_GROUP_LABELS: Record<ReportGroup, string> = { day: 'Por día', product: 'Por producto', zone: 'Por zona', payment: 'Por forma de pago' }

/** The longest range a report may cover (ten years): the answer stays small and fast. */
export const REPORT_MAX_DAYS = 3660

export type SalesTotals = { orders: number; revenue: number; deliveryFees: number; averageTicket: number; cancelled: number }

/** One group: a day ("YYYY-MM-DD"), a product, a zone (or pickup), a way of paying. */
export type SalesRow = { key: string; label: string; orders: number; quantity: number; revenue: number }

export type SalesReport = { from: string; to: string; groupBy: ReportGroup; totals: SalesTotals; rows: SalesRow[] }
