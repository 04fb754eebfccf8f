import { describe, expect, test } from 'bun:test'
import { STATUS_MAX_AGE_MS, statusValidUntil } from './status-changes'

const now = Date.parse('2026-11-23T12:00:00-06:00')

describe('statusValidUntil', () => {
  test('open until 21:00: valid until the closing-soon hour (20:00) or the max age, whichever comes first', () => {
    const status = { open: true, state: 'open' as const, message: 'Abierto', closesAt: '2026-11-23T21:00:00-06:00' }
    expect(statusValidUntil(status, now)).toBe(now + STATUS_MAX_AGE_MS)
    expect(statusValidUntil(status, now, 24 * 3600_000)).toBe(Date.parse('2026-11-23T20:00:00-06:00'))
  })

  test('closing soon: valid until the closing; closed: until the opening', () => {
    const soon = { open: true, state: 'closing-soon' as const, message: 'Abierto · cierra a las 12:03', closesAt: '2026-11-23T12:03:00-06:00' }
    expect(statusValidUntil(soon, now)).toBe(now + 3 * 60_000)
    const closed = { open: false, state: 'closed' as const, message: 'Cerrado · abrimos hoy a las 12:01', opensAt: '2026-11-23T12:01:00-06:00' }
    expect(statusValidUntil(closed, now)).toBe(now + 60_000)
  })

  test('always open, or nothing parseable: the max age', () => {
    expect(statusValidUntil({ open: true, state: 'open', message: 'Abierto' }, now)).toBe(now + STATUS_MAX_AGE_MS)
    expect(statusValidUntil({ open: false, state: 'paused', message: 'Pausa', opensAt: 'nunca' }, now)).toBe(now + STATUS_MAX_AGE_MS)
  })
})
