/**
 * 'Repetir pedido' (decision 023): a past order's lines as today's cart lines, priced by
 * today's menu through the cart's own rule (addItem's plateTotal), and what could not come
 * back, said plainly. A dish off the menu or 'Agotado', or a size no longer offered, is left
 * out; so is a plate whose sauce is no longer offered (it needs one, and choosing another is
 * the customer's call); an extra that is gone is dropped from its plate and named.
 *
 * Options (issue #32) come back by id, at today's names and prices. One sold out or gone is
 * dropped and named, unless its group requires a choice: then the line is left out, as for
 * the sauce. A required group the line never had (the product gained it) takes its defaults,
 * as the drawer would; with none, the line is left out ('ahora hay que elegir Leche').
 */
import type { AddInput, CartOption } from '../../shared/cart'
import type { StoreProduct } from '../../shared/landing-data'
import { groupProblem, groupsOf, isRequired, type Option } from '../../shared/options'
import type { IngredientsByType } from './ingredients'
import type { OptionGroups } from './option-groups'
import type { RecentLine, RecentOrder } from './recent-orders-store'

export type Repeat = { lines: { input: AddInput; quantity: number }[]; leftOut: string[]; changed: string[] }

export function repeatOrder(order: RecentOrder, menu: readonly StoreProduct[], ingredients: IngredientsByType, groups: OptionGroups = new Map()): Repeat {
  const result: Repeat = { lines: [], leftOut: [], changed: [] }
  for (const line of order.lines) {
    const product = menu.find((p) => p.id === line.productId)
    if (!product) {
      result.leftOut.push(`${line.name} (ya no está en el menú)`)
      continue
    }
    if (!product.available) {
      result.leftOut.push(`${product.name} (agotado)`)
      continue
    }
    if (line.size === 'grande' && product.priceGrande == null) {
      result.leftOut.push(`${product.name} (ya no hay tamaño Grande)`)
      continue
    }
    const restored = restoreOptions(line, product, groups, result)
    if (restored === null) continue
    const withOptions = restored.options.length > 0 ? { options: restored.options } : {}
    if (!line.customized) {
      result.changed.push(...restored.dropped)
      result.lines.push({ input: { product, size: line.size, ...withOptions }, quantity: line.quantity })
      continue
    }
    const sauce = line.sauce ? ingredients.salsa.find((s) => s.id === line.sauce?.id) : undefined
    if (line.sauce && !sauce) {
      result.leftOut.push(`${product.name} (la ${line.sauce.name} ya no está disponible)`)
      continue
    }
    const extras = line.extras.flatMap((e) => {
      const today = ingredients.extra.find((x) => x.id === e.id)
      if (today) return [{ id: today.id, name: today.name, price: today.price }]
      result.changed.push(`${product.name}: sin ${e.name} (ya no está disponible)`)
      return []
    })
    result.changed.push(...restored.dropped)
    result.lines.push({
      input: {
        product,
        size: line.size,
        customization: {
          sauce: sauce?.name ?? null,
          sauceId: sauce?.id ?? null,
          sauceOnSide: sauce ? line.sauceOnSide : false,
          removedIngredients: line.removed.map((r) => r.id),
          removedNames: line.removed.map((r) => r.name),
          addedExtras: extras,
        },
        ...withOptions,
      },
      quantity: line.quantity,
    })
  }
  return result
}

/**
 * A line's options as today's menu has them, group by group in the product's order, and what
 * was dropped (said once the line is in); null: the line is left out (said here).
 */
function restoreOptions(line: RecentLine, product: StoreProduct, groups: OptionGroups, result: Repeat): { options: CartOption[]; dropped: string[] } | null {
  const today = groupsOf(product, groups)
  const restored: CartOption[] = []
  const dropped: string[] = []
  for (const group of today) {
    const recorded = line.options.filter((o) => o.groupId === group.id)
    const gone = recorded.filter((o) => !group.options.some((x) => x.id === o.optionId && x.available))
    let mine: Option[] = group.options.filter((x) => x.available && recorded.some((o) => o.optionId === x.id))
    // A required group the line never had: what the drawer would have chosen.
    if (recorded.length === 0 && isRequired(group)) mine = group.options.filter((x) => x.isDefault && x.available).slice(0, group.max)
    // The group allows fewer now: the first ones, the rest named.
    for (const extra of mine.slice(group.max)) dropped.push(`${product.name}: sin ${extra.name} (ahora se eligen hasta ${group.max} de ${group.name})`)
    mine = mine.slice(0, group.max)
    if (groupProblem(group, mine.length)) {
      const lost = gone[0]
      result.leftOut.push(lost ? `${product.name} (${lost.group}: ${lost.name} ya no está disponible)` : `${product.name} (ahora hay que elegir ${group.name})`)
      return null
    }
    for (const o of gone) dropped.push(`${product.name}: sin ${o.name} (ya no está disponible)`)
    restored.push(...mine.map((x) => ({ groupId: group.id, optionId: x.id, group: group.name, name: x.name, price: x.price, priceGrande: x.priceGrande })))
  }
  // Options of a group the product no longer asks for.
  for (const o of line.options) if (!today.some((g) => g.id === o.groupId)) dropped.push(`${product.name}: sin ${o.name} (ya no está disponible)`)
  return { options: restored, dropped }
}
