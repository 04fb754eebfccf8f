import { z } from 'zod'
import type { Size } from '../cart'
import type { OrderFulfilment, PaymentMethod } from '../checkout'
import { ORDER_STATUSES, type OrderStatus } from '../order-status'
import { ORDER_PAGE_DEFAULT, ORDER_PAGE_MAX } from '../order-list'
import { LINE_QUANTITY_MAX } from '../money'
import { PHONE_RULE, canonicalPhone } from '../phone'
import { money, optionalText, text } from './fields'
import { calendarDate } from './opening-hours'
import type { OrderLineOption } from '../options'
import { optionChoicesListSchema } from './option-group'
import type { OrderChange } from './order-edit'

// The statuses and their rule live in shared/order-status.ts (no zod there: the board imports it).
export { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '../order-status'

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: 'Estado inválido' })

/** PATCH /api/orders/:id/status */
export const orderStatusInputSchema = z.object({ status: orderStatusSchema })
export type OrderStatusInput = z.input<typeof orderStatusInputSchema>

// Ways of delivery and payment belong to the checkout's zod-free rules (the landing page uses them).
export { FULFILMENTS, ORDER_FULFILMENTS, PAYMENT_METHODS, type Fulfilment, type OrderFulfilment, type PaymentMethod } from '../checkout'

export const ORDER_SOURCES = ['storefront', 'pos'] as const
export type OrderSource = (typeof ORDER_SOURCES)[number]

/** A point-of-sale line, as the POS sends it (its price is the unit price). */
export const orderItemSchema = z.object({
  productId: z.number().int().positive().optional(),
  name: text(120),
  size: z.enum(['mediano', 'grande']).optional(),
  quantity: z
    .number({ error: 'Debe ser un número' })
    .int('Debe ser un número entero')
    .min(1, 'La cantidad mínima es 1')
    .max(LINE_QUANTITY_MAX, `La cantidad máxima es ${LINE_QUANTITY_MAX}`),
  /** The unit price the point of sale charges, before options (their prices are the menu's, added by the server). */
  price: money(0),
  notes: optionalText(500).optional(),
  /** Option groups' choices (issue #32): only with `productId`; checked and priced like the checkout's. */
  options: optionChoicesListSchema.optional(),
})

/** Orders recorded by a point-of-sale (API key) or an administrator: POST /api/orders. */
export const orderInputSchema = z.object({
  customerName: text(120),
  /** The customer's WhatsApp, kept in its one canonical form (shared/phone.ts) as the checkout's; blank: none (''). */
  customerPhone: z
    .string({ error: PHONE_RULE })
    .max(30, 'Máximo 30 caracteres')
    .default('')
    .transform((typed, ctx) => {
      if (typed.trim() === '') return ''
      const phone = canonicalPhone(typed)
      if (phone === null) ctx.addIssue({ code: 'custom', message: PHONE_RULE })
      return phone ?? ''
    }),
  items: z.array(orderItemSchema).min(1, 'El pedido debe tener al menos un producto').max(200),
  /** Optional: the server adds up the lines itself; a total sent must agree with them (else 400). */
  total: money(0).optional(),
  status: orderStatusSchema.default('pending'),
  notes: optionalText(1000).default(null),
})
export type OrderInput = z.input<typeof orderInputSchema>
export type OrderData = z.output<typeof orderInputSchema>

/** What the customer chose for a storefront line, with the names and prices as they were when ordered. */
export type OrderLineCustomization = {
  sauce: { id: number; name: string } | null
  sauceOnSide: boolean
  removed: { id: number; name: string }[]
  extras: { id: number; name: string; price: number }[]
}

/**
 * One line of a stored order. Storefront lines carry every field; point-of-sale
 * lines are stored as the POS sent them and read back with `lineTotal` computed
 * (price × quantity) and no customisation.
 */
export type OrderLine = {
  productId?: number
  name: string
  size?: Size
  quantity: number
  /** Unit price charged: the product's price at the size plus the extras and the options (like CartItem.price). */
  price: number
  /** price × quantity */
  lineTotal: number
  /** Storefront lines only (null when the plate was not customised). */
  customization?: OrderLineCustomization | null
  /** Point-of-sale lines only. */
  notes?: string | null
  /** Option groups' choices with names and prices as they were when ordered (issue #32); absent on older lines. */
  options?: OrderLineOption[]
}

/** A discount as an order keeps it (issue #33): the promotion's name and code as they were, and what it took. */
export type OrderDiscount = { promotionId: number | null; name: string; code: string | null; amount: number }

/** One step of an order's life: the state, when, and who moved it (a username or an API key's name; absent before it was recorded, null for the storefront's customer). */
export type OrderStatusChange = { status: OrderStatus; at: string; by?: string | null }

/** An order as GET /api/orders answers it (every row, old point-of-sale ones included). */
export type Order = {
  id: number
  /** Short sequential number shown to customers and staff (1, 2, 3…), shared by both sources. */
  number: number
  source: OrderSource
  status: OrderStatus
  /** Oldest first; the first entry is the creation. */
  statusHistory: OrderStatusChange[]
  /** Null when a storefront customer gave none. */
  customerName: string | null
  customerPhone: string
  /** Null on point-of-sale orders (not recorded); 'mesa': placed from a table's QR (issue #45). */
  fulfilment: OrderFulfilment | null
  /** The table it was placed from and its name then (issue #45); null (or absent) otherwise. */
  tableId?: number | null
  tableName?: string | null
  zoneId: number | null
  /** The zone's name when ordered (kept if the zone is renamed or deleted). */
  zoneName: string | null
  address: string | null
  addressReference: string | null
  payment: PaymentMethod | null
  /** What the customer pays with, in cash (efectivo only). */
  cashAmount: number | null
  items: OrderLine[]
  subtotal: number
  deliveryFee: number
  /** The promotions given (issue #33), names and amounts as they were; [] for none. */
  discounts: OrderDiscount[]
  /** subtotal + deliveryFee - the discounts */
  total: number
  /** Each edit after it was placed (issue #34), oldest first; [] for none. */
  changes: OrderChange[]
  notes: string | null
  createdAt: string
  /** The key of the customer's tracking page (/pedido/<token>); null on orders placed before it existed. */
  trackingToken: string | null
  /** The zone's 'Tiempo estimado' when ordered (delivery only). */
  zoneEstimatedTime: string | null
  /** When it is for ("YYYY-MM-DDTHH:MM", restaurant time); null: as soon as possible. */
  scheduledFor: string | null
}

const positiveInt = (message: string) => z.coerce.number({ error: message }).int(message).positive(message)

/** The query of GET /api/orders (shared/order-list.ts says what each part does), given as text. */
export const orderListQuerySchema = z
  .object({
    limit: positiveInt('El límite debe ser un número entero positivo')
      .max(ORDER_PAGE_MAX, `El límite máximo es ${ORDER_PAGE_MAX}`)
      .default(ORDER_PAGE_DEFAULT),
    before: positiveInt('"before" debe ser un número de pedido').optional(),
    // "pending,ready" (or status=pending&status=ready: a query parser may have split it already).
    status: z
      .union([z.string(), z.array(z.string())])
      .transform((s) => [s].flat().flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean))
      .pipe(z.array(orderStatusSchema).max(ORDER_STATUSES.length))
      .optional(),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
    /** A customer's orders (Clientes): their WhatsApp, in any form it is written (compared in its canonical one). */
    phone: z
      .string()
      .max(30, 'El teléfono debe tener entre 8 y 15 dígitos')
      .transform((typed, ctx) => {
        const phone = canonicalPhone(typed)
        if (phone === null) ctx.addIssue({ code: 'custom', message: 'El teléfono debe tener entre 8 y 15 dígitos' })
        return phone ?? z.NEVER
      })
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'La fecha final debe ser igual o posterior a la inicial' })
export type OrderListQueryData = z.output<typeof orderListQuerySchema>
