/** schema.org Restaurant + Menu built from the real menu, for search engines. */
import { CATEGORY_LABELS, MENU_CATEGORIES } from '../../shared/menu'
import type { LandingData } from '../../shared/landing-data'
import { deliveryPromise } from '../../shared/delivery-estimate'
import { RESTAURANT_NAME } from '../../web/store/restaurant'
import { openingHoursSpecification } from '../opening-hours/json-ld.server'

const availability = (available: boolean) => (available ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut')

export function buildJsonLd(data: LandingData, description: string): Record<string, unknown> {
  const products = data.products ?? []
  const prices = products.flatMap((p) => (p.priceGrande != null ? [p.price, p.priceGrande] : [p.price]))
  const sections = MENU_CATEGORIES.map((category) => ({
    '@type': 'MenuSection',
    name: CATEGORY_LABELS[category],
    hasMenuItem: products
      .filter((p) => p.category === category)
      .map((p) => ({
        '@type': 'MenuItem',
        name: p.name,
        description: p.description,
        ...(p.image ? { image: p.image } : {}),
        offers: [
          { '@type': 'Offer', name: 'Mediano', price: String(p.price), priceCurrency: 'GTQ', availability: availability(p.available) },
          ...(p.priceGrande != null
            ? [{ '@type': 'Offer', name: 'Grande', price: String(p.priceGrande), priceCurrency: 'GTQ', availability: availability(p.available) }]
            : []),
        ],
      })),
  })).filter((s) => s.hasMenuItem.length > 0)

  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: RESTAURANT_NAME,
    description,
    servesCuisine: ['Guatemalteca', 'Mexicana', 'Chilaquiles'],
    telephone: `+${data.whatsappNumber}`,
    acceptsReservations: false,
    ...(prices.length ? { priceRange: `Q${Math.min(...prices)}-Q${Math.max(...prices)}` } : {}),
    address: { '@type': 'PostalAddress', addressCountry: 'GT' },
    ...(data.hours?.week ? { openingHoursSpecification: openingHoursSpecification(data.hours) } : {}),
    potentialAction: { '@type': 'OrderAction', description: deliveryPromise(data.zones) ?? 'Para recoger en el local' },
    hasMenu: { '@type': 'Menu', name: 'Menú', inLanguage: 'es', hasMenuSection: sections },
  }
}
