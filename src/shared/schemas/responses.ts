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
import type { OrderEvent } from '../order-events'
import type { OrderSummary } from '../order-list'
import { ORDER_STATUSES, type OrderStatus } from '../order-status'
import { STORE_TIMEZONE, WEEKDAYS, type Weekday } from '../store-hours'
import type { CheckoutAnswer, Tracking } from '../tracking'
import type { OrderSettings } from '../order-slots'
import { REPORT_GROUPS, type SalesReport } from '../reports'
import type { Customer, CustomerSummary } from '../customers'
import type { Subscriber } from '../subscribers'
import { TABLE_CALLS } from '../dining-table'
import {
  type ActiveSession,
  type ApiErrorBody,
  type ApiKey,
  type CreatedApiKey,
  type InitializationResult,
  type SessionUser,
  type StaffUser,
  type CoverageZone,
  ORDER_FULFILMENTS,
  type Ingredient,
  type Order,
  ORDER_SOURCES,
  PAYMENT_METHODS,
  type Product,
  type OpeningHoursView,
  type OptionGroup,
  type Setting,
  type StoreStatus,
  ingredientInputSchema,
  orderStatusSchema,
  productInputSchema,
  zoneInputSchema,
} from './index'

const entityId = z.number().int().positive().describe('Identificador (entero positivo)')
const quetzales = z.number().int().min(0).describe('Quetzales enteros')
const instant = z.iso.datetime().describe('Fecha y hora ISO 8601 en UTC (toISOString)')

export const productSchema = z.object({ id: entityId, ...productInputSchema.shape })

/** GET /api/option-groups: a group with its options in order (issue #32). */
export const optionGroupSchema = z.object({
  id: entityId,
  name: z.string(),
  min: z.number().int().min(0).describe('0: opcional; 1 o más: obligatorio (elegir al menos tantas)'),
  max: z.number().int().min(1).describe('1: elige una; más: elige hasta tantas'),
  options: z.array(
    z.object({
      id: entityId,
      name: z.string(),
      price: quetzales.describe('Lo que suma al precio unitario (Mediano, y Grande si priceGrande es null)'),
      priceGrande: quetzales.nullable().describe('Lo que suma con tamaño Grande; null: lo mismo que price'),
      available: z.boolean().describe("false: 'Agotado', no se puede elegir"),
      isDefault: z.boolean().describe('Elegida al abrir el platillo'),
    }),
  ),
})
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
  options: z
    .array(z.object({ groupId: entityId, optionId: entityId, group: z.string(), name: z.string(), price: quetzales.describe('Lo que sumó la opción al precio unitario, al tamaño de la línea') }))
    .optional()
    .describe('Opciones elegidas (grupos de opciones): nombres y precios como eran al pedir; ausente si no hubo'),
})

export const orderSchema = z.object({
  id: entityId,
  number: z.number().int().positive().describe('Número corto y correlativo que ven cliente y personal (compartido por ambos orígenes)'),
  source: z.enum(ORDER_SOURCES).describe('storefront: tienda en línea (POST /api/checkout); pos: punto de venta (POST /api/orders)'),
  status: orderStatusSchema,
  statusHistory: z
    .array(z.object({ status: orderStatusSchema, at: instant, by: z.string().nullable().optional().describe('Quién: usuario del panel o nombre de la API key; null: el cliente (tienda)') }))
    .describe('Del más antiguo al más reciente; el primero es la creación'),
  customerName: z.string().nullable(),
  customerPhone: z.string(),
  fulfilment: z.enum(ORDER_FULFILMENTS).nullable().describe("null en pedidos de punto de venta; 'mesa': hecho desde el QR de una mesa"),
  tableId: entityId.nullable().optional().describe('La mesa desde la que se pidió (fulfilment "mesa"); null si no'),
  tableName: z.string().nullable().optional().describe("Nombre de la mesa al pedir ('Mesa 5'); null si no"),
  zoneId: entityId.nullable(),
  zoneName: z.string().nullable().describe('Nombre de la zona al pedir (se conserva si la zona cambia o se borra)'),
  address: z.string().nullable(),
  addressReference: z.string().nullable(),
  payment: z.enum(PAYMENT_METHODS).nullable(),
  cashAmount: quetzales.nullable().describe('Con cuánto paga en efectivo (solo efectivo)'),
  items: z.array(orderLineSchema),
  subtotal: quetzales,
  deliveryFee: quetzales,
  discounts: z
    .array(z.object({ promotionId: entityId.nullable().describe('null si la promoción ya no existe'), name: z.string(), code: z.string().nullable().describe('null: promoción automática'), amount: quetzales }))
    .describe('Promociones aplicadas, con nombre, código y monto como eran al pedir; [] si ninguna'),
  total: quetzales.describe('subtotal + deliveryFee - descuentos'),
  changes: z
    .array(
      z.object({
        at: instant,
        by: z.string().nullable().describe('Usuario del panel o nombre de la API key'),
        summary: z.string().describe("Qué cambió: 'Agregó 1 Horchata (Mediano); total Q85 → Q105'; con las notas y el motivo, para el personal"),
        customerSummary: z
          .string()
          .nullable()
          .optional()
          .describe('Lo que el cliente puede leer del cambio (productos, entrega, hora y total; nunca notas, motivo ni quién); null: nada'),
      }),
    )
    .describe('Cambios hechos al pedido después de hacerlo (PATCH /api/orders/{id}), del más antiguo al más reciente'),
  notes: z.string().nullable(),
  createdAt: instant,
  trackingToken: z.string().nullable().describe('Clave de la página de seguimiento del cliente (/pedido/<token>); null en pedidos anteriores a ella'),
  zoneEstimatedTime: z.string().nullable().describe('Tiempo estimado de la zona al pedir (solo a domicilio)'),
  scheduledFor: z.string().nullable().describe('Para cuándo es ("YYYY-MM-DDTHH:MM", hora del restaurante); null: lo antes posible'),
})

/** GET /api/track/<token>: what the customer may see of an order (no phone, no address, no name). */
export const trackingSchema = orderSchema
  .pick({ number: true, status: true, statusHistory: true, subtotal: true, deliveryFee: true, total: true, fulfilment: true, tableName: true, zoneName: true, zoneEstimatedTime: true, scheduledFor: true, createdAt: true })
  .extend({
    items: z.array(orderLineSchema.omit({ notes: true })),
    discounts: z.array(z.object({ name: z.string(), code: z.string().nullable(), amount: quetzales })).describe('Promociones aplicadas'),
    changes: z.array(z.object({ at: instant, summary: z.string() })).describe('Cambios hechos al pedido después de hacerlo (sin quién los hizo)'),
  })

/** GET /api/order-settings */
export const orderSettingsSchema = z.object({
  preparationMinutes: z.number().int().describe('Minutos de preparación de un pedido (sin contar \'Más tiempo\')'),
  scheduling: z.object({
    enabled: z.boolean().describe('Si se aceptan pedidos programados'),
    daysAhead: z.number().int().describe('Días de anticipación (0: solo hoy)'),
    slotMinutes: z.union([z.literal(10), z.literal(15), z.literal(20), z.literal(30)]).describe('Minutos entre un horario y el siguiente'),
    maxOrdersPerSlot: z.number().int().nullable().describe('Pedidos por horario como máximo; null: sin límite'),
  }),
  rush: z
    .object({ extraMinutes: z.number().int(), until: instant })
    .nullable()
    .describe("'Más tiempo': minutos que se suman a la preparación hasta `until`; null: ninguno"),
})

/** GET /api/order-slots */
/** GET /api/menu/remaining: the portions left today of each product limited per day (the others are absent). */
export const menuRemainingSchema = z
  .record(z.string().regex(/^\d+$/), z.number().int().min(0))
  .describe('Por id de producto (como texto), las porciones que quedan hoy; solo los productos con porciones por día')

export const orderSlotsSchema = z.object({
  date: z.string().describe('AAAA-MM-DD, hora del restaurante'),
  slots: z.array(z.object({ time: z.string().describe('HH:MM'), available: z.boolean().describe('false: ya está lleno') })),
})

/** GET /api/reports/sales */
export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_GROUPS),
  totals: z.object({
    orders: z.number().int().describe('Pedidos no cancelados'),
    revenue: quetzales.describe('Suma de sus totales, envíos incluidos y descuentos ya restados'),
    deliveryFees: quetzales.describe('Parte de revenue que son envíos'),
    discounts: quetzales.describe('Lo que las promociones descontaron de esos pedidos (ya restado de revenue)'),
    averageTicket: quetzales.describe('revenue / orders, redondeado'),
    cancelled: z.number().int().describe('Pedidos cancelados (no suman en revenue)'),
    pending: z
      .object({ orders: z.number().int(), revenue: quetzales, deliveryFees: quetzales, discounts: quetzales })
      .describe('La parte de orders, revenue, deliveryFees y discounts que aún espera confirmación (pedidos pendientes)'),
  }),
  rows: z.array(
    z.object({
      key: z.string().describe('El día (AAAA-MM-DD), el id del producto, la zona, la forma de pago o el id de la promoción'),
      label: z.string(),
      orders: z.number().int(),
      quantity: z.number().int().describe('Productos vendidos (por promoción: sus usos)'),
      revenue: quetzales.describe('Ventas del grupo (por producto: sus líneas, sin envío)'),
      discounts: quetzales.nullable().describe('Descuentos de los pedidos del grupo; null por producto (un descuento es del pedido)'),
      pending: z
        .object({ orders: z.number().int(), quantity: z.number().int(), revenue: quetzales, discounts: quetzales.nullable() })
        .describe('La parte de orders, quantity, revenue y discounts que aún espera confirmación'),
    }),
  ),
})

/** GET /api/customers */
export const customerSchema = z.object({
  phone: z.string().describe('WhatsApp del cliente, solo dígitos con código de país'),
  name: z.string().nullable().describe('El nombre de su pedido más reciente que lo tenga'),
  orders: z.number().int().describe('Pedidos no cancelados'),
  totalSpent: quetzales,
  firstOrderAt: instant,
  lastOrderAt: instant,
})

/** GET /api/customers/summary */
export const customerSummarySchema = z.object({
  total: z.number().int().describe('Total Clientes'),
  newThisMonth: z.number().int().describe('Nuevos Este Mes: su primer pedido es de este mes'),
  active: z.number().int().describe('Clientes Activos: pidieron en los últimos 30 días'),
})

/** GET /api/subscribers: one address of the footer's newsletter. */
export const subscriberSchema = z.object({
  id: entityId,
  email: z.string().describe('Correo electrónico, sin espacios y en minúsculas'),
  consentedAt: instant.describe('Cuándo aceptó recibir promociones (la primera vez)'),
})

/** A staff account (GET /api/admin/users) */
export const staffUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(['admin', 'staff']).describe('admin: Administrador; staff: Cocina / caja'),
  active: z.boolean().describe('false: no puede iniciar sesión'),
  usesDefaultPassword: z.boolean(),
  createdAt: instant,
})
export const deletedUserSchema = z.object({ message: z.string(), id: z.string() })

/** POST /api/checkout's 201: the stored order and the address of its tracking page. */
export const checkoutAnswerSchema = orderSchema.extend({
  trackingUrl: z.string().describe('Dirección absoluta de la página de seguimiento (<origen>/pedido/<token>) que el cliente recibe en el mensaje'),
})

/** POST /api/checkout/quote (issue #33): the checkout's own pricing, nothing recorded. */
export const checkoutQuoteSchema = orderSchema.pick({ items: true, subtotal: true, deliveryFee: true, discounts: true, total: true }).extend({
  promoCode: z.string().nullable().describe('El código que aplica (en mayúsculas), o null'),
  codeRefusal: z
    .string()
    .nullable()
    .describe("Por qué el código escrito no aplica ('Ese código ya venció'); las cifras son entonces las del pedido sin él. null: aplica o no se escribió"),
  codeNeedsPhone: z.boolean().optional().describe('Si el código escrito pide el WhatsApp del cliente (usos por teléfono), aplique o no: el carrito lo dice junto al campo'),
})
export type CheckoutQuote = z.output<typeof checkoutQuoteSchema>

export const orderEventSchema = z.object({
  type: z
    .enum(['created', 'status', 'changed', 'call'])
    .describe('created: un pedido nuevo (tienda o punto de venta); status: un pedido cambió de estado; changed: el personal cambió el pedido (PATCH /api/orders/{id}); call: una mesa llama al mesero o pide la cuenta (id y number 0)'),
  id: z.number().int().min(0).describe('id del pedido (0 en call)'),
  number: z.number().int().min(0).describe('Número corto del pedido (0 en call)'),
  status: orderStatusSchema.describe('Su estado después del evento'),
  table: z
    .object({ tableId: entityId, name: z.string(), call: z.enum(TABLE_CALLS) })
    .optional()
    .describe("Solo en call: la mesa y qué pide ('mesero' o 'cuenta')"),
})

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/).describe('HH:MM, 24 h')
const timeRange = z.object({ open: hhmm, close: hhmm.describe('HH:MM; antes que open: el horario pasa la medianoche') })
const weekSchedule = z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(timeRange)])) as Record<Weekday, z.ZodArray<typeof timeRange>>)
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('AAAA-MM-DD, en la zona horaria de la tienda')
/** An instant with its offset, as the opening-hours answers write it (2026-12-31T17:00:00-06:00). */
const localInstant = z.iso.datetime({ offset: true })

export const openingHoursViewSchema = z.object({
  timezone: z.string().describe(`Siempre ${STORE_TIMEZONE}`),
  week: weekSchedule.nullable().describe('null: sin horario semanal, abierto a toda hora (las fechas cerradas y la pausa siguen contando)'),
  closedDates: z.array(calendarDate).describe('Días cerrados (feriados), ordenados'),
  closedDateNotes: z.record(z.string(), z.string()).optional().describe('Nota por fecha cerrada ("AAAA-MM-DD": nota)'),
  paused: z.boolean().describe('Pedidos en pausa (p. ej. cocina saturada)'),
  pauseMessage: z.string().optional(),
  pausedUntil: localInstant.optional().describe('Fin de la pausa'),
  updatedAt: instant.nullable().describe('Cuándo se guardó; null: nunca (abierto siempre)'),
})

export const storeStatusSchema = z.object({
  open: z.boolean().describe('Si la tienda acepta pedidos ahora (el checkout responde 409 si no)'),
  message: z.string().describe('La línea en español que muestra la tienda: "Abierto", "Cerrado · abrimos mañana a las 8:00"…'),
  state: z.enum(['open', 'closing-soon', 'closed', 'paused']).describe('closing-soon: abierta, cierra dentro de una hora'),
  opensAt: localInstant.optional().describe('Cerrada o en pausa: cuándo vuelve a aceptar pedidos'),
  closesAt: localInstant.optional().describe('Abierta: cuándo cierra (ausente si abre 7 días o más seguidos)'),
  note: z.string().optional().describe('Cerrada hoy por una fecha con nota: esa nota'),
})

const count = z.number().int().min(0)

const perStatus = z.object(Object.fromEntries(ORDER_STATUSES.map((s) => [s, count])) as Record<OrderStatus, typeof count>)

/** GET /api/orders/summary */
export const orderSummarySchema = z.object({
  total: count.describe('Todos los pedidos registrados'),
  byStatus: perStatus.describe('Pedidos en cada estado'),
  upcoming: count.describe('Pedidos programados activos que aún no toca preparar (la pestaña «Programados»): su hora menos el tiempo de preparación aún no llega; también cuentan en byStatus'),
  upcomingByStatus: perStatus.describe('Esos pedidos programados, por estado (solo estados activos)'),
  completedToday: count.describe('Entregados hoy (día del restaurante, America/Guatemala)'),
})

/** The signed-in user (login, GET /api/auth/user). */
export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  usesDefaultPassword: z.boolean().describe('true mientras la cuenta usa la contraseña inicial conocida'),
  role: z.enum(['admin', 'staff']).describe('admin: Administrador (todo); staff: Cocina / caja (pedidos, agotados, su perfil)'),
})

/** One of the account's sessions (Mi Perfil). */
export const activeSessionSchema = z.object({
  id: z.string(),
  createdAt: instant,
  lastUsedAt: instant,
  userAgent: z.string().describe('El User-Agent del navegador al iniciar sesión'),
  current: z.boolean().describe('true para la sesión de quien pregunta'),
})

/** An API key as lists show it: `key` is the display form. */
export const apiKeySchema = z.object({
  id: entityId,
  name: z.string(),
  key: z.string().describe('Forma visible: primeros 20 caracteres, "...", últimos 8'),
  active: z.boolean(),
  createdAt: instant,
  lastUsedAt: instant.nullable(),
})

/** The creation answer, the only time the whole key is sent. */
export const createdApiKeySchema = apiKeySchema.extend({
  key: z.string().describe('La clave completa: se muestra solo esta vez'),
  keyDisplay: z.string(),
})

/** A plain confirmation ('Producto eliminado', 'Sesión cerrada'…). */
export const messageSchema = z.object({ message: z.string().describe('Texto en español, listo para mostrar') })

/** A deletion's confirmation. */
export const deletedSchema = messageSchema.extend({ id: entityId })

export const passwordChangedSchema = messageSchema.extend({ user: sessionUserSchema })
export const sessionsEndedSchema = messageSchema.extend({ ended: count.describe('Sesiones cerradas') })

export const initializationResultSchema = messageSchema.extend({
  stats: z.object({ ingredients: count, products: count, settings: count }),
})

export const uploadedImageSchema = z.object({ url: z.string().describe('Dirección de la foto guardada (WebP), bajo /uploads/') })

/** True when A and B are mutually assignable. */
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const typeChecks: [
  Exact<z.output<typeof productSchema>, Product>,
  Exact<z.output<typeof optionGroupSchema>, OptionGroup>,
  Exact<z.output<typeof ingredientSchema>, Ingredient>,
  Exact<z.output<typeof coverageZoneSchema>, CoverageZone>,
  Exact<z.output<typeof settingSchema>, Setting>,
  Exact<z.output<typeof apiErrorSchema>, ApiErrorBody>,
  Exact<z.output<typeof orderSchema>, Order>,
  Exact<z.output<typeof orderEventSchema>, OrderEvent>,
  Exact<z.output<typeof trackingSchema>, Tracking>,
  Exact<z.output<typeof orderSettingsSchema>, OrderSettings>,
  Exact<z.output<typeof salesReportSchema>, SalesReport>,
  Exact<z.output<typeof customerSchema>, Customer>,
  Exact<z.output<typeof staffUserSchema>, StaffUser>,
  Exact<z.output<typeof customerSummarySchema>, CustomerSummary>,
  Exact<z.output<typeof subscriberSchema>, Subscriber>,
  Exact<z.output<typeof checkoutAnswerSchema>, CheckoutAnswer>,
  Exact<z.output<typeof openingHoursViewSchema>, OpeningHoursView>,
  Exact<z.output<typeof storeStatusSchema>, StoreStatus>,
  Exact<z.output<typeof orderSummarySchema>, OrderSummary>,
  Exact<z.output<typeof sessionUserSchema>, SessionUser>,
  Exact<z.output<typeof activeSessionSchema>, ActiveSession>,
  Exact<z.output<typeof apiKeySchema>, ApiKey>,
  Exact<z.output<typeof createdApiKeySchema>, CreatedApiKey>,
  Exact<z.output<typeof initializationResultSchema>, InitializationResult>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true]
void typeChecks
