/**
 * Option groups (issue #32): the choices any dish may ask for ('Leche: entera / deslactosada /
 * almendra (+Q5)', '¿Qué proteína?', 'elige hasta 2'). One rule for the drawer, the cart, the
 * pricing and the point of sale. No zod here: it ships to the browser with the drawer.
 *
 * A group has `min` (0: optional; >= 1: 'Obligatorio') and `max` (1: 'Elige 1', radios; more:
 * 'Elige hasta N', checkboxes). An option costs `price` at Mediano and `priceGrande` at Grande
 * (null: the same at either size). A product names its groups in order (`optionGroupIds`).
 */
import { formatQ } from './money'

/** The cart's Size (cart.ts), spelled here: cart.ts imports this module, and the layering allows no cycle. */
type Size = 'mediano' | 'grande'

export type Option = {
  id: number
  name: string
  /** Whole quetzales added to the unit price at Mediano (and at Grande when priceGrande is null). */
  price: number
  priceGrande: number | null
  /** false: 'Agotado' (staff may switch it), shown and not choosable. */
  available: boolean
  /** Chosen when the drawer opens (if available). */
  isDefault: boolean
}

export type OptionGroup = {
  id: number
  name: string
  min: number
  max: number
  options: Option[]
}

/** What a cart line or an order line names: the option by id, in its group. */
export type OptionChoice = { groupId: number; optionId: number }

/** An option as an order line keeps it: names and the price charged, frozen when ordered. */
export type OrderLineOption = { groupId: number; optionId: number; group: string; name: string; price: number }

/** What an option adds to one unit at a size. */
export function optionPrice(option: Pick<Option, 'price' | 'priceGrande'>, size: Size): number {
  return size === 'grande' && option.priceGrande !== null ? option.priceGrande : option.price
}

/** 'Elige 1' for radios, 'Elige hasta N' for checkboxes. */
export function groupRule(group: Pick<OptionGroup, 'max'>): string {
  return group.max === 1 ? 'Elige 1' : `Elige hasta ${group.max}`
}

export const isRequired = (group: Pick<OptionGroup, 'min'>) => group.min >= 1

/** The reason a group's choice cannot go in the cart yet (the drawer's button and the checkout's 400), or null. */
export function groupProblem(group: Pick<OptionGroup, 'name' | 'min' | 'max'>, chosenCount: number): string | null {
  if (chosenCount < group.min) return group.min === 1 ? `Elige una opción de ${group.name}` : `Elige al menos ${group.min} de ${group.name}`
  if (chosenCount > group.max) return `Elige como máximo ${group.max} de ${group.name}`
  return null
}

/** A required group whose options are all sold out makes its product 'Agotado'. */
export function blocksProduct(group: OptionGroup): boolean {
  const choosable = group.options.filter((o) => o.available).length
  return isRequired(group) && choosable < group.min
}

/** The groups a product names, in its order (ids that are gone are skipped). */
export function groupsOf(product: { optionGroupIds?: readonly number[] }, groups: ReadonlyMap<number, OptionGroup>): OptionGroup[] {
  return (product.optionGroupIds ?? []).map((id) => groups.get(id)).filter((g): g is OptionGroup => g !== undefined)
}

/** The options chosen when the drawer opens: each group's available defaults, at most `max`. */
export function defaultChoices(groups: readonly OptionGroup[]): OptionChoice[] {
  return groups.flatMap((g) =>
    g.options
      .filter((o) => o.isDefault && o.available)
      .slice(0, g.max)
      .map((o) => ({ groupId: g.id, optionId: o.id })),
  )
}

/** A line's options as the chat text and the ticket say them: 'Leche: Almendra (+Q5)'; one phrase per group, in order. */
export function optionPhrases(options: readonly Pick<OrderLineOption, 'groupId' | 'group' | 'name' | 'price'>[]): string[] {
  const byGroup = new Map<string, string[]>()
  for (const o of options) {
    const key = `${o.groupId}\u0000${o.group}`
    const said = o.price > 0 ? `${o.name} (+${formatQ(o.price)})` : o.name
    byGroup.set(key, [...(byGroup.get(key) ?? []), said])
  }
  return [...byGroup].map(([key, names]) => `${key.split('\u0000')[1]}: ${names.join(', ')}`)
}

/** The identity of a set of choices (part of a cart line's key): order does not matter. */
export function choicesKey(choices: readonly OptionChoice[] | undefined): string {
  if (!choices || choices.length === 0) return ''
  return choices
    .map((c) => `${c.groupId}.${c.optionId}`)
    .sort()
    .join(',')
}
