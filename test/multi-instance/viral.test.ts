/**
 * Issue #44's evening scaled down (scripts/bench-viral.ts, the same code): two instances on one
 * PostgreSQL, 500 open tracking pages, checkouts at 500 a minute and the kitchen moving 20
 * orders a second, for 10 s. What is asserted is that the instances bear it: every page holds
 * its stream to the end, every move reaches its page and no other, nothing answers 5xx. The
 * timings are printed by `bun run bench:viral`, never asserted here.
 */
import { expect, test } from 'bun:test'
import { benchViral } from '../../scripts/bench-viral'

test('500 tracking pages on two instances through 10 s of checkouts and kitchen moves: every stream held, every move on its page, no 5xx', async () => {
  const f = await benchViral({ pages: 500, seconds: 10, checkoutsPerMinute: 500, movesPerSecond: 20, quiet: true })
  expect(f.held).toBe(500)
  expect(f.refused).toBe(0)
  expect(f.newHeld).toBe(f.newPages)
  expect(f.droppedByServer).toBe(0)
  expect(f.movesFailed).toBe(0)
  expect(f.movesOnStreams).toBeGreaterThan(100)
  expect(f.missed).toBe(0)
  expect(f.otherOrders).toBe(0)
  expect(f.checkouts.failed).toBe(0)
  expect(f.checkouts.count).toBeGreaterThan(40)
  expect(f.fiveHundreds).toBe(0)
}, 180_000)
