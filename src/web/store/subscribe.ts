/**
 * The footer's newsletter form sends the address to the server (POST /api/subscribers) and
 * says what happened in words the customer can act on. A plain fetch: the landing page
 * carries no client library for one call.
 */
import { EMAIL_RULE, SUBSCRIBED_MESSAGE } from '../../shared/subscribers'

/** Longest wait before the customer is told to try again. */
const SUBSCRIBE_TIMEOUT_MS = 8000

export type SubscribeOutcome = { ok: true; message: string } | { ok: false; message: string }

export const OFFLINE_MESSAGE = 'No pudimos conectar. Revisa tu conexión e inténtalo de nuevo.'
export const FAILED_MESSAGE = 'No pudimos guardar tu correo. Inténtalo de nuevo en un momento.'
const TOO_MANY_MESSAGE = 'Demasiados intentos. Inténtalo de nuevo en unos minutos.'

export async function sendSubscription(email: string): Promise<SubscribeOutcome> {
  let res: Response
  try {
    res = await fetch('/api/subscribers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
      signal: AbortSignal.timeout(SUBSCRIBE_TIMEOUT_MS),
    })
  } catch {
    return { ok: false, message: OFFLINE_MESSAGE } // offline or too slow
  }
  // 201: new; 200: already subscribed. The customer is told the same either way.
  if (res.status === 200 || res.status === 201) return { ok: true, message: SUBSCRIBED_MESSAGE }
  const said = await serverWords(res)
  if (res.status === 400) return { ok: false, message: said ?? EMAIL_RULE }
  if (res.status === 429) return { ok: false, message: said ?? TOO_MANY_MESSAGE }
  return { ok: false, message: FAILED_MESSAGE }
}

/** The field's message of a 400, else the answer's `message`; null when the body says neither. */
async function serverWords(res: Response): Promise<string | null> {
  const body = (await res.json().catch(() => null)) as { message?: unknown; issues?: { message?: unknown }[] } | null
  const said = body?.issues?.[0]?.message ?? body?.message
  return typeof said === 'string' && said !== '' ? said : null
}
