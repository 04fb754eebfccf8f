/**
 * The 'Horario de atención' form's state and its two conversions: from the saved
 * document (GET /api/opening-hours) and to the PUT body, which the shared
 * openingHoursInputSchema validates here and on the server alike.
 */
import type { z } from 'zod'
import type { OpeningHoursInput, OpeningHoursView } from '@/shared/schemas'
import { STORE_TIMEZONE, WEEKDAYS, type Weekday, isoToZoned, zonedToIso } from '@/shared/store-hours'

export type RangeDraft = { id: number; open: string; close: string }
export type ClosedDateDraft = { id: number; date: string; note: string }
export type HoursDraft = {
  /** false: no weekly schedule, orders at every hour (week: null). The week is kept for when it is switched back on. */
  scheduled: boolean
  week: Record<Weekday, RangeDraft[]>
  closedDates: ClosedDateDraft[]
  paused: boolean
  pauseMessage: string
  /** Guatemala wall clock "YYYY-MM-DDTHH:MM" (a datetime-local value); '' = until switched off. */
  pausedUntil: string
}

let lastId = 0
/** Row keys for React lists (ranges and dates have no id of their own). */
export const newId = () => ++lastId

const mapWeek = <A, B>(week: Record<Weekday, A>, f: (value: A, day: Weekday) => B) =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, f(week[d], d)])) as Record<Weekday, B>

/** A new range: the morning shift on an empty day, else an evening one. */
export function newRange(existing: RangeDraft[]): RangeDraft {
  return existing.length === 0 ? { id: newId(), open: '08:00', close: '14:00' } : { id: newId(), open: '17:00', close: '21:00' }
}

/** The week with `from`'s ranges on every other day too (new row keys): set one day, then adjust the exceptions. */
export function copyToOtherDays(week: Record<Weekday, RangeDraft[]>, from: Weekday): Record<Weekday, RangeDraft[]> {
  return mapWeek(week, (ranges, day) => (day === from ? ranges : week[from].map(({ open, close }) => ({ id: newId(), open, close }))))
}

/** What switching the schedule on for the first time starts from: every day 8:00–20:00. */
const defaultWeek = () => Object.fromEntries(WEEKDAYS.map((d) => [d, [{ id: newId(), open: '08:00', close: '20:00' }]])) as Record<Weekday, RangeDraft[]>

export function draftFrom(view: OpeningHoursView): HoursDraft {
  return {
    scheduled: view.week !== null,
    week: view.week ? mapWeek(view.week, (ranges) => ranges.map((r) => ({ id: newId(), ...r }))) : defaultWeek(),
    closedDates: view.closedDates.map((date) => ({ id: newId(), date, note: view.closedDateNotes?.[date] ?? '' })),
    paused: view.paused,
    pauseMessage: view.pauseMessage ?? '',
    pausedUntil: view.pausedUntil ? isoToZoned(view.pausedUntil, view.timezone) : '',
  }
}

/** The PUT body. A malformed date-time is sent as typed, so the schema names it. */
export function bodyFrom(draft: HoursDraft): OpeningHoursInput {
  const notes = draft.closedDates.filter((d) => d.date && d.note.trim())
  return {
    timezone: STORE_TIMEZONE,
    week: draft.scheduled ? mapWeek(draft.week, (ranges) => ranges.map(({ open, close }) => ({ open, close }))) : null,
    closedDates: draft.closedDates.map((d) => d.date),
    closedDateNotes: Object.fromEntries(notes.map((d) => [d.date, d.note])),
    paused: draft.paused,
    pauseMessage: draft.pauseMessage,
    pausedUntil: draft.paused && draft.pausedUntil ? (zonedToIso(draft.pausedUntil, STORE_TIMEZONE) ?? draft.pausedUntil) : null,
  }
}

export type PathErrors = Partial<Record<string, string>>

/** First message per full field path ("week.mon.1.open", "closedDates.0", "pausedUntil"). */
export function pathErrors(error: z.ZodError): PathErrors {
  const out: PathErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.')
    out[key] ??= issue.message
  }
  return out
}

/** The message for one range row: its open, its close, or the range itself (an overlap). */
export function rangeError(errors: PathErrors, day: Weekday, index: number) {
  const base = `week.${day}.${index}`
  return { open: errors[`${base}.open`], close: errors[`${base}.close`], range: errors[base] }
}
