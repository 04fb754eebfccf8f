import { z } from 'zod'

export const API_KEY_NAME_RULE = 'El nombre debe tener al menos 3 caracteres'

export const apiKeyInputSchema = z.object({
  name: z.string({ error: API_KEY_NAME_RULE }).trim().min(3, API_KEY_NAME_RULE).max(100, 'Máximo 100 caracteres'),
})
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>

/** What lists show: `key` is the display form (first 20 + '...' + last 8). */
export type ApiKey = {
  id: number
  name: string
  key: string
  active: boolean
  createdAt: string
  lastUsedAt: string | null
}
/** Answer to a creation: the only time the full key is seen. */
export type CreatedApiKey = ApiKey & { key: string }
