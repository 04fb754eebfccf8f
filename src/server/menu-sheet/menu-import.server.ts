/**
 * POST /api/menu/import: read the file, plan every row (menu-rows.server.ts), and write the plan
 * only when it has no error, all of it in one transaction under the menu's write lock, so a
 * concurrent save of a product cannot slip between the reading and the writing.
 */
import type { MenuImportResult } from '../../shared/schemas/menu-sheet'
import { type Db, inTransaction, lockMenuWrites } from '../db/database.server'
import { flag } from '../db/rows.server'
import { createCategory, listCategories } from '../categories/categories.repo.server'
import { listOptionGroups } from '../option-groups/option-groups.repo.server'
import { createProducts, listProducts, updateProducts } from '../products/products.repo.server'
import { type ImportPlan, type MenuState, planImport } from './menu-rows.server'
import type { SheetRow } from './sheet-file.server'

export async function readMenuState(db: Db): Promise<MenuState> {
  const [products, categories, groups] = await Promise.all([listProducts(db), listCategories(db), listOptionGroups(db)])
  return { products, categories, groups }
}

/**
 * The errors an answer lists at most (issue #39): a file of mistakes gave every one (1.9 million
 * for a 3.8 MB file: 4.4 s and 1.7 GB to build the 422). The owner fixes the first ones and
 * uploads again; the message says how many there are in all.
 */
export const MAX_REPORTED_ERRORS = 500

/** The answer, its errors cut at MAX_REPORTED_ERRORS; `errorCount`: all of them. */
export type ImportOutcome = MenuImportResult & { errorCount: number }

const resultOf = (plan: ImportPlan): ImportOutcome => ({
  created: plan.creates.length,
  updated: plan.updates.length,
  unchanged: plan.unchanged,
  hidden: plan.hide.length,
  errors: plan.errors.slice(0, MAX_REPORTED_ERRORS),
  errorCount: plan.errors.length,
})

/** What changes the menu's public reads: anything but an import equal to the menu. */
export const changesMenu = (r: MenuImportResult) => r.errors.length === 0 && r.created + r.updated + r.hidden > 0

export async function importMenu(
  db: Db,
  rows: SheetRow[],
  options: { mode: 'merge' | 'replace'; dryRun: boolean },
): Promise<ImportOutcome> {
  if (options.dryRun) return resultOf(planImport(rows, await readMenuState(db), options.mode))
  return inTransaction(db, async (trx) => {
    await lockMenuWrites(trx)
    const state = await readMenuState(trx)
    const plan = planImport(rows, state, options.mode)
    const outcome = resultOf(plan)
    if (!changesMenu(outcome)) return outcome
    let order = Math.max(0, ...state.categories.map((c) => c.displayOrder))
    for (const category of plan.newCategories) {
      order += 1
      await createCategory(trx, { ...category, description: '', displayOrder: order, visible: true, windows: [], whenUnavailable: 'show' })
    }
    await createProducts(trx, plan.creates.map((row) => row.data))
    await updateProducts(trx, plan.updates.flatMap(({ id, data }) => (id === null ? [] : [{ id, data }])))
    for (let i = 0; i < plan.hide.length; i += 500) {
      await trx.updateTable('products').set({ available: flag(false) }).where('id', 'in', plan.hide.slice(i, i + 500)).execute()
    }
    return outcome
  })
}
