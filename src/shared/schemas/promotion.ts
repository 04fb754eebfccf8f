import { z } from 'zod'
import { PROMOTION_FULFILMENTS, PROMOTION_KINDS, PROMO_CODE, type Promotion as RulePromotion, normalizePromoCode } from '../promotions'
import { MONEY_MAX, MONEY_RULE } from '../money'
import { dayNumber } from '../store-hours'
import { categorySlugSchema, serviceWindowsSchema } from './category'
import { optionalMoney, optionalWholeNumber, text } from './fields'

/**
 * Promotions (issue #33, DESIGN "Selling more"): POST /api/promotions and PUT /api/promotions/{id}
 * (admin). One flat document, as the admin form edits it: fields that do not belong to the kind
 * (a `value` left behind when the owner switched the kind to 'Envío gratis') are set to null
 * rather than refused. The rule that uses them is shared/promotions.ts (no zod: it ships to the
 * browser); the code's uniqueness is the server's (409).
 */
export { PROMOTION_KINDS, PROMOTION_FULFILMENTS, PROMO_CODE, normalizePromoCode } from '../promotions'
export type { PromotionKind, PromotionFulfilment } from '../promotions'
export const PROMOTION_LIMITS = { buy: 20, uses: 1_000_000, categories: 50, products: 200 } as const

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '')

/** A code's shape, said as the owner reads it (the admin form, the poster). */
export const PROMO_CODE_RULE = 'El código debe tener de 3 a 20 letras o números'

/**
 * null (or left out): automatic. A blank code is NOT null (issue #39): an owner who clears the
 * field of a code must not get, silently, a promotion given to every order; the admin form sends
 * null only when 'Automática' is chosen.
 */
const codeSchema = z
  .preprocess(
    (v) => (v === null || v === undefined ? null : typeof v === 'string' ? normalizePromoCode(v) : v),
    z.string({ error: PROMO_CODE_RULE }).regex(PROMO_CODE, PROMO_CODE_RULE).nullable(),
  )
  .default(null)
  .describe('3 a 20 letras o números, guardado en mayúsculas (se compara sin distinguir mayúsculas); null: promoción automática')

const dateSchema = z
  .preprocess(
    (v) => (isBlank(v) ? null : v),
    z
      .string({ error: 'Fecha inválida' })
      .refine((s) => dayNumber(s) !== null, 'Fecha inválida: usa AAAA-MM-DD')
      .nullable(),
  )
  .default(null)

/** A whole number or null for anything blank; the kind decides whether it is kept and its range. */
const loose = () =>
  z
    .preprocess(
      (v) => (isBlank(v) ? null : typeof v === 'string' ? Number(v.trim()) : v),
      z.number({ error: 'Debe ser un número' }).int('Debe ser un número entero').nullable(),
    )
    .default(null)

const uses = (message: string) => optionalWholeNumber(1, PROMOTION_LIMITS.uses, message).default(null)

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length

export const promotionInputSchema = z
  .object({
    name: text(80),
    /** null: automatic (applies by itself when its conditions hold). */
    code: codeSchema,
    kind: z.enum(PROMOTION_KINDS, { error: 'Elige el tipo de promoción' }),
    /** percent: 1-100; amount: whole Q >= 1; otherwise null. */
    value: loose().describe('percent: entero de 1 a 100; amount: quetzales enteros desde 1; otros tipos: null'),
    /** buyXgetY only: of every `buy` eligible units the cheapest `free` are free (2 and 1: a 2x1). */
    buy: loose().describe('Solo buyXgetY: unidades del grupo (2 a 20)'),
    free: loose().describe('Solo buyXgetY: unidades gratis de cada grupo, las más baratas (1 a buy - 1); 2 y 1 es un 2x1'),
    /** Both empty: the whole order. Otherwise the lines of those categories or products. */
    appliesTo: z
      .object({
        categories: z
          .array(categorySlugSchema, { error: 'Lista de categorías inválida' })
          .max(PROMOTION_LIMITS.categories, 'Demasiadas categorías')
          .refine(unique, 'Categoría repetida')
          .default([]),
        productIds: z
          .array(z.number({ error: 'Producto inválido' }).int('Producto inválido').positive('Producto inválido'), { error: 'Lista de productos inválida' })
          .max(PROMOTION_LIMITS.products, 'Demasiados productos')
          .refine(unique, 'Producto repetido')
          .default([]),
      })
      .default({ categories: [], productIds: [] }),
    /** Smallest subtotal (whole Q, before discounts and the fee); null: none. */
    minSubtotal: optionalMoney(),
    fulfilment: z.enum(PROMOTION_FULFILMENTS, { error: 'Elige para qué pedidos vale' }).default('any'),
    /** Inclusive days on the restaurant's calendar; null: open-ended. */
    startsOn: dateSchema,
    endsOn: dateSchema,
    /** As for categories; empty: any time. */
    windows: serviceWindowsSchema.default([]),
    maxUses: uses('Usos en total: un número entero desde 1, o vacío para no poner límite'),
    /** Set: the customer's WhatsApp is required to use it. */
    maxUsesPerPhone: uses('Usos por cliente: un número entero desde 1, o vacío para no poner límite'),
    active: z.boolean({ error: 'Debe ser sí o no' }).default(true),
  })
  .superRefine((p, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (p.kind === 'percent' && (p.value === null || p.value < 1 || p.value > 100)) issue('value', 'El porcentaje va de 1 a 100')
    if (p.kind === 'amount' && (p.value === null || p.value < 1)) issue('value', 'El descuento debe ser de al menos Q1')
    else if (p.kind === 'amount' && p.value !== null && p.value > MONEY_MAX) issue('value', MONEY_RULE)
    if (p.kind === 'buyXgetY') {
      if (p.buy === null || p.buy < 2 || p.buy > PROMOTION_LIMITS.buy) issue('buy', `Se compran de 2 a ${PROMOTION_LIMITS.buy} unidades`)
      else if (p.free === null || p.free < 1 || p.free >= p.buy) issue('free', 'Las gratis van de 1 a una menos de las que se compran')
    }
    if (p.kind === 'freeDelivery' && p.fulfilment === 'pickup') issue('fulfilment', 'El envío gratis es solo para entregas a domicilio')
    if (p.startsOn !== null && p.endsOn !== null && p.endsOn < p.startsOn) issue('endsOn', 'La fecha de fin no puede ser anterior a la de inicio')
  })
  .transform((p) => ({
    ...p,
    value: p.kind === 'percent' || p.kind === 'amount' ? p.value : null,
    buy: p.kind === 'buyXgetY' ? p.buy : null,
    free: p.kind === 'buyXgetY' ? p.free : null,
  }))

export type PromotionInput = z.input<typeof promotionInputSchema>
export type PromotionData = z.output<typeof promotionInputSchema>
export type Promotion = PromotionData & { id: number }
// The schema's output is what the rule reads (shared/promotions.ts): tsc fails here if they drift apart.
export const asRulePromotion = (p: Promotion): RulePromotion => p
/** GET /api/promotions: each with its uses (orders not cancelled that were given it). */
export type PromotionWithUses = Promotion & { uses: number }

/**
 * The checkout's (and the quote's) optional `promoCode`: trimmed and upper-case, blank → null.
 * Its shape is not checked beyond a length cap: a mistyped code is answered 'Ese código no
 * existe' (409) by the rule, which a customer understands better than a 400.
 */
export const checkoutPromoCodeSchema = z
  .preprocess(
    (v) => (isBlank(v) ? null : typeof v === 'string' ? normalizePromoCode(v) : v),
    z.string({ error: 'Código inválido' }).max(40, 'Código inválido').nullable(),
  )
  .default(null)
