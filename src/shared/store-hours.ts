/**
 * Opening hours: the stored shape and the one rule that says whether the store
 * takes orders now (GET /api/store-status, the checkout's refusal, the landing
 * page's banner). Pure, no zod: this module ships in the landing bundle. The
 * input schema (validation, Spanish messages) is shared/schemas/opening-hours.ts.
 *
 * Time is the store's wall clock in `hours.timezone` (America/Guatemala), read
 * through Intl; internally every instant becomes "local minutes since 1970-01-01".
 *
 * The rules (docs/decisions/014-opening-hours.md):
 *  - a range is [open, close): open at exactly 8:00, closed at exactly 14:00;
 *    close earlier than open means it passes midnight into the next day;
 *  - a closed date (holiday) closes that calendar day's own ranges; the spill of
 *    the previous night's range past midnight still counts;
 *  - `week: null` means no schedule: open every day at every hour (closed dates
 *    and the pause still apply); no document at all (null) means always open;
 *  - a pause whose `pausedUntil` has passed counts as not paused;
 *  - ranges that touch (12:00-00:00 then 00:00-12:00) are one opening: closesAt is
 *    where the chain ends; an opening that lasts 7 days or more has no closesAt.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Lunes',
  tue: 'Martes',
  wed: 'Miércoles',
  thu: 'Jueves',
  fri: 'Viernes',
  sat: 'Sábado',
  sun: 'Domingo',
}

export const STORE_TIMEZONE = 'America/Guatemala'

/** "HH:MM" (24 h). close < open: the range passes midnight. */
export type TimeRange = { open: string; close: string }
export type WeekSchedule = Record<Weekday, TimeRange[]>

/** The document of GET/PUT /api/opening-hours (without the GET's `updatedAt`). */
export type OpeningHours = {
  timezone: string
  /** null: no weekly schedule, open at every hour. */
  week: WeekSchedule | null
  /** "YYYY-MM-DD" in the store's time zone. */
  closedDates: string[]
  /** Optional note per closed date (additive to the base contract). */
  closedDateNotes?: Record<string, string>
  paused: boolean
  pauseMessage?: string
  /** ISO 8601 instant the pause ends (additive); past means not paused. */
  pausedUntil?: string
}

export type StoreState = 'open' | 'closing-soon' | 'closed' | 'paused'

/** Answer of GET /api/store-status (`state` and `note` are additive). */
export type StoreStatus = {
  open: boolean
  message: string
  state: StoreState
  /** When closed or paused: the next time orders are taken, ISO 8601 with offset. */
  opensAt?: string
  /** When open: when it closes, ISO 8601 with offset (absent if open 7 days or more). */
  closesAt?: string
  /** Closed today because of a closed date with a note: that note. */
  note?: string
}

export const OPEN_MESSAGE = 'Abierto'
export const PAUSED_MESSAGE = 'Pedidos en pausa por el momento'
export const CLOSED_FOR_NOW_MESSAGE = 'Cerrado por ahora'

const MINUTE = 60_000
const DAY = 1440
const HORIZON = 7 * DAY
/** The closing time is announced in the last hour. */
const CLOSING_SOON = 60

// ---------------------------------------------------------------- time zone math

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
    formatters.set(timeZone, f)
  }
  return f
}

/** Minutes to add to UTC to get the wall clock of `timeZone` at `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const p: Record<string, number> = {}
  for (const part of formatter(timeZone).formatToParts(ms)) if (part.type !== 'literal') p[part.type] = Number(part.value)
  const local = Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, (p.hour ?? 0) % 24, p.minute ?? 0) / MINUTE
  return local - Math.floor(ms / MINUTE)
}

/** The wall-clock minute (since 1970-01-01 local) of an instant. */
const localMinute = (ms: number, timeZone: string) => Math.floor(ms / MINUTE) + offsetAt(ms, timeZone)

const pad = (n: number) => String(n).padStart(2, '0')
const dateOf = (day: number) => new Date(day * DAY * MINUTE).toISOString().slice(0, 10)
/** 1970-01-01 was a Thursday; 0 = Monday. */
const weekdayOf = (day: number): Weekday => WEEKDAYS[(((day + 3) % 7) + 7) % 7] ?? 'mon'

/** A wall-clock minute as ISO 8601 with the zone's offset then, e.g. 2026-12-31T17:00:00-06:00. */
function isoAt(local: number, timeZone: string): string {
  const offset = offsetAt((local - offsetAt(local * MINUTE, timeZone)) * MINUTE, timeZone)
  const sign = offset < 0 ? '-' : '+'
  const abs = Math.abs(offset)
  const wall = new Date(local * MINUTE).toISOString().slice(0, 16)
  return `${wall}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

/** "HH:MM" → minutes since midnight. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))
/** Minutes since midnight → "8:00", "17:30" (24 h, no leading zero). */
const clock = (minutes: number) => `${Math.floor(minutes / 60) % 24}:${pad(minutes % 60)}`
/** "08:00" → "8:00". */
export const formatTime = (hhmm: string) => clock(minutesOf(hhmm))

// ---------------------------------------------------------------- the schedule

type Interval = [start: number, end: number]

/** Every opening that starts on local days first..last, sorted by start. */
function intervals(hours: OpeningHours, first: number, last: number): Interval[] {
  const closed = new Set(hours.closedDates)
  const out: Interval[] = []
  for (let day = first; day <= last; day++) {
    if (closed.has(dateOf(day))) continue
    const base = day * DAY
    if (!hours.week) {
      out.push([base, base + DAY])
      continue
    }
    for (const range of hours.week[weekdayOf(day)]) {
      const open = minutesOf(range.open)
      const close = minutesOf(range.close)
      out.push([base + open, base + (close > open ? close : close + DAY)])
    }
  }
  return out.sort((a, b) => a[0] - b[0])
}

/** At wall-clock minute t: open until when (null: 7 days or more), or the next opening (null: none within 7 days). */
function scheduleAt(hours: OpeningHours, t: number): { open: true; until: number | null } | { open: false; next: number | null } {
  const today = Math.floor(t / DAY)
  const list = intervals(hours, today - 1, today + 8)
  if (!list.some(([s, e]) => s <= t && t < e)) {
    const next = list.find(([s]) => s > t && s <= t + HORIZON)
    return { open: false, next: next ? next[0] : null }
  }
  let end = t
  for (const [s, e] of list) if (s <= end && e > end) end = e // sorted by start: one pass follows the chain
  return { open: true, until: end > t + HORIZON ? null : end }
}

/** Whether the owner's pause is in force at `now`. */
export function isPaused(hours: OpeningHours | null, now: Date): boolean {
  if (!hours?.paused) return false
  return !hours.pausedUntil || Date.parse(hours.pausedUntil) > now.getTime()
}

/** "hoy a las 17:00" / "mañana a las 8:00" / "el lunes a las 8:00". */
function whenText(local: number, today: number): string {
  const days = Math.floor(local / DAY) - today
  const day = days === 0 ? 'hoy' : days === 1 ? 'mañana' : `el ${WEEKDAY_LABELS[weekdayOf(Math.floor(local / DAY))].toLowerCase()}`
  return `${day} a las ${clock(((local % DAY) + DAY) % DAY)}`
}

/**
 * Whether orders are taken at `now`, with the Spanish line the storefront shows:
 * 'Abierto', 'Abierto · cierra a las 21:00' (last hour), the pause message,
 * 'Cerrado · abrimos hoy a las 17:00' / 'mañana a las 8:00' / 'el lunes a las 8:00',
 * or 'Cerrado por ahora' when nothing opens within 7 days.
 */
export function storeStatus(hours: OpeningHours | null, now: Date): StoreStatus {
  if (!hours) return { open: true, state: 'open', message: OPEN_MESSAGE }
  const tz = hours.timezone
  const t = localMinute(now.getTime(), tz)
  const today = Math.floor(t / DAY)

  if (isPaused(hours, now)) {
    const status: StoreStatus = { open: false, state: 'paused', message: hours.pauseMessage?.trim() || PAUSED_MESSAGE }
    if (hours.pausedUntil) {
      const end = Date.parse(hours.pausedUntil)
      const at = scheduleAt(hours, localMinute(end, tz))
      if (at.open) status.opensAt = isoAt(localMinute(end, tz), tz)
      else if (at.next !== null) status.opensAt = isoAt(at.next, tz)
    }
    return status
  }

  const at = scheduleAt(hours, t)
  if (at.open) {
    if (at.until === null) return { open: true, state: 'open', message: OPEN_MESSAGE }
    const closesAt = isoAt(at.until, tz)
    if (at.until - t <= CLOSING_SOON) {
      return { open: true, state: 'closing-soon', message: `${OPEN_MESSAGE} · cierra a las ${clock(at.until % DAY)}`, closesAt }
    }
    return { open: true, state: 'open', message: OPEN_MESSAGE, closesAt }
  }
  const status: StoreStatus =
    at.next === null
      ? { open: false, state: 'closed', message: CLOSED_FOR_NOW_MESSAGE }
      : { open: false, state: 'closed', message: `Cerrado · abrimos ${whenText(at.next, today)}`, opensAt: isoAt(at.next, tz) }
  const note = hours.closedDateNotes?.[dateOf(today)]
  if (note && hours.closedDates.includes(dateOf(today))) status.note = note
  return status
}

// ---------------------------------------------------------------- display

export type ScheduleLine = { days: string; hours: string; text: string }

const joinEs = (parts: string[]) => (parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`)
const rangesText = (ranges: TimeRange[]) =>
  ranges.length === 0 ? 'cerrado' : joinEs([...ranges].sort((a, b) => minutesOf(a.open) - minutesOf(b.open)).map((r) => `${formatTime(r.open)}–${formatTime(r.close)}`))

/**
 * The week for a footer, equal consecutive days grouped:
 * 'Lunes a viernes: 8:00–14:00 y 17:00–21:00', 'Sábado: 9:00–14:00', 'Domingo: cerrado'.
 * No schedule (always open): no lines.
 */
export function weeklySchedule(hours: OpeningHours | null): ScheduleLine[] {
  const week = hours?.week
  if (!week) return []
  const lines: ScheduleLine[] = []
  let i = 0
  while (i < WEEKDAYS.length) {
    const first = WEEKDAYS[i] as Weekday
    const text = rangesText(week[first])
    let j = i
    while (j + 1 < WEEKDAYS.length && rangesText(week[WEEKDAYS[j + 1] as Weekday]) === text) j++
    const last = WEEKDAYS[j] as Weekday
    const lastLabel = WEEKDAY_LABELS[last].toLowerCase()
    const days = j === i ? WEEKDAY_LABELS[first] : `${WEEKDAY_LABELS[first]} ${j === i + 1 ? 'y' : 'a'} ${lastLabel}`
    lines.push({ days, hours: text, text: `${days}: ${text}` })
    i = j + 1
  }
  return lines
}

// ---------------------------------------------------------------- for orders for later (shared/order-slots.ts)

export const MINUTES_PER_DAY = DAY

/** The wall-clock minute (since 1970-01-01 local) of an instant, in the store's time zone. */
export const wallMinute = (at: Date, timeZone: string = STORE_TIMEZONE): number => localMinute(at.getTime(), timeZone)

/** The local day number of "YYYY-MM-DD" (days since 1970-01-01), or null if malformed. */
export function dayNumber(date: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (!m) return null
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === date ? ms / (DAY * MINUTE) : null
}

/** "YYYY-MM-DD" of a local day number. */
export const dateOfDay = dateOf

/** The weekday of a local day number. */
export const weekdayOfDay = weekdayOf

/** Every opening [start, end) in wall-clock minutes that could cover local day `day` (those starting that day or the day before). */
export const openingsAround = (hours: OpeningHours, day: number): [number, number][] => intervals(hours, day - 1, day)

/** A wall-clock minute as ISO 8601 with the zone's offset then. */
export const wallMinuteToIso = (local: number, timeZone: string = STORE_TIMEZONE): string => isoAt(local, timeZone)

/** Minutes since midnight → "8:00", "17:30". */
export const clockOf = (minutes: number): string => clock(minutes)

// ---------------------------------------------------------------- the admin form's date-time field

/** A wall-clock "YYYY-MM-DDTHH:MM" in `timeZone` → ISO 8601 with offset; null if malformed. */
export function zonedToIso(wall: string, timeZone: string = STORE_TIMEZONE): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall)
  if (!m) return null
  const local = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])) / MINUTE
  return Number.isFinite(local) ? isoAt(local, timeZone) : null
}

/** An ISO 8601 instant → the wall clock "YYYY-MM-DDTHH:MM" in `timeZone` (for <input type="datetime-local">). */
export function isoToZoned(iso: string, timeZone: string = STORE_TIMEZONE): string {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return ''
  return new Date(localMinute(ms, timeZone) * MINUTE).toISOString().slice(0, 16)
}
