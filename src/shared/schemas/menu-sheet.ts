import { z } from 'zod'

/**
 * The menu as a spreadsheet (issue #42): the columns of GET /api/menu/export, in order, and
 * the answer of POST /api/menu/import. `imagen` is for reading only (photos are uploaded in
 * Productos; the import never fetches a URL).
 */
export const MENU_SHEET_COLUMNS = [
  'id',
  'nombre',
  'categoria',
  'descripcion',
  'precio',
  'precio_grande',
  'disponible',
  'orden',
  'porciones_por_dia',
  'opciones',
  'imagen',
] as const
export type MenuSheetColumn = (typeof MENU_SHEET_COLUMNS)[number]

export const menuExportQuerySchema = z.object({ format: z.enum(['csv', 'xlsx'], { error: 'Formato inválido: usa csv o xlsx' }).default('csv') })

export const menuImportQuerySchema = z.object({
  mode: z.enum(['merge', 'replace'], { error: 'Modo inválido: usa merge o replace' }).default('merge'),
  /** `1`: check and count only, nothing written. */
  dryRun: z.enum(['0', '1'], { error: 'dryRun es 1 o 0' }).default('0'),
})

export const menuImportErrorSchema = z.object({
  row: z.number().int().describe('Fila de la hoja (el encabezado es la fila 1)'),
  column: z.string().describe('Columna (vacía si es de toda la fila)'),
  message: z.string().describe('Texto en español, listo para mostrar'),
})
export type MenuImportError = z.infer<typeof menuImportErrorSchema>

export const menuImportResultSchema = z.object({
  created: z.number().int().describe('Productos nuevos'),
  updated: z.number().int().describe('Productos que cambian'),
  unchanged: z.number().int().describe('Productos iguales a los del archivo'),
  hidden: z.number().int().describe('Productos que la importación deja no disponibles (modo replace)'),
  errors: z.array(menuImportErrorSchema),
})
export type MenuImportResult = z.infer<typeof menuImportResultSchema>

/** The 422 answer: every error, nothing written. */
export const menuImportRefusedSchema = menuImportResultSchema.extend({ message: z.string() })
export type MenuImportRefused = z.infer<typeof menuImportRefusedSchema>
