/**
 * What each link preview shows and its version: the store's (the restaurant's name, its
 * promise, the first dish with a photo) and each dish's (its name, price and own photo, or
 * none: a dish without a photo never borrows another dish's).
 * Pure: the landing page (to write the image's URL) and the image route (to draw it)
 * derive the same spec from the same menu, so the version in the URL always names the
 * image the route makes. The version is a hash of everything drawn, so a URL never
 * changes meaning and can be cached for a year; a change makes a new URL.
 */
import { formatQ } from '../../shared/money'
import type { StoreProduct } from '../../shared/landing-data'
import { type StoreProfile, titleTail } from '../../shared/store-profile'
import { assets } from '../assets.gen'
import type { PreviewText } from './og-card.server'

/** Bump when the drawing itself changes (og-card.server.ts): every preview gets a new URL. */
export const PREVIEW_DESIGN = 2

/** When no dish has a photo: the page's own hero illustration. */
export const FALLBACK_PHOTO = '/images/hero.svg'

export const ORDER_ACTION = 'Pide por WhatsApp'

export type PreviewProduct = Pick<StoreProduct, 'id' | 'name' | 'price' | 'priceGrande' | 'image' | 'available'>

/** `photo`: the URL of the photo drawn beside the words; null: none (a card of words only). */
export type PreviewSpec = { text: PreviewText; photo: string | null }

/** A photo we can read ourselves: an upload or one of our /images files (a typed-in URL elsewhere is never fetched). */
export const readablePhoto = (image: string | null): string | null => (image && (image.startsWith('/uploads/') || image.startsWith('/images/')) ? image : null)

/** The store's photo: the first dish on the menu with one (an available one first). */
export function storePhoto(products: readonly PreviewProduct[]): string {
  const withPhoto = products.filter((p) => readablePhoto(p.image))
  return readablePhoto((withPhoto.find((p) => p.available) ?? withPhoto[0])?.image ?? null) ?? FALLBACK_PHOTO
}

/** The store's preview: the restaurant's name and promise (its headline, 'Tu restaurante'), its hero picture or the first dish's photo. */
export function storePreview(profile: Pick<StoreProfile, 'name' | 'headline' | 'heroUrl'>, products: readonly PreviewProduct[]): PreviewSpec {
  return { text: { eyebrow: null, title: profile.name, subtitle: titleTail(profile), price: null, action: ORDER_ACTION }, photo: readablePhoto(profile.heroUrl) ?? storePhoto(products) }
}

export const priceLine = (p: Pick<PreviewProduct, 'price' | 'priceGrande'>): string =>
  p.priceGrande != null ? `${formatQ(p.price)} · Grande ${formatQ(p.priceGrande)}` : formatQ(p.price)

/**
 * A dish's preview: its name and price, and its own photo or none. Never another dish's: a
 * latte's link showing a plate of chilaquiles sells what the link does not open (issue #40).
 */
export function productPreview(restaurant: string, product: PreviewProduct): PreviewSpec {
  return {
    text: { eyebrow: restaurant, title: product.name, subtitle: null, price: priceLine(product), action: ORDER_ACTION },
    photo: readablePhoto(product.image),
  }
}

/**
 * The spec's version: a hash of what is drawn. Uploads are never overwritten (a new photo
 * is a new name, decision 011); an /images file can change with a release, so its
 * content hash (the asset manifest's etag) is part of it.
 */
export function previewVersion(spec: PreviewSpec): string {
  const photoTag = spec.photo !== null && Object.hasOwn(assets, spec.photo) ? (assets[spec.photo]?.etag ?? '') : ''
  return Bun.hash(JSON.stringify([PREVIEW_DESIGN, spec.text, spec.photo, photoTag])).toString(36)
}

export const STORE_PREVIEW_PATH = '/og/tienda.jpg'
export const productPreviewPath = (id: number) => `/og/producto/${id}.jpg`
export const versioned = (path: string, spec: PreviewSpec) => `${path}?v=${previewVersion(spec)}`
