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

/**
 * Whether a category's dishes are offered on the storefront: the category exists and is visible
 * (issue #31). A hidden one's dishes are left out of the landing page and refused by its checkout
 * like a sold-out dish; the point of sale may still sell them.
 */
export const offeredOnline = (category: { visible: boolean } | undefined): boolean => category?.visible === true

/**
 * The first line of a storefront order whose dish's category is not offered online, as the
 * refusal ('Ya no tenemos Flan de cajeta'); null when every dish is. Lines whose product is
 * unknown are pricing's business (gone), not this rule's.
 */
export function hiddenDishRefusal(
  lines: readonly { productId?: number | null }[],
  products: ReadonlyMap<number, { name: string; category: string }>,
  categories: ReadonlyMap<string, { visible: boolean }>,
): string | null {
  for (const line of lines) {
    const product = line.productId == null ? undefined : products.get(line.productId)
    if (product && !offeredOnline(categories.get(product.category))) return `Ya no tenemos ${product.name}`
  }
  return null
}
