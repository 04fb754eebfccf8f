import { type OpeningHours, WEEKDAYS, type Weekday } from '../../shared/store-hours'

/** schema.org's day names, https://schema.org/DayOfWeek. */
const SCHEMA_DAYS: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
}

export type OpeningHoursSpecification = {
  '@type': 'OpeningHoursSpecification'
  dayOfWeek?: string[]
  opens: string
  closes: string
  validFrom?: string
  validThrough?: string
}

/**
 * The store's hours for the landing page's JSON-LD (`openingHoursSpecification` of the
 * Restaurant). Days sharing a range are listed together; a day without ranges is left
 * out (schema.org: not listed = closed); a range past midnight keeps `closes` earlier than
 * `opens`, which search engines read as the next day. Each closed date is an entry with
 * opens = closes = 00:00 for that date (closed all day). No schedule: every day
 * 00:00–23:59.
 */
export function openingHoursSpecification(hours: OpeningHours | null): OpeningHoursSpecification[] {
  const week = hours ? hours.week : null
  const byRange = new Map<string, Weekday[]>()
  for (const day of WEEKDAYS) {
    const ranges = week ? [...week[day]].sort((a, b) => a.open.localeCompare(b.open)) : [{ open: '00:00', close: '23:59' }]
    for (const r of ranges) {
      const key = `${r.open}-${r.close}`
      byRange.set(key, [...(byRange.get(key) ?? []), day])
    }
  }
  const weekly = [...byRange].map(([key, days]): OpeningHoursSpecification => {
    const [opens = '', closes = ''] = key.split('-')
    return { '@type': 'OpeningHoursSpecification', dayOfWeek: days.map((d) => SCHEMA_DAYS[d]), opens, closes }
  })
  const closed = (hours?.closedDates ?? []).map(
    (date): OpeningHoursSpecification => ({ '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: date, validThrough: date }),
  )
  return [...weekly, ...closed]
}
