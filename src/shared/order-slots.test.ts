import { describe, expect, test } from 'bun:test'
import { DEFAULT_ORDER_SETTINGS, type OrderSettings, SCHEDULE_REFUSALS, scheduleRefusal, schedulableDates, scheduledLabel, slotsOn } from './order-slots'
import type { OpeningHours, WeekSchedule } from './store-hours'

// 2026-11-23 is a Monday. Guatemala is UTC-6 all year: 16:20Z is 10:20 there.
const at = (gt: string) => new Date(`${gt}:00-06:00`)
const none = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }
const hours = (week: Partial<WeekSchedule>, over: Partial<OpeningHours> = {}): OpeningHours => ({
  timezone: 'America/Guatemala',
  week: { ...none, ...week },
  closedDates: [],
  paused: false,
  ...over,
})
const settings = (scheduling: Partial<OrderSettings['scheduling']> = {}, over: Partial<OrderSettings> = {}): OrderSettings => ({
  ...DEFAULT_ORDER_SETTINGS,
  ...over,
  scheduling: { ...DEFAULT_ORDER_SETTINGS.scheduling, enabled: true, ...scheduling },
})
const times = (slots: { time: string }[]) => slots.map((s) => s.time)

const splitShift = hours({ mon: [{ open: '08:00', close: '11:00' }, { open: '17:00', close: '21:00' }], tue: [{ open: '08:00', close: '11:00' }] })

describe('the slots of a day', () => {
  test('split shifts: every start inside each range, stepping from its opening', () => {
    const slots = slotsOn('2026-11-23', { hours: splitShift, settings: settings({ slotMinutes: 30 }), now: at('2026-11-23T06:00') })
    expect(times(slots)).toEqual(['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30'])
    expect(slots.every((s) => s.available)).toBe(true)
  })

  test('the last slot starts before the closing, never at it', () => {
    const h = hours({ mon: [{ open: '08:00', close: '09:00' }] })
    expect(times(slotsOn('2026-11-23', { hours: h, settings: settings({ slotMinutes: 20 }), now: at('2026-11-23T06:00') }))).toEqual(['08:00', '08:20', '08:40'])
  })

  test('a range past midnight carries its starts into the next day; a closed date keeps that spill but loses its own ranges', () => {
    const h = hours({ fri: [{ open: '22:00', close: '02:00' }], sat: [{ open: '10:00', close: '11:00' }] }, { closedDates: ['2026-11-28'] })
    const context = { hours: h, settings: settings({ slotMinutes: 30, daysAhead: 7 }), now: at('2026-11-23T06:00') }
    expect(times(slotsOn('2026-11-27', context))).toEqual(['22:00', '22:30', '23:00', '23:30'])
    expect(times(slotsOn('2026-11-28', context))).toEqual(['00:00', '00:30', '01:00', '01:30'])
  })

  test('no earlier than now + the preparation time, also near a range\'s end', () => {
    const context = { hours: splitShift, settings: settings({ slotMinutes: 15 }), now: at('2026-11-23T10:20') }
    expect(times(slotsOn('2026-11-23', context)).slice(0, 3)).toEqual(['10:45', '17:00', '17:15']) // 10:40 is the earliest; 10:30 is gone
  })

  test("'Más tiempo' moves the first slot while it lasts", () => {
    const rush = { extraMinutes: 30, until: at('2026-11-23T11:20').toISOString() }
    const context = { hours: splitShift, settings: settings({ slotMinutes: 15 }, { rush }), now: at('2026-11-23T10:20') }
    expect(times(slotsOn('2026-11-23', context))[0]).toBe('17:00')
    expect(times(slotsOn('2026-11-23', { ...context, now: at('2026-11-23T11:21') }))[0]).toBe('17:00') // no morning left anyway
    const early = { ...context, now: at('2026-11-23T08:00'), settings: settings({ slotMinutes: 15 }, { rush: { extraMinutes: 30, until: at('2026-11-23T09:00').toISOString() } }) }
    expect(times(slotsOn('2026-11-23', early))[0]).toBe('09:00') // 8:00 + 20 + 30 = 8:50: the next quarter
  })

  test('daysAhead bounds the days; yesterday and scheduling off offer nothing', () => {
    const context = { hours: splitShift, settings: settings({ slotMinutes: 30, daysAhead: 0 }), now: at('2026-11-23T06:00') }
    expect(slotsOn('2026-11-24', context)).toEqual([])
    expect(slotsOn('2026-11-22', context)).toEqual([])
    expect(slotsOn('2026-11-24', { ...context, settings: settings({ slotMinutes: 30, daysAhead: 1 }) })).toHaveLength(6)
    expect(slotsOn('2026-11-23', { ...context, settings: { ...DEFAULT_ORDER_SETTINGS } })).toEqual([])
    expect(schedulableDates({ ...context, settings: settings({ daysAhead: 3 }) })).toEqual(['2026-11-23', '2026-11-24']) // wed, thu closed
  })

  test('the pause: open-ended offers nothing today and the next days as usual; with an end, nothing before it', () => {
    const context = { settings: settings({ slotMinutes: 30, daysAhead: 2 }), now: at('2026-11-23T06:00') }
    const paused = { ...context, hours: { ...splitShift, paused: true } }
    expect(slotsOn('2026-11-23', paused)).toEqual([])
    expect(slotsOn('2026-11-24', paused)).toEqual(slotsOn('2026-11-24', { ...context, hours: splitShift }))
    expect(schedulableDates(paused)).toEqual(['2026-11-24'])
    const until = { ...splitShift, paused: true, pausedUntil: at('2026-11-23T18:00').toISOString() }
    expect(times(slotsOn('2026-11-23', { ...context, hours: until }))[0]).toBe('18:00')
  })

  test('no schedule saved (always open): every slot of the day after the preparation time', () => {
    const slots = slotsOn('2026-11-23', { hours: null, settings: settings({ slotMinutes: 30 }), now: at('2026-11-23T22:00') })
    expect(times(slots)).toEqual(['22:30', '23:00', '23:30'])
  })

  test('a slot holding maxOrdersPerSlot orders is shown, unavailable', () => {
    const slots = slotsOn('2026-11-23', { hours: splitShift, settings: settings({ slotMinutes: 30, maxOrdersPerSlot: 2 }), now: at('2026-11-23T06:00'), taken: { '08:00': 2, '08:30': 1 } })
    expect(slots.slice(0, 2)).toEqual([
      { time: '08:00', available: false },
      { time: '08:30', available: true },
    ])
  })

  test('the process\'s own time zone changes nothing', async () => {
    const code = `
      const { slotsOn, DEFAULT_ORDER_SETTINGS } = await import(${JSON.stringify(`${import.meta.dir}/order-slots.ts`)})
      const hours = { timezone: 'America/Guatemala', week: { mon: [{ open: '08:00', close: '11:00' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }, closedDates: [], paused: false }
      const settings = { ...DEFAULT_ORDER_SETTINGS, scheduling: { ...DEFAULT_ORDER_SETTINGS.scheduling, enabled: true } }
      console.log(JSON.stringify(slotsOn('2026-11-23', { hours, settings, now: new Date('2026-11-23T15:00:00Z') })))`
    const outputs = await Promise.all(
      ['Asia/Tokyo', 'UTC', 'America/Los_Angeles'].map(async (tz) => {
        const proc = Bun.spawn(['bun', '-e', code], { env: { ...process.env, TZ: tz }, stdout: 'pipe' })
        return (await new Response(proc.stdout).text()).trim()
      }),
    )
    expect(new Set(outputs).size).toBe(1)
    expect(JSON.parse(outputs[0] ?? '[]')[0]).toEqual({ time: '09:30', available: true }) // 9:00 + 20 min, next quarter
  })
})

describe('the checkout\'s refusal of a scheduled time', () => {
  const context = { hours: splitShift, settings: settings({ slotMinutes: 15, daysAhead: 1, maxOrdersPerSlot: 3 }), now: at('2026-11-23T12:00') }
  test('an available slot is accepted while the restaurant is closed now', () => {
    expect(scheduleRefusal('2026-11-23T17:00', context)).toBeNull()
    expect(scheduleRefusal('2026-11-24T08:00', context)).toBeNull()
  })
  test('each refusal says why', () => {
    expect(scheduleRefusal('2026-11-23T17:00', { ...context, settings: DEFAULT_ORDER_SETTINGS })).toBe(SCHEDULE_REFUSALS.off)
    expect(scheduleRefusal('mañana', context)).toBe(SCHEDULE_REFUSALS.malformed)
    expect(scheduleRefusal('2026-11-31T17:00', context)).toBe(SCHEDULE_REFUSALS.malformed)
    expect(scheduleRefusal('2026-11-25T08:00', context)).toBe(SCHEDULE_REFUSALS.tooFar)
    expect(scheduleRefusal('2026-11-23T10:00', context)).toBe(SCHEDULE_REFUSALS.past)
    expect(scheduleRefusal('2026-11-23T12:10', context)).toBe(SCHEDULE_REFUSALS.past)
    expect(scheduleRefusal('2026-11-23T14:00', context)).toBe(SCHEDULE_REFUSALS.notASlot)
    expect(scheduleRefusal('2026-11-23T17:05', context)).toBe(SCHEDULE_REFUSALS.notASlot)
    expect(scheduleRefusal('2026-11-23T17:00', { ...context, taken: { '17:00': 3 } })).toBe(SCHEDULE_REFUSALS.full)
  })
})

describe('how the time reads', () => {
  test("'hoy 19:30', 'mañana 8:15', then the weekday and the day", () => {
    const now = at('2026-11-23T12:00')
    expect(scheduledLabel('2026-11-23T19:30', now)).toBe('hoy 19:30')
    expect(scheduledLabel('2026-11-24T08:15', now)).toBe('mañana 8:15')
    expect(scheduledLabel('2026-11-27T12:00', now)).toBe('viernes 27 12:00')
  })
})
