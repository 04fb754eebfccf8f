import { storeStatus } from '../../shared/store-hours'
import type { LandingData, ShowcaseItem, StoreProduct, StoreProductWindows } from '../../shared/landing-data'
import type { Ingredient } from '../../shared/schemas'
import { listIngredients } from '../ingredients/ingredients.repo.server'
import type { AppContext } from '../context.server'
import { listZones } from '../coverage-zones/coverage-zones.repo.server'
import { listProducts } from '../products/products.repo.server'
import { listCategories } from '../categories/categories.repo.server'
import { offeredOnline } from '../../shared/menu'
import { orderMinute, windowsOf } from '../../shared/service-windows'
import { getOpeningHours } from '../opening-hours/opening-hours.repo.server'
import { getOrderSettings } from '../scheduling/order-settings.repo.server'
import { getWhatsappNumber } from '../settings/settings.repo.server'
import { getStoreProfile } from '../store-profile/store-profile.repo.server'
import { responsiveImage, variantImageName, variantWidths } from '../../shared/images'
import { blocksProduct, groupsOf } from '../../shared/options'
import { optionGroupsById } from '../option-groups/option-groups.repo.server'
import { strip as promotionStrip } from '../promotions/promotions.route'

/** The nav's 40 px logo: the smallest stored copy of an upload (src/shared/images.ts), not its 1600 px original. */
function logoThumbOf(logoUrl: string | null): { logoThumb?: string } {
  const src = logoUrl ? responsiveImage(logoUrl) : null
  if (!src?.width) return {}
  const smallest = variantWidths(src.width)[0]
  return { logoThumb: smallest === undefined ? src.src : variantImageName(src.src, smallest) }
}

/**
 * What the landing page shows: the products of the three menu tabs (already in menu order;
 * sold-out ones too, shown as 'Agotado', as is a dish whose required option group has nothing left), the chat number, the active zones, the opening
 * hours and whether orders are taken at `now`, the sauces and extras the drawer offers, and the
 * automatic promotions in force today (GET /api/promotions/active's own answer: the page's strip).
 */
export async function loadLandingData(ctx: AppContext, now: Date): Promise<LandingData> {
  const [allProducts, allZones, hours, whatsappNumber, orderSettings, ingredients, allCategories, optionGroups, promotions, profile] = await Promise.all([
    listProducts(ctx.db),
    listZones(ctx.db),
    getOpeningHours(ctx.db),
    getWhatsappNumber(ctx.db, ctx.config.defaultWhatsappNumber),
    getOrderSettings(ctx.db),
    listIngredients(ctx.db),
    listCategories(ctx.db),
    optionGroupsById(ctx.db),
    promotionStrip(ctx.db, now.getTime()),
    getStoreProfile(ctx.db),
  ])
  // The tabs: the visible categories in display order (issue #31; the SPEC's three by default); the
  // checkout refuses the rest's dishes by the same rule (shared/menu.ts).
  const visible = allCategories.filter(offeredOnline)
  const bySlug = new Map(visible.map((c) => [c.slug, c]))
  const categories = visible.map((c) => ({ slug: c.slug, name: c.name, whenUnavailable: c.whenUnavailable }))
  const products: (StoreProduct & StoreProductWindows)[] = allProducts
    .filter((p) => bySlug.has(p.category))
    .map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      category: p.category,
      price: p.price,
      priceGrande: p.priceGrande,
      image: p.image,
      // A required group with nothing left to choose sells the dish out (issue #32), as the checkout would refuse it.
      available: p.available && !groupsOf(p, optionGroups).some(blocksProduct),
      availableSauces: p.availableSauces,
      baseIngredientIds: p.baseIngredientIds,
      extraIngredientIds: p.extraIngredientIds,
      optionGroupIds: p.optionGroupIds,
      // Only when the dish has hours: the page stays as light as before for the rest.
      ...(() => {
        const windows = windowsOf(p, bySlug.get(p.category))
        return windows.length ? { windows } : {}
      })(),
    }))
  const zones = allZones
    .filter((zone) => zone.available)
    .map((zone) => ({ id: zone.id, name: zone.name, deliveryCost: zone.deliveryCost, estimatedTime: zone.estimatedTime, minimumOrder: zone.minimumOrder }))
  const shown = (type: Ingredient['type']): ShowcaseItem[] =>
    ingredients.filter((i) => i.type === type && i.available).map((i) => ({ id: i.id, name: i.name, description: i.description, image: i.image, price: i.price }))
  const showcase = { sauces: shown('salsa'), extras: shown('extra') }
  // Only when a dish has hours: the minute the HTML judges them at (landing-data.ts, orderAt).
  const orderAt = products.some((p) => p.windows) ? { orderAt: orderMinute({ now, settings: orderSettings }) } : {}
  return { products, categories, whatsappNumber, zones, hours, status: storeStatus(hours, now), orderSettings, ...orderAt, showcase, ...(promotions.value.length ? { promotions: promotions.value } : {}), profile, ...logoThumbOf(profile.logoUrl) }
}
