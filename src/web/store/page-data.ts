/**
 * The data the landing page is rendered from, embedded in the HTML as
 * <script type="application/json"> and read back to hydrate. Types only come
 * from the shared schemas (`import type`), so no zod reaches the landing bundle.
 */
import type { DeliveryZone } from '../../shared/checkout'
import type { Product } from '../../shared/schemas/product'
import type { OpeningHours, StoreStatus } from '../../shared/store-hours'

export const PAGE_DATA_ID = 'landing-data'

/** The slice of a product the storefront shows (no admin-only fields). */
export type StoreProduct = Pick<
  Product,
  'id' | 'name' | 'description' | 'category' | 'price' | 'priceGrande' | 'image' | 'available' | 'availableSauces' | 'baseIngredientIds' | 'extraIngredientIds'
>

export type LandingData = {
  /** Products of the menu categories in display order, sold-out ones too (shown as 'Agotado'); null while not loaded. */
  products: StoreProduct[] | null
  /** Order-receiving chat number, digits only. */
  whatsappNumber: string
  /** Active coverage zones (delivery is offered only when there is one). */
  zones: DeliveryZone[]
  /** The weekly schedule, closed dates and pause; null: none saved (always open). */
  hours: OpeningHours | null
  /** Whether orders are taken, as of the render (the page refreshes it after hydration). */
  status: StoreStatus
}

/** With nothing known (no data in the page), the storefront behaves as always open. */
const ALWAYS_OPEN: StoreStatus = { open: true, state: 'open', message: 'Abierto' }

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

/** Client side: the embedded data, or an empty page state if it is missing or unreadable. */
export function readPageData(doc: Document): LandingData {
  const fallback: LandingData = { products: null, whatsappNumber: '', zones: [], hours: null, status: ALWAYS_OPEN }
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent
  if (!text) return fallback
  try {
    const data = JSON.parse(text) as Partial<LandingData>
    return {
      products: Array.isArray(data.products) ? data.products : null,
      whatsappNumber: typeof data.whatsappNumber === 'string' ? data.whatsappNumber : '',
      zones: Array.isArray(data.zones) ? data.zones : [],
      hours: typeof data.hours === 'object' ? data.hours : null,
      status: typeof data.status === 'object' && data.status !== null ? data.status : ALWAYS_OPEN,
    }
  } catch {
    return fallback
  }
}
