import { z } from 'zod'
import { PRODUCT_CATEGORIES } from '../menu'
import { idList, imageUrl, money, optionalMoney, optionalText, orderNumber, text } from './fields'

// The lists live in shared/menu.ts (no zod there: it ships in the landing bundle).
export { MENU_CATEGORIES, PRODUCT_CATEGORIES, type MenuCategory, type ProductCategory } from '../menu'

export const productCategorySchema = z.enum(PRODUCT_CATEGORIES, {
  error: (issue) => (issue.input === undefined ? 'Este campo es obligatorio' : 'Categoría inválida'),
})

/** Product creation / update body (the admin form uses the same schema). */
export const productInputSchema = z.object({
  name: text(120),
  description: text(1000),
  category: productCategorySchema,
  price: money(0),
  priceGrande: optionalMoney().default(null),
  sauce: optionalText(120).default(null),
  image: imageUrl().default(null),
  available: z.boolean().default(true),
  displayOrder: orderNumber().default(0),
  availableSauces: idList(),
  baseIngredientIds: idList(),
  extraIngredientIds: idList(),
})
export type ProductInput = z.input<typeof productInputSchema>
export type ProductData = z.output<typeof productInputSchema>

export type Product = ProductData & { id: number }

/** PATCH /api/products/:id/availability: 'Agotado' on the board's side of the kitchen. */
export const productAvailabilityInputSchema = z.object({ available: z.boolean({ error: 'Debe ser sí o no' }) })
