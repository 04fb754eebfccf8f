import type { Selectable } from 'kysely'
import { displayApiKey } from '../../shared/api-key'
import type { ApiKey, CreatedApiKey } from '../../shared/schemas'
import type { Db } from '../db/database.server'
import type { ApiKeysTable } from '../db/tables.server'

const toApiKey = (r: Selectable<ApiKeysTable>): ApiKey => ({
  id: r.id,
  name: r.name,
  key: r.key_display,
  active: r.active === 1,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
})

export const API_KEY_PREFIX = 'chq_'

/** SHA-256 hex of the full key: what is stored and looked up. */
export const hashApiKey = (key: string): string => new Bun.CryptoHasher('sha256').update(key).digest('hex')

/** `chq_` + 32 random bytes, base64url (43 characters): 256 bits of entropy. */
export const generateApiKey = (): string => API_KEY_PREFIX + Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')

export async function listApiKeys(db: Db): Promise<ApiKey[]> {
  const rows = await db.selectFrom('api_keys').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
  return rows.map(toApiKey)
}

/** Whether key `id` exists and is active (an event stream asks at each heartbeat). */
export async function isApiKeyActive(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('api_keys').select('id').where('id', '=', id).where('active', '=', 1).executeTakeFirst()
  return row !== undefined
}

/** Creates a key; the answer is the only place the full key ever appears. */
export async function createApiKey(db: Db, name: string): Promise<CreatedApiKey> {
  const key = generateApiKey()
  const row = await db
    .insertInto('api_keys')
    .values({ name, key_hash: hashApiKey(key), key_display: displayApiKey(key), active: 1, created_at: new Date().toISOString() })
    .returningAll()
    .executeTakeFirstOrThrow()
  const { key: keyDisplay, ...listed } = toApiKey(row)
  return { ...listed, key, keyDisplay }
}

export async function deleteApiKey(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('api_keys').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** The active key matching `key`, with its lastUsedAt updated; null if unknown or inactive. */
export async function useApiKey(db: Db, key: string): Promise<ApiKey | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null
  const row = await db
    .updateTable('api_keys')
    .set({ last_used_at: new Date().toISOString() })
    .where('key_hash', '=', hashApiKey(key))
    .where('active', '=', 1)
    .returningAll()
    .executeTakeFirst()
  return row ? toApiKey(row) : null
}
