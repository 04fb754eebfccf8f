import { z } from 'zod'
import { type OpeningHours, STORE_TIMEZONE, WEEKDAYS, WEEKDAY_LABELS, type Weekday, formatTime, minutesOf } from '../store-hours'

// Types and the status rule live in shared/store-hours.ts (no zod there: it ships in the landing bundle).
export {
  STORE_TIMEZONE,
  WEEKDAYS,
  WEEKDAY_LABELS,
  type OpeningHours,
  type StoreState,
  type StoreStatus,
  type TimeRange,
  type WeekSchedule,
  type Weekday,
} from '../store-hours'

const REQUIRED = 'Este campo es obligatorio'
const required = (otherwise: string) => (issue: { input?: unknown }) => (issue.input === undefined ? REQUIRED : otherwise)
const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '')

export const MAX_RANGES_PER_DAY = 6
export const MAX_CLOSED_DATES = 366
export const PAUSE_MESSAGE_MAX = 200
export const CLOSED_NOTE_MAX = 120

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/
const time = () => z.string({ error: required('Hora inválida') }).regex(HHMM, 'Hora inválida: usa HH:MM, de 00:00 a 23:59')

/** "YYYY-MM-DD" that is a real calendar date. */
const isCalendarDate = (s: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  return m !== null && new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10) === s
}
export const calendarDate = () => z.string({ error: 'Fecha inválida' }).refine(isCalendarDate, 'Fecha inválida: usa AAAA-MM-DD')

export const timeRangeSchema = z
  .object({ open: time(), close: time() })
  .refine((r) => r.open !== r.close, { path: ['close'], message: 'La hora de cierre debe ser distinta de la de apertura' })

const daySchema = z
  .array(timeRangeSchema, { error: required('Lista de horarios inválida') })
  .max(MAX_RANGES_PER_DAY, `Máximo ${MAX_RANGES_PER_DAY} horarios por día`)

type Span = { index: number; start: number; end: number; text: string }
/** A day's well-formed ranges as [start, end) minutes of that day; close <= open passes midnight (end > 1440). */
const spans = (ranges: { open: string; close: string }[]): Span[] =>
  ranges.flatMap((r, index) => {
    if (!HHMM.test(r.open) || !HHMM.test(r.close) || r.open === r.close) return []
    const start = minutesOf(r.open)
    const close = minutesOf(r.close)
    return [{ index, start, end: close > start ? close : close + 1440, text: `${formatTime(r.open)}–${formatTime(r.close)}` }]
  })

/**
 * The week: every day present (an absent day is refused, never read as closed).
 * No two ranges of one day overlap, and no range overlaps the previous day's
 * range that passes midnight (Sunday's spills into Monday). Ranges that only
 * touch (14:00 then 14:00) do not overlap. The issue is on the later range.
 */
export const weekSchema = z
  .object(Object.fromEntries(WEEKDAYS.map((d) => [d, daySchema])) as Record<Weekday, typeof daySchema>, { error: required('Horario semanal inválido') })
  .superRefine((week, ctx) => {
    WEEKDAYS.forEach((day, i) => {
      const today = spans(week[day])
      const previousDay = WEEKDAYS[(i + 6) % 7] as Weekday
      const spill = spans(week[previousDay]).filter((s) => s.end > 1440)
      today.forEach((b, k) => {
        const earlier = today.slice(0, k).find((a) => a.start < b.end && b.start < a.end)
        if (earlier) {
          ctx.addIssue({ code: 'custom', path: [day, b.index], message: `Se superpone con ${earlier.text}` })
          return
        }
        const night = spill.find((s) => b.start < s.end - 1440)
        if (night) {
          ctx.addIssue({ code: 'custom', path: [day, b.index], message: `Se superpone con el horario del ${WEEKDAY_LABELS[previousDay].toLowerCase()} (${night.text})` })
        }
      })
    })
  })

const pauseMessage = z.preprocess(
  (v) => (isBlank(v) ? undefined : v),
  z.string({ error: 'Mensaje inválido' }).trim().max(PAUSE_MESSAGE_MAX, `Máximo ${PAUSE_MESSAGE_MAX} caracteres`).optional(),
)
const pausedUntil = z.preprocess(
  (v) => (isBlank(v) ? undefined : v),
  z.iso.datetime({ offset: true, error: 'Fecha y hora inválidas' }).optional(),
)

/**
 * Body of PUT /api/opening-hours (the admin form uses the same schema).
 * Base contract: timezone, week, closedDates, paused, pauseMessage. Additive:
 * `week: null` (no schedule: open at every hour), closedDateNotes, pausedUntil.
 * Blank optional texts are dropped. Closed dates come out sorted.
 */
export const openingHoursInputSchema = z
  .object({
    timezone: z.literal(STORE_TIMEZONE, { error: `Zona horaria no admitida: usa ${STORE_TIMEZONE}` }).default(STORE_TIMEZONE),
    week: weekSchema.nullable(),
    closedDates: z
      .array(calendarDate(), { error: required('Lista de fechas inválida') })
      .max(MAX_CLOSED_DATES, `Máximo ${MAX_CLOSED_DATES} fechas`)
      .superRefine((dates, ctx) => {
        dates.forEach((d, i) => {
          if (dates.indexOf(d) < i) ctx.addIssue({ code: 'custom', path: [i], message: 'Fecha repetida' })
        })
      })
      .transform((dates) => [...dates].sort()),
    closedDateNotes: z
      .record(z.string(), z.preprocess((v) => (isBlank(v) ? '' : v), z.string({ error: 'Nota inválida' }).trim().max(CLOSED_NOTE_MAX, `Máximo ${CLOSED_NOTE_MAX} caracteres`)), {
        error: 'Notas inválidas',
      })
      .optional()
      .transform((notes) => (notes ? Object.fromEntries(Object.entries(notes).filter(([, note]) => note !== '')) : undefined)),
    paused: z.boolean({ error: required('Debe ser verdadero o falso') }),
    pauseMessage,
    pausedUntil,
  })
  .superRefine((h, ctx) => {
    for (const date of Object.keys(h.closedDateNotes ?? {})) {
      if (!h.closedDates.includes(date)) ctx.addIssue({ code: 'custom', path: ['closedDateNotes', date], message: 'La nota es de una fecha que no está en la lista' })
    }
  })
  .transform((h): OpeningHours => {
    const out: OpeningHours = { timezone: h.timezone, week: h.week, closedDates: h.closedDates, paused: h.paused }
    if (h.closedDateNotes && Object.keys(h.closedDateNotes).length > 0) out.closedDateNotes = h.closedDateNotes
    if (h.pauseMessage) out.pauseMessage = h.pauseMessage
    if (h.pausedUntil) out.pausedUntil = h.pausedUntil
    return out
  })
export type OpeningHoursInput = z.input<typeof openingHoursInputSchema>

/** Answer of GET /api/opening-hours: the document, and when it was saved (null: never; then `week` is null: always open). */
export type OpeningHoursView = OpeningHours & { updatedAt: string | null }
