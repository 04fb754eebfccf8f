/**
 * Which products open the drawer (issue #32): the SPEC's customisation (sauce, 'Salsa por
 * aparte', base ingredients, extras) is for chilaquiles; option groups are for any product
 * that names some. A product with neither goes straight into the cart. Tiny on purpose: the
 * card and the page's shell ask it, and the drawer's own code loads only when it first opens.
 */
import type { StoreProduct } from '../../shared/landing-data'

type Judged = Pick<StoreProduct, 'category'> & { optionGroupIds?: readonly number[] }

/** Sauce, 'Salsa por aparte', base and extras (SPEC: chilaquiles products). */
export const customisedTheSpecWay = (product: Pick<StoreProduct, 'category'>): boolean => product.category === 'chilaquiles'

/** A page rendered before products had groups sends none: nothing to choose. */
export const hasOptionGroups = (product: { optionGroupIds?: readonly number[] }): boolean => (product.optionGroupIds?.length ?? 0) > 0

export const opensDrawer = (product: Judged): boolean => customisedTheSpecWay(product) || hasOptionGroups(product)

let drawer: Promise<typeof import('./components/customize-drawer')> | null = null

/**
 * The drawer's own chunk (vaul, the form, the option groups' rules): requested when a card
 * that opens it is first touched, and awaited before the drawer first opens. A failed
 * download is forgotten, so the next tap tries again.
 */
export function loadDrawer(): Promise<typeof import('./components/customize-drawer')> {
  drawer ??= import('./components/customize-drawer').catch((error: unknown) => {
    drawer = null
    throw error
  })
  return drawer
}
