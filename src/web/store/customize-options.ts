/**
 * What the customisation drawer works on: the plate being customised and the
 * ingredients it may offer. Shared by the drawer and its form (types only flow
 * one way: both import from here).
 */
import type { Size } from '../../shared/cart'
import type { Ingredient } from '../../shared/schemas/ingredient'
import type { IngredientsByType } from './ingredients'
import type { StoreProduct } from '../../shared/landing-data'

/** One opening of the drawer; a new session starts the form from its defaults (SPEC 4). */
export type DrawerTarget = { product: StoreProduct; size: Size; session: number }

export type DrawerOptions = { sauces: Ingredient[]; base: Ingredient[]; extras: Ingredient[] }

/** SPEC 7: each public list is narrowed to the product's allowed ids of that type; an empty list allows all. */
export function allowed(list: Ingredient[], ids: number[]): Ingredient[] {
  if (ids.length === 0) return list
  const set = new Set(ids)
  return list.filter((i) => set.has(i.id))
}

export function drawerOptions(data: IngredientsByType, product: StoreProduct): DrawerOptions {
  return {
    sauces: allowed(data.salsa, product.availableSauces),
    base: allowed(data.base, product.baseIngredientIds),
    extras: allowed(data.extra, product.extraIngredientIds),
  }
}
