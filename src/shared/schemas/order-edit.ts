import { z } from 'zod'
import { CHECKOUT_TEXT_LIMITS, FULFILMENTS } from '../checkout'
import { CHECKOUT_LIMITS, checkoutItemSchema } from './checkout'
import { scheduledForSchema } from './order-settings'

/**
 * PATCH /api/orders/{id} (issue #34): what staff change in a placed order after the chat goes on
 * ('agrégale una horchata', 'mejor sin cebolla', 'lo paso a recoger yo'). The checkout's shapes;
 * a field left out stays as it is (a blank text clears it). `items` replaces the lines.
 */
const editedText = (max: number) =>
  z
    .string({ error: 'Debe ser texto' })
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .nullable()
    .transform((v) => (v === null || v === '' ? null : v))
    .optional()

export const orderEditInputSchema = z
  .object({
    items: z
      .array(checkoutItemSchema, { error: 'El pedido debe tener productos' })
      .min(1, 'El pedido debe tener al menos un producto')
      .max(CHECKOUT_LIMITS.lines, `Máximo ${CHECKOUT_LIMITS.lines} productos distintos por pedido`)
      .optional(),
    fulfilment: z.enum(FULFILMENTS, { error: 'Elige recoger en el local o envío a domicilio' }).optional(),
    zoneId: z.number({ error: 'Zona inválida' }).int('Zona inválida').positive('Zona inválida').nullable().optional(),
    address: editedText(CHECKOUT_TEXT_LIMITS.address),
    addressReference: editedText(CHECKOUT_TEXT_LIMITS.addressReference),
    scheduledFor: scheduledForSchema.nullable().optional(),
    notes: editedText(CHECKOUT_TEXT_LIMITS.notes),
    /** Why, in a few words ('lo pidió por WhatsApp'): kept with the change. */
    reason: editedText(200),
  })
  .refine((edit) => Object.entries(edit).some(([key, value]) => key !== 'reason' && value !== undefined), 'No hay nada que cambiar')
export type OrderEditInput = z.input<typeof orderEditInputSchema>
export type OrderEditData = z.output<typeof orderEditInputSchema>

/**
 * One edit as the order keeps it: when, who (a username or an API key's name) and what, in Spanish:
 * `summary` the staff's words (notes and reason included), `customerSummary` what the customer may
 * read of it (shared/order-changes.ts, describeChange; null or absent: nothing).
 */
export type OrderChange = { at: string; by: string | null; summary: string; customerSummary?: string | null }
