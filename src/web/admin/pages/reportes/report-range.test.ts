import { describe, expect, test } from 'bun:test'
import { presetRange } from './report-range'

describe('report ranges, in restaurant days', () => {
  test("'Hoy', 'Esta semana' from Monday, 'Este mes' from the 1st; Guatemala's day even late at night UTC", () => {
    const wednesdayNight = new Date('2026-11-26T03:00:00Z') // Wednesday 25, 21:00 in Guatemala
    expect(presetRange('hoy', wednesdayNight)).toEqual({ from: '2026-11-25', to: '2026-11-25' })
    expect(presetRange('semana', wednesdayNight)).toEqual({ from: '2026-11-23', to: '2026-11-25' })
    expect(presetRange('mes', wednesdayNight)).toEqual({ from: '2026-11-01', to: '2026-11-25' })
    expect(presetRange('semana', new Date('2026-11-23T18:00:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-23' }) // a Monday
    expect(presetRange('semana', new Date('2026-11-29T18:00:00Z'))).toEqual({ from: '2026-11-23', to: '2026-11-29' }) // a Sunday
  })
})
