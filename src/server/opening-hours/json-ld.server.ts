import type { OpeningHoursSpecification as SchemaOrgHours } from 'schema-dts'
import { type OpeningHours, WEEKDAYS, type Weekday } from '../../shared/store-hours'

/** schema.org's day names, https://schema.org/DayOfWeek (literal: the JSON-LD type test checks them against schema.org's). */
const SCHEMA_DAYS = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
} as const satisfies Record<Weekday, string>

export type SchemaDay = (typeof SCHEMA_DAYS)[Weekday]

export type OpeningHoursSpecification = {
  '@type': 'OpeningHoursSpecification'
  dayOfWeek?: SchemaDay[]
  opens: string
  closes: string
  validFrom?: string
  validThrough?: string
}
// schema.org's OpeningHoursSpecification takes ours as it is (checked by `tsc`; schema-dts is types only).
true satisfies (OpeningHoursSpecification extends SchemaOrgHours ? true : false)

/**
 * The weekly hours: days sharing a range are listed together; a day without ranges is left
 * out (schema.org: not listed = closed); a range past midnight keeps `closes` earlier than
 * `opens`, which search engines read as the next day. No schedule: every day 00:00–23:59.
 */
export function weeklyOpeningHours(hours: OpeningHours | null): OpeningHoursSpecification[] {
  const week = hours ? hours.week : null
  const byRange = new Map<string, Weekday[]>()
  for (const day of WEEKDAYS) {
    const ranges = week ? [...week[day]].sort((a, b) => a.open.localeCompare(b.open)) : [{ open: '00:00', close: '23:59' }]
    for (const r of ranges) {
      const key = `${r.open}-${r.close}`
      byRange.set(key, [...(byRange.get(key) ?? []), day])
    }
  }
  return [...byRange].map(([key, days]): OpeningHoursSpecification => {
    const [opens = '', closes = ''] = key.split('-')
    return { '@type': 'OpeningHoursSpecification', dayOfWeek: days.map((d) => SCHEMA_DAYS[d]), opens, closes }
  })
}

/**
 * The closed dates, each closed all day (opens = closes = 00:00 for that date): Google reads
 * them as `specialOpeningHoursSpecification` (holidays). `from` ('YYYY-MM-DD', the store's
 * today) leaves out the dates already past, which only lengthen the page.
 */
export function closedDatesSpecification(hours: OpeningHours | null, from = ''): OpeningHoursSpecification[] {
  return (hours?.closedDates ?? [])
    .filter((date) => date >= from)
    .map((date): OpeningHoursSpecification => ({ '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: date, validThrough: date }))
}

/** Both lists in one (the weekly hours, then the closed dates), as the opening-hours API has always described them. */
export function openingHoursSpecification(hours: OpeningHours | null): OpeningHoursSpecification[] {
  return [...weeklyOpeningHours(hours), ...closedDatesSpecification(hours)]
}
