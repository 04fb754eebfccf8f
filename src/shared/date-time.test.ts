import { describe, expect, test } from 'bun:test'
import { clockTime, formatDate, formatDateTime, typedClock } from './date-time'

// Guatemala is UTC-6 all year.
const now = new Date('2026-11-25T18:00:00Z')

describe('one way to write a moment, on the restaurant clock', () => {
  test('24-hour time, as the slots: no a. m. / p. m., whatever the zone of the device', () => {
    expect(clockTime('2026-11-25T15:46:00Z')).toBe('9:46')
    expect(clockTime('2026-11-26T01:30:00Z')).toBe('19:30')
    expect(clockTime('2026-11-25T06:05:00Z')).toBe('0:05')
    expect(clockTime('not a date')).toBe('')
  })

  test('the day of the restaurant, the year only when it is not this one', () => {
    expect(formatDate('2026-11-25T15:46:00Z', now)).toBe('25 nov')
    expect(formatDate('2026-11-26T02:00:00Z', now)).toBe('25 nov') // 20:00 on the 25th in Guatemala
    expect(formatDate('2025-01-03T15:00:00Z', now)).toBe('3 ene 2025')
    expect(formatDate(null, now)).toBe('—')
    expect(formatDate('', now)).toBe('—')
  })

  test('date and time together, the way Clientes and Usuarios show them', () => {
    expect(formatDateTime('2026-11-25T15:46:00Z', now)).toBe('25 nov, 9:46')
    expect(formatDateTime('2025-12-31T23:59:00Z', now)).toBe('31 dic 2025, 17:59')
    expect(formatDateTime(undefined, now)).toBe('—')
  })

  test('a typed time becomes HH:MM; anything else stays as typed for the form to refuse', () => {
    expect(['8', '08', '830', '0830', '8:30', '20.15', '20h15', ' 21:00 ', '0'].map(typedClock)).toEqual(['08:00', '08:00', '08:30', '08:30', '08:30', '20:15', '20:15', '21:00', '00:00'])
    expect(['24:00', '8:3', '8:60', 'ocho', '', '12345'].map(typedClock)).toEqual(['24:00', '8:3', '8:60', 'ocho', '', '12345'])
  })
})
