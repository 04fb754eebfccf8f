import type { Database } from 'bun:sqlite'
import type { Order, OrderData, OrderStatus } from '../../shared/schemas'

type OrderRow = {
  id: number
  customer_name: string
  customer_phone: string
  items: string
  total: number
  status: OrderStatus
  notes: string | null
  created_at: string
}

const toOrder = (r: OrderRow): Order => ({
  id: r.id,
  customerName: r.customer_name,
  customerPhone: r.customer_phone,
  items: JSON.parse(r.items) as Order['items'],
  total: r.total,
  status: r.status,
  notes: r.notes,
  createdAt: r.created_at,
})

/** Most recent first (the dashboard shows the first 5). */
export function listOrders(db: Database): Order[] {
  return db.query<OrderRow, []>('SELECT * FROM orders ORDER BY created_at DESC, id DESC').all().map(toOrder)
}

export function createOrder(db: Database, data: OrderData): Order {
  const row = db
    .query<OrderRow, [string, string, string, number, string, string | null, string]>(
      `INSERT INTO orders (customer_name, customer_phone, items, total, status, notes, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .get(data.customerName, data.customerPhone, JSON.stringify(data.items), data.total, data.status, data.notes, new Date().toISOString())
  if (!row) throw new Error('insert returned no row')
  return toOrder(row)
}
