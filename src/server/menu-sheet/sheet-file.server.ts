/**
 * The bytes an owner uploads, as rows of text cells: CSV (csv-parse) or XLSX (exceljs), told
 * apart by their bytes, not their name. CSV: UTF-8 with or without a BOM, else Windows-1252
 * (what a Spanish Excel's "CSV" saves); the delimiter `,` `;` or tab, whichever the header row
 * uses most. Rows keep the spreadsheet's numbers (the header is row 1).
 */
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { HttpError } from '../http/errors.server'
import { checkZip, NOT_A_WORKBOOK } from './zip-guard.server'

/** A cell as text, or a formula (refused by the import: it names what to compute, not a value). */
export type SheetCell = string | { formula: string }
export type SheetRow = { row: number; cells: SheetCell[] }

/** More dishes than any menu; the benchmark imports 2,000. */
export const MAX_SHEET_ROWS = 5000
export const TOO_MANY_ROWS = `El archivo tiene más de ${MAX_SHEET_ROWS} filas; divide el menú en varios archivos`
export const NOT_A_SHEET = 'El archivo no es una hoja de cálculo legible: usa CSV o Excel (.xlsx)'
const MAX_CELL_CHARS = 10_000

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04

export async function readSheet(bytes: Uint8Array): Promise<SheetRow[]> {
  if (bytes.length === 0) throw new HttpError(400, 'El archivo está vacío')
  return isZip(bytes) ? readWorkbook(bytes) : readCsv(bytes)
}

/** UTF-8 (BOM or not) when the bytes are valid UTF-8, else Windows-1252. A binary file is refused. */
export function decodeText(bytes: Uint8Array): string {
  // Text never holds NUL, and hardly any other control character: a binary renamed .csv does.
  let controls = 0
  for (const b of bytes.subarray(0, 64 * 1024)) {
    if (b === 0) throw new HttpError(400, NOT_A_SHEET)
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) controls++
  }
  if (controls > 8) throw new HttpError(400, NOT_A_SHEET)
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}

/** The delimiter the header row uses most (outside quotes): `;` from a Spanish Excel, tab from a copy, else `,`. */
export function delimiterOf(text: string): string {
  const counts = new Map<string, number>([[',', 0], [';', 0], ['\t', 0]])
  let quoted = false
  for (const ch of text.slice(0, 64 * 1024)) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1)
  }
  let best = ','
  for (const [ch, n] of counts) if (n > (counts.get(best) ?? 0)) best = ch
  return best
}

function readCsv(bytes: Uint8Array): SheetRow[] {
  const text = decodeText(bytes)
  let records: string[][]
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      // Stops reading once past the limit: 100,000 rows cost no more than 5,001.
      to: MAX_SHEET_ROWS + 2,
      max_record_size: MAX_CELL_CHARS * 4,
    }) as string[][]
  } catch (error) {
    const line = typeof error === 'object' && error !== null && 'lines' in error ? Number(error.lines) : Number.NaN
    throw new HttpError(400, Number.isFinite(line) ? `El CSV no se puede leer cerca de la línea ${line} (¿una comilla sin cerrar?)` : NOT_A_SHEET)
  }
  if (records.length > MAX_SHEET_ROWS + 1) throw new HttpError(413, TOO_MANY_ROWS)
  return records.map((cells, i) => ({ row: i + 1, cells }))
}

/** A cell's value as the owner sees it; a formula is kept apart. */
function cellText(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if ('formula' in value || 'sharedFormula' in value) return { formula: 'formula' in value ? String(value.formula) : String(value.sharedFormula) }
  if ('richText' in value) return value.richText.map((part) => part.text).join('')
  if ('text' in value) return typeof value.text === 'string' ? value.text : cellText(value.text)
  if ('error' in value) return String(value.error)
  return ''
}

async function readWorkbook(bytes: Uint8Array): Promise<SheetRow[]> {
  const names = checkZip(bytes)
  if (!names.includes('xl/workbook.xml')) throw new HttpError(400, NOT_A_WORKBOOK)
  const book = new ExcelJS.Workbook()
  try {
    await book.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer)
  } catch {
    throw new HttpError(400, NOT_A_WORKBOOK)
  }
  const sheet = book.worksheets[0]
  if (!sheet) throw new HttpError(400, 'El libro de Excel no tiene hojas')
  if (sheet.rowCount > MAX_SHEET_ROWS + 1) throw new HttpError(413, TOO_MANY_ROWS)
  const width = sheet.getRow(1).cellCount
  const rows: SheetRow[] = []
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r)
    const cells: SheetCell[] = []
    for (let c = 1; c <= Math.max(width, row.cellCount); c++) cells.push(cellText(row.getCell(c).value))
    rows.push({ row: r, cells })
  }
  return rows
}
