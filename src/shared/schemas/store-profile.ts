import { z } from 'zod'
import { COLOR_PATTERN, type StoreProfile, type StoreProfileInput, UNREADABLE_COLOR, readableBackground } from '../store-profile'
import { optionalText, text } from './fields'

/**
 * 'Tu restaurante' (PUT /api/store-profile, issue #41): one rule for the admin form and the
 * server. Texts are stored as text and escaped wherever they land; markup is refused anyway,
 * so no page, preview or chat shows a tag the owner pasted by mistake.
 */
export const NO_MARKUP = 'Escribe solo texto, sin etiquetas HTML (sin < ni >)'
const noMarkup = (s: string | null) => s === null || !/[<>]/.test(s)

const plain = (max: number) => text(max).refine(noMarkup, NO_MARKUP)
const optionalPlain = (max: number) => optionalText(max).refine(noMarkup, NO_MARKUP)

export const HTTPS_LINK = 'El enlace debe empezar con https://'
/** An https:// address (no javascript:, no http:), or null for a blank. */
const httpsLink = () =>
  optionalText(500).refine((s) => {
    if (s === null) return true
    if (!/^https:\/\//i.test(s) || /\s/.test(s)) return false
    try {
      return new URL(s).protocol === 'https:'
    } catch {
      return false
    }
  }, HTTPS_LINK)

export const COLOR_FORMAT = 'Usa un color como #B3261E'
const brandColor = () =>
  z
    .string({ error: COLOR_FORMAT })
    .trim()
    .regex(COLOR_PATTERN, COLOR_FORMAT)
    .refine(readableBackground, UNREADABLE_COLOR)
    .transform((s) => s.toLowerCase())

export const storeColorsSchema = z.object({ primary: brandColor(), secondary: brandColor() }, { error: 'Faltan los colores' })

export const storeProfileInputSchema = z.object({
  name: plain(60),
  headline: plain(60),
  subtitle: optionalPlain(160),
  description: optionalPlain(160),
  about: optionalPlain(2000),
  address: optionalPlain(200),
  // Absent in a profile saved before it existed: reads as none (null), not as the SPEC's cuisines.
  cuisine: optionalPlain(100),
  mapUrl: httpsLink(),
  instagram: httpsLink(),
  facebook: httpsLink(),
  tiktok: httpsLink(),
  colors: storeColorsSchema,
})

const link = z.string().nullable()
/** GET /api/store-profile: the saved profile (or the defaults), with the uploaded logo and hero picture (null: the built-in ones). */
export const storeProfileSchema = z.object({
  name: z.string().describe('Nombre del restaurante (1-60)'),
  headline: z.string().describe("Titular del inicio; su última palabra va resaltada ('Los mejores CHILAQUILES')"),
  subtitle: z.string().nullable(),
  description: z.string().nullable().describe('Descripción para buscadores y vistas previas (<= 160)'),
  about: z.string().nullable().describe("'Nosotros': texto plano, párrafos separados por una línea en blanco"),
  address: z.string().nullable(),
  cuisine: z.string().nullable().describe("Tipo de cocina, separado por comas ('Salvadoreña, Pupusas'): servesCuisine del JSON-LD"),
  mapUrl: link.describe('Enlace https al mapa'),
  instagram: link,
  facebook: link,
  tiktok: link,
  colors: z.object({ primary: z.string().describe('#rrggbb'), secondary: z.string().describe('#rrggbb') }),
  logoUrl: link.describe('Logo subido (WebP bajo /uploads/, cambia con su contenido); null: el de siempre'),
  heroUrl: link.describe('Foto del inicio subida; null: la ilustración de siempre'),
})

type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const typeChecks: [Exact<z.output<typeof storeProfileSchema>, StoreProfile>, Exact<z.output<typeof storeProfileInputSchema>, StoreProfileInput>] = [true, true]
void typeChecks
