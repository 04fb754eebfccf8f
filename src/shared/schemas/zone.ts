import { z } from 'zod'
import { money, optionalMoney, optionalText, text } from './fields'

export const zoneInputSchema = z.object({
  name: text(120),
  deliveryCost: money(0),
  estimatedTime: optionalText(60).default(null),
  available: z.boolean().default(true),
  /** Smallest subtotal (whole Q, before the delivery fee) delivered to this zone; blank or absent: none. */
  minimumOrder: optionalMoney().default(null),
})
export type ZoneInput = z.input<typeof zoneInputSchema>
export type ZoneData = z.output<typeof zoneInputSchema>
export type CoverageZone = ZoneData & { id: number }
