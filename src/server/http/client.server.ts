/**
 * Who is on the other end of a request: address, scheme and host.
 *
 * The socket's peer address is recorded by the fetch handler (fetch-handler.server.ts)
 * before the app runs. `X-Forwarded-For` / `-Proto` / `-Host` are believed only with
 * TRUST_PROXY=1 (the app sits behind a proxy that sets them); otherwise anyone could
 * claim any address, scheme or host with them, so they are ignored.
 */
export type Client = {
  /** IP address used for throttling. */
  address: string
  https: boolean
  /** `scheme://host[:port]` as the browser sees this site; compared with `Origin`. */
  origin: string
}

const peers = new WeakMap<Request, string>()

/** Called once per request by the fetch handler (or a test) with the socket's address. */
export const rememberPeer = (request: Request, address: string | undefined) => {
  if (address) peers.set(request, address)
}

const firstValue = (header: string | null) => header?.split(',')[0]?.trim() || null

/** Whether the browser reached us over HTTPS; cheap (no URL object) when no proxy is trusted. */
export function isHttps(request: Request, trustProxy: boolean): boolean {
  if (!trustProxy) return request.url.startsWith('https:')
  return clientOf(request, true).https
}

export function clientOf(request: Request, trustProxy: boolean): Client {
  const url = new URL(request.url)
  const peer = peers.get(request) ?? 'local'
  if (!trustProxy) return { address: peer, https: url.protocol === 'https:', origin: url.origin }

  const proto = firstValue(request.headers.get('x-forwarded-proto'))?.toLowerCase()
  const https = proto ? proto === 'https' : url.protocol === 'https:'
  const host = firstValue(request.headers.get('x-forwarded-host')) ?? url.host
  let origin = url.origin
  try {
    origin = new URL(`${https ? 'https' : 'http'}://${host}`).origin
  } catch {
    // A malformed forwarded host: keep the socket's view.
  }
  // The right-most X-Forwarded-For entry is the one our proxy appended (the address it saw);
  // entries to its left come from the client and can be anything.
  const address = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || peer
  return { address, https, origin }
}
