/**
 * The picture of a sauce or extra on the landing page: its own photo when the owner uploaded
 * one, else one of the drawings the storefront ships whose name it carries ('Pollo
 * deshebrado' → the chicken), else none (the card shows an icon instead).
 */
import type { ShowcaseItem } from '../../shared/landing-data'

const DRAWINGS: [RegExp, string][] = [
  [/verde/i, '/images/salsas/verde.svg'],
  [/roja/i, '/images/salsas/roja.svg'],
  [/mixta/i, '/images/salsas/mixta.svg'],
  [/mole/i, '/images/salsas/mole.svg'],
  [/chipotle/i, '/images/salsas/chipotle.svg'],
  [/habanero/i, '/images/salsas/habanero.svg'],
  [/cremosa/i, '/images/salsas/cremosa.svg'],
  [/pollo/i, '/images/toppings/pollo.svg'],
  [/chorizo/i, '/images/toppings/chorizo.svg'],
  [/huevo/i, '/images/toppings/huevo.svg'],
  [/aguacate/i, '/images/toppings/aguacate.svg'],
  [/frijol/i, '/images/toppings/frijoles.svg'],
  [/cebolla/i, '/images/toppings/cebolla.svg'],
  [/crema/i, '/images/toppings/crema.svg'],
  [/queso/i, '/images/toppings/queso.svg'],
]

export function showcaseImage(item: Pick<ShowcaseItem, 'name' | 'image'>): string | null {
  return item.image ?? DRAWINGS.find(([name]) => name.test(item.name))?.[1] ?? null
}
