import { z } from 'zod'
import { imageUrl, money, optionalText, text } from './fields'

export const INGREDIENT_TYPES = ['base', 'extra', 'salsa'] as const
export type IngredientType = (typeof INGREDIENT_TYPES)[number]

export const INGREDIENT_CATEGORIES = ['base', 'proteina', 'topping', 'salsa', 'salsa_extra'] as const
export type IngredientCategory = (typeof INGREDIENT_CATEGORIES)[number]

export const ingredientTypeSchema = z.enum(INGREDIENT_TYPES, {
  error: (issue) => (issue.input === undefined ? 'Este campo es obligatorio' : 'Tipo inválido'),
})
export const ingredientTypeParam = z.object({ type: ingredientTypeSchema })

export const ingredientInputSchema = z.object({
  name: text(120),
  type: ingredientTypeSchema,
  price: money(0),
  category: z.enum(INGREDIENT_CATEGORIES, {
    error: (issue) => (issue.input === undefined ? 'Este campo es obligatorio' : 'Categoría inválida'),
  }),
  available: z.boolean().default(true),
  image: imageUrl().default(null),
  description: optionalText(500).default(null),
})
export type IngredientInput = z.input<typeof ingredientInputSchema>
export type IngredientData = z.output<typeof ingredientInputSchema>
export type Ingredient = IngredientData & { id: number }
