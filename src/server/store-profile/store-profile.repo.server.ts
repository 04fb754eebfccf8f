/**
 * Where the restaurant's profile is kept (issue #41, decision 040): three rows of `settings`,
 * so every instance on PostgreSQL reads the same and no migration is needed:
 *   store_profile  the texts, links and colours as JSON (what PUT sends)
 *   store_logo     the logo's /uploads/ URL
 *   store_hero     the hero picture's /uploads/ URL
 * Apart, so a save of the texts and an upload never overwrite each other's half.
 */
import { storeProfileInputSchema } from '../../shared/schemas/store-profile'
import { DEFAULT_STORE_PROFILE, type StoreProfile, type StoreProfileInput } from '../../shared/store-profile'
import type { Db } from '../db/database.server'
import { getSettings, setSetting } from '../settings/settings.repo.server'

export const PROFILE_KEY = 'store_profile'
export const LOGO_KEY = 'store_logo'
export const HERO_KEY = 'store_hero'
const KEYS = [PROFILE_KEY, LOGO_KEY, HERO_KEY] as const

/** Stored texts read back through the same schema; a row that no longer passes it (edited by hand) reads as the defaults. */
function storedInput(json: string | undefined): StoreProfileInput {
  if (json === undefined) return DEFAULT_STORE_PROFILE
  try {
    const parsed = storeProfileInputSchema.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : DEFAULT_STORE_PROFILE
  } catch {
    return DEFAULT_STORE_PROFILE
  }
}

const uploaded = (url: string | undefined): string | null => (url && url.startsWith('/uploads/') ? url : null)

/** The profile as saved, or the defaults (a fresh install): one query. */
export async function getStoreProfile(db: Db): Promise<StoreProfile> {
  const rows = await getSettings(db, KEYS)
  const input = storedInput(rows.get(PROFILE_KEY)?.value)
  return { ...input, logoUrl: uploaded(rows.get(LOGO_KEY)?.value), heroUrl: uploaded(rows.get(HERO_KEY)?.value) }
}

/** Saves the texts, links and colours (already validated); the pictures stay. */
export async function saveStoreProfile(db: Db, input: StoreProfileInput): Promise<StoreProfile> {
  await setSetting(db, PROFILE_KEY, JSON.stringify(input))
  return getStoreProfile(db)
}

export async function setStorePicture(db: Db, which: 'logo' | 'hero', url: string): Promise<StoreProfile> {
  await setSetting(db, which === 'logo' ? LOGO_KEY : HERO_KEY, url)
  return getStoreProfile(db)
}

/** 'Restablecer': the defaults again (texts, colours and pictures); the uploaded files stay where they are. */
export async function resetStoreProfile(db: Db): Promise<StoreProfile> {
  await db.deleteFrom('settings').where('key', 'in', KEYS).execute()
  return getStoreProfile(db)
}
