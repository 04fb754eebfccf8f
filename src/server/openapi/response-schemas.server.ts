/**
 * The answers the public API sends, as zod schemas, so the OpenAPI document can
 * describe them with z.toJSONSchema like the request bodies.
 *
 * Entities that have an input schema in shared/schemas (product, ingredient, zone)
 * are that schema's OUTPUT plus `id`: a field added there appears here by itself.
 * Shapes that exist only as TypeScript types (Order, Setting, the error body) are
 * written here once; the `Exact<…>` lines below fail the typecheck when the type
 * and its schema part, and openapi.route.test.ts validates real answers of the app
 * against the documented JSON Schema.
 */
import { z } from 'zod'
import type { OrderEvent } from '../../shared/order-events'
import {
  type ApiErrorBody,
  type CoverageZone,
  FULFILMENTS,
  type Ingredient,
  type Order,
  ORDER_SOURCES,
  PAYMENT_METHODS,
  type Product,
  type Setting,
  ingredientInputSchema,
  orderStatusSchema,
  productInputSchema,
  zoneInputSchema,
} from '../../shared/schemas'

const entityId = z.number().int().positive().describe('Identificador (entero positivo)')
const quetzales = z.number().int().min(0).describe('Quetzales enteros')
const instant = z.iso.datetime().describe('Fecha y hora ISO 8601 en UTC (toISOString)')

export const productSchema = z.object({ id: entityId, ...productInputSchema.shape })
export const ingredientSchema = z.object({ id: entityId, ...ingredientInputSchema.shape })
export const coverageZoneSchema = z.object({ id: entityId, ...zoneInputSchema.shape })

export const settingSchema = z.object({
  key: z.string(),
  value: z.string().describe('Número de WhatsApp que recibe los pedidos: código de país y dígitos, sin "+"'),
  updatedAt: instant.nullable().describe('null mientras se usa el número por defecto (nunca guardado)'),
})

export const apiErrorSchema = z.object({
  message: z.string().describe('Texto en español, listo para mostrar'),
  issues: z
    .array(z.object({ path: z.string().describe('Campo, con puntos: "items.0.quantity"'), message: z.string() }))
    .optional()
    .describe('Solo en 400 por datos inválidos: un elemento por campo'),
})

const named = z.object({ id: entityId, name: z.string() })

const orderLineSchema = z.object({
  productId: entityId.optional(),
  name: z.string(),
  size: z.enum(['mediano', 'grande']).optional(),
  quantity: z.number().int().min(1),
  price: quetzales.describe('Precio unitario cobrado (tamaño + extras)'),
  lineTotal: quetzales.describe('price × quantity'),
  customization: z
    .object({
      sauce: named.nullable(),
      sauceOnSide: z.boolean(),
      removed: z.array(named),
      extras: z.array(named.extend({ price: quetzales })),
    })
    .nullable()
    .optional()
    .describe('Solo líneas de la tienda en línea (null si el plato no se personalizó); nombres y precios como eran al pedir'),
  notes: z.string().nullable().optional().describe('Solo líneas de punto de venta'),
})

export const orderSchema = z.object({
  id: entityId,
  number: z.number().int().positive().describe('Número corto y correlativo que ven cliente y personal (compartido por ambos orígenes)'),
  source: z.enum(ORDER_SOURCES).describe('storefront: tienda en línea (POST /api/checkout); pos: punto de venta (POST /api/orders)'),
  status: orderStatusSchema,
  statusHistory: z.array(z.object({ status: orderStatusSchema, at: instant })).describe('Del más antiguo al más reciente; el primero es la creación'),
  customerName: z.string().nullable(),
  customerPhone: z.string(),
  fulfilment: z.enum(FULFILMENTS).nullable().describe('null en pedidos de punto de venta'),
  zoneId: entityId.nullable(),
  zoneName: z.string().nullable().describe('Nombre de la zona al pedir (se conserva si la zona cambia o se borra)'),
  address: z.string().nullable(),
  addressReference: z.string().nullable(),
  payment: z.enum(PAYMENT_METHODS).nullable(),
  cashAmount: quetzales.nullable().describe('Con cuánto paga en efectivo (solo efectivo)'),
  items: z.array(orderLineSchema),
  subtotal: quetzales,
  deliveryFee: quetzales,
  total: quetzales.describe('subtotal + deliveryFee'),
  notes: z.string().nullable(),
  createdAt: instant,
})

export const orderEventSchema = z.object({
  type: z.enum(['created', 'status']).describe('created: un pedido nuevo (tienda o punto de venta); status: un pedido cambió de estado'),
  id: entityId.describe('id del pedido'),
  number: z.number().int().positive().describe('Número corto del pedido'),
  status: orderStatusSchema.describe('Su estado después del evento'),
})

/** True when A and B are mutually assignable. */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const typeChecks: [
  Exact<z.output<typeof productSchema>, Product>,
  Exact<z.output<typeof ingredientSchema>, Ingredient>,
  Exact<z.output<typeof coverageZoneSchema>, CoverageZone>,
  Exact<z.output<typeof settingSchema>, Setting>,
  Exact<z.output<typeof apiErrorSchema>, ApiErrorBody>,
  Exact<z.output<typeof orderSchema>, Order>,
  Exact<z.output<typeof orderEventSchema>, OrderEvent>,
] = [true, true, true, true, true, true, true]
void typeChecks
