import type { IngredientCategory, IngredientType } from '@/shared/schemas'

export const INGREDIENT_TYPE_LABELS: Record<IngredientType, string> = {
  base: 'Base',
  extra: 'Extra',
  salsa: 'Salsa',
}

export const INGREDIENT_CATEGORY_LABELS: Record<IngredientCategory, string> = {
  base: 'Base',
  proteina: 'Proteína',
  topping: 'Topping',
  salsa: 'Salsa',
  salsa_extra: 'Salsa extra',
}
