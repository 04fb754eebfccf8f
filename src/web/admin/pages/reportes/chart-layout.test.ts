import { describe, expect, test } from 'bun:test'
import { CHART_PADDING, LABEL_SLOT_PX, labelEvery, niceMax } from './chart-layout'

describe('the sales chart at the width it has', () => {
  test('the axis ends on a round figure', () => {
    expect([0, 7, 100, 101, 337, 999, 1200, 45_000].map(niceMax)).toEqual([100, 10, 100, 200, 500, 1000, 2000, 50_000])
  })

  test('as many day labels as fit side by side: a week on a laptop all, a month on a phone one in seven', () => {
    expect(labelEvery(7, 1000)).toBe(1)
    expect(labelEvery(7, 262)).toBe(2) // a phone: 5 labels fit, a week needs every other one
    expect(labelEvery(31, 262)).toBe(7)
    expect(labelEvery(1, 10)).toBe(1)
    // Whatever the width, the labels written are at least a label's room apart.
    for (const [days, width] of [[31, 262], [90, 900], [365, 1100], [7, 300], [14, 150]] as const) {
      const step = labelEvery(days, width)
      expect((width / days) * step).toBeGreaterThanOrEqual(LABEL_SLOT_PX)
    }
  })

  test('the first and the last label have half a label of room beside them, so they are never cut', () => {
    expect(CHART_PADDING.left).toBeGreaterThanOrEqual(LABEL_SLOT_PX / 2)
    expect(CHART_PADDING.right).toBeGreaterThanOrEqual(LABEL_SLOT_PX / 2)
  })
})
