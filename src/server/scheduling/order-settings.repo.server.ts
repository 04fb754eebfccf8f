/**
 * The order settings (preparation time, scheduling, 'Más tiempo'), kept as one JSON
 * document in `settings` under ORDER_SETTINGS_KEY: no migration per new knob, and one
 * row read per checkout. A stored value that does not parse (a hand edit, an older
 * shape) falls back to the defaults field by field through the same schema.
 */
import { DEFAULT_ORDER_SETTINGS, RUSH_MINUTES, type OrderSettings } from '../../shared/order-slots'
import { type OrderSettingsData, orderSettingsInputSchema } from '../../shared/schemas'
import type { Db } from '../db/database.server'
import { getSetting, setSetting } from '../settings/settings.repo.server'

export const ORDER_SETTINGS_KEY = 'order_settings'

type Stored = OrderSettingsData & { rush?: OrderSettings['rush'] }

/** The last value parsed and its reading: the checkout reads the row on every order for later. */
let lastParsed: { json: string; settings: OrderSettings } | undefined

/** The stored value as order settings (the defaults when none was saved or it does not parse). */
export function orderSettingsFrom(json: string | undefined): OrderSettings {
  if (json === undefined) return DEFAULT_ORDER_SETTINGS
  if (lastParsed?.json !== json) lastParsed = { json, settings: parse(json) }
  return lastParsed.settings
}

function parse(json: string | undefined): OrderSettings {
  if (!json) return DEFAULT_ORDER_SETTINGS
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return DEFAULT_ORDER_SETTINGS
  }
  const parsed = orderSettingsInputSchema.safeParse(value)
  if (!parsed.success) return DEFAULT_ORDER_SETTINGS
  const rush = (value as Stored).rush
  const validRush = rush && typeof rush.extraMinutes === 'number' && typeof rush.until === 'string' && !Number.isNaN(Date.parse(rush.until)) ? rush : null
  return { ...parsed.data, rush: validRush }
}

export async function getOrderSettings(db: Db): Promise<OrderSettings> {
  return orderSettingsFrom((await getSetting(db, ORDER_SETTINGS_KEY))?.value)
}

/** Saves the form's part; a 'Más tiempo' in force is kept. */
export async function saveOrderSettings(db: Db, data: OrderSettingsData): Promise<OrderSettings> {
  const { rush } = await getOrderSettings(db)
  const next: OrderSettings = { ...data, rush }
  await setSetting(db, ORDER_SETTINGS_KEY, JSON.stringify(next))
  return next
}

/** 'Más tiempo': `extraMinutes` on top of the preparation time for the next RUSH_MINUTES (0 ends it). */
export async function setRush(db: Db, extraMinutes: number, now: Date): Promise<OrderSettings> {
  const current = await getOrderSettings(db)
  const rush = extraMinutes > 0 ? { extraMinutes, until: new Date(now.getTime() + RUSH_MINUTES * 60_000).toISOString() } : null
  const next: OrderSettings = { ...current, rush }
  await setSetting(db, ORDER_SETTINGS_KEY, JSON.stringify(next))
  return next
}
