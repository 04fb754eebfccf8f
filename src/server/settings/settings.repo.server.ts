import { type Setting, WHATSAPP_SETTING_KEY } from '../../shared/schemas'
import type { Db } from '../db/database.server'
import type { SettingsTable } from '../db/tables.server'

const toSetting = (r: SettingsTable): Setting => ({ key: r.key, value: r.value, updatedAt: r.updated_at })

/** The stored settings of `keys` that were saved, by key: one query. */
export async function getSettings(db: Db, keys: readonly string[]): Promise<Map<string, Setting>> {
  const rows = await db.selectFrom('settings').selectAll().where('key', 'in', keys).execute()
  return new Map(rows.map((row) => [row.key, toSetting(row)]))
}

/** The stored setting, or null when it was never saved. */
export async function getSetting(db: Db, key: string): Promise<Setting | null> {
  const row = await db.selectFrom('settings').selectAll().where('key', '=', key).executeTakeFirst()
  return row ? toSetting(row) : null
}

export async function setSetting(db: Db, key: string, value: string): Promise<Setting> {
  const row = await db
    .insertInto('settings')
    .values({ key, value, updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })))
    .returningAll()
    .executeTakeFirstOrThrow()
  return toSetting(row)
}

/** Stores the setting only when none was saved (the seed never overwrites data); true when it did. */
export async function setSettingIfMissing(db: Db, key: string, value: string): Promise<boolean> {
  const result = await db
    .insertInto('settings')
    .values({ key, value, updated_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** The order-receiving chat number: the saved setting, else `fallback` (config.defaultWhatsappNumber). */
export async function getWhatsappNumber(db: Db, fallback: string): Promise<string> {
  return (await getSetting(db, WHATSAPP_SETTING_KEY))?.value ?? fallback
}
