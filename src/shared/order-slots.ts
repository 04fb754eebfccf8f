/**
 * Orders for later: the one rule of which times a customer may pick, used by the server
 * (GET /api/order-slots, the checkout's refusal) and the storefront ('¿Cuándo?').
 * Pure, no zod: it ships in the landing bundle. Decision 024.
 *
 * A slot of day D is a start time on D's wall clock (restaurant time zone):
 *  - inside an opening range, stepping by `slotMinutes` from the range's opening
 *    (8:00, 8:15 … the last start before the close); a range past midnight carries its
 *    starts into the next day's list; a closed date has no ranges of its own;
 *  - no earlier than now + the preparation time (rush minutes included while they last);
 *  - not inside the owner's pause: with an end, nothing before it; open-ended, nothing today
 *    (the kitchen said stop for now), the next days as usual (issue #30: orders for later stay
 *    possible while paused);
 *  - D between today and today + `daysAhead`; scheduling switched off offers nothing.
 * A slot already holding `maxOrdersPerSlot` orders is shown, unavailable.
 */
import {
  MINUTES_PER_DAY,
  type OpeningHours,
  STORE_TIMEZONE,
  WEEKDAY_LABELS,
  clockOf,
  dateOfDay,
  dayNumber,
  openingsAround,
  wallMinute,
  weekdayOfDay,
} from './store-hours'
import type { OrderSettings } from './order-settings'

export { DEFAULT_ORDER_SETTINGS, RUSH_MINUTES, RUSH_STEPS, SLOT_LENGTHS, type OrderSettings, type SchedulingSettings, type SlotLength } from './order-settings'

export type Slot = { time: string; available: boolean }

/** The preparation time in force at `now`: the setting, plus the rush minutes while they last. */
export function preparationAt(settings: OrderSettings, now: Date): number {
  const rush = settings.rush && Date.parse(settings.rush.until) > now.getTime() ? settings.rush.extraMinutes : 0
  return settings.preparationMinutes + rush
}

const hhmm = (minutes: number) => {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
}

/** Always open (no schedule saved): every day is one range from midnight to midnight. */
const ALWAYS: OpeningHours = { timezone: STORE_TIMEZONE, week: null, closedDates: [], paused: false }

type SlotContext = {
  hours: OpeningHours | null
  settings: OrderSettings
  now: Date
  /** Orders already booked per "HH:MM" of this day (the server counts them; the storefront asks the server). */
  taken?: Readonly<Record<string, number>>
}

/** The wall-clock minutes of every slot start of local day `day`, before capacity. */
function slotStarts(day: number, { hours, settings, now }: SlotContext): number[] {
  const scheduling = settings.scheduling
  if (!scheduling.enabled) return []
  const h = hours ?? ALWAYS
  const tz = h.timezone
  const nowMinute = wallMinute(now, tz)
  const today = Math.floor(nowMinute / MINUTES_PER_DAY)
  if (day < today || day > today + scheduling.daysAhead) return []
  let pauseEnd = -Infinity
  if (h.paused) {
    if (!h.pausedUntil) pauseEnd = (today + 1) * MINUTES_PER_DAY
    else if (Date.parse(h.pausedUntil) > now.getTime()) pauseEnd = wallMinute(new Date(h.pausedUntil), tz)
  }
  const earliest = Math.max(nowMinute + preparationAt(settings, now), pauseEnd)
  const dayStart = day * MINUTES_PER_DAY
  const starts = new Set<number>()
  for (const [open, close] of openingsAround(h, day)) {
    for (let t = open; t < close; t += scheduling.slotMinutes) {
      if (t >= dayStart && t < dayStart + MINUTES_PER_DAY && t >= earliest) starts.add(t)
    }
  }
  return [...starts].sort((a, b) => a - b)
}

/** The slots of `date` ("YYYY-MM-DD", restaurant time), full ones marked unavailable. */
export function slotsOn(date: string, context: SlotContext): Slot[] {
  const day = dayNumber(date)
  if (day === null) return []
  const max = context.settings.scheduling.maxOrdersPerSlot
  return slotStarts(day, context).map((t) => {
    const time = hhmm(t)
    return { time, available: max === null || (context.taken?.[time] ?? 0) < max }
  })
}

/** The days a customer may schedule for (today … today + daysAhead) that have at least one slot. */
export function schedulableDates(context: SlotContext): string[] {
  const tz = (context.hours ?? ALWAYS).timezone
  const today = Math.floor(wallMinute(context.now, tz) / MINUTES_PER_DAY)
  const dates: string[] = []
  for (let day = today; day <= today + context.settings.scheduling.daysAhead; day++) {
    if (slotStarts(day, context).length > 0) dates.push(dateOfDay(day))
  }
  return dates
}

/** "YYYY-MM-DDTHH:MM" → its date and time, or null. */
export function splitScheduledFor(value: string): { date: string; time: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(value)
  return m && dayNumber(m[1] ?? '') !== null ? { date: m[1] ?? '', time: m[2] ?? '' } : null
}

export const SCHEDULE_REFUSALS = {
  off: 'Por ahora no aceptamos pedidos programados',
  malformed: 'La hora programada no es válida',
  tooFar: 'Ese día todavía no se puede programar',
  past: 'Esa hora ya pasó o no da tiempo de prepararlo; elige otra',
  notASlot: 'A esa hora no tomamos pedidos; elige una de las horas disponibles',
  full: 'Esa hora ya está llena; elige otra',
} as const

/**
 * Why `scheduledFor` cannot be booked (a Spanish sentence), or null when it is an available
 * slot. `taken`: the orders already booked on that day, per time.
 */
export function scheduleRefusal(scheduledFor: string, context: SlotContext): string | null {
  if (!context.settings.scheduling.enabled) return SCHEDULE_REFUSALS.off
  const parts = splitScheduledFor(scheduledFor)
  const day = parts && dayNumber(parts.date)
  if (!parts || day == null) return SCHEDULE_REFUSALS.malformed
  const tz = (context.hours ?? ALWAYS).timezone
  const nowMinute = wallMinute(context.now, tz)
  const today = Math.floor(nowMinute / MINUTES_PER_DAY)
  if (day > today + context.settings.scheduling.daysAhead) return SCHEDULE_REFUSALS.tooFar
  const [hh = 0, mm = 0] = parts.time.split(':').map(Number)
  const at = day * MINUTES_PER_DAY + hh * 60 + mm
  if (at < nowMinute + preparationAt(context.settings, context.now)) return SCHEDULE_REFUSALS.past
  const slot = slotsOn(parts.date, context).find((s) => s.time === parts.time)
  if (!slot) return SCHEDULE_REFUSALS.notASlot
  return slot.available ? null : SCHEDULE_REFUSALS.full
}

/** How a day reads to the customer: 'Hoy', 'Mañana', 'Viernes 27'. */
export function dayLabel(date: string, now: Date, timeZone: string = STORE_TIMEZONE): string {
  const day = dayNumber(date)
  if (day === null) return date
  const today = Math.floor(wallMinute(now, timeZone) / MINUTES_PER_DAY)
  if (day === today) return 'Hoy'
  if (day === today + 1) return 'Mañana'
  return `${WEEKDAY_LABELS[weekdayOfDay(day)]} ${Number(date.slice(8, 10))}`
}

/** When a scheduled order is for, in words: 'hoy 19:30', 'mañana 8:15', 'viernes 27 12:00'. */
export function scheduledLabel(scheduledFor: string, now: Date, timeZone: string = STORE_TIMEZONE): string {
  const parts = splitScheduledFor(scheduledFor)
  if (!parts) return scheduledFor
  const [hh = 0, mm = 0] = parts.time.split(':').map(Number)
  return `${dayLabel(parts.date, now, timeZone).toLowerCase()} ${clockOf(hh * 60 + mm)}`
}
