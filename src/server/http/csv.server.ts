/**
 * CSV answers (reports, customers): a header row, UTF-8 with a BOM so spreadsheet programs
 * read the accents, every text field quoted (RFC 4180), and formula injection neutralised
 * (OWASP's advice): a field that begins with a formula character (=, +, -, @, a tab or a
 * carriage return, or their full-width and small forms, also after leading spaces) gets a
 * leading apostrophe, and so does every such character right after a separator a
 * spreadsheet may split on (, ; tab | or a line break), for a program that splits without honouring quotes:
 * `Juan;=cmd|' /C calc'!A0` stays text. Numbers are written as numbers.
 */
export type CsvCell = string | number | null

// = + - @ and their full-width (U+FF1D U+FF0B U+FF0D U+FF20) and small (U+FE66 U+FE62 U+FE63 U+FE6B) forms.
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/
const FORMULA_AFTER_SEPARATOR = /([,;\t|\r\n]\s*)(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/g

/** A text a spreadsheet reads as text, never as a formula (the apostrophes described above). */
export function neutralised(value: string): string {
  const inner = value.replace(FORMULA_AFTER_SEPARATOR, "$1'")
  return FORMULA_START.test(inner) ? `'${inner}` : inner
}

const NEUTRALISED_START = /^'(?=[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/
const NEUTRALISED_AFTER_SEPARATOR = /([,;\t|\r\n]\s*)'(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/g

/** The text `neutralised` was given: what an import reads back from an export (menu import, issue #42). */
export function unneutralised(value: string): string {
  return value.replace(NEUTRALISED_START, '').replace(NEUTRALISED_AFTER_SEPARATOR, '$1')
}

export function csvCell(value: CsvCell): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  return `"${neutralised(value).replaceAll('"', '""')}"`
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
