import { z } from 'zod'
import { id, idList, imageUrl, money, optionalMoney, optionalText, orderNumber, text } from './fields'

export const PRODUCT_CATEGORIES = ['chilaquiles', 'bebidas', 'postres', 'extras'] as const
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number]

/** The three categories shown on the public menu, in tab order. */
export const MENU_CATEGORIES = ['chilaquiles', 'bebidas', 'postres'] as const satisfies readonly ProductCategory[]
export type MenuCategory = (typeof MENU_CATEGORIES)[number]

export const productCategorySchema = z.enum(PRODUCT_CATEGORIES, {
  error: (issue) => (issue.input === undefined ? 'Este campo es obligatorio' : 'Categoría inválida'),
})
export const menuCategoryParam = z.object({ category: z.enum(MENU_CATEGORIES, { error: 'Categoría inválida' }) })

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
export const productIdSchema = id()
