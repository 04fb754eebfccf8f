/**
 * The landing page's JSON-LD against schema.org's own vocabulary: schema-dts (Google's
 * typings of every schema.org type) types the assignment below, so `tsc` fails if the
 * builder writes a property a Restaurant, Menu, MenuItem or Offer does not have, or a
 * value of the wrong kind (a day name that is not a DayOfWeek, an availability that is
 * not an ItemAvailability). The tests then check the values themselves.
 */
import { describe, expect, test } from 'bun:test'
import type { Menu, MenuItem, MenuSection, Offer, Restaurant, WithContext } from 'schema-dts'
import type { LandingData } from '../../shared/landing-data'
import { type JsonLdInput, buildJsonLd } from './json-ld.server'

const day = [{ open: '08:00', close: '14:00' }]
const data: LandingData = {
  products: [
    { id: 1, name: 'Chilaquiles Verdes', description: 'Con salsa verde', category: 'chilaquiles', price: 45, priceGrande: 55, image: '/images/products/chilaquiles-clasicos.svg', available: true, availableSauces: [], baseIngredientIds: [], extraIngredientIds: [], optionGroupIds: [] },
    { id: 2, name: 'Horchata', description: '', category: 'bebidas', price: 15, priceGrande: null, image: 'https://cdn.example.gt/horchata.jpg', available: false, availableSauces: [], baseIngredientIds: [], extraIngredientIds: [], optionGroupIds: [] },
    { id: 3, name: 'Oculto', description: 'En una categoría escondida', category: 'secreta', price: 99, priceGrande: null, image: null, available: true, availableSauces: [], baseIngredientIds: [], extraIngredientIds: [], optionGroupIds: [] },
  ],
  categories: [
    { slug: 'chilaquiles', name: 'Chilaquiles', whenUnavailable: 'show' },
    { slug: 'bebidas', name: 'Bebidas', whenUnavailable: 'show' },
    { slug: 'postres', name: 'Postres', whenUnavailable: 'show' },
  ],
  whatsappNumber: '50212345678',
  zones: [{ id: 1, name: 'Zona 10', deliveryCost: 20, estimatedTime: '30 min', minimumOrder: null }],
  hours: { timezone: 'America/Guatemala', week: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [], sun: [] }, closedDates: ['2026-01-01', '2026-12-25'], paused: false },
  status: { state: 'open', message: 'Abierto' },
  orderSettings: { preparationMinutes: 20, scheduling: { enabled: false, maxDaysAhead: 0, slotMinutes: 15 } },
  showcase: { sauces: [], extras: [] },
} as unknown as LandingData

const input: JsonLdInput = { data, origin: 'https://pedidos.example.gt', name: 'Chilaquiles Chapín', description: 'Los mejores', image: 'https://pedidos.example.gt/og/tienda.jpg?v=1', today: '2026-06-01' }

// The type test: the builder's output IS a schema.org Restaurant (with its @context).
const restaurant: WithContext<Restaurant> = buildJsonLd(input)
const menu: Menu = buildJsonLd(input).hasMenu
const section: MenuSection | undefined = buildJsonLd(input).hasMenu.hasMenuSection[0]
const item: MenuItem | undefined = buildJsonLd(input).hasMenu.hasMenuSection[0]?.hasMenuItem[0]
const offer: Offer | undefined = buildJsonLd(input).hasMenu.hasMenuSection[0]?.hasMenuItem[0]?.offers[0]

describe('JSON-LD Restaurant', () => {
  const ld = buildJsonLd(input)

  test('is what schema.org calls a Restaurant (typed above), and survives JSON', () => {
    expect([restaurant, menu, section, item, offer].every((v) => v !== undefined)).toBe(true)
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld)
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'Restaurant', name: 'Chilaquiles Chapín', url: 'https://pedidos.example.gt/', telephone: '+50212345678', priceRange: 'Q15-Q99' })
  })

  test('a MenuSection per visible category with dishes; a MenuItem per dish with its link, absolute photo and offers in GTQ', () => {
    expect(ld.hasMenu.hasMenuSection.map((s) => s.name)).toEqual(['Chilaquiles', 'Bebidas'])
    const [verdes] = ld.hasMenu.hasMenuSection[0]?.hasMenuItem ?? []
    expect(verdes).toEqual({
      '@type': 'MenuItem',
      name: 'Chilaquiles Verdes',
      description: 'Con salsa verde',
      url: 'https://pedidos.example.gt/?producto=1',
      image: 'https://pedidos.example.gt/images/products/chilaquiles-clasicos.svg',
      offers: [
        { '@type': 'Offer', name: 'Mediano', price: 45, priceCurrency: 'GTQ', availability: 'https://schema.org/InStock' },
        { '@type': 'Offer', name: 'Grande', price: 55, priceCurrency: 'GTQ', availability: 'https://schema.org/InStock' },
      ],
    })
    const [horchata] = ld.hasMenu.hasMenuSection[1]?.hasMenuItem ?? []
    expect(horchata).toEqual({
      '@type': 'MenuItem',
      name: 'Horchata',
      url: 'https://pedidos.example.gt/?producto=2',
      image: 'https://cdn.example.gt/horchata.jpg',
      offers: [{ '@type': 'Offer', price: 15, priceCurrency: 'GTQ', availability: 'https://schema.org/SoldOut' }],
    })
  })

  test('weekly hours from the schedule; closed dates from today on as special hours; the zones served', () => {
    expect(ld.openingHoursSpecification).toEqual([{ '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '14:00' }])
    expect(ld.specialOpeningHoursSpecification).toEqual([{ '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: '2026-12-25', validThrough: '2026-12-25' }])
    expect(ld.areaServed).toEqual([{ '@type': 'Place', name: 'Zona 10' }])
  })
})
