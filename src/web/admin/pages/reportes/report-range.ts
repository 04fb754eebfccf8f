/**
 * The Reportes page's ranges, in the restaurant's days: 'Hoy', 'Esta semana' (Monday to
 * today), 'Este mes' (the 1st to today), or any two days. Pure, tested beside it.
 */
import { STORE_TIMEZONE } from '@/shared/store-hours'

export const PRESETS = ['hoy', 'semana', 'mes', 'personalizado'] as const
export type Preset = (typeof PRESETS)[number]
export const PRESET_LABELS: Record<Preset, string> = { hoy: 'Hoy', semana: 'Esta semana', mes: 'Este mes', personalizado: 'Personalizado' }

export type DayRange = { from: string; to: string }

const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

export function presetRange(preset: Exclude<Preset, 'personalizado'>, now: Date = new Date()): DayRange {
  const today = dayKey.format(now)
  if (preset === 'hoy') return { from: today, to: today }
  if (preset === 'mes') return { from: `${today.slice(0, 8)}01`, to: today }
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7 // 0 = Monday
  return { from: addDays(today, -weekday), to: today }
}

/** "lun 23", the chart's and table's day label. */
const short = new Intl.DateTimeFormat('es-GT', { timeZone: 'UTC', weekday: 'short', day: 'numeric' })
export const dayLabel = (day: string): string => short.format(new Date(`${day}T12:00:00Z`))
