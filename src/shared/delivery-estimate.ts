/**
 * What the storefront promises about delivery time, from the zones the owner set up
 * (their 'Tiempo estimado', e.g. '30-45 min', '1 hora'), instead of a fixed sentence that
 * may not be true: the range from the quickest zone's low to the slowest zone's high.
 * Pure, no zod: it ships in the landing bundle.
 */
import type { DeliveryZone } from './checkout'

/** The minutes a zone's free-text estimate names: '30-45 min' → [30, 45], '1 hora' → [60, 60]; null if none. */
export function estimateMinutes(text: string | null | undefined): [number, number] | null {
  if (!text) return null
  const hours = /\bh(?:ora|rs?\b)/i.test(text) && !/\bmin/i.test(text)
  const numbers = [...text.matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => Number(m[0].replace(',', '.')) * (hours ? 60 : 1))
  if (numbers.length === 0 || numbers.some((n) => !Number.isFinite(n) || n <= 0)) return null
  return [Math.min(...numbers), Math.max(...numbers)]
}

/**
 * 'Entrega en 30-60 min' across the zones that deliver; 'Entrega a domicilio' when none says
 * how long; null when no zone delivers (pickup only).
 */
export function deliveryPromise(zones: readonly Pick<DeliveryZone, 'estimatedTime'>[]): string | null {
  if (zones.length === 0) return null
  const ranges = zones.map((z) => estimateMinutes(z.estimatedTime)).filter((r): r is [number, number] => r !== null)
  if (ranges.length === 0) return 'Entrega a domicilio'
  const low = Math.min(...ranges.map((r) => r[0]))
  const high = Math.max(...ranges.map((r) => r[1]))
  return low === high ? `Entrega en ${low} min` : `Entrega en ${low}-${high} min`
}
