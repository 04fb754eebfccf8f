import { z } from 'zod'
import { PROMOTION_FULFILMENTS, PROMOTION_KINDS } from '../promotions'
import type { Promotion, PromotionWithUses } from './promotion'

/**
 * The answers of /api/promotions (issue #33), as zod schemas for the OpenAPI document and
 * Elysia's check of every answer. The input schema (promotion.ts) refines and transforms, so
 * the stored shape is written here once; the `Exact` lines fail the typecheck if the two part.
 */
const id = z.number().int().positive().describe('Identificador (entero positivo)')
const wholeOrNull = z.number().int().nullable()

export const promotionSchema = z.object({
  id,
  name: z.string(),
  code: z.string().nullable().describe('En mayúsculas; null: promoción automática (se aplica sola cuando se cumplen sus condiciones)'),
  kind: z.enum(PROMOTION_KINDS).describe('percent: porcentaje; amount: quetzales; freeDelivery: envío gratis; buyXgetY: de cada `buy` unidades, las `free` más baratas gratis'),
  value: wholeOrNull.describe('percent: 1-100; amount: quetzales; otros: null'),
  buy: wholeOrNull.describe('Solo buyXgetY'),
  free: wholeOrNull.describe('Solo buyXgetY'),
  appliesTo: z
    .object({ categories: z.array(z.string()), productIds: z.array(z.number().int()) })
    .describe('Categorías (slug) y productos a los que aplica; ambas vacías: todo el pedido'),
  minSubtotal: wholeOrNull.describe('Pedido mínimo (Q, antes de descuentos y envío); null: sin mínimo'),
  fulfilment: z.enum(PROMOTION_FULFILMENTS).describe('any, pickup o delivery'),
  startsOn: z.string().nullable().describe('AAAA-MM-DD (día del restaurante, incluido); null: desde siempre'),
  endsOn: z.string().nullable().describe('AAAA-MM-DD (incluido); null: sin fin'),
  windows: z
    .array(z.object({ days: z.array(z.number().int()), from: z.string(), to: z.string() }))
    .describe('Horarios semanales como los de una categoría (0 = domingo); vacío: a cualquier hora'),
  maxUses: wholeOrNull.describe('Usos en total; null: sin límite'),
  maxUsesPerPhone: wholeOrNull.describe('Usos por teléfono; null: sin límite (con límite, el teléfono es obligatorio)'),
  active: z.boolean().describe('false: en pausa'),
})

/** GET /api/promotions (admin). */
export const promotionWithUsesSchema = promotionSchema.extend({
  uses: z.number().int().min(0).describe('Pedidos no cancelados que la recibieron'),
})

/** GET /api/promotions/active: the landing page's strip, nothing the storefront does not show. */
export const activePromotionSchema = z.object({
  id,
  name: z.string(),
  description: z.string().describe("En español, lista para mostrar: '2x1 en bebidas los martes de 15:00 a 18:00'"),
})
export type ActivePromotion = z.output<typeof activePromotionSchema>

/** GET /api/promotions/code/{code}: what a link with `?codigo=` says. */
export const promotionCodeSchema = z.object({
  code: z.string().describe('El código, en mayúsculas'),
  summary: z.string().describe("Lo que da: '2x1 en bebidas'"),
  description: z.string().describe("Con sus condiciones: '2x1 en bebidas los martes de 15:00 a 18:00'"),
  message: z.string().describe("Para el cliente: 'Código MARTES aplicado: 2x1 en bebidas' si un pedido hecho ahora lo recibe; si no, 'Código MARTES: 2x1 en bebidas'"),
  appliesNow: z.boolean().describe('Si un pedido hecho ahora (ahora más la preparación) lo recibe, cumpliendo lo que dependa del carrito (mínimo, entrega, teléfono)'),
  reason: z.string().nullable().describe("Por qué no aplica ahora, con las palabras del carrito ('Ese código vale los martes de 15:00 a 18:00'); null si aplica"),
  needsPhone: z.boolean().describe('Si pide el WhatsApp del cliente (usos por teléfono)'),
})
export type PromotionCodeAnswer = z.output<typeof promotionCodeSchema>

/** True when A and B are mutually assignable. */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const typeChecks: [Exact<z.output<typeof promotionSchema>, Promotion>, Exact<z.output<typeof promotionWithUsesSchema>, PromotionWithUses>] = [true, true]
void typeChecks
