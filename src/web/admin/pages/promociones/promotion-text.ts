import { type PromotionNames, spanishDate } from '@/shared/promotions'
import type { Promotion, PromotionKind, PromotionFulfilment, PromotionWithUses } from '@/shared/schemas/promotion'
import { MINUTES_PER_DAY, dateOfDay, wallMinute } from '@/shared/store-hours'
import type { Category } from '@/shared/schemas/category'

/** Where a promotion stands today, as the list shows it. */
export type PromotionState = 'active' | 'scheduled' | 'paused' | 'exhausted' | 'expired'

export const STATE_LABELS: Record<PromotionState, string> = {
  active: 'Activa',
  scheduled: 'Programada',
  paused: 'En pausa',
  exhausted: 'Agotada',
  expired: 'Vencida',
}

export const KIND_LABELS: Record<PromotionKind, string> = {
  percent: 'Porcentaje',
  amount: 'Monto fijo',
  buyXgetY: '2x1, 3x2…',
  freeDelivery: 'Envío gratis',
}

/** The kinds in the order the form offers them: the usual ones first. */
export const KIND_ORDER: readonly PromotionKind[] = ['percent', 'amount', 'buyXgetY', 'freeDelivery']

export const FULFILMENT_LABELS: Record<PromotionFulfilment, string> = {
  any: 'Cualquier pedido',
  pickup: 'Solo para recoger en el local',
  delivery: 'Solo a domicilio',
}

/** The restaurant's calendar day now ("YYYY-MM-DD"), as the checkout judges a promotion's dates. */
export const restaurantToday = (now = new Date()): string => dateOfDay(Math.floor(wallMinute(now) / MINUTES_PER_DAY))

/** Paused first (the owner's word), then what the calendar and the uses say. */
export function promotionState(p: PromotionWithUses, today: string): PromotionState {
  if (!p.active) return 'paused'
  if (p.endsOn !== null && today > p.endsOn) return 'expired'
  if (p.maxUses !== null && p.uses >= p.maxUses) return 'exhausted'
  if (p.startsOn !== null && today < p.startsOn) return 'scheduled'
  return 'active'
}

/** '3 de 50 usos', '1 uso'. */
export function usesText(p: Pick<PromotionWithUses, 'uses' | 'maxUses'>): string {
  if (p.maxUses !== null) return `${p.uses} de ${p.maxUses} usos`
  return `${p.uses} ${p.uses === 1 ? 'uso' : 'usos'}`
}

/** 'Del 1 de diciembre al 24 de diciembre', 'Desde el 1 de diciembre', 'Hasta el 31 de enero de 2027'; null without dates. */
export function datesText(p: Pick<Promotion, 'startsOn' | 'endsOn'>, today: string): string | null {
  if (p.startsOn && p.endsOn) return `Del ${spanishDate(p.startsOn, today)} al ${spanishDate(p.endsOn, today)}`
  if (p.startsOn) return `Desde el ${spanishDate(p.startsOn, today)}`
  if (p.endsOn) return `Hasta el ${spanishDate(p.endsOn, today)}`
  return null
}

/** The link that puts the code in a customer's cart (DESIGN: `/?codigo=MARTES`), on the address the admin is served from. */
export const codeLink = (origin: string, code: string): string => `${origin}/?codigo=${encodeURIComponent(code)}`

/** The poster of a code (/admin/cartel reads `codigo`). */
export const cartelPath = (code: string): string => `/admin/cartel?codigo=${encodeURIComponent(code)}`

/** The names the descriptions use, from the lists the page has read. */
export function namesOf(categories: readonly Pick<Category, 'slug' | 'name'>[], products: readonly { id: number; name: string }[]): PromotionNames {
  return { categories: new Map(categories.map((c) => [c.slug, c.name])), products: new Map(products.map((p) => [p.id, p.name])) }
}
