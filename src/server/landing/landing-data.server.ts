import { MENU_CATEGORIES } from '../../shared/menu'
import type { LandingData, StoreProduct } from '../../web/store/page-data'
import type { AppContext } from '../context.server'
import { listZones } from '../coverage-zones/coverage-zones.repo.server'
import { listProducts } from '../products/products.repo.server'
import { getWhatsappNumber } from '../settings/settings.repo.server'

const MENU = new Set<string>(MENU_CATEGORIES)

/** What the landing page shows: available products of the three menu tabs (already in menu order), the chat number and the active zones. */
export function loadLandingData(ctx: AppContext): LandingData {
  const products: StoreProduct[] = listProducts(ctx.db)
    .filter((p) => p.available && MENU.has(p.category))
    .map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      category: p.category,
      price: p.price,
      priceGrande: p.priceGrande,
      image: p.image,
      availableSauces: p.availableSauces,
      baseIngredientIds: p.baseIngredientIds,
      extraIngredientIds: p.extraIngredientIds,
    }))
  const zones = listZones(ctx.db)
    .filter((zone) => zone.available)
    .map((zone) => ({ id: zone.id, name: zone.name, deliveryCost: zone.deliveryCost, estimatedTime: zone.estimatedTime }))
  return { products, whatsappNumber: getWhatsappNumber(ctx.db, ctx.config.defaultWhatsappNumber), zones }
}
