/**
 * The settings of orders for later and of the preparation time (GET/PUT /api/order-settings),
 * and their defaults. Apart from the slot rule (order-slots.ts, which re-exports them) so the
 * landing page's first-load script can read its page data without carrying the time-zone math.
 */
export const SLOT_LENGTHS = [10, 15, 20, 30] as const
export type SlotLength = (typeof SLOT_LENGTHS)[number]
export const RUSH_STEPS = [10, 20, 30] as const
/** How long 'Más tiempo' lasts. */
export const RUSH_MINUTES = 60

export type SchedulingSettings = {
  enabled: boolean
  /** 0: today only. */
  daysAhead: number
  slotMinutes: SlotLength
  /** null: no cap. */
  maxOrdersPerSlot: number | null
}

/** GET/PUT /api/order-settings (`rush` is set by 'Más tiempo' on the board, not by the form). */
export type OrderSettings = {
  preparationMinutes: number
  scheduling: SchedulingSettings
  /** Extra minutes on top of the preparation time until `until` (ISO instant); null: none. */
  rush: { extraMinutes: number; until: string } | null
}

export const DEFAULT_ORDER_SETTINGS: OrderSettings = {
  preparationMinutes: 20,
  scheduling: { enabled: false, daysAhead: 2, slotMinutes: 15, maxOrdersPerSlot: null },
  rush: null,
}
