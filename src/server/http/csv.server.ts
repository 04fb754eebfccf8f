/**
 * CSV answers (reports, customers): RFC 4180 quoting, a header row, UTF-8 with a BOM so
 * spreadsheet programs read the accents, and formula injection neutralised: a cell that
 * begins with =, +, -, @ (or a tab or carriage return) is written with a leading
 * apostrophe, so a customer named `=HYPERLINK(...)` stays text (OWASP's advice).
 * Numbers are written as numbers: only text cells are neutralised.
 */
export type CsvCell = string | number | null

const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: CsvCell): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function csvText(header: string[], rows: CsvCell[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}

/**
 * The CSV as a download named `filename`, from a route whose declared answer is JSON
 * (`format=csv` of the same call). Elysia sends a Response as it is, unchecked; its type
 * is `never` so the route's handler keeps the JSON answer's type for everything else.
 */
export function csvResponse(filename: string, header: string[], rows: CsvCell[][]): never {
  return csvDownload(filename, header, rows) as never
}

function csvDownload(filename: string, header: string[], rows: CsvCell[][]): Response {
  return new Response(csvText(header, rows), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  })
}
