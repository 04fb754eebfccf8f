/**
 * The menu's categories, their Spanish labels and the menu order: one
 * definition for the landing page, the admin and the server. No zod here (this
 * module ships in the landing bundle): the schemas import the lists from here.
 */

/** Every product category (SPEC 9), in menu order. */
export const PRODUCT_CATEGORIES = ['chilaquiles', 'bebidas', 'postres', 'extras'] as const
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number]

/** The categories the public menu shows, in tab order (SPEC 2: chilaquiles first, the default). */
export const MENU_CATEGORIES = ['chilaquiles', 'bebidas', 'postres'] as const satisfies readonly ProductCategory[]
export type MenuCategory = (typeof MENU_CATEGORIES)[number]

export const CATEGORY_LABELS: Record<ProductCategory, string> = {
  chilaquiles: 'Chilaquiles',
  bebidas: 'Bebidas',
  postres: 'Postres',
  extras: 'Extras',
}

/** Where a product sorts: its category's place in PRODUCT_CATEGORIES, then displayOrder, then id. */
export type MenuOrdered = { category: string; displayOrder: number; id: number }

const rank = (category: string) => {
  const i = (PRODUCT_CATEGORIES as readonly string[]).indexOf(category)
  return i < 0 ? PRODUCT_CATEGORIES.length : i
}

/**
 * The menu order (the server's ORDER BY, and the truth): category in the order
 * above, then display order ascending (SPEC 9: lower first), then id ascending.
 * Within one category that is display order, then id.
 */
export function compareMenuOrder(a: MenuOrdered, b: MenuOrdered): number {
  return rank(a.category) - rank(b.category) || a.displayOrder - b.displayOrder || a.id - b.id
}
