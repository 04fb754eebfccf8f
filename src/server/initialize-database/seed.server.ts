import { seedIngredients, seedProducts } from '../../../db/seed'
import { type InitializationResult, WHATSAPP_SETTING_KEY } from '../../shared/schemas'
import { type Db, inTransaction, lockMenuWrites } from '../db/database.server'
import { HttpError } from '../http/errors.server'
import { countIngredients, createIngredient } from '../ingredients/ingredients.repo.server'
import { countProducts, createProduct } from '../products/products.repo.server'
import { setSettingIfMissing } from '../settings/settings.repo.server'

export const ALREADY_INITIALIZED =
  'La base de datos ya tiene productos o ingredientes; no se cargaron los datos iniciales. Esta acción solo funciona con el menú vacío y nunca borra datos.'

/**
 * Loads the seed set in one transaction, only when there are no products and no
 * ingredients (409 otherwise). The chat number setting is stored only if none
 * was saved before; it never overwrites data.
 */
export async function loadSeed(db: Db, whatsappNumber: string): Promise<InitializationResult> {
  return inTransaction(db, async (trx): Promise<InitializationResult> => {
    await lockMenuWrites(trx) // two presses (on one instance or two) load it once
    if ((await countProducts(trx)) > 0 || (await countIngredients(trx)) > 0) throw new HttpError(409, ALREADY_INITIALIZED)
    const ids = new Map<string, number>()
    for (const { ref, ...data } of seedIngredients) ids.set(ref, (await createIngredient(trx, data)).id)
    const resolve = (refs: string[]) =>
      refs.map((ref) => {
        const id = ids.get(ref)
        if (id === undefined) throw new Error(`seed: unknown ingredient ${ref}`)
        return id
      })
    for (const { slug: _slug, sauces, base, extras, ...data } of seedProducts) {
      await createProduct(trx, { ...data, availableSauces: resolve(sauces), baseIngredientIds: resolve(base), extraIngredientIds: resolve(extras) })
    }
    const settings = (await setSettingIfMissing(trx, WHATSAPP_SETTING_KEY, whatsappNumber)) ? 1 : 0
    return {
      message: 'Base de datos inicializada correctamente',
      stats: { ingredients: seedIngredients.length, products: seedProducts.length, settings },
    }
  })
}
