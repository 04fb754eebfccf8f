import type { Database } from 'bun:sqlite'
import { type Setting, WHATSAPP_SETTING_KEY } from '../../shared/schemas'

type SettingRow = { key: string; value: string; updated_at: string }
const toSetting = (r: SettingRow): Setting => ({ key: r.key, value: r.value, updatedAt: r.updated_at })

/** The stored setting, or null when it was never saved. */
export function getSetting(db: Database, key: string): Setting | null {
  const row = db.query<SettingRow, [string]>('SELECT * FROM settings WHERE key = ?').get(key)
  return row ? toSetting(row) : null
}

export function setSetting(db: Database, key: string, value: string): Setting {
  const row = db
    .query<SettingRow, [string, string, string]>(
      `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
       RETURNING *`,
    )
    .get(key, value, new Date().toISOString())
  if (!row) throw new Error('upsert returned no row')
  return toSetting(row)
}

/** The order-receiving chat number: the saved setting, else `fallback` (config.defaultWhatsappNumber). */
export function getWhatsappNumber(db: Database, fallback: string): string {
  return getSetting(db, WHATSAPP_SETTING_KEY)?.value ?? fallback
}
