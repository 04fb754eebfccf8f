/**
 * Customers, made from the orders by their WhatsApp number (decision 025): an order without
 * a phone makes no customer. No zod here: the admin's Clientes page imports it.
 */
export type Customer = {
  /** Digits, country code first (the key). */
  phone: string
  /** The name on the newest order that has one; null if none gave a name. */
  name: string | null
  /** Orders not cancelled. */
  orders: number
  /** Sum of their totals. */
  totalSpent: number
  firstOrderAt: string
  lastOrderAt: string
}

/** The Clientes page's counters ('Total Clientes', 'Nuevos Este Mes', 'Clientes Activos'). */
export type CustomerSummary = { total: number; newThisMonth: number; active: number }

/** 'Clientes Activos': ordered within this many days. */
export const ACTIVE_CUSTOMER_DAYS = 30
export const CUSTOMER_PAGE_DEFAULT = 50
export const CUSTOMER_PAGE_MAX = 200
