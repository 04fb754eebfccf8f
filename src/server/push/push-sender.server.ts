/**
 * One push to one device (RFC 8030), its payload encrypted for that device (RFC 8291,
 * aes128gcm) and signed with the restaurant's VAPID key (RFC 8292) by `web-push`, a maintained
 * library that runs under Bun. web-push only builds the request here (generateRequestDetails);
 * the request itself is Bun's fetch, so that:
 *  - no answer within 5 s counts as a failure (AbortSignal.timeout), like a 5xx (or a 429);
 *  - redirects are not followed (`redirect: 'manual'`): a push service does not redirect, and a
 *    redirect must not carry the server's request elsewhere;
 *  - a failure is retried with backoff, 3 tries in all within a minute (RETRY_DELAYS_MS);
 *  - 404 or 410 (the subscription expired or was withdrawn) is not retried: `gone`, and the
 *    caller drops the endpoint; any other 4xx is not retried either (it would fail again).
 */
import type { VapidKeyPair } from '../config.server'

export type PushTarget = { endpoint: string; p256dh: string; auth: string }

/** How long a push waits, 15 minutes (TTL): an order older than that is on the board anyway. */
export const PUSH_TTL_SECONDS = 15 * 60
/** No answer within this: a failure, retried. */
export const PUSH_TIMEOUT_MS = 5_000
/** Waits before the 2nd and 3rd tries: with 5 s per try at most, the 3 tries end within 40 s. */
export const RETRY_DELAYS_MS: readonly number[] = [5_000, 20_000]

export type PushOutcome = { result: 'sent' | 'gone' | 'failed'; status: number | null; tries: number }

export type SendOptions = { timeoutMs?: number; retryDelaysMs?: readonly number[]; sleep?: (ms: number) => Promise<void> }

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

type WebPush = typeof import('web-push')
let library: Promise<WebPush> | undefined
/** Loaded with the first push, never at start. */
const webPush = () => (library ??= import('web-push').then((mod) => ('default' in mod ? (mod.default as WebPush) : mod)))

/** The request a push service takes: built once, sent up to three times (a retry is the same message). */
async function buildRequest(target: PushTarget, payload: string, keys: VapidKeyPair, subject: string) {
  const details = (await webPush()).generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
    vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: PUSH_TTL_SECONDS,
    urgency: 'high',
    contentEncoding: 'aes128gcm',
  })
  const headers = new Headers()
  for (const [name, value] of Object.entries(details.headers)) headers.set(name, String(value))
  return { url: details.endpoint, headers, body: details.body ? new Uint8Array(details.body) : null }
}

const retried = (status: number) => status >= 500 || status === 429

export async function sendPush(target: PushTarget, payload: string, keys: VapidKeyPair, subject: string, options: SendOptions = {}): Promise<PushOutcome> {
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS
  const sleep = options.sleep ?? sleepFor
  const request = await buildRequest(target, payload, keys, subject)
  let status: number | null = null
  for (let attempt = 0; attempt <= delays.length; attempt++) {
    if (attempt > 0) await sleep(delays[attempt - 1] ?? 0)
    try {
      const res = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) })
      status = res.status
      await res.body?.cancel().catch(() => {})
      if (status >= 200 && status < 300) return { result: 'sent', status, tries: attempt + 1 }
      if (status === 404 || status === 410) return { result: 'gone', status, tries: attempt + 1 }
      if (!retried(status)) return { result: 'failed', status, tries: attempt + 1 }
    } catch {
      status = null // no answer in time, or no connection: tried again
    }
  }
  return { result: 'failed', status, tries: delays.length + 1 }
}
