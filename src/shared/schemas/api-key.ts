import { z } from 'zod'

export const API_KEY_NAME_RULE = 'El nombre debe tener al menos 3 caracteres'

export const apiKeyInputSchema = z.object({
  name: z.string({ error: API_KEY_NAME_RULE }).trim().min(3, API_KEY_NAME_RULE).max(100, 'Máximo 100 caracteres'),
})
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>

/** The shortened form lists show: first 20 characters + '...' + last 8 (`displayApiKey`, shared/api-key.ts). Not a credential. */
export type ApiKeyDisplay = string
/** The full key, `chq_` + 43 characters: a credential, shown once at creation and stored only as a hash. */
export type ApiKeySecret = string

/** A key as lists show it (GET /api/admin/api-keys): `key` is the display form. */
export type ApiKey = {
  id: number
  name: string
  key: ApiKeyDisplay
  active: boolean
  createdAt: string
  lastUsedAt: string | null
}
/** Answer to a creation, the only time the full key is seen: here `key` is the secret, `keyDisplay` its list form. */
export type CreatedApiKey = Omit<ApiKey, 'key'> & { key: ApiKeySecret; keyDisplay: ApiKeyDisplay }
