import { z } from 'zod'
import { TABLE_CALLS, TABLE_TOKEN_RULE, isTableToken } from '../dining-table'
import { orderSchema } from './responses'
import { text } from './fields'

/** POST /api/tables, PUT /api/tables/{id} (admin): a table of the dining room (issue #45). The token is the server's. */
export const diningTableInputSchema = z.object({
  name: text(40, 'Escribe el nombre de la mesa'),
  active: z.boolean({ error: 'Debe ser sí o no' }).default(true),
})
export type DiningTableInput = z.input<typeof diningTableInputSchema>

/** A table as staff read it: its QR is `/?mesa=<token>`. */
export const diningTableSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().describe("'Mesa 5'"),
  active: z.boolean().describe('Una mesa inactiva no recibe pedidos (409)'),
  token: z.string().describe('Clave aleatoria del QR de la mesa (no su número); al renovarla la anterior deja de valer'),
})
export type DiningTable = z.infer<typeof diningTableSchema>

/** GET /api/tables/{id}/bill: the table's orders since its bill was last closed (cancelled ones left out). */
export const tableBillSchema = z.object({
  table: diningTableSchema.pick({ id: true, name: true }),
  since: z.string().nullable().describe('Desde cuándo (la última vez que se cerró la mesa); null: desde siempre'),
  orders: z.array(z.object({ id: z.number().int().positive(), number: z.number().int().positive(), items: orderSchema.shape.items, total: z.number().int().min(0) })),
  total: z.number().int().min(0),
})
export type TableBill = z.infer<typeof tableBillSchema>

/** POST /api/tables/calls (public, from the table's page): 'Llamar al mesero' or 'Pedir la cuenta'. */
export const tableCallInputSchema = z.object({
  token: z.string({ error: TABLE_TOKEN_RULE }).refine(isTableToken, TABLE_TOKEN_RULE),
  call: z.enum(TABLE_CALLS, { error: 'Llamada inválida' }),
})

/** GET /api/tables/visit/{token} (public): the table a QR names, while it takes orders. */
export const tableVisitSchema = z.object({ token: z.string(), name: z.string() })
export const tableTokenParam = z.object({ token: z.string().refine(isTableToken, TABLE_TOKEN_RULE) })
