/**
 * GET /api/menu/export: one row per product in the columns of MENU_SHEET_COLUMNS, as CSV
 * (UTF-8 with a BOM, every text quoted and formula-neutralised: http/csv.server.ts) or XLSX
 * (exceljs; its texts neutralised the same way, so a copy saved as CSV stays safe). Importing
 * the file unchanged changes nothing (menu-rows.server.ts reads back every value written here).
 */
import ExcelJS from 'exceljs'
import type { Product } from '../../shared/schemas/product'
import { MENU_SHEET_COLUMNS } from '../../shared/schemas/menu-sheet'
import { type CsvCell, csvText, neutralised } from '../http/csv.server'
import type { MenuState } from './menu-rows.server'
import { folded } from './menu-rows.server'

/** A category as the sheet names it: its name when no other category could be read for it, else its slug. */
function categoryNames(state: MenuState): Map<string, string> {
  const slugs = new Set(state.categories.map((c) => c.slug))
  const count = new Map<string, number>()
  for (const c of state.categories) count.set(folded(c.name), (count.get(folded(c.name)) ?? 0) + 1)
  return new Map(state.categories.map((c) => [c.slug, count.get(folded(c.name)) === 1 && (!slugs.has(c.name) || c.name === c.slug) ? c.name : c.slug]))
}

export function menuRows(state: MenuState): CsvCell[][] {
  const categories = categoryNames(state)
  const groups = new Map(state.groups.map((g) => [g.id, g.name]))
  return state.products.map((p: Product) => [
    p.id,
    p.name,
    categories.get(p.category) ?? p.category,
    p.description,
    p.price,
    p.priceGrande,
    p.available ? 'sí' : 'no',
    p.displayOrder,
    p.dailyLimit,
    p.optionGroupIds.flatMap((id) => groups.get(id) ?? []).join('|'),
    p.image,
  ])
}

export const menuCsv = (state: MenuState): string => csvText([...MENU_SHEET_COLUMNS], menuRows(state))

export async function menuXlsx(state: MenuState): Promise<Uint8Array<ArrayBuffer>> {
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('Menú')
  sheet.addRow([...MENU_SHEET_COLUMNS])
  sheet.getRow(1).font = { bold: true }
  for (const row of menuRows(state)) sheet.addRow(row.map((cell) => (typeof cell === 'string' ? neutralised(cell) : cell)))
  sheet.columns.forEach((column, i) => {
    column.width = [6, 32, 18, 48, 9, 13, 11, 7, 18, 28, 40][i] ?? 12
  })
  return new Uint8Array(await book.xlsx.writeBuffer())
}
