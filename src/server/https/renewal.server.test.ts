import { describe, expect, test } from 'bun:test'
import { MAX_CHECK_INTERVAL_MS, nextCheckInMs, renewalDueAt, retryDelayMs, spokenDelay } from './renewal.server'

const day = 86_400_000
const at = (iso: string) => new Date(iso)

describe('renewal schedule', () => {
  test("a 90-day certificate is due 30 days before it expires", () => {
    const due = renewalDueAt({ notBefore: at('2026-11-24T00:00:00Z'), notAfter: at('2027-02-22T00:00:00Z') })
    expect(due.toISOString()).toBe('2027-01-23T00:00:00.000Z')
  })

  test('a certificate that lives 30 days or less is renewed after two thirds of its life, not at once', () => {
    const notBefore = at('2026-11-24T00:00:00Z')
    const due = renewalDueAt({ notBefore, notAfter: new Date(notBefore.getTime() + 6 * day) })
    expect(due.toISOString()).toBe('2026-11-28T00:00:00.000Z')
  })

  test('one second more than 30 days of life: due one second after issue (what the test CA uses to force a renewal)', () => {
    const notBefore = at('2026-11-24T00:00:00Z')
    const due = renewalDueAt({ notBefore, notAfter: new Date(notBefore.getTime() + 30 * day + 1000) })
    expect(due.getTime() - notBefore.getTime()).toBe(1000)
  })

  test('the next look is at the due time, at most 12 hours away, and never in the past', () => {
    const now = at('2026-11-24T00:00:00Z')
    expect(nextCheckInMs(new Date(now.getTime() + 5000), now)).toBe(5000)
    expect(nextCheckInMs(new Date(now.getTime() + 40 * day), now)).toBe(MAX_CHECK_INTERVAL_MS)
    expect(nextCheckInMs(new Date(now.getTime() - day), now)).toBe(0)
  })

  test('failures back off 15 s, 30 s, 1 min, 2 min … and stop growing at one hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([15_000, 30_000, 60_000, 120_000])
    expect(retryDelayMs(9)).toBe(3_600_000)
    expect(retryDelayMs(500)).toBe(3_600_000)
    expect([15_000, 120_000, 3_600_000].map(spokenDelay)).toEqual(['15 s', '2 min', '1 h'])
  })
})
