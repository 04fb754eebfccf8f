import { z } from 'zod'
import { CHECKOUT_TEXT_LIMITS, customerPhoneDigits, deliveryProblems, ORDER_FULFILMENTS, PAYMENT_METHODS, PHONE_RULE } from '../checkout'
import { TABLE_TOKEN_RULE, isTableToken } from '../dining-table'
import { optionalText } from './fields'
import { optionChoicesSchema } from './option-group'
import { checkoutPromoCodeSchema } from './promotion'
import { scheduledForSchema } from './order-settings'

/**
 * POST /api/checkout: the storefront's order. It names products and ingredients
 * by id only; every price is read from the database by the server, so any price
 * or total a client adds is dropped here (unknown keys are stripped).
 */

export const CHECKOUT_LIMITS = {
  lines: 30,
  quantity: 50,
  idsPerList: 20,
  ...CHECKOUT_TEXT_LIMITS,
} as const

const id = (message: string) => z.number({ error: message }).int(message).positive(message)

const idList = (what: string) =>
  z
    .array(id(`Identificador de ${what} inválido`), { error: `Lista de ${what} inválida` })
    .max(CHECKOUT_LIMITS.idsPerList, 'Demasiados elementos')
    .refine((ids) => new Set(ids).size === ids.length, `No repitas ${what}`)
    .default([])

export const checkoutCustomizationSchema = z.object({
  sauceId: id('Salsa inválida').nullish(),
  sauceOnSide: z.boolean({ error: 'Debe ser sí o no' }).default(false),
  removedIngredientIds: idList('ingredientes'),
  extraIds: idList('extras'),
})

export const checkoutItemSchema = z.object({
  productId: id('Producto inválido'),
  size: z.enum(['mediano', 'grande'], { error: 'Tamaño inválido' }),
  quantity: z
    .number({ error: 'La cantidad debe ser un número' })
    .int('La cantidad debe ser un número entero')
    .min(1, 'La cantidad mínima es 1')
    .max(CHECKOUT_LIMITS.quantity, `La cantidad máxima es ${CHECKOUT_LIMITS.quantity}`),
  customization: checkoutCustomizationSchema.nullish(),
  /** Option groups' choices (issue #32): each option of one of the product's groups, within its min and max. */
  options: optionChoicesSchema,
})

const cash = z
  .number({ error: 'El monto debe ser un número' })
  .int('El monto debe ser un número entero')
  .min(0, 'No puede ser negativo')
  .max(1_000_000, 'El monto es demasiado grande')

export const checkoutInputSchema = z
  .object({
    items: z
      .array(checkoutItemSchema, { error: 'El pedido debe tener productos' })
      .min(1, 'El pedido debe tener al menos un producto')
      .max(CHECKOUT_LIMITS.lines, `Máximo ${CHECKOUT_LIMITS.lines} productos distintos por pedido`),
    fulfilment: z.enum(ORDER_FULFILMENTS, { error: 'Elige recoger en el local o envío a domicilio' }),
    // 'mesa' (issue #45): the token of the table's QR; the server reads the table from it (409 when refused).
    tableToken: z
      .string({ error: TABLE_TOKEN_RULE })
      .refine(isTableToken, TABLE_TOKEN_RULE)
      .nullish()
      .transform((v) => v ?? null),
    zoneId: id('Zona inválida').nullish(),
    address: optionalText(CHECKOUT_LIMITS.address),
    addressReference: optionalText(CHECKOUT_LIMITS.addressReference),
    customerName: optionalText(CHECKOUT_LIMITS.customerName),
    notes: optionalText(CHECKOUT_LIMITS.notes),
    payment: z.enum(PAYMENT_METHODS, { error: 'Forma de pago inválida' }).nullish(),
    cashAmount: cash.nullish(),
    // '¿Cuándo?' → 'Programar': a slot of GET /api/order-slots; absent or null: as soon as possible.
    scheduledFor: scheduledForSchema.nullish().transform((v) => v ?? null),
    // 'Código' (issue #33): a promotion's code, matched case-insensitively; a code that does not apply is a 409 with the reason.
    promoCode: checkoutPromoCodeSchema,
    // 'Tu WhatsApp (para avisarte)': digits only, 502 assumed for a local 8-digit number; blank is none.
    customerPhone: z
      .string({ error: PHONE_RULE })
      .max(30, PHONE_RULE)
      .nullish()
      .transform((typed, ctx) => {
        if (typed == null || typed.trim() === '') return null
        const digits = customerPhoneDigits(typed)
        if (digits === null) ctx.addIssue({ code: 'custom', message: PHONE_RULE })
        return digits
      }),
  })
  .superRefine((order, ctx) => {
    for (const problem of deliveryProblems(order)) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message })
    if (order.fulfilment === 'mesa' && order.tableToken === null) ctx.addIssue({ code: 'custom', path: ['tableToken'], message: TABLE_TOKEN_RULE })
    // A table orders for now: an order for later is a pickup or a delivery.
    if (order.fulfilment === 'mesa' && order.scheduledFor !== null) ctx.addIssue({ code: 'custom', path: ['scheduledFor'], message: 'Un pedido en mesa es para ahora' })
  })

export type CheckoutInput = z.input<typeof checkoutInputSchema>
export type CheckoutData = z.output<typeof checkoutInputSchema>
export type CheckoutItemData = CheckoutData['items'][number]
