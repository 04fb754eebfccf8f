/**
 * The sales chart's geometry, pure so it is tested beside it: the chart is drawn at the
 * width it is given on screen (never a fixed drawing scaled down, whose 11 px letters became
 * 5 px on a phone), and shows only as many day labels as fit side by side.
 */

/** Text of the axes and day labels, in CSS pixels: readable on a phone. */
export const LABEL_FONT_PX = 12
/** Room for one day label ('mié 25' at 12 px is about 40 px) and the gap to the next. */
export const LABEL_SLOT_PX = 52

/** A round ceiling for the axis: 1, 2 or 5 times a power of ten. */
export function niceMax(max: number): number {
  if (max <= 0) return 100
  const power = 10 ** Math.floor(Math.log10(max))
  const step = [1, 2, 5, 10].find((m) => m * power >= max) ?? 10
  return step * power
}

/** Every how many days a label is written so that labels never overlap: 1 when all fit. */
export function labelEvery(days: number, plotWidth: number): number {
  const fit = Math.max(1, Math.floor(plotWidth / LABEL_SLOT_PX))
  return Math.max(1, Math.ceil(days / fit))
}

/**
 * The room beside the bars: a day label is centred under its bar, so half a label's room on
 * each side keeps the first and the last whole (the left side also holds the axis figures).
 */
export const CHART_PADDING = { top: 12, right: LABEL_SLOT_PX / 2, bottom: 30, left: 52 } as const
