import { describe, expect, test } from 'bun:test'
import { POLL_FIRST_MS, POLL_MAX_MS, pollDelay } from './poll-schedule'

/** A seeded generator, so the crowd below is the same crowd at every run. */
function seeded(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

describe("a tracking page without its stream: when it polls (issue #44)", () => {
  test('each wait lies in the upper half of a ceiling that doubles from 15 s and stops at 60 s', () => {
    const ceilings = [POLL_FIRST_MS, 2 * POLL_FIRST_MS, 4 * POLL_FIRST_MS, POLL_MAX_MS, POLL_MAX_MS]
    ceilings.forEach((ceiling, attempt) => {
      expect(pollDelay(attempt, () => 0)).toBe(ceiling / 2)
      expect(pollDelay(attempt, () => 0.999_999)).toBeLessThanOrEqual(ceiling)
      expect(pollDelay(attempt, () => 0.999_999)).toBeGreaterThan(ceiling * 0.99)
    })
  })

  test('3,000 pages refused in the same second come back spread out, never in step', () => {
    const random = seeded(44)
    const pages = Array.from({ length: 3000 }, () => 0)
    const perSecond = new Map<number, number>()
    for (let attempt = 0; attempt < 4; attempt++) {
      for (let i = 0; i < pages.length; i++) {
        pages[i] = (pages[i] ?? 0) + pollDelay(attempt, random)
        const second = Math.floor((pages[i] ?? 0) / 1000)
        perSecond.set(second, (perSecond.get(second) ?? 0) + 1)
      }
    }
    // All in step would be 3,000 in one second four times; spread over 7.5-15 s, about 400 at most.
    expect(Math.max(...perSecond.values())).toBeLessThan(600)
    expect(new Set(pages).size).toBeGreaterThan(2500) // in step: 1
  })
})
