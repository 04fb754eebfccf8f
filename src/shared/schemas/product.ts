import { z } from 'zod'
import { categorySlugSchema, serviceWindowsSchema } from './category'
import { idList, imageUrl, money, optionalMoney, optionalText, optionalWholeNumber, orderNumber, text } from './fields'

// The lists live in shared/menu.ts (no zod there: it ships in the landing bundle).
export { MENU_CATEGORIES, PRODUCT_CATEGORIES, type MenuCategory, type ProductCategory } from '../menu'

/** Any category's slug (issue #31: the owner's categories); the server checks that it exists (400 'Categoría inválida'). */
export const productCategorySchema = categorySlugSchema

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
  /** Service windows of its own (issue #31), replacing its category's; null: the category's. */
  windows: serviceWindowsSchema.nullable().default(null),
  /** Option groups asked for in the drawer, in this order (issue #32); one group may serve many products. */
  optionGroupIds: idList().refine((ids) => new Set(ids).size === ids.length, 'Grupo de opciones repetido'),
  /** Portions per day: at most this many units in one restaurant day's orders (not cancelled); null: no limit. */
  dailyLimit: optionalWholeNumber(1, 10_000, 'De 1 a 10000 porciones por día, o vacío para no poner límite').default(null),
})
export type ProductInput = z.input<typeof productInputSchema>
export type ProductData = z.output<typeof productInputSchema>

export type Product = ProductData & { id: number }

/** PATCH /api/products/:id/availability: 'Agotado' on the board's side of the kitchen. */
export const productAvailabilityInputSchema = z.object({ available: z.boolean({ error: 'Debe ser sí o no' }) })
