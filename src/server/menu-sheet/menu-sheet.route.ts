import { Elysia } from 'elysia'
import { menuExportQuerySchema, menuImportQuerySchema, menuImportRefusedSchema, menuImportResultSchema } from '../../shared/schemas/menu-sheet'
import type { AppContext } from '../context.server'
import { publicDataChanged } from '../cache/shared-generation.server'
import { readMultipartFile } from '../http/multipart-file.server'
import { routeContract } from '../http/route-contract.server'
import { menuCsv, menuXlsx } from './menu-export.server'
import { MAX_REPORTED_ERRORS, changesMenu, importMenu, readMenuState } from './menu-import.server'
import { MAX_SHEET_ROWS, readSheet } from './sheet-file.server'

/** A menu's spreadsheet: 2,000 dishes are about 500 KB of CSV; the photo limit (10 MB) is not needed here. */
export const MAX_SHEET_BYTES = 4 * 1024 * 1024
const MAX_SHEET_BODY_BYTES = MAX_SHEET_BYTES + 64 * 1024
export const SHEET_TOO_LARGE = 'El archivo supera el límite de 4 MB'

const tags = ['Productos']
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Today's date in the file's name, so two exports do not overwrite each other in Descargas. */
const fileName = (format: string) => `menu-${new Date().toISOString().slice(0, 10)}.${format}`

/** The whole menu as a spreadsheet, and back (issue #42). */
export const menuSheetRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/menu' })
    .use(routeContract)
    .get(
      '/export',
      async ({ query }) => {
        const state = await readMenuState(ctx.db)
        const headers = { 'content-disposition': `attachment; filename="${fileName(query.format)}"`, 'cache-control': 'no-store' }
        if (query.format === 'xlsx') return new Response(await menuXlsx(state), { headers: { ...headers, 'content-type': XLSX_TYPE } })
        return new Response(menuCsv(state), { headers: { ...headers, 'content-type': 'text/csv; charset=utf-8' } })
      },
      {
        access: 'admin',
        query: menuExportQuerySchema,
        detail: {
          summary: 'Exportar el menú (CSV o Excel)',
          description:
            'Un producto por fila: `id, nombre, categoria, descripcion, precio, precio_grande, disponible, orden, porciones_por_dia, opciones` (nombres de grupos separados por `|`), `imagen` (solo lectura). El CSV va en UTF-8 con BOM, cada campo entre comillas y sin fórmulas (un valor que empezaría una lleva `\'` delante).',
          tags,
        },
      },
    )
    .post(
      '/import',
      async ({ request, query, set }) => {
        const file = await readMultipartFile(request, { field: 'file', maxBodyBytes: MAX_SHEET_BODY_BYTES, maxFileBytes: MAX_SHEET_BYTES, tooLarge: SHEET_TOO_LARGE })
        const rows = await readSheet(new Uint8Array(await file.arrayBuffer()))
        const { errorCount: n, ...result } = await importMenu(ctx.db, rows, { mode: query.mode, dryRun: query.dryRun === '1' })
        if (n > 0) {
          set.status = 422
          const shown = n > result.errors.length ? ` (van los primeros ${result.errors.length})` : ''
          return { message: `El archivo tiene ${n} ${n === 1 ? 'error' : 'errores'}${shown}; no se cambió nada`, ...result }
        }
        // Declared here rather than with `changes`: a dry run or a file equal to the menu changes nothing, and the caches stay.
        if (query.dryRun !== '1' && changesMenu(result)) await publicDataChanged(ctx)
        return result
      },
      {
        access: 'admin',
        parse: 'none',
        query: menuImportQuerySchema,
        bodyLimit: {
          bytes: MAX_SHEET_BODY_BYTES,
          message: SHEET_TOO_LARGE,
          file: { field: 'file', media: `text/csv, ${XLSX_TYPE}`, description: 'El menú: CSV o Excel (.xlsx), hasta 4 MB' },
        },
        response: { 200: menuImportResultSchema, 422: menuImportRefusedSchema },
        detail: {
          summary: 'Importar el menú (CSV o Excel)',
          description: `multipart/form-data con el campo \`file\`. Las columnas de la exportación, en cualquier orden; delimitador \`,\` \`;\` o tabulador; UTF-8 (con o sin BOM) o Windows-1252. Un producto se reconoce por \`id\`, si no por su nombre. \`mode=replace\` deja no disponibles (nunca borra) los que no están en el archivo. \`dryRun=1\` solo cuenta. Con cualquier error: 422 con uno por celda (hasta ${MAX_REPORTED_ERRORS}; el mensaje dice cuántos hay), y nada cambia. Hasta ${MAX_SHEET_ROWS} filas.`,
          tags,
        },
      },
    )
