/**
 * From a sheet's rows to what an import would do (issue #42), without writing: every row is
 * read against the menu as it is (products, categories, option groups) and checked by the
 * shared product schema, the one rule the admin's form and POST /api/products use. Pure: the
 * route reads the menu, plans, and writes only a plan without errors.
 */
import type { Category } from '../../shared/schemas/category'
import { CATEGORY_SLUG } from '../../shared/schemas/category'
import { type Product, type ProductData, productInputSchema } from '../../shared/schemas/product'
import { MENU_SHEET_COLUMNS, type MenuImportError, type MenuSheetColumn } from '../../shared/schemas/menu-sheet'
import type { OptionGroup } from '../../shared/options'
import { unneutralised } from '../http/csv.server'
import type { SheetCell, SheetRow } from './sheet-file.server'

/** Lower case, no accents, spaces collapsed: how names and headers are compared. */
export const folded = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()

/** A new category's slug: its name in lower case without accents, spaces (and anything else) as `-`. */
export const slugOf = (name: string): string =>
  folded(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')

/** A header as a column: any case, accents, spaces or dashes for `_`. */
const columnOf = (header: string): MenuSheetColumn | null => {
  const key = folded(unneutralised(header)).replace(/[\s-]+/g, '_')
  return (MENU_SHEET_COLUMNS as readonly string[]).includes(key) ? (key as MenuSheetColumn) : null
}

/** The schema's field for each column, to name the column of a schema error. */
const FIELD_COLUMN: Record<string, MenuSheetColumn> = {
  name: 'nombre',
  category: 'categoria',
  description: 'descripcion',
  price: 'precio',
  priceGrande: 'precio_grande',
  available: 'disponible',
  displayOrder: 'orden',
  dailyLimit: 'porciones_por_dia',
  optionGroupIds: 'opciones',
}

const YES = new Set(['si', 'true', '1', 'verdadero'])
const NO = new Set(['no', 'false', '0', 'falso'])

/** `Q35`, `35`, `35.00`, `35,00` are 35; `35.50` is refused (whole quetzales); blank is null. */
export function priceOf(text: string): { value: number | null } | { error: string } {
  const plain = text.replace(/\s+/g, '').replace(/^(?:q|gtq)\.?/i, '')
  if (plain === '') return { value: null }
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(plain)
  if (!match) return { error: `'${text.trim()}' no es un precio: escribe quetzales enteros, como 35 o Q35` }
  if (match[2] !== undefined && Number(match[2]) !== 0) return { error: `${text.trim()}: solo quetzales enteros (sin centavos)` }
  return { value: Number(match[1]) }
}

export type MenuState = { products: Product[]; categories: Category[]; groups: OptionGroup[] }

export type NewCategory = { slug: string; name: string }
export type PlannedRow = { row: number; id: number | null; data: ProductData }

export type ImportPlan = {
  creates: PlannedRow[]
  updates: PlannedRow[]
  unchanged: number
  /** Available products the file leaves out (replace): made unavailable, never deleted. */
  hide: number[]
  newCategories: NewCategory[]
  errors: MenuImportError[]
}

const dataOf = (p: Product): ProductData => {
  const { id: _id, ...data } = p
  return data
}

/** Field by field (both sides come from the same schema, so nested values have one key order). */
const same = (a: ProductData, b: ProductData) =>
  (Object.keys(a) as (keyof ProductData)[]).every((key) => JSON.stringify(a[key] ?? null) === JSON.stringify(b[key] ?? null))

export function planImport(rows: SheetRow[], state: MenuState, mode: 'merge' | 'replace'): ImportPlan {
  const errors: MenuImportError[] = []
  const plan: ImportPlan = { creates: [], updates: [], unchanged: 0, hide: [], newCategories: [], errors }
  const [header, ...body] = rows
  if (!header) {
    errors.push({ row: 1, column: '', message: 'El archivo no tiene encabezado: la fila 1 nombra las columnas (nombre, precio…)' })
    return plan
  }

  // Columns: each known once; an unknown one is an error (a typo would otherwise be ignored).
  const columns = new Map<MenuSheetColumn, number>()
  header.cells.forEach((cell, index) => {
    const text = typeof cell === 'string' ? cell.trim() : ''
    if (text === '') return
    const column = columnOf(text)
    if (!column) errors.push({ row: 1, column: text, message: `Columna desconocida '${text}'; las columnas son: ${MENU_SHEET_COLUMNS.join(', ')}` })
    else if (columns.has(column)) errors.push({ row: 1, column: text, message: `La columna ${column} está repetida` })
    else columns.set(column, index)
  })
  if (!columns.has('id') && !columns.has('nombre')) errors.push({ row: 1, column: 'nombre', message: 'Falta la columna nombre (o id)' })
  if (errors.length) return plan

  const byId = new Map(state.products.map((p) => [p.id, p]))
  const byName = new Map<string, Product[]>()
  for (const p of state.products) byName.set(folded(p.name), [...(byName.get(folded(p.name)) ?? []), p])
  const categoryBySlug = new Map(state.categories.map((c) => [c.slug, c.slug]))
  const categoryByName = new Map<string, string>()
  for (const c of state.categories) if (!categoryByName.has(folded(c.name))) categoryByName.set(folded(c.name), c.slug)
  const groupsByName = new Map<string, OptionGroup[]>()
  for (const g of state.groups) groupsByName.set(folded(g.name), [...(groupsByName.get(folded(g.name)) ?? []), g])
  const created = new Map<string, NewCategory>()
  /** The row that named each product already (by id, or by folded name for a new one). */
  const seen = new Map<string, number>()

  for (const { row, cells } of body) {
    const rowErrors: MenuImportError[] = []
    // One error per cell: an `opciones` cell naming a missing group 1,000 times is one mistake to fix, not 1,000 (issue #39).
    const fail = (column: MenuSheetColumn | '', message: string) => {
      if (!rowErrors.some((e) => e.column === column)) rowErrors.push({ row, column, message })
    }
    const read = (column: MenuSheetColumn): string | undefined => {
      const index = columns.get(column)
      if (index === undefined) return undefined
      const cell: SheetCell = cells[index] ?? ''
      if (typeof cell !== 'string') {
        fail(column, 'Esta celda tiene una fórmula; escribe el valor')
        return undefined
      }
      // A formula typed in a CSV: refused like an Excel one (an export's own start with ', removed here).
      if (/^\s*=/.test(cell)) {
        fail(column, 'Esta celda empieza con =, como una fórmula; escribe el valor')
        return undefined
      }
      return unneutralised(cell).trim()
    }
    if (cells.every((cell) => typeof cell === 'string' && cell.trim() === '')) continue

    // Which product: by id, else by name (ignoring case and accents).
    const idText = read('id')
    const name = read('nombre')
    let existing: Product | undefined
    if (idText) {
      const id = /^\d{1,9}$/.test(idText) ? Number(idText) : Number.NaN
      existing = byId.get(id)
      if (!existing) fail('id', Number.isNaN(id) ? `'${idText}' no es un id` : `No existe el producto con id ${idText}; deja el id vacío para uno nuevo`)
    } else if (name) {
      const found = byName.get(folded(name)) ?? []
      if (found.length > 1) fail('nombre', `Hay ${found.length} productos llamados '${name}'; escribe su id`)
      existing = found[0]
    } else if (name !== undefined || idText !== undefined) {
      fail('nombre', 'Este campo es obligatorio')
    }
    const key = existing ? `id:${existing.id}` : name ? `nombre:${folded(name)}` : null
    if (key) {
      const first = seen.get(key)
      if (first !== undefined) fail(existing ? 'id' : 'nombre', `El producto ya está en la fila ${first}`)
      else seen.set(key, row)
    }

    // The product as the row leaves it: the existing one's values, or a new one's defaults.
    const input: Record<string, unknown> = existing
      ? { ...dataOf(existing) }
      : { description: name, optionGroupIds: [], availableSauces: [], baseIngredientIds: [], extraIngredientIds: [] }
    if (name !== undefined) input.name = name
    else if (!existing) fail('nombre', 'Este campo es obligatorio')

    const description = read('descripcion')
    if (description !== undefined && (description !== '' || existing)) input.description = description

    const category = read('categoria')
    if (category) {
      const slug = categoryBySlug.get(category) ?? categoryByName.get(folded(category)) ?? categoryBySlug.get(slugOf(category))
      if (slug) input.category = slug
      else {
        const fresh = slugOf(category)
        if (!CATEGORY_SLUG.test(fresh)) fail('categoria', `'${category}' no sirve como categoría: usa letras o números`)
        else {
          if (!created.has(fresh)) created.set(fresh, { slug: fresh, name: category.slice(0, 60) })
          input.category = fresh
        }
      }
    } else if (!existing) fail('categoria', 'Este campo es obligatorio')

    for (const [column, field] of [
      ['precio', 'price'],
      ['precio_grande', 'priceGrande'],
    ] as const) {
      const text = read(column)
      if (text === undefined) continue
      const price = priceOf(text)
      if ('error' in price) fail(column, price.error)
      else if (price.value === null && column === 'precio') fail(column, 'Este campo es obligatorio')
      else input[field] = price.value
    }
    if (!existing && !columns.has('precio')) fail('precio', 'Este campo es obligatorio')

    const available = read('disponible')
    if (available) {
      const word = folded(available)
      if (YES.has(word)) input.available = true
      else if (NO.has(word)) input.available = false
      else fail('disponible', `'${available}' no es sí ni no`)
    }
    const order = read('orden')
    if (order !== undefined) input.displayOrder = order
    const limit = read('porciones_por_dia')
    if (limit !== undefined) input.dailyLimit = limit

    const options = read('opciones')
    if (options !== undefined) {
      const ids: number[] = []
      for (const wanted of options.split('|').map((s) => s.trim()).filter(Boolean)) {
        const candidates = groupsByName.get(folded(wanted)) ?? []
        // Two groups of one name: the one the product already asks for, else the oldest.
        const group = candidates.find((g) => existing?.optionGroupIds.includes(g.id)) ?? candidates[0]
        if (!group) fail('opciones', `No existe el grupo de opciones '${wanted}'; créalo en Opciones primero`)
        else if (ids.includes(group.id)) fail('opciones', `El grupo '${wanted}' está repetido`)
        else ids.push(group.id)
      }
      input.optionGroupIds = ids
    }

    // The shared schema: the same bounds and messages as the admin's form.
    const parsed = productInputSchema.safeParse(input)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '')
        const column = FIELD_COLUMN[field] ?? ''
        // A new product's description defaults to its name: without a name, the name's error says it all.
        if (column === 'descripcion' && !columns.has('descripcion')) continue
        fail(column, issue.message)
      }
    }
    if (rowErrors.length || !parsed.success) {
      errors.push(...rowErrors)
      continue
    }
    if (!existing) plan.creates.push({ row, id: null, data: parsed.data })
    else if (same(parsed.data, dataOf(existing))) plan.unchanged++
    else plan.updates.push({ row, id: existing.id, data: parsed.data })
  }

  if (mode === 'replace') {
    const named = new Set([...seen.keys()])
    plan.hide = state.products.filter((p) => p.available && !named.has(`id:${p.id}`)).map((p) => p.id)
  }
  plan.newCategories = [...created.values()]
  return plan
}
