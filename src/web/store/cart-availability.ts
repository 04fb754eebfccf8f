/**
 * Why a cart line can no longer be ordered: its product was switched to 'Agotado' or taken
 * off the menu, or its sauce or an extra was switched off in Ingredientes since the
 * customer added it. The sheet flags such a line and holds the checkout until it is
 * removed; the server refuses it anyway (409).
 */
import type { CartItem } from '../../shared/cart'
import type { IngredientsByType } from './ingredients'
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
