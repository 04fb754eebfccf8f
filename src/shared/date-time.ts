/**
 * How a moment reads, one rule for the whole admin (and the tracking page and the ticket):
 * on the restaurant's clock (America/Guatemala, whatever zone the device is set to), in
 * 24-hour time as the order slots read ('8:15', '19:30'), with its day where a day is meant
 * ('23 nov, 19:30'; the year only when it is not this year's). No Intl here: the words do
 * not change with the browser's locale data.
 */
import { isoToZoned } from './store-hours'

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'] as const

/** "19:30", "8:05": an instant on the restaurant's clock; '' when unreadable. */
export function clockTime(iso: string): string {
  const wall = isoToZoned(iso)
  return wall ? `${Number(wall.slice(11, 13))}:${wall.slice(14, 16)}` : ''
}

/** "23 nov" this year, "23 nov 2025" another: the restaurant's day of an instant; '—' when missing or unreadable. */
export function formatDate(iso: string | null | undefined, now: Date = new Date()): string {
  const wall = iso ? isoToZoned(iso) : ''
  if (!wall) return '—'
  const year = wall.slice(0, 4)
  const day = `${Number(wall.slice(8, 10))} ${MONTHS[Number(wall.slice(5, 7)) - 1] ?? ''}`
  return year === isoToZoned(now.toISOString()).slice(0, 4) ? day : `${day} ${year}`
}

/** "23 nov, 19:30" ("23 nov 2025, 19:30" another year); '—' when missing or unreadable. */
export function formatDateTime(iso: string | null | undefined, now: Date = new Date()): string {
  const day = formatDate(iso, now)
  return day === '—' || !iso ? '—' : `${day}, ${clockTime(iso)}`
}

/**
 * What the owner typed in a time field, as the "HH:MM" the schedules store: '8' → '08:00',
 * '830' → '08:30', '8:30' → '08:30', '20.15' → '20:15'. Anything that is not a time of day
 * is returned as typed, for the form's validation to name.
 */
export function typedClock(text: string): string {
  const trimmed = text.trim()
  const match = /^(\d{1,2})(?:[:.h ]?(\d{2}))?$/.exec(trimmed)
  if (!match) return text
  const hours = Number(match[1])
  const minutes = Number(match[2] ?? '0')
  if (hours > 23 || minutes > 59) return text
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`
}
