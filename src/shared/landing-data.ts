/**
 * The data the landing page is rendered from (server: landing/landing-data.server.ts),
 * embedded in the HTML as <script type="application/json" id="landing-data"> and read
 * back to hydrate (web/store/page-data.ts). Shared by both sides; types only come from
 * the shared schemas (`import type`), so no zod reaches the landing bundle.
 */
import type { DeliveryZone } from './checkout'
import type { TableVisit } from './table-visit'
import type { OrderSettings } from './order-slots'
import type { ActivePromotion } from './schemas/promotion-responses'
import type { Product } from './schemas/product'
import type { ServiceWindow, WhenUnavailable } from './service-windows'
import type { OpeningHours, StoreStatus } from './store-hours'
import type { StoreProfile } from './store-profile'

export const PAGE_DATA_ID = 'landing-data'

/** The slice of a product the storefront shows (no admin-only fields); `optionGroupIds`: the drawer's groups, in order (issue #32). */
export type StoreProduct = Pick<
  Product,
  'id' | 'name' | 'description' | 'category' | 'price' | 'priceGrande' | 'image' | 'available' | 'availableSauces' | 'baseIngredientIds' | 'extraIngredientIds' | 'optionGroupIds'
>

/** A product's service windows in force (its own, else its category's; [] = whenever open): issue #31. */
export type StoreProductWindows = { windows?: ServiceWindow[] }

/** A menu tab: a visible category, in display order (issue #31). */
export type MenuTab = { slug: string; name: string; whenUnavailable: WhenUnavailable }

/** The SPEC's three tabs: what the page shows when it has no categories of its own (an old page, a test). */
export const DEFAULT_MENU_TABS: MenuTab[] = [
  { slug: 'chilaquiles', name: 'Chilaquiles', whenUnavailable: 'show' },
  { slug: 'bebidas', name: 'Bebidas', whenUnavailable: 'show' },
  { slug: 'postres', name: 'Postres', whenUnavailable: 'show' },
]

/** A sauce or an extra as the landing page shows it ('Escoge tu salsa', 'Personalízalos'): the drawer's own ingredients. */
export type ShowcaseItem = { id: number; name: string; description: string | null; image: string | null; price: number }

export type LandingData = {
  /** Products of the menu categories in display order, sold-out ones too (shown as 'Agotado'); null while not loaded. */
  products: (StoreProduct & StoreProductWindows)[] | null
  /** The menu's tabs: the visible categories in display order (issue #31). */
  categories: MenuTab[]
  /** Order-receiving chat number, digits only. */
  whatsappNumber: string
  /** Active coverage zones (delivery is offered only when there is one). */
  zones: DeliveryZone[]
  /** The weekly schedule, closed dates and pause; null: none saved (always open). */
  hours: OpeningHours | null
  /** Whether orders are taken, as of the render (the page refreshes it after hydration). */
  status: StoreStatus
  /** Preparation time and scheduling ('¿Cuándo?' in Tu Pedido). */
  orderSettings: OrderSettings
  /**
   * The wall-clock minute (shared/service-windows.ts) an order placed at the render is for, when
   * a dish has hours: the server's HTML and the first render in the browser judge the dishes
   * outside their hours at this minute (a 'hide' category's are left out of the HTML too), then
   * the browser's clock takes over.
   */
  orderAt?: number
  /** The sauces and extras on the menu (available salsa- and extra-type ingredients), as the drawer offers them. */
  showcase: { sauces: ShowcaseItem[]; extras: ShowcaseItem[] }
  /** The automatic promotions in force today, in words ('2x1 en bebidas los martes'): the strip under the nav bar (issue #33); absent: none. */
  promotions?: ActivePromotion[]
  /** Who the restaurant is: its name, words, colours, pictures and story ('Tu restaurante', issue #41). */
  profile: StoreProfile
  /** The uploaded logo's smallest stored copy (400 px wide at most) for the 40 px nav; absent: none uploaded, or no copy. */
  logoThumb?: string | undefined
  /** The table whose QR opened the page (`/?mesa=<token>`, issue #45): its name in the header and the cart; absent: the plain store. */
  table?: TableVisit
}

/**
 * JSON that is safe inside a <script> element: `<`, `>` and `&` become \u escapes
 * so no stored text can close the tag or open a comment, and U+2028/U+2029 are
 * escaped because older JavaScript parsers treat them as line ends.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
