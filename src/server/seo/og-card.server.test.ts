/**
 * The preview's words are drawn with the embedded font (the WOFF unwrapped for resvg) and
 * fitted: the largest size that wraps into the lines allowed, balanced, and a title too long
 * even at the smallest size is cut at a word with '…', never drawn over the photo.
 */
import { describe, expect, test } from 'bun:test'
import { fitText } from './og-card.server'
import { inkWidth } from './og-codecs.server'
import { PREVIEW_FONT_FAMILY, previewFonts, woffToSfnt } from './og-font.server'

const width = async (text: string, size: number, weight: 600 | 900 = 900) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="300"><text x="0" y="200" font-family="${PREVIEW_FONT_FAMILY}" font-weight="${weight}" font-size="${size}">${text}</text></svg>`
  return inkWidth(svg, { font: { fontBuffers: await previewFonts(), defaultFontFamily: PREVIEW_FONT_FAMILY } })
}

describe('the preview font', () => {
  test('the WOFF files unwrap to TrueType that resvg draws: text has width, twice the size twice the width', async () => {
    const [black] = await previewFonts()
    expect([...(black ?? new Uint8Array()).subarray(0, 4)]).toEqual([0, 1, 0, 0]) // TrueType outlines
    const small = await width('Chapín', 50)
    expect(small).toBeGreaterThan(100)
    expect((await width('Chapín', 100)) / small).toBeCloseTo(2, 1)
    expect(() => woffToSfnt(new Uint8Array(64))).toThrow()
  })
})

describe('fitText', () => {
  const box = { max: 96, min: 44, maxLines: 3, width: 470 }

  test('a short name at the largest size, on one line', async () => {
    expect(await fitText('Horchata', 900, box)).toEqual({ lines: ['Horchata'], size: 96 })
  })

  test('lines are balanced and every line fits the width', async () => {
    const fitted = await fitText('Los mejores chilaquiles de Guatemala', 600, { max: 34, min: 26, maxLines: 2, width: 470 })
    expect(fitted.lines).toEqual(['Los mejores chilaquiles', 'de Guatemala'])
    for (const line of fitted.lines) expect(await width(line, fitted.size, 600)).toBeLessThanOrEqual(470)
  })

  test('too long even at the smallest size: three lines, the last cut at a word with …, none wider than the box', async () => {
    const fitted = await fitText('Chilaquiles de la casa con pollo deshebrado, crema y queso fresco de Zacapa y frijoles', 900, box)
    expect(fitted.size).toBe(44)
    expect(fitted.lines).toHaveLength(3)
    expect(fitted.lines[2]).toEndWith('…')
    expect(fitted.lines[2]).not.toMatch(/[,\s]…$/)
    for (const line of fitted.lines) expect(await width(line, 44)).toBeLessThanOrEqual(470)
  })

  test('one word wider than the box is cut by letters', async () => {
    const fitted = await fitText('Superextraordinariamenteespectaculares', 900, box)
    expect(fitted.lines).toHaveLength(1)
    expect(fitted.lines[0]).toEndWith('…')
    expect(await width(fitted.lines[0] ?? '', 44)).toBeLessThanOrEqual(470)
  })
})
