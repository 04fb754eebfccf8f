import { z } from 'zod'
import type { ServiceWindow, WhenUnavailable } from '../service-windows'
import { orderNumber, text } from './fields'

/** A category's slug: a-z0-9-, 2-40 characters (fixed once created). */
export const CATEGORY_SLUG = /^[a-z0-9-]{2,40}$/

export const categorySlugSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Este campo es obligatorio' : 'Categoría inválida') })
  .regex(CATEGORY_SLUG, 'Categoría inválida')

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/
const time = () => z.string({ error: 'Hora inválida' }).regex(HHMM, 'Hora inválida: usa HH:MM, de 00:00 a 23:59')

/** `{ days: [0-6] (0 = domingo), from: "HH:MM", to: "HH:MM" }`, `to` exclusive; `to` before `from` ends the next day. */
export const serviceWindowSchema = z
  .object({
    days: z
      .array(z.number({ error: 'Día inválido' }).int('Día inválido').min(0, 'Día inválido').max(6, 'Día inválido'))
      .min(1, 'Elige al menos un día')
      .max(7, 'Día repetido')
      .refine((days) => new Set(days).size === days.length, 'Día repetido'),
    from: time(),
    to: time(),
  })
  .refine((w) => w.from !== w.to, { message: 'La hora de inicio y la de fin no pueden ser iguales', path: ['to'] })
  .describe('Días (0 = domingo) y horario [from, to) en la hora del restaurante; "to" antes de "from" termina al día siguiente')

export const serviceWindowsSchema = z.array(serviceWindowSchema).max(14, 'Demasiados horarios')

export const whenUnavailableSchema = z.enum(['show', 'hide'], { error: 'Elige mostrar u ocultar' })

/** PUT /api/categories/{slug} body (the slug is fixed). */
export const categoryUpdateSchema = z.object({
  name: text(60),
  description: z.string().trim().max(200, 'Máximo 200 caracteres').default(''),
  displayOrder: orderNumber().default(0),
  visible: z.boolean().default(true),
  windows: serviceWindowsSchema.default([]),
  whenUnavailable: whenUnavailableSchema.default('show'),
})

/** POST /api/categories body. */
export const categoryInputSchema = categoryUpdateSchema.extend({ slug: categorySlugSchema })

export type CategoryInput = z.input<typeof categoryInputSchema>
export type CategoryUpdate = z.output<typeof categoryUpdateSchema>
export type CategoryData = z.output<typeof categoryInputSchema>

export type Category = {
  slug: string
  name: string
  description: string
  displayOrder: number
  visible: boolean
  windows: ServiceWindow[]
  whenUnavailable: WhenUnavailable
}

export const categorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  displayOrder: z.number().int(),
  visible: z.boolean(),
  windows: z.array(z.object({ days: z.array(z.number().int()), from: z.string(), to: z.string() })),
  whenUnavailable: z.enum(['show', 'hide']),
})
export const categorySlugParam = z.object({ slug: categorySlugSchema })
