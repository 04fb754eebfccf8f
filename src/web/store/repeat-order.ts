/**
 * 'Repetir pedido' (decision 023): a past order's lines as today's cart lines, priced by
 * today's menu through the cart's own rule (addItem's plateTotal), and what could not come
 * back, said plainly. A dish off the menu or 'Agotado', or a size no longer offered, is left
 * out; so is a plate whose sauce is no longer offered (it needs one, and choosing another is
 * the customer's call); an extra that is gone is dropped from its plate and named.
 */
import type { AddInput } from '../../shared/cart'
import type { StoreProduct } from '../../shared/landing-data'
import type { IngredientsByType } from './ingredients'
import type { RecentOrder } from './recent-orders-store'

export type Repeat = { lines: { input: AddInput; quantity: number }[]; leftOut: string[]; changed: string[] }

export function repeatOrder(order: RecentOrder, menu: readonly StoreProduct[], ingredients: IngredientsByType): Repeat {
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
    if (!line.customized) {
      result.lines.push({ input: { product, size: line.size }, quantity: line.quantity })
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
      },
      quantity: line.quantity,
    })
  }
  return result
}
