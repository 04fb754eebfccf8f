/**
 * Client side of the landing page's embedded data (src/shared/landing-data.ts): read it
 * back from the page to hydrate.
 */
import type { StoreStatus } from '../../shared/store-hours'
import { DEFAULT_MENU_TABS, type LandingData, PAGE_DATA_ID } from '../../shared/landing-data'
import { DEFAULT_ORDER_SETTINGS } from '../../shared/order-settings'
import type { StoreProfile } from '../../shared/store-profile'
import { tableVisitOf } from '../../shared/table-visit'

/**
 * A page without its data (never served by this server) shows a bare band rather than carry the
 * defaults' words in the first-load script: the server always embeds the profile. Its absent
 * fields read as the null they stand for (every reader tests them for a value).
 */
const NO_PROFILE = { name: '', headline: '' } as Partial<StoreProfile> as StoreProfile

const NO_SHOWCASE: LandingData['showcase'] = { sauces: [], extras: [] }

/** With nothing known (no data in the page), the storefront behaves as always open. */
const ALWAYS_OPEN: StoreStatus = { open: true, state: 'open', message: 'Abierto' }

/** Client side: the embedded data, or an empty page state if it is missing or unreadable. */
export function readPageData(doc: Document): LandingData {
  const fallback: LandingData = { products: null, categories: DEFAULT_MENU_TABS, whatsappNumber: '', zones: [], hours: null, status: ALWAYS_OPEN, orderSettings: DEFAULT_ORDER_SETTINGS, showcase: NO_SHOWCASE, profile: NO_PROFILE }
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent
  if (!text) return fallback
  try {
    const data = JSON.parse(text) as Partial<LandingData>
    const table = tableVisitOf(data.table)
    return {
      products: Array.isArray(data.products) ? data.products : null,
      categories: Array.isArray(data.categories) && data.categories.length ? data.categories : DEFAULT_MENU_TABS,
      whatsappNumber: typeof data.whatsappNumber === 'string' ? data.whatsappNumber : '',
      zones: Array.isArray(data.zones) ? data.zones : [],
      hours: typeof data.hours === 'object' ? data.hours : null,
      status: typeof data.status === 'object' && data.status !== null ? data.status : ALWAYS_OPEN,
      orderSettings: typeof data.orderSettings === 'object' && data.orderSettings !== null ? data.orderSettings : DEFAULT_ORDER_SETTINGS,
      // The minute the server judged the dishes' hours at: hydration judges them at the same one (menu-section.tsx).
      ...(typeof data.orderAt === 'number' ? { orderAt: data.orderAt } : {}),
      showcase: typeof data.showcase === 'object' && data.showcase !== null && Array.isArray(data.showcase.sauces) && Array.isArray(data.showcase.extras) ? data.showcase : NO_SHOWCASE,
      // Absent when there is none (the strip then renders nothing, on both sides).
      ...(Array.isArray(data.promotions) && data.promotions.length > 0 ? { promotions: data.promotions } : {}),
      logoThumb: data.logoThumb,
      profile: data.profile?.name ? data.profile : NO_PROFILE,
      // A table's page (issue #45): the header names the table on both sides.
      ...(table ? { table } : {}),
    }
  } catch {
    return fallback
  }
}
