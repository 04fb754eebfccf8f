/**
 * Sales reports (decision 025): GET /api/reports/sales. No zod here: the admin's Reportes
 * page imports it (the query's schema is schemas/report.ts).
 *
 * Days are the restaurant's days (America/Guatemala), and an order counts on the day it is
 * for: the day it is scheduled for, else the day it was placed. `revenue` sums the totals of
 * the orders not cancelled, delivery fees included (`deliveryFees` says how much of it they
 * are); cancelled orders count in `cancelled` only. `pending` is the part of the figures still
 * waiting to be confirmed: the screen shows it apart, so 'Ventas' holds no order that may
 * never happen (confirmedFigures).
 *
 * Promotions (issue #33): an order's total is stored NET of its discounts (the checkout
 * records what the customer pays), so `revenue` is already net; `discounts` says how much was
 * given, from the orders' discount rows (never re-derived). `groupBy=promotion` has a row per
 * promotion given: its orders, its uses (`quantity`), those orders' totals (`revenue`) and what
 * it took off (`discounts`).
 */
export const REPORT_GROUPS = ['day', 'product', 'zone', 'payment', 'promotion'] as const
export type ReportGroup = (typeof REPORT_GROUPS)[number]

export const REPORT_GROUP_LABELS: Record<ReportGroup, string> = {
  day: 'Por día',
  product: 'Por producto',
  zone: 'Por zona',
  payment: 'Por forma de pago',
  promotion: 'Por promoción',
}

/** The longest range a report may cover (ten years): the answer stays small and fast. */
export const REPORT_MAX_DAYS = 3660

/** The part of a figure whose orders still wait to be confirmed ('pending'); `deliveryFees`: the part of `revenue` that is their fees. */
export type PendingTotals = { orders: number; revenue: number; deliveryFees: number; discounts: number }
/** `discounts` null as in SalesRow. */
export type PendingRow = { orders: number; quantity: number; revenue: number; discounts: number | null }

/** `revenue` is net of `discounts` (the orders' totals); `discounts`: what promotions took off those orders, fees included. */
export type SalesTotals = { orders: number; revenue: number; deliveryFees: number; discounts: number; averageTicket: number; cancelled: number; pending: PendingTotals }

/**
 * One group: a day ("YYYY-MM-DD"), a product, a zone (or pickup), a way of paying, a promotion.
 * `discounts`: what promotions took off the group's orders; null per product (a discount is
 * recorded per order, not per dish). Per promotion, `quantity` is its uses.
 */
export type SalesRow = { key: string; label: string; orders: number; quantity: number; revenue: number; discounts: number | null; pending: PendingRow }

export type SalesReport = { from: string; to: string; groupBy: ReportGroup; totals: SalesTotals; rows: SalesRow[] }

/**
 * What the owner may count on: the figures without the part still waiting to be confirmed. The
 * Reportes cards read every figure of a row on this one basis (issue #40: 'Envíos' had counted
 * the fees of orders still waiting, beside confirmed 'Ventas').
 */
export type ConfirmedTotals = { orders: number; revenue: number; deliveryFees: number; discounts: number; averageTicket: number }

export function confirmedTotals(totals: SalesTotals): ConfirmedTotals {
  const orders = totals.orders - totals.pending.orders
  const revenue = totals.revenue - totals.pending.revenue
  return {
    orders,
    revenue,
    deliveryFees: totals.deliveryFees - totals.pending.deliveryFees,
    discounts: totals.discounts - totals.pending.discounts,
    averageTicket: orders === 0 ? 0 : Math.round(revenue / orders),
  }
}

/** A row without its part still waiting to be confirmed (the tables' and the CSV's 'ventas'). */
export const confirmedRow = (row: SalesRow): { orders: number; quantity: number; revenue: number; discounts: number | null } => ({
  orders: row.orders - row.pending.orders,
  quantity: row.quantity - row.pending.quantity,
  revenue: row.revenue - row.pending.revenue,
  discounts: row.discounts === null ? null : row.discounts - (row.pending.discounts ?? 0),
})
