import type { Database } from 'bun:sqlite'
import { displayApiKey } from '../../shared/api-key'
import type { ApiKey, CreatedApiKey } from '../../shared/schemas'

type ApiKeyRow = {
  id: number
  name: string
  key_hash: string
  key_display: string
  active: number
  created_at: string
  last_used_at: string | null
}

const toApiKey = (r: ApiKeyRow): ApiKey => ({
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

export function listApiKeys(db: Database): ApiKey[] {
  return db.query<ApiKeyRow, []>('SELECT * FROM api_keys ORDER BY created_at DESC, id DESC').all().map(toApiKey)
}

/** Creates a key; the answer is the only place the full key ever appears. */
export function createApiKey(db: Database, name: string): CreatedApiKey {
  const key = generateApiKey()
  const row = db
    .query<ApiKeyRow, [string, string, string, string]>(
      'INSERT INTO api_keys (name, key_hash, key_display, active, created_at) VALUES (?, ?, ?, 1, ?) RETURNING *',
    )
    .get(name, hashApiKey(key), displayApiKey(key), new Date().toISOString())
  if (!row) throw new Error('insert returned no row')
  const { key: keyDisplay, ...listed } = toApiKey(row)
  return { ...listed, key, keyDisplay }
}

export function deleteApiKey(db: Database, id: number): boolean {
  return db.run('DELETE FROM api_keys WHERE id = ?', [id]).changes > 0
}

/** The active key matching `key`, with its lastUsedAt updated; null if unknown or inactive. */
export function useApiKey(db: Database, key: string): ApiKey | null {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null
  const row = db
    .query<ApiKeyRow, [string, string]>('UPDATE api_keys SET last_used_at = ? WHERE key_hash = ? AND active = 1 RETURNING *')
    .get(new Date().toISOString(), hashApiKey(key))
  return row ? toApiKey(row) : null
}
