/**
 * schema.org `Restaurant` for search engines, built from the real menu: its name, page,
 * preview image, chat phone, cuisine, price range, the weekly hours and closed dates
 * (opening-hours/json-ld.server.ts), the delivery zones it serves, and `hasMenu`: one
 * `MenuSection` per visible category with a `MenuItem` per dish, its link, photo and
 * offers in GTQ (the Grande size as a second offer). URLs are absolute, on `origin`
 * (seo/public-origin.server.ts). Each object `satisfies` schema.org's own type (schema-dts,
 * types only: nothing of it runs), so a misspelt property or a value of the wrong kind fails
 * `tsc`; json-ld.types.test.ts assigns the whole result to `WithContext<Restaurant>`.
 */
import type { Menu, MenuItem, MenuSection, Offer, OrderAction, Place, PostalAddress, Restaurant, WithContext } from 'schema-dts'
import type { LandingData, StoreProduct } from '../../shared/landing-data'
import { deliveryPromise } from '../../shared/delivery-estimate'
import { cuisinesOf, DEFAULT_STORE_PROFILE } from '../../shared/store-profile'
import { closedDatesSpecification, weeklyOpeningHours } from '../opening-hours/json-ld.server'
import { absoluteUrl, productLink } from '../seo/public-origin.server'

const availability = (available: boolean) => (available ? ('https://schema.org/InStock' as const) : ('https://schema.org/SoldOut' as const))

export type JsonLdInput = {
  data: LandingData
  /** The site as the visitor reached it (seo/public-origin.server.ts). */
  origin: string
  name: string
  description: string
  /** Absolute URL of the store's preview image. */
  image: string
  /** The store's today ('YYYY-MM-DD'): closed dates before it are left out. */
  today: string
}

function offers(p: StoreProduct) {
  const offer = (name: string | null, price: number) => ({
    '@type': 'Offer' as const,
    ...(name ? { name } : {}),
    price,
    priceCurrency: 'GTQ',
    availability: availability(p.available),
  }) satisfies Offer
  return p.priceGrande != null ? [offer('Mediano', p.price), offer('Grande', p.priceGrande)] : [offer(null, p.price)]
}

export function buildJsonLd({ data, origin, name, description, image, today }: JsonLdInput) {
  const products = data.products ?? []
  const prices = products.flatMap((p) => (p.priceGrande != null ? [p.price, p.priceGrande] : [p.price]))
  const sections = data.categories
    .map((category) => ({
      '@type': 'MenuSection' as const,
      name: category.name,
      hasMenuItem: products
        .filter((p) => p.category === category.slug)
        .map((p) => ({
          '@type': 'MenuItem' as const,
          name: p.name,
          ...(p.description ? { description: p.description } : {}),
          url: productLink(origin, p.id),
          ...(p.image ? { image: absoluteUrl(origin, p.image) } : {}),
          offers: offers(p),
        }) satisfies MenuItem),
    }) satisfies MenuSection)
    .filter((s) => s.hasMenuItem.length > 0)
  const closed = closedDatesSpecification(data.hours, today)
  // The owner's own words and links ('Tu restaurante'); serializeForScript escapes them for the <script>.
  const profile = data.profile as LandingData['profile'] | undefined
  const cuisines = cuisinesOf(profile ?? DEFAULT_STORE_PROFILE)
  const sameAs = profile ? [profile.instagram, profile.facebook, profile.tiktok].filter((link): link is string => link !== null) : []

  return {
    '@context': 'https://schema.org' as const,
    '@type': 'Restaurant' as const,
    '@id': `${origin}/#restaurant`,
    name,
    description,
    url: `${origin}/`,
    image,
    ...(cuisines.length ? { servesCuisine: cuisines } : {}),
    telephone: `+${data.whatsappNumber}`,
    acceptsReservations: false,
    ...(prices.length ? { priceRange: `Q${Math.min(...prices)}-Q${Math.max(...prices)}` } : {}),
    currenciesAccepted: 'GTQ',
    address: { '@type': 'PostalAddress' as const, ...(profile?.address ? { streetAddress: profile.address } : {}), addressCountry: 'GT' } satisfies PostalAddress,
    ...(profile?.mapUrl ? { hasMap: profile.mapUrl } : {}),
    ...(profile?.logoUrl ? { logo: absoluteUrl(origin, profile.logoUrl) } : {}),
    ...(sameAs.length ? { sameAs } : {}),
    ...(data.zones.length ? { areaServed: data.zones.map((zone) => ({ '@type': 'Place' as const, name: zone.name }) satisfies Place) } : {}),
    ...(data.hours?.week ? { openingHoursSpecification: weeklyOpeningHours(data.hours) } : {}),
    ...(closed.length ? { specialOpeningHoursSpecification: closed } : {}),
    potentialAction: { '@type': 'OrderAction' as const, target: `${origin}/`, description: deliveryPromise(data.zones) ?? 'Para recoger en el local' } satisfies OrderAction,
    hasMenu: { '@type': 'Menu' as const, name: 'Menú', inLanguage: 'es', url: `${origin}/#menu`, hasMenuSection: sections } satisfies Menu,
  } satisfies WithContext<Restaurant>
}

export type RestaurantJsonLd = ReturnType<typeof buildJsonLd>
