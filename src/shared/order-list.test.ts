import { describe, expect, test } from 'bun:test'
import { type OrderSummary, boardCounts, dueUntil, emptySummary, isUpcoming } from './order-list'

// 18:00 on 23 November in Guatemala (UTC-6).
const NOW = new Date('2026-11-24T00:00:00.000Z')

describe('orders for later: due or still waiting (one rule for the board and the summary)', () => {
  test("due once its time is within the preparation time; 'Más tiempo' brings more in", () => {
    expect(dueUntil(NOW, 20)).toBe('2026-11-23T18:20')
    expect(isUpcoming('2026-11-23T18:21', NOW, 20)).toBe(true)
    expect(isUpcoming('2026-11-23T18:20', NOW, 20)).toBe(false)
    expect(isUpcoming('2026-11-23T18:21', NOW, 50)).toBe(false)
    expect(isUpcoming('2026-11-24T08:00', NOW, 20)).toBe(true)
    expect(isUpcoming(null, NOW, 20)).toBe(false) // as soon as possible
  })

  test('the minute counts, not the seconds: 18:00:30 with 20 minutes is still 18:20', () => {
    const later = new Date(NOW.getTime() + 30_000)
    expect(isUpcoming('2026-11-23T18:20', later, 20)).toBe(false)
    expect(isUpcoming('2026-11-23T18:21', later, 20)).toBe(true)
  })

  test('across midnight, the restaurant day the time falls on', () => {
    expect(dueUntil(new Date('2026-11-24T05:50:00.000Z'), 20)).toBe('2026-11-24T00:10')
  })
})

describe("the board's counters say what its tabs hold", () => {
  const summary: OrderSummary = {
    total: 12,
    byStatus: { pending: 3, confirmed: 2, preparing: 1, ready: 1, delivered: 4, cancelled: 1 },
    upcoming: 3,
    upcomingByStatus: { pending: 2, confirmed: 1, preparing: 0, ready: 0, delivered: 0, cancelled: 0 },
    completedToday: 4,
  }

  test("'Pedidos Pendientes 3' with two for tomorrow reads 1: the one in 'Activos'; the two are 'Programados'", () => {
    expect(boardCounts(summary)).toEqual({ pending: 1, inProgress: 3, upcoming: 3, completedToday: 4, total: 12 })
  })

  test('nothing for later: every active order is counted', () => {
    const none = { ...summary, upcoming: 0, upcomingByStatus: emptySummary().upcomingByStatus }
    expect(boardCounts(none)).toEqual({ pending: 3, inProgress: 4, upcoming: 0, completedToday: 4, total: 12 })
  })

  test('a summary from an older instance (rolling upgrade, no upcoming counts): as before, nothing apart', () => {
    const { upcoming: _u, upcomingByStatus: _b, ...older } = summary
    expect(boardCounts(older)).toEqual({ pending: 3, inProgress: 4, upcoming: 0, completedToday: 4, total: 12 })
  })
})
