/**
 * Web push to the staff's devices (issue #43): what the browser's PushSubscription gives, as
 * POST /api/push/subscriptions takes it, and the answers. One reading for the server and the
 * admin. No Buffer here (the admin ships it): the keys are checked by their base64url shape.
 */
import { z } from 'zod'

export const PUSH_ENDPOINT_RULE = 'La suscripción no tiene una dirección válida del servicio de avisos'
export const PUSH_KEYS_RULE = 'Las claves de la suscripción no son válidas'

/** The hosts where a push service may answer over plain http: this machine only (a test push service). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The endpoint is whatever URL the browser's push service gave: https in the wild; plain http
 * only on this machine (the push service of the tests). Anything else is refused, so a signed-in
 * account cannot make the server post to an arbitrary plain-http address.
 */
export function isPushEndpoint(text: string): boolean {
  if (!URL.canParse(text)) return false
  const url = new URL(text)
  if (url.username || url.password) return false
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)
}

const base64url = (chars: number) => new RegExp(`^[A-Za-z0-9_-]{${chars}}$`)
/** Padding ('=') some browsers add is not part of the key. */
const unpadded = (s: string) => s.replace(/=+$/, '')

export const pushEndpointSchema = z
  .string({ error: PUSH_ENDPOINT_RULE })
  .max(2048, PUSH_ENDPOINT_RULE)
  .refine(isPushEndpoint, PUSH_ENDPOINT_RULE)
  .describe('La dirección del servicio de avisos que dio el navegador (PushSubscription.endpoint)')

/** POST /api/push/subscriptions: PushSubscription.toJSON() (its expirationTime, when sent, is ignored). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object(
    {
      // An uncompressed P-256 point: 65 bytes, the first 0x04 (base64url 'B…', 87 characters).
      p256dh: z.string({ error: PUSH_KEYS_RULE }).transform(unpadded).pipe(z.string().regex(/^B[A-Za-z0-9_-]{86}$/, PUSH_KEYS_RULE)),
      // The 16-byte authentication secret (22 characters).
      auth: z.string({ error: PUSH_KEYS_RULE }).transform(unpadded).pipe(z.string().regex(base64url(22), PUSH_KEYS_RULE)),
    },
    { error: PUSH_KEYS_RULE },
  ),
})
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInputSchema>

/** DELETE /api/push/subscriptions */
export const pushEndpointInputSchema = z.object({ endpoint: pushEndpointSchema })

/** GET /api/push/public-key: the VAPID public key the browser subscribes with (applicationServerKey). */
export const pushPublicKeySchema = z.object({ publicKey: z.string().describe('Clave pública VAPID en base64url (65 bytes sin comprimir)') })

/** POST /api/push/subscriptions: this device's avisos are on. */
export const pushSubscribedSchema = z.object({
  message: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

/** What the service worker receives (the push message's JSON), and shows. */
export type PushPayload = {
  title: string
  body: string
  /** 'pedido-42': a later push of the same order replaces the notification. */
  tag: string
  /** Where a click goes: '/admin/pedidos?pedido=42'. */
  url: string
  number: number
}
