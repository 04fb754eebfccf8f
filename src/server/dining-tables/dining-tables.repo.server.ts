import { randomBytes } from 'node:crypto'
import type { DiningTable, DiningTableInput, TableBill } from '../../shared/schemas/dining-table'
import type { Db } from '../db/database.server'
import { ORDERS, toOrder } from '../orders/orders.repo.server'
import { inTransaction } from '../db/database.server'

/** A table's QR token: 18 random bytes, URL-safe (24 characters), never the table's number (issue #45). */
export const newTableToken = (): string => randomBytes(18).toString('base64url')

type Row = { id: number; name: string; active: number; token: string; bill_since: string | null }
const toTable = (r: Row): DiningTable => ({ id: r.id, name: r.name, active: r.active === 1, token: r.token })

export async function listTables(db: Db): Promise<DiningTable[]> {
  const rows = await db.selectFrom('dining_tables').selectAll().orderBy('id').execute()
  return rows.map(toTable)
}

export async function createTable(db: Db, input: Required<DiningTableInput>, now: Date): Promise<DiningTable> {
  const row = await db
    .insertInto('dining_tables')
    .values({ name: input.name, active: input.active ? 1 : 0, token: newTableToken(), bill_since: null, created_at: now.toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow()
  return toTable(row)
}

export async function updateTable(db: Db, id: number, input: Required<DiningTableInput>): Promise<DiningTable | null> {
  const row = await db.updateTable('dining_tables').set({ name: input.name, active: input.active ? 1 : 0 }).where('id', '=', id).returningAll().executeTakeFirst()
  return row ? toTable(row) : null
}

/** Past orders keep the table's name (order_tables); the bill of a deleted table is gone with it. */
export async function deleteTable(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('dining_tables').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** A new token: the old one is refused from the next request on. */
export async function renewToken(db: Db, id: number): Promise<DiningTable | null> {
  const row = await db.updateTable('dining_tables').set({ token: newTableToken() }).where('id', '=', id).returningAll().executeTakeFirst()
  return row ? toTable(row) : null
}

/** The active table a QR's token names, or null (unknown, renewed or inactive). */
export async function tableByToken(db: Db, token: string): Promise<DiningTable | null> {
  const row = await db.selectFrom('dining_tables').selectAll().where('token', '=', token).where('active', '=', 1).executeTakeFirst()
  return row ? toTable(row) : null
}

export async function getTable(db: Db, id: number): Promise<(DiningTable & { billSince: string | null }) | null> {
  const row = await db.selectFrom('dining_tables').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? { ...toTable(row), billSince: row.bill_since } : null
}

/** The table's open bill: its orders placed after `bill_since`, not cancelled, oldest first. */
export async function tableBill(db: Db, id: number): Promise<TableBill | null> {
  const table = await getTable(db, id)
  if (!table) return null
  let select = db.selectFrom(ORDERS).selectAll().where('table_id', '=', id).where('status', '<>', 'cancelled')
  if (table.billSince) select = select.where('created_at', '>', table.billSince)
  const orders = (await select.orderBy('number').execute()).map(toOrder)
  return {
    table: { id: table.id, name: table.name },
    since: table.billSince,
    orders: orders.map((o) => ({ id: o.id, number: o.number, items: o.items, total: o.total })),
    total: orders.reduce((sum, o) => sum + o.total, 0),
  }
}

/** An order 'Cerrar mesa' marked delivered: what the board's event says of it. */
type MovedOrder = { id: number; number: number; status: 'delivered' }

/**
 * 'Cerrar mesa': the bill's orders still open are marked delivered (each with its history step,
 * by whom), and the next bill starts now. The moved orders are answered, for the board's events.
 */
export async function closeTable(db: Db, id: number, by: string | null, now: Date): Promise<{ bill: TableBill; moved: MovedOrder[] } | null> {
  return inTransaction(db, async (trx) => {
    const bill = await tableBill(trx, id)
    if (!bill) return null
    const at = now.toISOString()
    const moved: MovedOrder[] = []
    // Their status and history as stored (one query), each history extended as it is.
    const rows = bill.orders.length === 0 ? [] : await trx.selectFrom('orders').select(['id', 'number', 'status', 'status_history']).where('id', 'in', bill.orders.map((o) => o.id)).orderBy('number').execute()
    for (const row of rows) {
      const orderId = row.id
      if (row.status === 'delivered' || row.status === 'cancelled') continue
      const history: unknown = JSON.parse(row.status_history)
      const steps = Array.isArray(history) ? history : []
      await trx
        .updateTable('orders')
        .set({ status: 'delivered', status_at: at, status_history: JSON.stringify([...steps, { status: 'delivered', at, by }]) })
        .where('id', '=', orderId)
        .execute()
      moved.push({ id: orderId, number: row.number, status: 'delivered' })
    }
    await trx.updateTable('dining_tables').set({ bill_since: at }).where('id', '=', id).execute()
    return { bill, moved }
  })
}
