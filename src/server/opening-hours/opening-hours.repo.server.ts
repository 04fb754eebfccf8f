/**
 * The opening hours: one JSON row of `settings` (key `opening_hours`), written only
 * by PUT /api/opening-hours after validation (decision 014). No row: no schedule,
 * the store is always open.
 */
import { type OpeningHours, type OpeningHoursView, STORE_TIMEZONE, openingHoursInputSchema } from '../../shared/schemas'
import type { Db } from '../db/database.server'
import { getSetting, setSetting } from '../settings/settings.repo.server'

export const OPENING_HOURS_KEY = 'opening_hours'

/** What GET /api/opening-hours answers while nothing was saved: no schedule (always open). */
export const NO_SCHEDULE: OpeningHoursView = { timezone: STORE_TIMEZONE, week: null, closedDates: [], paused: false, updatedAt: null }

/** The last value parsed and its reading: the checkout reads the row on every order, and it rarely changes. */
let lastParsed: { value: string; hours: OpeningHours | null } | undefined

/** The stored value as opening hours (null: none saved, or not valid). */
export function openingHoursFrom(value: string | undefined): OpeningHours | null {
  if (value === undefined) return null
  if (lastParsed?.value !== value) lastParsed = { value, hours: parseStored(value) }
  return lastParsed.hours
}

function parseStored(value: string): OpeningHours | null {
  try {
    const parsed = openingHoursInputSchema.safeParse(JSON.parse(value))
    if (parsed.success) return parsed.data
  } catch {
    /* not JSON: reported below */
  }
  // Only the validated PUT writes this row; one edited by hand is read as "no schedule"
  // (always open) rather than closing the store or failing every page.
  console.error(`opening_hours: the stored value is not valid opening hours; the store is treated as always open`)
  return null
}

/** The saved opening hours, or null while none were saved (always open). For the landing page and the checkout. */
export async function getOpeningHours(db: Db): Promise<OpeningHours | null> {
  return openingHoursFrom((await getSetting(db, OPENING_HOURS_KEY))?.value)
}

/** The saved document with its save time, or NO_SCHEDULE. */
export async function getOpeningHoursView(db: Db): Promise<OpeningHoursView> {
  const row = await getSetting(db, OPENING_HOURS_KEY)
  const hours = openingHoursFrom(row?.value)
  return hours && row ? { ...hours, updatedAt: row.updatedAt } : NO_SCHEDULE
}

/** Replaces the opening hours (already validated). */
export async function saveOpeningHours(db: Db, hours: OpeningHours): Promise<OpeningHoursView> {
  const row = await setSetting(db, OPENING_HOURS_KEY, JSON.stringify(hours))
  return { ...hours, updatedAt: row.updatedAt }
}
