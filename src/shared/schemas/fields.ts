import { z } from 'zod'
import { MONEY_MAX, MONEY_RULE } from '../money'

/**
 * Field builders shared by every entity schema. Forms send blanks as "" and
 * numbers as strings; these turn them into the stored value so the server and
 * the admin forms apply the very same rule.
 *
 * A blank is what a form sends for an empty input: "" (or only spaces) or null.
 * An ABSENT field is not a blank: a required field that is missing is refused
 * with 'Este campo es obligatorio', never given an invented value. Optional
 * fields say so with `.default(...)` or `.optional()` in the entity schema.
 */

const isBlank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '')

const REQUIRED = 'Este campo es obligatorio'
const numberError = (issue: { input?: unknown }) => (issue.input === undefined ? REQUIRED : 'Debe ser un número')

const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v)

/** Whole quetzales, never negative, at most MONEY_MAX (shared/money.ts). A blank becomes `blankAs`. */
export const money = (blankAs = 0) =>
  z.preprocess(
    (v) => (isBlank(v) ? blankAs : toNumber(v)),
    z
      .number({ error: numberError })
      .int('Debe ser un número entero')
      .min(0, 'No puede ser negativo')
      .max(MONEY_MAX, MONEY_RULE),
  )

/**
 * Optional money: a blank (or null, or absent) becomes null. The `.default(null)` says
 * "may be left out" to the types and the API document (the input form); the preprocess
 * alone would mark the field required there.
 */
export const optionalMoney = () =>
  z
    .preprocess(
      (v) => (isBlank(v) || v === undefined ? null : toNumber(v)),
      z
        .number({ error: 'Debe ser un número' })
        .int('Debe ser un número entero')
        .min(0, 'No puede ser negativo')
        .max(MONEY_MAX, MONEY_RULE)
        .nullable(),
    )
    .default(null)

const whole = (min: number, max: number, message: string) => z.number({ error: message }).int(message).min(min, message).max(max, message)

/** A whole number from `min` to `max` (a form's text too); `message` for anything else. */
export const wholeNumber = (min: number, max: number, message: string) => z.preprocess(toNumber, whole(min, max, message))

/** The same, or null for a blank ('sin límite'). */
export const optionalWholeNumber = (min: number, max: number, message: string) =>
  z.preprocess((v) => (isBlank(v) ? null : toNumber(v)), whole(min, max, message).nullable())

/** Integer where a blank becomes 0 (display order). */
export const orderNumber = () =>
  z.preprocess(
    (v) => (isBlank(v) ? 0 : toNumber(v)),
    z.number({ error: numberError }).int('Debe ser un número entero').min(-100_000).max(100_000),
  )

/** Required text, trimmed, with a length cap so hostile 100 KB strings are refused. */
export const text = (max: number, requiredMessage = REQUIRED) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `Máximo ${max} caracteres`)

/** Optional text: blank (or absent) becomes null (`.default(null)`: see optionalMoney). */
export const optionalText = (max: number) =>
  z
    .preprocess(
      (v) => (isBlank(v) || v === undefined ? null : v),
      z.string().trim().max(max, `Máximo ${max} caracteres`).nullable(),
    )
    .default(null)

/** Database ids are positive integers. */
const id = () => z.number({ error: 'Identificador inválido' }).int().positive()

/** Path parameter `:id`, given as text. */
export const idParam = z.object({
  id: z.coerce.number({ error: 'Identificador inválido' }).int('Identificador inválido').positive('Identificador inválido'),
})

export const idList = () => z.array(id()).max(100, 'Demasiados elementos').default([])

/** Image URL as returned by the upload calls (or any absolute http(s) URL). */
export const imageUrl = () =>
  z
    .preprocess(
      (v) => (isBlank(v) || v === undefined ? null : v),
      z
        .string()
        .trim()
        .max(500, 'Máximo 500 caracteres')
        .refine((s) => /^\/uploads\/[A-Za-z0-9._-]+$/.test(s) || /^\/images\/[A-Za-z0-9._/-]+$/.test(s) || /^https?:\/\/\S+$/.test(s), 'URL de imagen inválida')
        .nullable(),
    )
    .default(null)
