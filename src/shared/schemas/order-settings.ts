import { z } from 'zod'
import { DEFAULT_ORDER_SETTINGS, RUSH_STEPS, SLOT_LENGTHS, type SlotLength } from '../order-slots'
import { optionalWholeNumber, wholeNumber } from './fields'
import { calendarDate } from './opening-hours'

// The types, defaults and the slot rule live in shared/order-slots.ts (no zod there: the storefront uses them).
export { DEFAULT_ORDER_SETTINGS, type OrderSettings, type Slot } from '../order-slots'

const defaults = DEFAULT_ORDER_SETTINGS.scheduling
const SLOT_MESSAGE = 'Elige 10, 15, 20 o 30 minutos'

/** PUT /api/order-settings: Configuración → 'Pedidos programados' (numbers may come as a form's text). */
export const orderSettingsInputSchema = z.object({
  preparationMinutes: wholeNumber(5, 180, 'El tiempo de preparación es de 5 a 180 minutos').default(DEFAULT_ORDER_SETTINGS.preparationMinutes),
  scheduling: z
    .object({
      enabled: z.boolean({ error: 'Debe ser sí o no' }).default(defaults.enabled),
      daysAhead: wholeNumber(0, 14, 'De 0 a 14 días').default(defaults.daysAhead),
      slotMinutes: wholeNumber(10, 30, SLOT_MESSAGE)
        .refine((n): n is SlotLength => (SLOT_LENGTHS as readonly number[]).includes(n), SLOT_MESSAGE)
        .default(defaults.slotMinutes),
      maxOrdersPerSlot: optionalWholeNumber(1, 1000, 'De 1 a 1000 pedidos por horario, o vacío para no poner límite').default(defaults.maxOrdersPerSlot),
    })
    .default({ ...defaults }),
})
export type OrderSettingsInput = z.input<typeof orderSettingsInputSchema>
export type OrderSettingsData = z.output<typeof orderSettingsInputSchema>

/** PUT /api/order-settings/rush: 'Más tiempo' on the board, for the next hour (0 ends it). */
export const rushInputSchema = z.object({
  extraMinutes: z
    .number({ error: 'Elige 0, 10, 20 o 30 minutos' })
    .refine((n) => n === 0 || (RUSH_STEPS as readonly number[]).includes(n), 'Elige 0, 10, 20 o 30 minutos'),
})

/** GET /api/order-slots?date=YYYY-MM-DD (today when absent). */
export const orderSlotsQuerySchema = z.object({
  date: calendarDate().optional(),
  /** "1,5": the cart's products; a time outside any of their service windows is unavailable (issue #31). */
  // "1,5" (Elysia's query parser may already have split it: an array of "1" and "5").
  products: z
    .union([z.string(), z.array(z.string())])
    .transform((s) => [s].flat().join(','))
    .pipe(z.string().regex(/^\d{1,9}(,\d{1,9}){0,49}$/, 'Productos inválidos: ids separados por comas'))
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .optional()
    .describe('Ids de los productos del carrito, separados por comas'),
})

/** "YYYY-MM-DDTHH:MM" as the checkout sends it (whether it is a slot is the server's rule). */
export const scheduledForSchema = z
  .string({ error: 'La hora programada no es válida' })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'La hora programada no es válida: usa AAAA-MM-DDTHH:MM')
