import type { Database } from 'bun:sqlite'
import { canMove } from '../../shared/order-status'
import type {
  Fulfilment,
  Order,
  OrderData,
  OrderLine,
  OrderSource,
  OrderStatus,
  OrderStatusChange,
  PaymentMethod,
} from '../../shared/schemas'

type OrderRow = {
  id: number
  number: number
  source: OrderSource
  status: OrderStatus
  status_history: string
  customer_name: string | null
  customer_phone: string
  fulfilment: Fulfilment | null
  zone_id: number | null
  zone_name: string | null
  address: string | null
  address_reference: string | null
  payment: PaymentMethod | null
  cash_amount: number | null
  items: string
  subtotal: number
  delivery_fee: number
  total: number
  notes: string | null
  created_at: string
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

const toOrder = (r: OrderRow): Order => ({
  id: r.id,
  number: r.number,
  source: r.source,
  status: r.status,
  statusHistory: historyFrom(r.status_history),
  customerName: r.customer_name,
  customerPhone: r.customer_phone,
  fulfilment: r.fulfilment,
  zoneId: r.zone_id,
  zoneName: r.zone_name,
  address: r.address,
  addressReference: r.address_reference,
  payment: r.payment,
  cashAmount: r.cash_amount,
  items: linesFrom(r.items),
  subtotal: r.subtotal,
  deliveryFee: r.delivery_fee,
  total: r.total,
  notes: r.notes,
  createdAt: r.created_at,
})

/** Most recent first (the dashboard shows the first 5). */
export function listOrders(db: Database): Order[] {
  return db.query<OrderRow, []>('SELECT * FROM orders ORDER BY created_at DESC, id DESC').all().map(toOrder)
}

export function getOrder(db: Database, id: number): Order | null {
  const row = db.query<OrderRow, [number]>('SELECT * FROM orders WHERE id = ?').get(id)
  return row ? toOrder(row) : null
}

/** Everything an order carries except what the database assigns (id, number, time, history). */
export type NewOrder = Omit<Order, 'id' | 'number' | 'statusHistory' | 'createdAt'>

/**
 * Stores an order with the next number: MAX(number) + 1, read and written inside
 * one IMMEDIATE transaction (the write lock is taken first), so two writers, even
 * two processes, never get the same number; the unique index is the backstop.
 * Inside a caller's transaction it joins it (a savepoint).
 */
export function insertOrder(db: Database, order: NewOrder, now: Date = new Date()): Order {
  const at = now.toISOString()
  const history: OrderStatusChange[] = [{ status: order.status, at }]
  return db
    .transaction(() => {
      const next = (db.query<{ n: number | null }, []>('SELECT MAX(number) AS n FROM orders').get()?.n ?? 0) + 1
      const row = db
        .query<OrderRow, Record<string, string | number | null>>(
          `INSERT INTO orders (number, source, status, status_history, customer_name, customer_phone, fulfilment, zone_id, zone_name,
             address, address_reference, payment, cash_amount, items, subtotal, delivery_fee, total, notes, created_at)
           VALUES ($number, $source, $status, $status_history, $customer_name, $customer_phone, $fulfilment, $zone_id, $zone_name,
             $address, $address_reference, $payment, $cash_amount, $items, $subtotal, $delivery_fee, $total, $notes, $created_at)
           RETURNING *`,
        )
        .get({
          number: next,
          source: order.source,
          status: order.status,
          status_history: JSON.stringify(history),
          customer_name: order.customerName,
          customer_phone: order.customerPhone,
          fulfilment: order.fulfilment,
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
        })
      if (!row) throw new Error('insert returned no row')
      return toOrder(row)
    })
    .immediate()
}

/**
 * A point-of-sale order (POST /api/orders): its lines and total are stored as sent,
 * as before; it takes the next number of the same sequence as the storefront's.
 */
export function createPosOrder(db: Database, data: OrderData, now?: Date): Order {
  const items = data.items.map((item) => ({ ...item, lineTotal: item.price * item.quantity }))
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
      items,
      subtotal: data.total,
      deliveryFee: 0,
      total: data.total,
      notes: data.notes,
    },
    now,
  )
}

export type StatusMove = { kind: 'moved'; order: Order } | { kind: 'notFound' } | { kind: 'refused'; from: OrderStatus }

/**
 * Moves an order to `to` when the shared rule allows it (shared/order-status.ts) and
 * appends the change to its history; read and write in one IMMEDIATE transaction,
 * so two staff pressing at once cannot both move it from the same state.
 */
export function moveOrderStatus(db: Database, id: number, to: OrderStatus, now: Date = new Date()): StatusMove {
  return db
    .transaction((): StatusMove => {
      const row = db.query<OrderRow, [number]>('SELECT * FROM orders WHERE id = ?').get(id)
      if (!row) return { kind: 'notFound' }
      if (!canMove(row.status, to)) return { kind: 'refused', from: row.status }
      const history = [...historyFrom(row.status_history), { status: to, at: now.toISOString() }]
      const updated = db
        .query<OrderRow, [string, string, number]>('UPDATE orders SET status = ?, status_history = ? WHERE id = ? RETURNING *')
        .get(to, JSON.stringify(history), id)
      if (!updated) return { kind: 'notFound' }
      return { kind: 'moved', order: toOrder(updated) }
    })
    .immediate()
}
