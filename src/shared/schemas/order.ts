import { z } from 'zod'
import { money, optionalText, text } from './fields'

export const ORDER_STATUSES = ['pending', 'preparing', 'ready', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const orderItemSchema = z.object({
  productId: z.number().int().positive().optional(),
  name: text(120),
  size: z.enum(['mediano', 'grande']).optional(),
  quantity: z.number({ error: 'Debe ser un número' }).int('Debe ser un número entero').min(1).max(1000),
  price: money(0),
  notes: optionalText(500).optional(),
})

/** Orders are recorded by a point-of-sale (API key) or an administrator. */
export const orderInputSchema = z.object({
  customerName: text(120),
  customerPhone: z.string().trim().max(30, 'Máximo 30 caracteres').default(''),
  items: z.array(orderItemSchema).min(1, 'El pedido debe tener al menos un producto').max(200),
  total: money(0),
  status: z.enum(ORDER_STATUSES, { error: 'Estado inválido' }).default('pending'),
  notes: optionalText(1000).default(null),
})
export type OrderInput = z.input<typeof orderInputSchema>
export type OrderData = z.output<typeof orderInputSchema>
export type Order = OrderData & { id: number; createdAt: string }
