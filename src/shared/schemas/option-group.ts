import { z } from 'zod'
import type { OptionGroup } from '../options'
import { money, optionalMoney, text } from './fields'

/**
 * Option groups (issue #32): POST /api/option-groups and PUT /api/option-groups/{id} (admin).
 * An option sent with its `id` keeps it (carts and orders name options by id); one without is
 * new; one left out is deleted.
 */
export const OPTION_GROUP_LIMITS = { options: 30, max: 30 } as const

export const optionInputSchema = z.object({
  id: z.number({ error: 'Opción inválida' }).int('Opción inválida').positive('Opción inválida').optional(),
  name: text(80),
  price: money(0).default(0),
  /** The price with the Grande size; null: the same at either size. */
  priceGrande: optionalMoney(),
  available: z.boolean({ error: 'Debe ser sí o no' }).default(true),
  isDefault: z.boolean({ error: 'Debe ser sí o no' }).default(false),
})

const count = (min: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
    z.number({ error: message }).int(message).min(min, message).max(OPTION_GROUP_LIMITS.max, message),
  )

export const optionGroupInputSchema = z
  .object({
    name: text(60),
    /** 0: optional; 1 or more: 'Obligatorio'. */
    min: count(0, `El mínimo va de 0 a ${OPTION_GROUP_LIMITS.max}`).default(0),
    /** 1: 'Elige 1' (radios); more: 'Elige hasta N'. */
    max: count(1, `El máximo va de 1 a ${OPTION_GROUP_LIMITS.max}`).default(1),
    options: z
      .array(optionInputSchema, { error: 'Lista de opciones inválida' })
      .min(1, 'Agrega al menos una opción')
      .max(OPTION_GROUP_LIMITS.options, `Máximo ${OPTION_GROUP_LIMITS.options} opciones`),
  })
  .superRefine((group, ctx) => {
    if (group.max < group.min) ctx.addIssue({ code: 'custom', path: ['max'], message: 'El máximo no puede ser menor que el mínimo' })
    if (group.min > group.options.length) ctx.addIssue({ code: 'custom', path: ['min'], message: 'El mínimo no puede pasar del número de opciones' })
    const names = group.options.map((o) => o.name.toLowerCase())
    if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Hay dos opciones con el mismo nombre' })
    const ids = group.options.flatMap((o) => (o.id === undefined ? [] : [o.id]))
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Opción repetida' })
    if (group.options.filter((o) => o.isDefault).length > group.max) ctx.addIssue({ code: 'custom', path: ['options'], message: `Marca como máximo ${group.max} por defecto` })
  })
export type OptionGroupInput = z.input<typeof optionGroupInputSchema>
export type OptionGroupData = z.output<typeof optionGroupInputSchema>

/** PATCH /api/option-groups/{id}/availability (admin and staff): one of the group's options 'Agotado' or back. */
export const optionAvailabilityInputSchema = z.object({
  optionId: z.number({ error: 'Opción inválida' }).int('Opción inválida').positive('Opción inválida'),
  available: z.boolean({ error: 'Debe ser sí o no' }),
})

/** A line's choices as the checkout, a point-of-sale line and a cart name them; no default (see optionChoicesSchema). */
export const optionChoicesListSchema = z
  .array(
    z.object({
      groupId: z.number({ error: 'Grupo de opciones inválido' }).int('Grupo de opciones inválido').positive('Grupo de opciones inválido'),
      optionId: z.number({ error: 'Opción inválida' }).int('Opción inválida').positive('Opción inválida'),
    }),
    { error: 'Lista de opciones inválida' },
  )
  .max(60, 'Demasiadas opciones')
  .refine((list) => new Set(list.map((c) => c.optionId)).size === list.length, 'No repitas una opción')

/**
 * The checkout's: none by default. A point-of-sale line takes optionChoicesListSchema.optional()
 * instead: zod 4 fills a default even under .optional(), which would give every free-text line
 * `options: []` (and a line with options must name its product).
 */
export const optionChoicesSchema = optionChoicesListSchema.default([])

export type { Option, OptionGroup, OptionChoice, OrderLineOption } from '../options'
export type OptionGroupAnswer = OptionGroup
