import { z } from 'zod'
import { money, optionalText, text } from './fields'

export const zoneInputSchema = z.object({
  name: text(120),
  deliveryCost: money(0),
  estimatedTime: optionalText(60).default(null),
  available: z.boolean().default(true),
})
export type ZoneInput = z.input<typeof zoneInputSchema>
export type ZoneData = z.output<typeof zoneInputSchema>
export type CoverageZone = ZoneData & { id: number }
