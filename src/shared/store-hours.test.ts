import { describe, expect, test } from 'bun:test'
import { type OpeningHours, type WeekSchedule, isPaused, isoToZoned, storeStatus, weeklySchedule, zonedToIso } from './store-hours'

/** A Guatemala wall-clock time as the instant the server's clock would give. */
const gt = (wall: string) => new Date(`${wall}:00-06:00`)

const weekday = [
  { open: '08:00', close: '14:00' },
  { open: '17:00', close: '21:00' },
]
/** Split shifts Monday to Friday; Saturday morning plus a night shift into Sunday; Sunday closed. */
const WEEK: WeekSchedule = {
  mon: weekday,
  tue: weekday,
  wed: weekday,
  thu: weekday,
  fri: weekday,
  sat: [
    { open: '09:00', close: '14:00' },
    { open: '22:00', close: '02:00' },
  ],
  sun: [],
}
const hours = (extra: Partial<OpeningHours> = {}): OpeningHours => ({ timezone: 'America/Guatemala', week: WEEK, closedDates: [], paused: false, ...extra })
const every = (ranges: { open: string; close: string }[]): WeekSchedule => ({ mon: ranges, tue: ranges, wed: ranges, thu: ranges, fri: ranges, sat: ranges, sun: ranges })

// 2026-11-23 is a Monday; 2026-11-28 a Saturday; 2026-12-31 a Thursday.
describe('storeStatus: range edges and split shifts', () => {
  test('open at exactly 8:00, with the closing time as an ISO instant with offset', () => {
    expect(storeStatus(hours(), gt('2026-11-23T08:00'))).toEqual({
      open: true,
      state: 'open',
      message: 'Abierto',
      closesAt: '2026-11-23T14:00:00-06:00',
    })
  })
  test('one minute before opening: closed, opens today', () => {
    expect(storeStatus(hours(), gt('2026-11-23T07:59'))).toEqual({
      open: false,
      state: 'closed',
      message: 'Cerrado · abrimos hoy a las 8:00',
      opensAt: '2026-11-23T08:00:00-06:00',
    })
  })
  test('the last hour announces the closing time; 61 minutes before does not', () => {
    expect(storeStatus(hours(), gt('2026-11-23T12:59'))).toMatchObject({ state: 'open', message: 'Abierto' })
    expect(storeStatus(hours(), gt('2026-11-23T13:00'))).toMatchObject({ open: true, state: 'closing-soon', message: 'Abierto · cierra a las 14:00' })
    expect(storeStatus(hours(), new Date('2026-11-23T13:59:59-06:00'))).toMatchObject({ open: true, state: 'closing-soon' })
  })
  test('closed at exactly 14:00, between the shifts: opens again today at 17:00', () => {
    expect(storeStatus(hours(), gt('2026-11-23T14:00'))).toEqual({
      open: false,
      state: 'closed',
      message: 'Cerrado · abrimos hoy a las 17:00',
      opensAt: '2026-11-23T17:00:00-06:00',
    })
    expect(storeStatus(hours(), gt('2026-11-23T17:00'))).toMatchObject({ open: true, closesAt: '2026-11-23T21:00:00-06:00' })
    expect(storeStatus(hours(), gt('2026-11-23T20:30'))).toMatchObject({ message: 'Abierto · cierra a las 21:00' })
  })
  test('after the last shift: opens tomorrow', () => {
    expect(storeStatus(hours(), gt('2026-11-23T21:00'))).toMatchObject({ open: false, message: 'Cerrado · abrimos mañana a las 8:00', opensAt: '2026-11-24T08:00:00-06:00' })
    expect(storeStatus(hours(), gt('2026-11-27T23:00'))).toMatchObject({ message: 'Cerrado · abrimos mañana a las 9:00' })
  })
  test('the instant is what counts, however it is written (UTC 14:00 is 8:00 in Guatemala)', () => {
    expect(storeStatus(hours(), new Date('2026-11-23T14:00:00Z')).open).toBe(true)
    expect(storeStatus(hours(), new Date('2026-11-23T13:59:59Z')).open).toBe(false)
  })
})

describe('storeStatus: across midnight', () => {
  test('Saturday 22:00-02:00 into Sunday: open Saturday night, closing soon after 1:00, closed at 2:00 on Sunday', () => {
    expect(storeStatus(hours(), gt('2026-11-28T14:30'))).toMatchObject({ open: false, message: 'Cerrado · abrimos hoy a las 22:00' })
    expect(storeStatus(hours(), gt('2026-11-28T22:00'))).toEqual({ open: true, state: 'open', message: 'Abierto', closesAt: '2026-11-29T02:00:00-06:00' })
    expect(storeStatus(hours(), gt('2026-11-29T00:00'))).toMatchObject({ open: true, state: 'open', closesAt: '2026-11-29T02:00:00-06:00' })
    expect(storeStatus(hours(), gt('2026-11-29T01:30'))).toMatchObject({ open: true, state: 'closing-soon', message: 'Abierto · cierra a las 2:00' })
    expect(storeStatus(hours(), gt('2026-11-29T02:00'))).toEqual({
      open: false,
      state: 'closed',
      message: 'Cerrado · abrimos mañana a las 8:00',
      opensAt: '2026-11-30T08:00:00-06:00',
    })
  })
  test('31 December into 1 January: the closing time is in the new year', () => {
    const nightly = hours({ week: every([{ open: '18:00', close: '01:00' }]) })
    expect(storeStatus(nightly, gt('2026-12-31T23:59'))).toMatchObject({ open: true, state: 'open', closesAt: '2027-01-01T01:00:00-06:00' })
    expect(storeStatus(nightly, gt('2027-01-01T00:00'))).toMatchObject({ open: true, state: 'closing-soon', closesAt: '2027-01-01T01:00:00-06:00' })
    expect(storeStatus(nightly, gt('2027-01-01T00:30'))).toMatchObject({ open: true, message: 'Abierto · cierra a las 1:00' })
    expect(storeStatus(nightly, gt('2027-01-01T01:00'))).toMatchObject({ open: false, message: 'Cerrado · abrimos hoy a las 18:00', opensAt: '2027-01-01T18:00:00-06:00' })
  })
  test('a closed date closes its own ranges, but the previous night’s spill into it still counts', () => {
    const newYear = hours({ week: every([{ open: '18:00', close: '01:00' }]), closedDates: ['2027-01-01'], closedDateNotes: { '2027-01-01': 'Año Nuevo' } })
    expect(storeStatus(newYear, gt('2027-01-01T00:30'))).toMatchObject({ open: true, closesAt: '2027-01-01T01:00:00-06:00' })
    expect(storeStatus(newYear, gt('2027-01-01T01:00'))).toEqual({
      open: false,
      state: 'closed',
      message: 'Cerrado · abrimos mañana a las 18:00',
      opensAt: '2027-01-02T18:00:00-06:00',
      note: 'Año Nuevo',
    })
    expect(storeStatus(newYear, gt('2027-01-01T19:00'))).toMatchObject({ open: false, note: 'Año Nuevo' })
    // The closed date's own night range does not spill into 2 January either.
    expect(storeStatus(newYear, gt('2027-01-02T00:30'))).toMatchObject({ open: false, message: 'Cerrado · abrimos hoy a las 18:00' })
  })
  test('ranges that touch are one opening: 24 hours every day never announces a closing', () => {
    const always = hours({ week: every([{ open: '00:00', close: '12:00' }, { open: '12:00', close: '00:00' }]) })
    expect(storeStatus(always, gt('2026-11-23T11:59'))).toEqual({ open: true, state: 'open', message: 'Abierto' })
    expect(storeStatus(always, gt('2026-11-23T23:30'))).toEqual({ open: true, state: 'open', message: 'Abierto' })
    const lateMonday = hours({ week: { ...every([]), mon: [{ open: '18:00', close: '00:00' }], tue: [{ open: '00:00', close: '02:00' }] } })
    expect(storeStatus(lateMonday, gt('2026-11-23T23:30'))).toMatchObject({ state: 'open', closesAt: '2026-11-24T02:00:00-06:00' })
  })
})

describe('storeStatus: closed dates, next opening, nothing scheduled', () => {
  test('a holiday on Monday: from Sunday the next opening is named by its weekday', () => {
    const holiday = hours({ closedDates: ['2026-11-30'] })
    expect(storeStatus(holiday, gt('2026-11-29T10:00'))).toMatchObject({ message: 'Cerrado · abrimos el martes a las 8:00', opensAt: '2026-12-01T08:00:00-06:00' })
    // A note only shows on its own day.
    expect(storeStatus(hours({ closedDates: ['2026-11-30'], closedDateNotes: { '2026-11-30': 'Feriado' } }), gt('2026-11-29T10:00')).note).toBeUndefined()
  })
  test('Saturday afternoon without a night shift: opens Monday', () => {
    const noNight = hours({ week: { ...WEEK, sat: [{ open: '09:00', close: '14:00' }] } })
    expect(storeStatus(noNight, gt('2026-11-28T15:00'))).toMatchObject({ message: 'Cerrado · abrimos el lunes a las 8:00', opensAt: '2026-11-30T08:00:00-06:00' })
  })
  test('the only opening a week away is still announced; beyond 7 days it is "Cerrado por ahora"', () => {
    const mondays = hours({ week: { ...every([]), mon: [{ open: '08:00', close: '09:00' }] } })
    expect(storeStatus(mondays, gt('2026-11-23T10:00'))).toMatchObject({ message: 'Cerrado · abrimos el lunes a las 8:00', opensAt: '2026-11-30T08:00:00-06:00' })
    expect(storeStatus(hours({ week: every([]) }), gt('2026-11-23T10:00'))).toEqual({ open: false, state: 'closed', message: 'Cerrado por ahora' })
    expect(storeStatus({ ...mondays, closedDates: ['2026-11-30'] }, gt('2026-11-23T10:00'))).toEqual({ open: false, state: 'closed', message: 'Cerrado por ahora' })
  })
  test('no schedule saved: always open', () => {
    expect(storeStatus(null, gt('2026-11-23T03:00'))).toEqual({ open: true, state: 'open', message: 'Abierto' })
    expect(storeStatus(hours({ week: null }), gt('2026-12-31T23:59'))).toEqual({ open: true, state: 'open', message: 'Abierto' })
  })
  test('no weekly schedule but a closed date: closed that whole day', () => {
    const h = hours({ week: null, closedDates: ['2026-12-25'] })
    expect(storeStatus(h, gt('2026-12-24T23:30'))).toMatchObject({ open: true, state: 'closing-soon', closesAt: '2026-12-25T00:00:00-06:00' })
    expect(storeStatus(h, gt('2026-12-25T12:00'))).toMatchObject({ open: false, message: 'Cerrado · abrimos mañana a las 0:00', opensAt: '2026-12-26T00:00:00-06:00' })
  })
})

describe('storeStatus: the pause', () => {
  test('a pause without an end closes the store, with the owner’s message or the default one', () => {
    expect(storeStatus(hours({ paused: true }), gt('2026-11-23T10:00'))).toEqual({ open: false, state: 'paused', message: 'Pedidos en pausa por el momento' })
    expect(storeStatus(hours({ paused: true, pauseMessage: 'Volvemos en 30 minutos' }), gt('2026-11-23T10:00'))).toEqual({
      open: false,
      state: 'paused',
      message: 'Volvemos en 30 minutos',
    })
    expect(storeStatus({ ...hours({ paused: true }), week: null }, gt('2026-11-23T10:00')).state).toBe('paused')
  })
  test('a pause with an end: orders again when it ends (or at the next opening after it)', () => {
    const until = (iso: string) => hours({ paused: true, pausedUntil: iso })
    expect(storeStatus(until('2026-11-23T10:30:00-06:00'), gt('2026-11-23T10:00'))).toMatchObject({ state: 'paused', opensAt: '2026-11-23T10:30:00-06:00' })
    // Ends at 15:00, between the shifts: orders again at 17:00.
    expect(storeStatus(until('2026-11-23T21:00:00Z'), gt('2026-11-23T10:00'))).toMatchObject({ state: 'paused', opensAt: '2026-11-23T17:00:00-06:00' })
  })
  test('a pause whose end has passed counts as not paused', () => {
    const ended = hours({ paused: true, pausedUntil: '2026-11-23T09:00:00-06:00' })
    expect(isPaused(ended, gt('2026-11-23T08:59'))).toBe(true)
    expect(isPaused(ended, gt('2026-11-23T09:00'))).toBe(false)
    expect(storeStatus(ended, gt('2026-11-23T10:00'))).toMatchObject({ open: true, state: 'open' })
    expect(isPaused(null, gt('2026-11-23T09:00'))).toBe(false)
  })
})

describe('weeklySchedule', () => {
  test('equal consecutive days are grouped; a day without ranges is "cerrado"', () => {
    expect(weeklySchedule(hours()).map((l) => l.text)).toEqual([
      'Lunes a viernes: 8:00–14:00 y 17:00–21:00',
      'Sábado: 9:00–14:00 y 22:00–2:00',
      'Domingo: cerrado',
    ])
    expect(weeklySchedule(hours({ week: { ...every([{ open: '07:30', close: '15:00' }]), sat: [], sun: [] } }))).toEqual([
      { days: 'Lunes a viernes', hours: '7:30–15:00', text: 'Lunes a viernes: 7:30–15:00' },
      { days: 'Sábado y domingo', hours: 'cerrado', text: 'Sábado y domingo: cerrado' },
    ])
  })
  test('ranges are listed in time order; three are joined with a comma and "y"', () => {
    const three = [
      { open: '17:00', close: '21:00' },
      { open: '08:00', close: '10:00' },
      { open: '12:00', close: '14:00' },
    ]
    expect(weeklySchedule(hours({ week: every(three) }))).toEqual([
      { days: 'Lunes a domingo', hours: '8:00–10:00, 12:00–14:00 y 17:00–21:00', text: 'Lunes a domingo: 8:00–10:00, 12:00–14:00 y 17:00–21:00' },
    ])
  })
  test('no schedule: no lines', () => {
    expect(weeklySchedule(null)).toEqual([])
    expect(weeklySchedule(hours({ week: null }))).toEqual([])
  })
})

describe('the admin form’s date-time field', () => {
  test('a Guatemala wall-clock time becomes an instant with -06:00 and back', () => {
    expect(zonedToIso('2026-12-24T15:00')).toBe('2026-12-24T15:00:00-06:00')
    expect(isoToZoned('2026-12-24T21:00:00Z')).toBe('2026-12-24T15:00')
    expect(isoToZoned('2026-12-24T15:00:00-06:00')).toBe('2026-12-24T15:00')
    expect(zonedToIso('mañana')).toBeNull()
    expect(isoToZoned('x')).toBe('')
  })
})
