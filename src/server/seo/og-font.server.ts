/**
 * The typeface drawn on the link previews: Fraunces (SIL Open Font License), from the
 * @fontsource/fraunces package, latin subset (Spanish accents, ñ, ¿ ¡ included). Its files
 * are imported `with { type: 'file' }`, so the release binary carries them (~44 KB) and
 * the server needs no system font and no network.
 *
 * Fontsource ships WOFF and WOFF2 only, and the SVG renderer (resvg) reads plain
 * TrueType/OpenType. WOFF 1.0 is the same tables, each zlib-compressed: unwrapping it is a
 * few lines (below), where WOFF2 would need its glyph transforms undone.
 */
import { inflateSync } from 'node:zlib'
import black from '@fontsource/fraunces/files/fraunces-latin-900-normal.woff' with { type: 'file' }
import semibold from '@fontsource/fraunces/files/fraunces-latin-600-normal.woff' with { type: 'file' }

/** The family name inside the font files: what the preview's SVG asks for. */
export const PREVIEW_FONT_FAMILY = 'Fraunces'

const WOFF_SIGNATURE = 0x774f4646 // 'wOFF'

/** The sfnt (TrueType/OpenType) font wrapped in a WOFF 1.0 file. Throws on anything else. */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength)
  if (woff.byteLength < 44 || view.getUint32(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF 1.0 font')
  const flavor = view.getUint32(4)
  const numTables = view.getUint16(12)
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = []
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20
    const tag = view.getUint32(at)
    const offset = view.getUint32(at + 4)
    const compLength = view.getUint32(at + 8)
    const origLength = view.getUint32(at + 12)
    const checksum = view.getUint32(at + 16)
    const stored = woff.subarray(offset, offset + compLength)
    const data = compLength < origLength ? new Uint8Array(inflateSync(stored)) : stored
    if (data.byteLength !== origLength) throw new Error('damaged WOFF table')
    tables.push({ tag, checksum, data })
  }
  const pad4 = (n: number) => (n + 3) & ~3
  const headerSize = 12 + numTables * 16
  const size = tables.reduce((sum, t) => sum + pad4(t.data.byteLength), headerSize)
  const out = new Uint8Array(size)
  const sfnt = new DataView(out.buffer)
  const power = 2 ** Math.floor(Math.log2(numTables))
  sfnt.setUint32(0, flavor)
  sfnt.setUint16(4, numTables)
  sfnt.setUint16(6, power * 16) // searchRange
  sfnt.setUint16(8, Math.log2(power)) // entrySelector
  sfnt.setUint16(10, numTables * 16 - power * 16) // rangeShift
  let offset = headerSize
  tables.forEach((table, i) => {
    const record = 12 + i * 16
    sfnt.setUint32(record, table.tag)
    sfnt.setUint32(record + 4, table.checksum)
    sfnt.setUint32(record + 8, offset)
    sfnt.setUint32(record + 12, table.data.byteLength)
    out.set(table.data, offset)
    offset += pad4(table.data.byteLength)
  })
  return out
}

let fonts: Promise<Uint8Array[]> | undefined

/** Fraunces Black (900, titles) and SemiBold (600, the rest), as TrueType, read once. */
export const previewFonts = (): Promise<Uint8Array[]> =>
  (fonts ??= Promise.all([black, semibold].map(async (file) => woffToSfnt(await Bun.file(file).bytes()))))
