/**
 * What the landing page's <head> says about itself, per origin and per page (the store's,
 * or a dish's for `/?producto=<id>`): title, description, canonical link, Open Graph and
 * Twitter tags with the preview image (absolute URLs), and the JSON-LD. Written as text
 * into the page rendered once by React (landing.route.tsx), so a dish's page or another
 * origin costs a string join, not a render. Every value is escaped here.
 */
import { type LandingData, serializeForScript, type StoreProduct } from '../../shared/landing-data'
import { isoToZoned } from '../../shared/store-hours'
import { buildJsonLd } from '../landing/json-ld.server'
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from './og-card.server'
import { STORE_PREVIEW_PATH, priceLine, productPreview, productPreviewPath, storePreview, versioned } from './preview-spec.server'
import { landingCacheKey } from './public-origin.server'

export type HeadInput = {
  data: LandingData
  origin: string
  /** The dish of `/?producto=<id>`; undefined: the store's page. */
  product?: StoreProduct
  /** The restaurant's name (og:title and og:site_name of the store's page). */
  name: string
  /** The store page's <title> (the name and its promise). */
  title: string
  description: string
  /** When the page was rendered (closed dates before that day are left out of the JSON-LD). */
  renderedAt: Date
}

/** Attribute values and text: &, <, >, " and ' as character references. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A description a preview shows whole (WhatsApp cuts around 200 characters): whole words, then '…'. */
export function shorten(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,;:.·-]+$/, '')}…`
}

/** `title`: the <title>; `shareTitle`: the preview's title (og:title, twitter:title). */
export type HeadTags = { title: string; shareTitle: string; description: string; url: string; image: string; imageAlt: string }

/** The page's own words and image: the store's, or the dish's. */
export function headTags({ data, origin, product, name, title, description }: HeadInput): HeadTags {
  const products = data.products ?? []
  if (!product) {
    return { title, shareTitle: name, description, url: landingCacheKey(origin), image: `${origin}${versioned(STORE_PREVIEW_PATH, storePreview(data.profile, products))}`, imageAlt: name }
  }
  const about = product.description?.trim()
  return {
    title: `${product.name} · ${name}`,
    shareTitle: `${product.name} · ${name}`,
    description: shorten(`${priceLine(product)}. ${about ? `${about} ` : ''}Pídelo por WhatsApp.`),
    url: landingCacheKey(origin, product.id),
    image: `${origin}${versioned(productPreviewPath(product.id), productPreview(name, product))}`,
    imageAlt: `${product.name} · ${name}`,
  }
}

/** The tags themselves, as HTML. */
export function headHtml(input: HeadInput): string {
  const tags = headTags(input)
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}"/>`
  const storeImage = input.product ? headTags({ ...input, product: undefined }).image : tags.image
  const today = input.data.hours ? isoToZoned(input.renderedAt.toISOString(), input.data.hours.timezone).slice(0, 10) : ''
  const jsonLd = buildJsonLd({ data: input.data, origin: input.origin, name: input.name, description: input.description, image: storeImage, today })
  return [
    `<title>${escapeHtml(tags.title)}</title>`,
    meta('name', 'description', tags.description),
    `<link rel="canonical" href="${escapeHtml(tags.url)}"/>`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', input.name),
    meta('property', 'og:locale', 'es_GT'),
    meta('property', 'og:title', tags.shareTitle),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.url),
    meta('property', 'og:image', tags.image),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', String(PREVIEW_WIDTH)),
    meta('property', 'og:image:height', String(PREVIEW_HEIGHT)),
    meta('property', 'og:image:alt', tags.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', tags.shareTitle),
    meta('name', 'twitter:description', tags.description),
    meta('name', 'twitter:image', tags.image),
    meta('name', 'twitter:image:alt', tags.imageAlt),
    `<script type="application/ld+json">${serializeForScript(jsonLd)}</script>`,
  ].join('')
}
