/**
 * The drawing of a link preview, as SVG for resvg: the chile-red panel on the left with
 * the words (the restaurant's name, or the dish's name and price), the photo on the
 * right under the panel's curved edge. 1200x630, the size WhatsApp, Facebook and X show
 * large. Titles are fitted: the largest size at which they wrap into the lines allowed,
 * measured with the font itself; a word too long even then is cut with '…'.
 */
import type { ResvgRenderOptions } from '@resvg/resvg-wasm'
import { inkWidth } from './og-codecs.server'
import { PREVIEW_FONT_FAMILY, previewFonts } from './og-font.server'

export const PREVIEW_WIDTH = 1200
export const PREVIEW_HEIGHT = 630
/** Where the photo goes (the panel overlaps its left edge with its curve). */
export const PHOTO_BOX = { x: 540, y: 0, width: 660, height: 630 } as const

/** What a preview says: the store's (its name and promise) or a dish's (name and price). */
export type PreviewText = {
  /** Small line above the title (a dish's preview: the restaurant's name). */
  eyebrow: string | null
  title: string
  /** Under the title: the store's promise, or null. */
  subtitle: string | null
  /** A dish's price line ('Q45 · Grande Q55'), or null. */
  price: string | null
  /** The call to action in the yellow pill. */
  action: string
}

const COLORS = { panel: '#b3261e', panelDark: '#8f1d17', cream: '#fff4df', soft: '#fdecc0', corn: '#f6c343', cacao: '#3b2506' }
const TEXT_X = 64
const TEXT_WIDTH = 470

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const fontOptions = async (): Promise<ResvgRenderOptions> => ({ font: { fontBuffers: await previewFonts(), defaultFontFamily: PREVIEW_FONT_FAMILY } })

/** Width of `text` at 100 px in the given weight. */
async function measure(text: string, weight: 600 | 900, options: ResvgRenderOptions): Promise<number> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="200"><text x="0" y="150" font-family="${PREVIEW_FONT_FAMILY}" font-weight="${weight}" font-size="100">${escapeXml(text)}</text></svg>`
  return inkWidth(svg, options)
}

type Fitted = { lines: string[]; size: number }

/**
 * Greedy wrapping at the largest size from `max` down to `min` (step 4) that gives at most
 * `maxLines` lines of at most `width` px. Widths are measured once per word at 100 px and
 * scaled (the font is drawn without hinting, so width is linear in size).
 */
export async function fitText(text: string, weight: 600 | 900, { max, min, maxLines, width }: { max: number; min: number; maxLines: number; width: number }): Promise<Fitted> {
  const options = await fontOptions()
  const words = text.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return { lines: [], size: max }
  const widths = await Promise.all(words.map((w) => measure(w, weight, options)))
  const space = ((await measure('n n', weight, options)) - (await measure('nn', weight, options))) || 25
  const wrap = (size: number): string[] | null => {
    const scale = size / 100
    const lines: string[] = []
    let line = ''
    let lineWidth = 0
    for (const [i, word] of words.entries()) {
      const w = (widths[i] ?? 0) * scale
      if (w > width) return null
      if (line && lineWidth + space * scale + w <= width) {
        line += ` ${word}`
        lineWidth += space * scale + w
      } else {
        if (line) lines.push(line)
        line = word
        lineWidth = w
      }
    }
    lines.push(line)
    return lines.length <= maxLines ? lines : null
  }
  for (let size = max; size >= min; size -= 4) {
    const lines = wrap(size)
    if (lines) return { lines: balanced(words, widths, space, lines.length), size }
  }
  // Too long even at `min`: as many words as fit, the last line cut with '…'.
  return { lines: await cutToFit(words, widths, space, min, maxLines, width, weight, options), size: min }
}

/**
 * The same words in `count` lines with the longest line as short as can be ('Los mejores
 * chilaquiles / de Guatemala', not a lone word under a full line). Widths at any one size
 * compare alike, so the 100 px measures do.
 */
function balanced(words: string[], widths: number[], space: number, count: number): string[] {
  const span = (from: number, to: number) => widths.slice(from, to).reduce((sum, w) => sum + w, 0) + space * (to - from - 1)
  let best: { cuts: number[]; longest: number } = { cuts: [], longest: Number.POSITIVE_INFINITY }
  const search = (from: number, left: number, cuts: number[], longest: number) => {
    if (longest >= best.longest) return
    if (left === 1) {
      const last = Math.max(longest, span(from, words.length))
      if (last < best.longest) best = { cuts, longest: last }
      return
    }
    for (let to = from + 1; to <= words.length - left + 1; to++) search(to, left - 1, [...cuts, to], Math.max(longest, span(from, to)))
  }
  search(0, Math.min(count, words.length), [], 0)
  const bounds = [0, ...best.cuts, words.length]
  return bounds.slice(1).map((to, i) => words.slice(bounds[i], to).join(' '))
}

async function cutToFit(words: string[], widths: number[], space: number, size: number, maxLines: number, width: number, weight: 600 | 900, options: ResvgRenderOptions): Promise<string[]> {
  const scale = size / 100
  const lines: string[][] = []
  let lineWidth = 0
  for (const [i, word] of words.entries()) {
    const w = (widths[i] ?? 0) * scale
    const line = lines.at(-1)
    if (line && lineWidth + space * scale + w <= width) {
      line.push(word)
      lineWidth += space * scale + w
    } else {
      lines.push([word])
      lineWidth = w
    }
  }
  const shown = lines.slice(0, maxLines)
  const last = shown.at(-1) ?? []
  const fits = async (text: string) => (await measure(text, weight, options)) * scale <= width
  // Whole words first ('deshebrado…'), letters only when one word alone is too wide.
  const ending = (kept: string[]) => `${kept.join(' ').replace(/[\s,;:.·-]+$/, '')}…`
  while (last.length > 1 && !(await fits(ending(last)))) last.pop()
  const cut = async (text: string) => {
    while (text.length > 2 && !(await fits(text))) text = `${text.slice(0, -2).trimEnd()}…`
    return text
  }
  const before = await Promise.all(shown.slice(0, -1).map(async (l) => ((await fits(l.join(' '))) ? l.join(' ') : cut(`${l.join(' ')}…`))))
  return [...before, await cut(ending(last))]
}

type Block = { height: number; draw: (top: number) => string }

const textLines = (lines: string[], size: number, weight: 600 | 900, fill: string, lineHeight: number): Block => ({
  height: lines.length * lineHeight,
  draw: (top) =>
    lines
      .map(
        (line, i) =>
          `<text x="${TEXT_X}" y="${(top + i * lineHeight + size * 0.82).toFixed(1)}" font-family="${PREVIEW_FONT_FAMILY}" font-weight="${weight}" font-size="${size}" fill="${fill}">${escapeXml(line)}</text>`,
      )
      .join(''),
})

const gap = (height: number): Block => ({ height, draw: () => '' })

async function actionPill(label: string): Promise<Block> {
  const size = 30
  const width = ((await measure(label, 600, await fontOptions())) * size) / 100 + 56
  return {
    height: 64,
    draw: (top) =>
      `<rect x="${TEXT_X}" y="${top}" width="${width.toFixed(1)}" height="64" rx="32" fill="${COLORS.corn}"/>` +
      `<text x="${TEXT_X + 28}" y="${top + 42}" font-family="${PREVIEW_FONT_FAMILY}" font-weight="600" font-size="${size}" fill="${COLORS.cacao}">${escapeXml(label)}</text>`,
  }
}

/**
 * What goes in PHOTO_BOX: an SVG photo of our own (as a data: URL) drawn there; 'raster': the
 * box left transparent, for a raster photo to be put under the rendered pixels
 * (og-image.server.ts); 'none': no photo at all, the box is the card's own pattern (masa
 * cream with corn dots), which no one takes for a dish.
 */
export type PhotoSlot = { href: string } | 'raster' | 'none'

/** The card's pattern where a photo would be: a dot every 42 px on masa cream. */
export const NO_PHOTO_FILL = COLORS.soft
const noPhoto = (x: number, y: number, width: number, height: number) =>
  '<pattern id="dots" width="42" height="42" patternUnits="userSpaceOnUse">' +
  `<circle cx="21" cy="21" r="5" fill="${COLORS.corn}" fill-opacity="0.55"/></pattern>` +
  `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="${NO_PHOTO_FILL}"/>` +
  `<rect x="${x}" y="${y}" width="${width}" height="${height}" fill="url(#dots)"/>`

/** The preview's SVG, with `photo` in PHOTO_BOX under the panel's curved edge. */
export async function previewSvg(text: PreviewText, photo: PhotoSlot): Promise<string> {
  const blocks: Block[] = []
  if (text.eyebrow) {
    const eyebrow = await fitText(text.eyebrow, 600, { max: 32, min: 24, maxLines: 1, width: TEXT_WIDTH })
    blocks.push(textLines(eyebrow.lines, eyebrow.size, 600, COLORS.soft, eyebrow.size * 1.2), gap(14))
  }
  const title = await fitText(text.title, 900, { max: text.eyebrow ? 80 : 96, min: 44, maxLines: 3, width: TEXT_WIDTH })
  blocks.push(textLines(title.lines, title.size, 900, COLORS.cream, title.size * 1.04))
  if (text.subtitle) {
    const subtitle = await fitText(text.subtitle, 600, { max: 34, min: 26, maxLines: 2, width: TEXT_WIDTH })
    blocks.push(gap(18), textLines(subtitle.lines, subtitle.size, 600, COLORS.soft, subtitle.size * 1.25))
  }
  if (text.price) {
    const price = await fitText(text.price, 900, { max: 52, min: 32, maxLines: 1, width: TEXT_WIDTH })
    blocks.push(gap(20), textLines(price.lines, price.size, 900, COLORS.corn, price.size * 1.1))
  }
  blocks.push(gap(34), await actionPill(text.action))

  const height = blocks.reduce((sum, b) => sum + b.height, 0)
  let top = Math.max(48, (PREVIEW_HEIGHT - height) / 2)
  const drawn = blocks.map((block) => {
    const out = block.draw(top)
    top += block.height
    return out
  })
  const { x, y, width, height: photoHeight } = PHOTO_BOX
  // The panel's right edge: a soft wave over the photo's left edge.
  const panel = 'M0 0H612C548 170 668 450 596 630H0Z'
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">` +
    '<defs>' +
    `<linearGradient id="panel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${COLORS.panel}"/><stop offset="1" stop-color="${COLORS.panelDark}"/></linearGradient>` +
    '</defs>' +
    (photo === 'none'
      ? noPhoto(x, y, width, photoHeight)
      : photo === 'raster'
        ? ''
        : `<image x="${x}" y="${y}" width="${width}" height="${photoHeight}" preserveAspectRatio="xMidYMid slice" href="${photo.href}"/>`) +
    // A soft shadow on the photo: the edge drawn a few times, shifted and faint (a blur filter costs ~200 ms here).
    [14, 10, 6, 3].map((dx) => `<path d="${panel}" transform="translate(${dx} 0)" fill="#2b1a12" fill-opacity="0.09"/>`).join('') +
    `<path d="${panel}" fill="url(#panel)"/>` +
    drawn.join('') +
    '</svg>'
  )
}

export const previewFontOptions = fontOptions
