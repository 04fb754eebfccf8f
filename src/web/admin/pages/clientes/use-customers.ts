import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { CUSTOMER_PAGE_DEFAULT } from '@/shared/customers'
import { api, apiQuery } from '../../lib/api'
import { orderListQuery } from '../../lib/query-keys'

export const PAGE_SIZE = CUSTOMER_PAGE_DEFAULT

export const customerSummaryQuery = () => apiQuery(api.customers.summary, (n) => n.get())

/** One page of customers for a search (the previous page stays on screen while the next loads). */
export const useCustomers = (search: string, page: number) =>
  useQuery({
    ...apiQuery(api.customers, (n) => n.get({ query: { search, limit: PAGE_SIZE, offset: page * PAGE_SIZE, format: 'json' } }), { search, page }),
    placeholderData: keepPreviousData,
  })

export const useCustomerSummary = () => useQuery(customerSummaryQuery())

/** A customer's newest orders (GET /api/orders?phone=), read when their sheet opens. */
export const useCustomerOrders = (phone: string | null) => useQuery({ ...orderListQuery({ phone: phone ?? undefined, limit: 20 }), enabled: phone !== null })

/** The page as a CSV download. */
export function customersCsvHref(search: string, page: number): string {
  const query = new URLSearchParams({ search, limit: String(PAGE_SIZE), offset: String(page * PAGE_SIZE), format: 'csv' })
  return `${api.customers['~path']}?${query}`
}
