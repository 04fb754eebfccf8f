import { describe, expect, test } from 'bun:test'
import { DEFAULT_ORDER_SETTINGS, type OrderSettings, slotsOn } from './order-slots'
import { inWindows, markOutsideWindows, minutesUntilWindowsChange, orderMinute, windowRefusal, windowsLabel, windowsOf } from './service-windows'
import { MINUTES_PER_DAY, type OpeningHours, dayNumber, wallMinute } from './store-hours'

const at = (date: string, hhmm: string) => (dayNumber(date) ?? 0) * MINUTES_PER_DAY + Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))
const every = [0, 1, 2, 3, 4, 5, 6]
const breakfast = [{ days: every, from: '07:00', to: '11:00' }]
const desayunos = { slug: 'desayunos', name: 'Desayunos', windows: breakfast, whenUnavailable: 'show' as const }
const plate = { name: 'Desayuno chapín', category: 'desayunos', windows: null }
const scheduling: OrderSettings = { ...DEFAULT_ORDER_SETTINGS, scheduling: { enabled: true, daysAhead: 2, slotMinutes: 30, maxOrdersPerSlot: null } }

describe('service windows (the one rule)', () => {
  test('minutesUntilWindowsChange: the first minute any list turns on or off, within the horizon', () => {
    const dinner = [{ days: every, from: '18:00', to: '21:00' }]
    expect(minutesUntilWindowsChange([breakfast, dinner], at('2026-11-23', '06:57'), 5)).toBe(3)
    expect(minutesUntilWindowsChange([breakfast, dinner], at('2026-11-23', '10:58'), 5)).toBe(2)
    expect(minutesUntilWindowsChange([breakfast, dinner], at('2026-11-23', '12:00'), 5)).toBeNull()
    expect(minutesUntilWindowsChange([[], []], at('2026-11-23', '06:59'), 5)).toBeNull()
  })

  test('[from, to): the start minute is in, the end minute is out; no windows is always', () => {
    expect(inWindows(breakfast, at('2026-11-23', '06:59'))).toBe(false)
    expect(inWindows(breakfast, at('2026-11-23', '07:00'))).toBe(true)
    expect(inWindows(breakfast, at('2026-11-23', '10:59'))).toBe(true)
    expect(inWindows(breakfast, at('2026-11-23', '11:00'))).toBe(false)
    expect(inWindows([], at('2026-11-23', '03:00'))).toBe(true)
  })

  test('a range past midnight belongs to the day it starts on (0 = domingo)', () => {
    const saturdayNight = [{ days: [6], from: '22:00', to: '02:00' }] // 2026-11-28 is a Saturday
    expect(inWindows(saturdayNight, at('2026-11-28', '21:59'))).toBe(false)
    expect(inWindows(saturdayNight, at('2026-11-28', '23:30'))).toBe(true)
    expect(inWindows(saturdayNight, at('2026-11-29', '01:59'))).toBe(true)
    expect(inWindows(saturdayNight, at('2026-11-29', '02:00'))).toBe(false)
    expect(inWindows(saturdayNight, at('2026-11-29', '23:00'))).toBe(false) // Sunday's own night is not in
  })

  test('a product’s own windows replace its category’s; labels and refusals in Spanish', () => {
    expect(windowsOf(plate, desayunos)).toEqual(breakfast)
    expect(windowsOf({ ...plate, windows: [] }, desayunos)).toEqual([])
    expect(windowsLabel(breakfast)).toBe('Disponible de 7:00 a 11:00')
    expect(windowsLabel([{ days: [0, 6], from: '08:00', to: '12:30' }])).toBe('Disponible de 8:00 a 12:30 (dom, sáb)')
    expect(windowRefusal(plate, desayunos)).toBe('Los desayunos se sirven de 7:00 a 11:00; elige otra hora')
    expect(windowRefusal(plate, { ...desayunos, name: 'Bebidas' })).toBe('Las bebidas se sirven de 7:00 a 11:00; elige otra hora')
  })

  test('the time an order is for: now + preparation (rush included), or its scheduledFor', () => {
    const now = new Date('2026-11-23T10:45:00-06:00')
    expect(orderMinute({ now, settings: DEFAULT_ORDER_SETTINGS })).toBe(wallMinute(now) + 20)
    expect(orderMinute({ now, settings: { ...DEFAULT_ORDER_SETTINGS, rush: { extraMinutes: 10, until: '2026-11-23T17:30:00Z' } } })).toBe(wallMinute(now) + 30)
    expect(orderMinute({ now, settings: DEFAULT_ORDER_SETTINGS, scheduledFor: '2026-11-24T08:15' })).toBe(at('2026-11-24', '08:15'))
    // 10:45 + 20 = 11:05: a breakfast ordered now is too late.
    expect(inWindows(breakfast, orderMinute({ now, settings: DEFAULT_ORDER_SETTINGS }))).toBe(false)
  })

  test('on the clock with the slots: a closed date and a pause offer nothing, the window marks the rest', () => {
    const now = new Date('2026-11-23T12:00:00-06:00')
    const hours: OpeningHours = {
      timezone: 'America/Guatemala',
      week: { mon: [{ open: '06:00', close: '14:00' }], tue: [{ open: '06:00', close: '14:00' }], wed: [{ open: '06:00', close: '14:00' }], thu: [], fri: [], sat: [], sun: [] },
      closedDates: ['2026-11-25'],
      paused: false,
    }
    const marked = (date: string, h: OpeningHours = hours) =>
      markOutsideWindows(date, slotsOn(date, { hours: h, settings: scheduling, now }), [plate], new Map([['desayunos', desayunos]]))
    const tuesday = marked('2026-11-24')
    expect(tuesday.filter((s) => s.available).map((s) => s.time)).toEqual(['07:00', '07:30', '08:00', '08:30', '09:00', '09:30', '10:00', '10:30'])
    expect(tuesday.find((s) => s.time === '11:00')?.available).toBe(false)
    expect(marked('2026-11-25')).toEqual([]) // closed date
    const paused = marked('2026-11-24', { ...hours, paused: true, pausedUntil: '2026-11-24T09:00:00-06:00' })
    expect(paused.filter((s) => s.available).map((s) => s.time)).toEqual(['09:00', '09:30', '10:00', '10:30'])
    // Without products (or without windows) the slots are as they were.
    expect(markOutsideWindows('2026-11-24', slotsOn('2026-11-24', { hours, settings: scheduling, now }), [], new Map())).toEqual(slotsOn('2026-11-24', { hours, settings: scheduling, now }))
  })
})
