/**
 * Why a cart line can no longer be ordered: its product was switched to 'Agotado' or taken
 * off the menu, or its sauce or an extra was switched off in Ingredientes since the
 * customer added it. The sheet flags such a line and holds the checkout until it is
 * removed; the server refuses it anyway (409).
 */
import type { CartItem } from '../../shared/cart'
import { groupProblem, groupsOf } from '../../shared/options'
import type { IngredientsByType } from './ingredients'
import type { OptionGroups } from './option-groups'
import type { StoreProduct } from '../../shared/landing-data'

export function unavailableReason(line: CartItem, menu: readonly StoreProduct[] | null, ingredients: IngredientsByType | null): string | null {
  if (menu) {
    const product = menu.find((p) => p.id === line.product.id)
    if (!product) return 'Ya no está en el menú. Quítalo para continuar.'
    if (!product.available) return 'Agotado por hoy. Quítalo para continuar.'
  }
  const c = line.customization
  if (!c || !ingredients) return null
  if (c.sauce && c.sauceId !== null && !ingredients.salsa.some((s) => s.id === c.sauceId)) {
    return `La ${c.sauce} ya no está disponible. Quítalo y arma tu plato de nuevo.`
  }
  const gone = c.addedExtras.find((extra) => !ingredients.extra.some((e) => e.id === extra.id))
  return gone ? `El extra ${gone.name} ya no está disponible. Quítalo y arma tu plato de nuevo.` : null
}

/**
 * Why a line's options can no longer be ordered (issue #32): an option switched to 'Agotado',
 * deleted, or its group no longer the product's; or the product's groups changed so that
 * the line's choices no longer meet them (a new required group). The server refuses these
 * anyway (409 or 400); the sheet says so before sending.
 */
export function optionsReason(line: CartItem, menu: readonly StoreProduct[] | null, groups: OptionGroups | null): string | null {
  if (!groups) return null
  const product = menu?.find((p) => p.id === line.product.id)
  for (const chosen of line.options ?? []) {
    const option = groups.get(chosen.groupId)?.options.find((o) => o.id === chosen.optionId)
    const named = !product || (product.optionGroupIds ?? []).includes(chosen.groupId)
    if (!option || !named) return `${chosen.group}: ${chosen.name} ya no se ofrece. Quítalo y agrégalo de nuevo.`
    if (!option.available) return `Ya no tenemos ${chosen.name} (${chosen.group}). Quítalo y elige otra opción.`
  }
  if (!product) return null
  for (const group of groupsOf(product, groups)) {
    const problem = groupProblem(group, (line.options ?? []).filter((o) => o.groupId === group.id).length)
    if (problem) return `${problem}. Quítalo y agrégalo de nuevo.`
  }
  return null
}

/**
 * A line asking more of a product limited per day than is left today (issue #31): its lines
 * in the cart are added up, as the server counts them. Flagged before sending; the server
 * refuses it anyway (409 'Solo quedan 2 … hoy').
 */
export function portionsReason(line: CartItem, cart: readonly CartItem[], remaining: Readonly<Record<string, number>> | null): string | null {
  const left = remaining?.[String(line.product.id)]
  if (left === undefined) return null
  if (left <= 0) return 'Agotado por hoy. Quítalo para continuar.'
  const units = cart.reduce((sum, other) => (other.product.id === line.product.id ? sum + other.quantity : sum), 0)
  if (units <= left) return null
  return `${left === 1 ? 'Solo queda 1' : `Solo quedan ${left}`} hoy. Baja la cantidad para continuar.`
}
