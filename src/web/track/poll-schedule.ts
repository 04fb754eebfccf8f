/**
 * When a tracking page without its stream (refused: the instance is full; or dropped) asks
 * again (issue #44). Thousands of pages refused in the same second must not come back in the
 * same second, every 15 s, for ever: each wait is drawn at random in the upper half of a
 * ceiling that doubles from 15 s to 60 s while the stream stays refused. Each poll fetches the
 * page and tries the stream again, so a page returns to it as soon as there is room.
 */
export const POLL_FIRST_MS = 15_000
export const POLL_MAX_MS = 60_000

/** The wait before poll number `attempt` (0 the first after a refusal), in ms. */
export function pollDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(POLL_MAX_MS, POLL_FIRST_MS * 2 ** Math.max(0, attempt))
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}
