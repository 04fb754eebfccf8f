import type { Selectable } from 'kysely'
import { ACTIVE_STATUSES, type OrderSummary, dueUntil, emptySummary } from '../../shared/order-list'
import { canMove, isOrderStatus } from '../../shared/order-status'
import type { Fulfilment, Order, OrderChange, OrderDiscount, OrderData, OrderFulfilment, OrderLine, OrderListQueryData, OrderStatus, OrderStatusChange } from '../../shared/schemas'
import { isoToZoned, zonedToIso } from '../../shared/store-hours'
import { type Db, type Engine, inTransaction } from '../db/database.server'
import { asNumber } from '../db/rows.server'
import type { OrdersTable } from '../db/tables.server'
import { newTrackingToken } from './tracking-token.server'

type OrderRow = Selectable<OrdersTable>
/** An order row as read through `order_view` (its discounts and changes), or as just written (none yet). */
type ReadRow = OrderRow & { discounts?: string | null; changes?: string | null; table_id?: number | null; table_name?: string | null }

/** Orders are read through the view that adds their discounts and changes (migration sqlite 013 / postgres 009). */
export const ORDERS = 'order_view as orders' as const

const listFrom = <T>(json: string | null | undefined): T[] => {
  if (!json) return []
  const value: unknown = JSON.parse(json)
  return Array.isArray(value) ? (value as T[]) : []
}

/** Stored lines as read: point-of-sale lines (name, quantity, price…) gain their lineTotal. */
function linesFrom(json: string): OrderLine[] {
  const value: unknown = JSON.parse(json)
  if (!Array.isArray(value)) return []
  return (value as OrderLine[]).map((line) => ({ ...line, lineTotal: line.lineTotal ?? line.price * line.quantity }))
}

const historyFrom = (json: string): OrderStatusChange[] => {
  const value: unknown = JSON.parse(json)
  return Array.isArray(value) ? (value as OrderStatusChange[]) : []
}

/** How a fulfilment is stored: 'mesa' as 'pickup', read back as 'mesa' through its table row (decision 044). */
export const storedFulfilment = (f: OrderFulfilment | null): Fulfilment | null => (f === 'mesa' ? 'pickup' : f)

export const toOrder = (r: ReadRow): Order => ({
  id: r.id,
  number: r.number,
  source: r.source,
  status: r.status,
  statusHistory: historyFrom(r.status_history),
  customerName: r.customer_name,
  customerPhone: r.customer_phone,
  // A table's order is stored as 'pickup' (the column's constraint is from a released version) and read as 'mesa' (decision 044).
  fulfilment: r.table_name ? 'mesa' : r.fulfilment,
  tableId: r.table_id ?? null,
  tableName: r.table_name ?? null,
  zoneId: r.zone_id,
  zoneName: r.zone_name,
  address: r.address,
  addressReference: r.address_reference,
  payment: r.payment,
  cashAmount: r.cash_amount,
  items: linesFrom(r.items),
  subtotal: r.subtotal,
  deliveryFee: r.delivery_fee,
  discounts: listFrom<OrderDiscount>(r.discounts),
  total: r.total,
  changes: listFrom<OrderChange>(r.changes),
  notes: r.notes,
  createdAt: r.created_at,
  trackingToken: r.tracking_token,
  zoneEstimatedTime: r.zone_estimated_time,
  scheduledFor: r.scheduled_for,
})

/** The UTC instant the restaurant's day `date` ("YYYY-MM-DD") starts, as stored times are written. */
function dayStart(date: string): string {
  const zoned = zonedToIso(`${date}T00:00`)
  if (zoned === null) throw new Error(`fecha inválida: ${date}`)
  return new Date(zoned).toISOString()
}

/** The day after `date` ("YYYY-MM-DD"). */
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)

/** The restaurant's calendar day at `now`. */
export const storeDay = (now: Date): string => isoToZoned(now.toISOString()).slice(0, 10)

/**
 * A page of orders, newest first (by number, the order they were placed in): at most
 * `limit`, numbered below `before`, of the given statuses, placed on the days
 * `from`..`to` (restaurant time). Every filter is served by an index (number, status,
 * created_at): the cost of a page does not grow with the history.
 */
export async function listOrders(db: Db, query: OrderListQueryData): Promise<Order[]> {
  let select = db.selectFrom(ORDERS).selectAll()
  if (query.before !== undefined) select = select.where('number', '<', query.before)
  if (query.status?.length) select = select.where('status', 'in', query.status)
  if (query.from) select = select.where('created_at', '>=', dayStart(query.from))
  if (query.to) select = select.where('created_at', '<', dayStart(nextDay(query.to)))
  if (query.phone) select = select.where('customer_phone', '=', query.phone)
  const rows = await select.orderBy('number', 'desc').limit(query.limit).execute()
  return rows.map(toOrder)
}

/**
 * The board's and dashboard's counts, by the database: per status, in total, delivered on the
 * restaurant's today, and apart the active orders for later not due yet at `now` with
 * `preparationMinutes` to make them (the board's 'Programados', shared `isUpcoming`).
 */
export async function summarizeOrders(db: Db, now: Date, preparationMinutes: number): Promise<OrderSummary> {
  const today = storeDay(now)
  const countByStatus = () => db.selectFrom('orders').select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
  const [byStatus, upcoming, delivered] = await Promise.all([
    countByStatus().groupBy('status').execute(),
    // Wall-clock strings compare as the times they name (shared/order-list.ts); NULL (as soon as possible) never does.
    countByStatus().where('status', 'in', ACTIVE_STATUSES).where('scheduled_for', '>', dueUntil(now, preparationMinutes)).groupBy('status').execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', 'delivered')
      .where('status_at', '>=', dayStart(today))
      .where('status_at', '<', dayStart(nextDay(today)))
      .executeTakeFirst(),
  ])
  const summary = emptySummary()
  for (const row of byStatus) {
    const n = asNumber(row.n)
    summary.total += n
    if (isOrderStatus(row.status)) summary.byStatus[row.status] = n
  }
  for (const row of upcoming) {
    const n = asNumber(row.n)
    summary.upcoming += n
    if (isOrderStatus(row.status)) summary.upcomingByStatus[row.status] = n
  }
  summary.completedToday = asNumber(delivered?.n)
  return summary
}

export async function getOrder(db: Db, id: number): Promise<Order | null> {
  const row = await db.selectFrom(ORDERS).selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toOrder(row) : null
}

/** The order whose tracking page has this key, or null (any other string, old orders included). */
export async function getOrderByToken(db: Db, token: string): Promise<Order | null> {
  const row = await db.selectFrom(ORDERS).selectAll().where('tracking_token', '=', token).executeTakeFirst()
  return row ? toOrder(row) : null
}

/** Everything an order carries except what is assigned when it is stored (id, number, time, history, tracking key). */
export type NewOrder = Omit<Order, 'id' | 'number' | 'statusHistory' | 'createdAt' | 'trackingToken' | 'changes'>

/** The columns of a new order but its number, and its flat lines (for the reports' grouped queries, reports/). */
function newOrderRow(order: NewOrder, now: Date, by: string | null) {
  const at = now.toISOString()
  const history: OrderStatusChange[] = [{ status: order.status, at, by }]
  const row = {
    source: order.source,
    status: order.status,
    status_history: JSON.stringify(history),
    status_at: at,
    customer_name: order.customerName,
    customer_phone: order.customerPhone,
    fulfilment: storedFulfilment(order.fulfilment),
    zone_id: order.zoneId,
    zone_name: order.zoneName,
    address: order.address,
    address_reference: order.addressReference,
    payment: order.payment,
    cash_amount: order.cashAmount,
    items: JSON.stringify(order.items),
    subtotal: order.subtotal,
    delivery_fee: order.deliveryFee,
    total: order.total,
    notes: order.notes,
    created_at: at,
    tracking_token: newTrackingToken(),
    zone_estimated_time: order.zoneEstimatedTime,
    scheduled_for: order.scheduledFor,
    store_day: storeDay(now),
  }
  const table = order.fulfilment === 'mesa' && order.tableId != null && order.tableName ? { table_id: order.tableId, table_name: order.tableName } : null
  return { row, lines: lineRows(order.items), discounts: discountRows(order.discounts), table }
}

/** An order's flat lines (for the reports' grouped queries, reports/), without their order's id. */
export const lineRows = (items: readonly OrderLine[]) =>
  items.map((line, position) => ({ position, product_id: line.productId ?? null, name: line.name, quantity: line.quantity, line_total: line.lineTotal }))

/** An order's discounts as rows (a row of an order not cancelled is a use: promotions/), without their order's id. */
export const discountRows = (discounts: readonly OrderDiscount[]) =>
  discounts.map((d, position) => ({ position, promotion_id: d.promotionId, name: d.name, code: d.code, amount: d.amount }))

/**
 * Takes the lock every order insert takes (the `order_number` counter row) without raising it:
 * for what must be decided one order at a time beside the inserts (an edit, issue #34, and the
 * promotions' uses counted before an insert). On SQLite the one writer already serialises.
 */
export async function lockOrders(trx: Db): Promise<void> {
  await trx.updateTable('counters').set((eb) => ({ value: eb.ref('value') })).where('name', '=', 'order_number').execute()
}

export type InsertOrderOptions = {
  /** A check that must see every order committed before this one; runs once the number's lock is held. */
  underLock?: (trx: Db) => Promise<void>
  /** Who placed it (a username or an API key's name), recorded in its history. */
  by?: string | null
  /** PostgreSQL: the number, the order and its lines are written by one statement (below). */
  engine?: Engine
}

/**
 * Stores an order with the next number. The number comes from the `order_number`
 * counter row, raised in the order's own transaction: the row stays locked until it
 * commits, so concurrent orders, on one instance or several, get distinct numbers,
 * and a rolled-back order gives its number back. The unique index is the backstop.
 * Inside a caller's transaction it joins it.
 *
 * Every order waits for that lock, so it is held for as little as possible (issue #29):
 * on PostgreSQL, one statement raises the counter and inserts the order and its lines
 * (data-modifying WITH, which SQLite lacks), so the lock is held for that statement and
 * the commit; on SQLite the three statements run back to back in the one writer.
 *
 * `underLock` runs once the counter row is held, before the insert: a check that must see
 * every order committed before this one (a slot's capacity, scheduling/) runs there, so two
 * customers racing for a slot's last place are decided one after the other. It may throw
 * to refuse; the transaction, number included, is rolled back.
 */
export async function insertOrder(db: Db, order: NewOrder, now: Date = new Date(), options: InsertOrderOptions = {}): Promise<Order> {
  const { underLock, by = null, engine } = options
  const { row, lines, discounts, table } = newOrderRow(order, now, by)
  const withDiscounts = (r: OrderRow) => ({ ...toOrder({ ...r, ...table }), discounts: order.discounts })
  // A table's order (issue #45) takes the transaction below: its table row is one more insert.
  if (engine === 'postgres' && !underLock && !table) return withDiscounts(await insertInOneStatement(db, row, lines, discounts))
  return inTransaction(db, async (trx) => {
    const counter = await trx
      .updateTable('counters')
      .set((eb) => ({ value: eb('value', '+', 1) }))
      .where('name', '=', 'order_number')
      .returning('value')
      .executeTakeFirstOrThrow()
    await underLock?.(trx)
    const inserted = await trx
      .insertInto('orders')
      .values({ ...row, number: counter.value })
      .returningAll()
      .executeTakeFirstOrThrow()
    if (lines.length > 0) await trx.insertInto('order_lines').values(lines.map((line) => ({ ...line, order_id: inserted.id }))).execute()
    if (discounts.length > 0) await trx.insertInto('order_discounts').values(discounts.map((d) => ({ ...d, order_id: inserted.id }))).execute()
    if (table) await trx.insertInto('order_tables').values({ ...table, order_id: inserted.id }).execute()
    return withDiscounts(inserted)
  })
}

type NewOrderRow = ReturnType<typeof newOrderRow>

/** PostgreSQL: the counter raised, the order and its lines inserted, in one statement (one round trip under the lock). */
function insertInOneStatement(db: Db, row: NewOrderRow['row'], lines: NewOrderRow['lines'], discounts: NewOrderRow['discounts']): Promise<OrderRow> {
  const numbered = db
    .with('n', (qb) => qb.updateTable('counters').set((eb) => ({ value: eb('value', '+', 1) })).where('name', '=', 'order_number').returning('value'))
    .with('o', (qb) => qb.insertInto('orders').values((eb) => ({ ...row, number: eb.selectFrom('n').select('value') })).returningAll())
  // An order always has lines (the schemas require one); its discounts ride along when it has some.
  const withLines = numbered.with('l', (qb) => qb.insertInto('order_lines').values((eb) => lines.map((line) => ({ ...line, order_id: eb.selectFrom('o').select('id') }))))
  if (discounts.length === 0) return withLines.selectFrom('o').selectAll().executeTakeFirstOrThrow()
  return withLines
    .with('d', (qb) => qb.insertInto('order_discounts').values((eb) => discounts.map((d) => ({ ...d, order_id: eb.selectFrom('o').select('id') }))))
    .selectFrom('o')
    .selectAll()
    .executeTakeFirstOrThrow()
}

/** What a point-of-sale order's lines add up to: its total, whatever else was said. */
export const posLinesTotal = (items: readonly Pick<OrderLine, 'lineTotal'>[]) => items.reduce((sum, item) => sum + item.lineTotal, 0)

/**
 * A point-of-sale order (POST /api/orders): its lines as the cashier sent them, options priced
 * by the menu (`items`, orders/pos-lines.server.ts), and their total; it takes the next number
 * of the same sequence as the storefront's.
 */
export async function createPosOrder(
  db: Db,
  data: OrderData,
  items: OrderLine[],
  now?: Date,
  options: Pick<InsertOrderOptions, 'by' | 'engine' | 'underLock'> = {},
): Promise<Order> {
  const total = posLinesTotal(items)
  return insertOrder(
    db,
    {
      source: 'pos',
      status: data.status,
      customerName: data.customerName,
      customerPhone: data.customerPhone,
      fulfilment: null,
      zoneId: null,
      zoneName: null,
      address: null,
      addressReference: null,
      payment: null,
      cashAmount: null,
      zoneEstimatedTime: null,
      scheduledFor: null,
      items,
      subtotal: total,
      deliveryFee: 0,
      discounts: [],
      total,
      notes: data.notes,
    },
    now,
    options,
  )
}

export type StatusMove = { kind: 'moved'; order: Order } | { kind: 'notFound' } | { kind: 'refused'; from: OrderStatus; fulfilment: Order['fulfilment'] }

/**
 * Moves an order to `to` when the shared rule allows it (shared/order-status.ts) and
 * appends the change to its history. The write is conditional on the status read, so
 * of two staff pressing at once (on one instance or two) only one moves it from a
 * given state; the other is told what it is now.
 */
export async function moveOrderStatus(db: Db, id: number, to: OrderStatus, now: Date = new Date(), by: string | null = null): Promise<StatusMove> {
  for (;;) {
    const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) return { kind: 'notFound' }
    if (!canMove(row.status, to)) return { kind: 'refused', from: row.status, fulfilment: row.fulfilment }
    const at = now.toISOString()
    const history = [...historyFrom(row.status_history), { status: to, at, by }]
    const updated = await db
      .updateTable('orders')
      .set({ status: to, status_history: JSON.stringify(history), status_at: at })
      .where('id', '=', id)
      .where('status', '=', row.status)
      .where('status_history', '=', row.status_history)
      .returningAll()
      .executeTakeFirst()
    // Read back through the view: the order as every other read gives it (its discounts and changes).
    if (updated) return { kind: 'moved', order: (await getOrder(db, id)) ?? toOrder(updated) }
    // Someone moved it between the read and the write: read again and decide on what it is now.
  }
}
