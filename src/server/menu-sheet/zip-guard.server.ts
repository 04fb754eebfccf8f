/**
 * An .xlsx is a zip: before exceljs opens one, its entries are counted and inflated here with
 * a cap, so a zip bomb (a few KB that inflate to gigabytes) or an entry that lies about its
 * size is refused with bounded memory and time. exceljs then inflates the same bytes, now
 * known to stay within MAX_UNZIPPED_BYTES.
 */
import { inflateRawSync } from 'node:zlib'
import { HttpError } from '../http/errors.server'

/** What a menu's workbook inflates to: 2,000 dishes are about 2 MB of sheet XML. */
export const MAX_UNZIPPED_BYTES = 24 * 1024 * 1024
const MAX_ENTRIES = 500

const EOCD = 0x06054b50
const CENTRAL = 0x02014b50
const LOCAL = 0x04034b50

export const NOT_A_WORKBOOK = 'El archivo no es un libro de Excel (.xlsx) legible'
export const UNZIPS_TOO_LARGE = 'El libro de Excel descomprimido es demasiado grande (máximo 24 MB); divide el menú en varios archivos'

const broken = () => new HttpError(400, NOT_A_WORKBOOK)

/** The entries' names, after checking every entry inflates to no more than it declares and all of them to at most the cap. */
export function checkZip(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let end = -1
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (view.getUint32(at, true) === EOCD) {
      end = at
      break
    }
  }
  if (end < 0) throw broken()
  const count = view.getUint16(end + 10, true)
  const directoryAt = view.getUint32(end + 16, true)
  // ZIP64 (0xFFFF entries, 0xFFFFFFFF offsets) is never needed by a menu.
  if (count === 0xffff || directoryAt === 0xffffffff) throw broken()
  if (count > MAX_ENTRIES) throw new HttpError(400, NOT_A_WORKBOOK)

  const names: string[] = []
  let declaredTotal = 0
  const entries: { method: number; compressed: number; size: number; local: number }[] = []
  let at = directoryAt
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) throw broken()
    const method = view.getUint16(at + 10, true)
    const compressed = view.getUint32(at + 20, true)
    const size = view.getUint32(at + 24, true)
    const nameLength = view.getUint16(at + 28, true)
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true)
    const local = view.getUint32(at + 42, true)
    names.push(new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)))
    declaredTotal += size
    if (declaredTotal > MAX_UNZIPPED_BYTES) throw new HttpError(413, UNZIPS_TOO_LARGE)
    entries.push({ method, compressed, size, local })
    at += 46 + skip
  }
  for (const entry of entries) {
    if (entry.local + 30 > bytes.length || view.getUint32(entry.local, true) !== LOCAL) throw broken()
    const start = entry.local + 30 + view.getUint16(entry.local + 26, true) + view.getUint16(entry.local + 28, true)
    if (start + entry.compressed > bytes.length) throw broken()
    const data = bytes.subarray(start, start + entry.compressed)
    if (entry.method === 0) {
      if (entry.compressed !== entry.size) throw broken()
    } else if (entry.method === 8) {
      let inflated: Buffer
      try {
        // Stops as soon as the output passes what the entry declared: a liar never fills memory.
        inflated = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) })
      } catch {
        throw broken()
      }
      if (inflated.length !== entry.size) throw broken()
    } else {
      throw broken()
    }
  }
  return names
}
