import { describe, expect, test } from 'bun:test'
import { openingHoursInputSchema } from './index'

const shift = (open: string, close: string) => ({ open, close })
const day = [shift('08:00', '14:00'), shift('17:00', '21:00')]
const week = { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [shift('09:00', '14:00'), shift('22:00', '02:00')], sun: [] }
const valid = { timezone: 'America/Guatemala', week, closedDates: [], paused: false }

const issues = (body: unknown) => openingHoursInputSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []

describe('opening hours schema', () => {
  test('the base contract parses to itself; the time zone defaults to America/Guatemala', () => {
    expect(openingHoursInputSchema.parse(valid)).toEqual(valid)
    const { timezone: _tz, ...noZone } = valid
    expect(openingHoursInputSchema.parse(noZone).timezone).toBe('America/Guatemala')
    expect(issues({ ...valid, timezone: 'Europe/Madrid' })).toEqual([['timezone', 'Zona horaria no admitida: usa America/Guatemala']])
  })

  test('the additive fields: week null (no schedule), notes per closed date, pause message and end; blanks are dropped', () => {
    expect(
      openingHoursInputSchema.parse({
        ...valid,
        week: null,
        closedDates: ['2026-12-25', '2026-01-01'],
        closedDateNotes: { '2026-12-25': '  Navidad ', '2026-01-01': '' },
        paused: true,
        pauseMessage: ' Volvemos pronto ',
        pausedUntil: '2026-11-23T15:00:00-06:00',
      }),
    ).toEqual({
      timezone: 'America/Guatemala',
      week: null,
      closedDates: ['2026-01-01', '2026-12-25'],
      closedDateNotes: { '2026-12-25': 'Navidad' },
      paused: true,
      pauseMessage: 'Volvemos pronto',
      pausedUntil: '2026-11-23T15:00:00-06:00',
    })
    expect(openingHoursInputSchema.parse({ ...valid, pauseMessage: '  ', pausedUntil: '', closedDateNotes: {} })).toEqual(valid)
    expect(openingHoursInputSchema.parse({ ...valid, pauseMessage: null, pausedUntil: null })).toEqual(valid)
  })

  test('required means required: week, closedDates, paused and every weekday', () => {
    expect(issues({ timezone: 'America/Guatemala' })).toEqual([
      ['week', 'Este campo es obligatorio'],
      ['closedDates', 'Este campo es obligatorio'],
      ['paused', 'Este campo es obligatorio'],
    ])
    const { sun: _sun, ...noSunday } = week
    expect(issues({ ...valid, week: noSunday })).toEqual([['week.sun', 'Este campo es obligatorio']])
  })

  test('times are HH:MM from 00:00 to 23:59; open and close differ', () => {
    for (const bad of ['8:00', '24:00', '12:60', '12:00:00', 'mediodía', '']) {
      expect(issues({ ...valid, week: { ...week, mon: [shift(bad, '14:00')] } })).toEqual([['week.mon.0.open', 'Hora inválida: usa HH:MM, de 00:00 a 23:59']])
    }
    expect(issues({ ...valid, week: { ...week, mon: [shift('00:00', '23:59')] } })).toEqual([])
    expect(issues({ ...valid, week: { ...week, mon: [shift('10:00', '10:00')] } })).toEqual([['week.mon.0.close', 'La hora de cierre debe ser distinta de la de apertura']])
    expect(issues({ ...valid, week: { ...week, mon: [{ open: '08:00' }] } })).toEqual([['week.mon.0.close', 'Este campo es obligatorio']])
  })

  test('ranges of one day may not overlap (touching is fine); the later range carries the message', () => {
    expect(issues({ ...valid, week: { ...week, tue: [shift('08:00', '14:00'), shift('13:00', '15:00')] } })).toEqual([['week.tue.1', 'Se superpone con 8:00–14:00']])
    expect(issues({ ...valid, week: { ...week, tue: [shift('17:00', '21:00'), shift('08:00', '18:00')] } })).toEqual([['week.tue.1', 'Se superpone con 17:00–21:00']])
    expect(issues({ ...valid, week: { ...week, tue: [shift('08:00', '14:00'), shift('14:00', '16:00')] } })).toEqual([])
    // A range passing midnight overlaps a later range of the same day.
    expect(issues({ ...valid, week: { ...week, tue: [shift('22:00', '02:00'), shift('23:00', '23:30')] } })).toEqual([['week.tue.1', 'Se superpone con 22:00–2:00']])
  })

  test("the previous night's spill counts: Saturday 22:00-02:00 collides with a Sunday range starting before 2:00, Sunday's with Monday's", () => {
    expect(issues({ ...valid, week: { ...week, sun: [shift('01:00', '03:00')] } })).toEqual([['week.sun.0', 'Se superpone con el horario del sábado (22:00–2:00)']])
    expect(issues({ ...valid, week: { ...week, sun: [shift('02:00', '03:00')] } })).toEqual([])
    expect(issues({ ...valid, week: { ...week, sun: [shift('20:00', '09:00')] } })).toEqual([['week.mon.0', 'Se superpone con el horario del domingo (20:00–9:00)']])
  })

  test('at most 6 ranges a day', () => {
    const seven = Array.from({ length: 7 }, (_, i) => shift(`0${i}:00`, `0${i}:30`))
    expect(issues({ ...valid, week: { ...week, mon: seven } })).toEqual([['week.mon', 'Máximo 6 horarios por día']])
  })

  test('closed dates are real calendar dates, not repeated; a note needs its date; lengths are capped', () => {
    expect(issues({ ...valid, closedDates: ['2026-02-30', '2026-13-01', '25/12/2026', '2028-02-29'] })).toEqual([
      ['closedDates.0', 'Fecha inválida: usa AAAA-MM-DD'],
      ['closedDates.1', 'Fecha inválida: usa AAAA-MM-DD'],
      ['closedDates.2', 'Fecha inválida: usa AAAA-MM-DD'],
    ])
    expect(issues({ ...valid, closedDates: ['2026-12-25', '2026-12-25'] })).toEqual([['closedDates.1', 'Fecha repetida']])
    expect(issues({ ...valid, closedDates: ['2026-12-25'], closedDateNotes: { '2026-12-24': 'Nochebuena' } })).toEqual([
      ['closedDateNotes.2026-12-24', 'La nota es de una fecha que no está en la lista'],
    ])
    expect(issues({ ...valid, closedDates: ['2026-12-25'], closedDateNotes: { '2026-12-25': 'x'.repeat(121) } })).toEqual([
      ['closedDateNotes.2026-12-25', 'Máximo 120 caracteres'],
    ])
    expect(issues({ ...valid, pauseMessage: 'x'.repeat(201) })).toEqual([['pauseMessage', 'Máximo 200 caracteres']])
    expect(issues({ ...valid, closedDates: Array.from({ length: 367 }, () => '2026-01-01') })[0]).toEqual(['closedDates', 'Máximo 366 fechas'])
  })

  test('the pause end is an ISO date-time with its offset', () => {
    expect(issues({ ...valid, paused: true, pausedUntil: '2026-11-23T15:00:00Z' })).toEqual([])
    for (const bad of ['2026-11-23T15:00', 'mañana', '2026-11-23']) {
      expect(issues({ ...valid, paused: true, pausedUntil: bad })).toEqual([['pausedUntil', 'Fecha y hora inválidas']])
    }
    expect(issues({ ...valid, paused: 'sí' })).toEqual([['paused', 'Debe ser verdadero o falso']])
  })
})
