/**
 * Customers from the orders (decision 025), by the database: one grouped query per page
 * on orders.customer_phone (indexed with created_at), then the names of that page's phones.
 * Orders without a phone make no customer; cancelled orders do not count or spend.
 */
import { sql } from 'kysely'
import { ACTIVE_CUSTOMER_DAYS, type Customer, type CustomerSummary } from '../../shared/customers'
import type { CustomerListQuery } from '../../shared/schemas'
import { zonedToIso } from '../../shared/store-hours'
import type { Db } from '../db/database.server'
import { asNumber } from '../db/rows.server'

const likeOf = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export async function listCustomers(db: Db, q: Omit<CustomerListQuery, 'format'>): Promise<Customer[]> {
  let select = db
    .selectFrom('orders')
    .where('customer_phone', '<>', '')
    .where('status', '!=', 'cancelled')
    .select((eb) => [
      'customer_phone',
      eb.fn.countAll<number | string>().as('orders'),
      eb.fn.sum<number | string>('total').as('spent'),
      eb.fn.min('created_at').as('first'),
      eb.fn.max('created_at').as('last'),
    ])
    .groupBy('customer_phone')
  if (q.search) {
    const digits = q.search.replace(/\D/g, '')
    const like = likeOf(q.search)
    select = select.having((eb) =>
      eb.or([
        eb(sql<number>`max(case when lower(customer_name) like ${like} escape '\\' then 1 else 0 end)`, '=', 1),
        ...(digits.length >= 3 ? [eb(sql<string>`customer_phone`, 'like', `%${digits}%`)] : []),
      ]),
    )
  }
  const rows = await select.orderBy('last', 'desc').orderBy('customer_phone').limit(q.limit).offset(q.offset).execute()
  if (rows.length === 0) return []
  const names = await namesOf(
    db,
    rows.map((r) => r.customer_phone),
  )
  return rows.map((r) => ({
    phone: r.customer_phone,
    name: names.get(r.customer_phone) ?? null,
    orders: asNumber(r.orders),
    totalSpent: asNumber(r.spent),
    firstOrderAt: String(r.first),
    lastOrderAt: String(r.last),
  }))
}

/** The name on each phone's newest order that has one. */
async function namesOf(db: Db, phones: string[]): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('orders')
    .select(['customer_phone', 'customer_name', 'created_at'])
    .where('customer_phone', 'in', phones)
    .where('customer_name', 'is not', null)
    .orderBy('created_at', 'desc')
    .execute()
  const names = new Map<string, string>()
  for (const r of rows) if (r.customer_name && !names.has(r.customer_phone)) names.set(r.customer_phone, r.customer_name)
  return names
}

/** The counters: every customer, those whose first order is this month (restaurant time), those who ordered in the last 30 days. */
export async function summarizeCustomers(db: Db, now: Date): Promise<CustomerSummary> {
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Guatemala', year: 'numeric', month: '2-digit' }).format(now)
  const monthStart = new Date(zonedToIso(`${month}-01T00:00`) ?? now.toISOString()).toISOString()
  const activeSince = new Date(now.getTime() - ACTIVE_CUSTOMER_DAYS * 86_400_000).toISOString()
  const perCustomer = db
    .selectFrom('orders')
    .where('customer_phone', '<>', '')
    .where('status', '!=', 'cancelled')
    .select((eb) => ['customer_phone', eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
    .groupBy('customer_phone')
    .as('c')
  const row = await db
    .selectFrom(perCustomer)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string>(eb.case().when('c.first', '>=', monthStart).then(1).else(0).end()).as('fresh'),
      eb.fn.sum<number | string>(eb.case().when('c.last', '>=', activeSince).then(1).else(0).end()).as('active'),
    ])
    .executeTakeFirst()
  return { total: asNumber(row?.total), newThisMonth: asNumber(row?.fresh), active: asNumber(row?.active) }
}
