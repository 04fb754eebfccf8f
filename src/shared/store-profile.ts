/**
 * The restaurant's own face (issue #41): its name, words, colours, logo and story, set in
 * Configuración ('Tu restaurante') and shown wherever the restaurant speaks. A fresh install
 * shows exactly the texts the code had before: DEFAULT_STORE_PROFILE. No zod here (the
 * validation is src/shared/schemas/store-profile.ts): the landing page imports types only.
 */
import { EMPTY_ORDER_TEXT, EMPTY_ORDER_TEXT_ANY } from './chat-link'

export type StoreColors = { primary: string; secondary: string }

/** What the owner writes (PUT /api/store-profile). Optional texts and links are null when not given. */
export type StoreProfileInput = {
  name: string
  /** Its last word is the emphasised one ('Los mejores CHILAQUILES'). */
  headline: string
  subtitle: string | null
  /** Meta description, link previews, search; the footer's sentence once changed. */
  description: string | null
  /** 'Nosotros': plain text, paragraphs split by blank lines. */
  about: string | null
  address: string | null
  /** What the kitchen cooks, comma-separated ('Salvadoreña, Pupusas'): `servesCuisine` for search engines. */
  cuisine: string | null
  mapUrl: string | null
  instagram: string | null
  facebook: string | null
  tiktok: string | null
  colors: StoreColors
}

/** GET /api/store-profile: the input plus the uploaded pictures (null: the built-in ones). */
export type StoreProfile = StoreProfileInput & { logoUrl: string | null; heroUrl: string | null }

export const DEFAULT_NAME = 'Chilaquiles Chapín'
export const DEFAULT_HEADLINE = 'Los mejores CHILAQUILES'
export const DEFAULT_SUBTITLE = 'Totopos crujientes bañados en salsa recién hecha, con crema, queso fresco y todo lo que se te antoje. Pídelos en un minuto.'
export const DEFAULT_DESCRIPTION =
  'Chilaquiles guatemaltecos hechos al momento: escoge tu salsa (verde, roja, mixta o mole), personaliza tu plato y pide por WhatsApp. Entrega en 30-45 min.'
export const DEFAULT_CUISINE = 'Guatemalteca, Mexicana, Chilaquiles'
/** The theme's own colours (src/web/ui/theme.css): with these, the page sets no colour of its own. */
export const DEFAULT_COLORS: StoreColors = { primary: '#b3261e', secondary: '#f6c343' }
export const DEFAULT_LOGO = '/images/logo.svg'
export const DEFAULT_HERO = '/images/hero.svg'

export const DEFAULT_STORE_PROFILE: StoreProfile = {
  name: DEFAULT_NAME,
  headline: DEFAULT_HEADLINE,
  subtitle: DEFAULT_SUBTITLE,
  description: DEFAULT_DESCRIPTION,
  about: null,
  address: null,
  cuisine: DEFAULT_CUISINE,
  mapUrl: null,
  instagram: null,
  facebook: null,
  tiktok: null,
  colors: DEFAULT_COLORS,
  logoUrl: null,
  heroUrl: null,
}

/**
 * The sentences that sat in the code before (the footer's, the page title's tail) are not
 * the description or the headline word for word; while those are the defaults, the old
 * sentences show, so a fresh install reads exactly as before.
 */
const DEFAULT_FOOTER_SENTENCE = 'Chilaquiles guatemaltecos hechos al momento, para llevar o a domicilio.'
const DEFAULT_TITLE_TAIL = 'Los mejores chilaquiles de Guatemala'

/** The footer's sentence under the name. */
export const footerSentence = (p: Pick<StoreProfile, 'description'>): string | null =>
  p.description === DEFAULT_DESCRIPTION ? DEFAULT_FOOTER_SENTENCE : p.description

/** The copyright line: the old tail only with the old words (another restaurant may not be made of corn in Guatemala). */
export const copyrightLine = (p: Pick<StoreProfile, 'name' | 'description'>): string =>
  p.description === DEFAULT_DESCRIPTION ? `© ${p.name} · Hecho con maíz y cariño en Guatemala` : `© ${p.name}`

/** The promise after the name: the store page's <title> and its link preview's subtitle. */
export const titleTail = (p: Pick<StoreProfile, 'headline'>): string => (p.headline === DEFAULT_HEADLINE ? DEFAULT_TITLE_TAIL : p.headline)

/** The store page's <title>. */
export const pageTitle = (p: Pick<StoreProfile, 'name' | 'headline'>): string => `${p.name} · ${titleTail(p)}`

/** The headline split for the hero: everything but the last word, then the emphasised last word. */
export function headlineParts(headline: string): { lead: string; emphasis: string } {
  const at = headline.trimEnd().lastIndexOf(' ')
  return at < 0 ? { lead: '', emphasis: headline } : { lead: headline.slice(0, at), emphasis: headline.slice(at + 1) }
}

/** 'Nosotros' paragraphs: split by blank lines, each trimmed, empty ones dropped. */
export const paragraphs = (text: string | null): string[] => (text ?? '').split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)

// ---- Contrast (WCAG 2.x relative luminance) ----

export const COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/
/** Text on a brand colour is white or this near-black, whichever contrasts more. */
const DARK_TEXT = '#111111'
const LIGHT_TEXT = '#ffffff'
/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5
export const UNREADABLE_COLOR = 'Ese color no se lee bien con texto encima'

const channel = (hex: string, at: number): number => {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}
const luminance = (hex: string): number => 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5)

/** Contrast ratio of two #RRGGBB colours, 1 to 21. */
function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)]
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)
}

/** The text colour for `background` (white or #111111, whichever contrasts more) and its ratio. */
export function textOn(background: string): { color: string; ratio: number } {
  const light = contrastRatio(background, LIGHT_TEXT)
  const dark = contrastRatio(background, DARK_TEXT)
  return light >= dark ? { color: LIGHT_TEXT, ratio: light } : { color: DARK_TEXT, ratio: dark }
}

/** Whether text can be read on `background` (the better of white and #111111 reaches 4.5:1). */
export const readableBackground = (background: string): boolean => COLOR_PATTERN.test(background) && textOn(background).ratio >= MIN_CONTRAST

/** A colour `amount` (0-1) darker: the hover shade of a brand colour. */
function darker(hex: string, amount = 0.15): string {
  const part = (at: number) =>
    Math.round(parseInt(hex.slice(at, at + 2), 16) * (1 - amount))
      .toString(16)
      .padStart(2, '0')
  return `#${part(1)}${part(3)}${part(5)}`
}

/**
 * The CSS custom properties a page sets for the profile's colours (the stylesheet never
 * changes per restaurant); '' with the theme's own colours, so a fresh install's page is as before.
 */
export function colorCss(colors: StoreColors): string {
  const same = colors.primary.toLowerCase() === DEFAULT_COLORS.primary && colors.secondary.toLowerCase() === DEFAULT_COLORS.secondary
  if (same || !COLOR_PATTERN.test(colors.primary) || !COLOR_PATTERN.test(colors.secondary)) return ''
  const p = colors.primary.toLowerCase()
  const s = colors.secondary.toLowerCase()
  return (
    `:root{--color-primary:${p};--color-primary-hover:${darker(p)};--color-primary-foreground:${textOn(p).color};` +
    `--color-secondary:${s};--color-secondary-hover:${darker(s, 0.08)};--color-secondary-foreground:${textOn(s).color};--color-ring:${p}}`
  )
}

/** The favicon and touch icon: the owner's logo (its URL changes with its content), else the built-in one. */
export const faviconOf = (profile: Pick<StoreProfile, 'logoUrl'>): { href: string; type: string } =>
  profile.logoUrl ? { href: profile.logoUrl, type: 'image/webp' } : { href: '/favicon.svg', type: 'image/svg+xml' }

/** Where to pick an order up, when the owner said: the pickup choice, the chat text, the tracking page, the ticket. */
export type PickupPlace = { address: string; mapUrl: string | null }
export const pickupPlace = (p: Pick<StoreProfile, 'address' | 'mapUrl'>): PickupPlace | null => (p.address ? { address: p.address, mapUrl: p.mapUrl } : null)

/** The cuisines of the JSON-LD (`servesCuisine`): the comma-separated list, without blanks. */
export const cuisinesOf = (p: Pick<StoreProfile, 'cuisine'>): string[] =>
  (p.cuisine ?? '').split(',').map((c) => c.trim()).filter((c) => c.length > 0)

/** The chat text of 'Ordenar por WhatsApp' with an empty cart: the SPEC's, naming chilaquiles, only while the headline does. */
export const emptyOrderText = (p: Pick<StoreProfile, 'headline'>): string => (p.headline === DEFAULT_HEADLINE ? EMPTY_ORDER_TEXT : EMPTY_ORDER_TEXT_ANY)
