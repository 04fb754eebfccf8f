/**
 * What the customisation drawer works on: the plate being customised, the ingredients it
 * may offer (the SPEC's sauce, base and extras, for chilaquiles) and its option groups
 * (issue #32, any product), with the rules of choosing in those groups. Shared by the
 * drawer and its form (types only flow one way: both import from here).
 */
import type { CartOption, Size } from '../../shared/cart'
import type { Ingredient } from '../../shared/schemas/ingredient'
import { blocksProduct, groupProblem, type OptionChoice, type OptionGroup } from '../../shared/options'
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

// ---- Option groups: what a tap does, what goes in the cart, what still stops the button. ----

/**
 * A tap on an option. 'Elige 1': the option replaces the group's choice (`null`: the optional
 * group's 'Sin …'). 'Elige hasta N': toggles it, and a tap past the max changes nothing (the
 * form disables those boxes; this holds even if one is reached anyway). A sold-out option is
 * never taken.
 */
export function chooseOption(chosen: readonly OptionChoice[], group: OptionGroup, optionId: number | null): OptionChoice[] {
  const others = chosen.filter((c) => c.groupId !== group.id)
  const mine = chosen.filter((c) => c.groupId === group.id)
  if (optionId === null) return others
  const option = group.options.find((o) => o.id === optionId)
  if (!option || !option.available) return [...chosen]
  if (group.max === 1) return [...others, { groupId: group.id, optionId }]
  if (mine.some((c) => c.optionId === optionId)) return chosen.filter((c) => !(c.groupId === group.id && c.optionId === optionId))
  if (mine.length >= group.max) return [...chosen]
  return [...chosen, { groupId: group.id, optionId }]
}

/** The ids chosen in one group. */
export const chosenIn = (chosen: readonly OptionChoice[], group: Pick<OptionGroup, 'id'>): number[] =>
  chosen.filter((c) => c.groupId === group.id).map((c) => c.optionId)

/** The chosen options as a cart line keeps them, in the product's group order and each group's option order. */
export function cartOptions(groups: readonly OptionGroup[], chosen: readonly OptionChoice[]): CartOption[] {
  return groups.flatMap((group) => {
    const ids = chosenIn(chosen, group)
    return group.options
      .filter((o) => ids.includes(o.id))
      .map((o) => ({ groupId: group.id, optionId: o.id, group: group.name, name: o.name, price: o.price, priceGrande: o.priceGrande }))
  })
}

/** Why a group cannot go in the cart as chosen, or null: sold out entirely (a required group), or its min/max. */
export function optionGroupProblem(group: OptionGroup, chosen: readonly OptionChoice[]): string | null {
  if (blocksProduct(group)) return `Agotado: ya no quedan opciones de ${group.name}`
  return groupProblem(group, chosenIn(chosen, group).length)
}

/** An optional 'Elige 1' group's way back to nothing: 'Sin proteína' ('Sin BBQ': an acronym keeps its capitals). */
export function noneLabel(group: Pick<OptionGroup, 'name'>): string {
  const word = /^\p{Lu}\p{Ll}/u.test(group.name) ? `${group.name.charAt(0).toLowerCase()}${group.name.slice(1)}` : group.name
  return `Sin ${word}`
}
