/**
 * Who is on the other end of a request: address, scheme and host.
 *
 * The socket's peer address is recorded by the fetch handler (fetch-handler.server.ts)
 * before the app runs. `X-Forwarded-For` / `-Proto` / `-Host` are believed only with
 * TRUST_PROXY=1 (the app sits behind a proxy that sets them); otherwise anyone could
 * claim any address, scheme or host with them, so they are ignored.
 */
export type Client = {
  /**
   * The address limits count against: the IPv4 address, or an IPv6 address's /64 (a host
   * gets a whole /64 from its provider, so each of its addresses alone would be a new client).
   */
  address: string
  /**
   * The request comes from this machine itself, to this machine's own name: a loopback peer
   * that no proxy forwarded (with TRUST_PROXY the forwarded client's address decides), asking
   * for a loopback host (`isLoopbackHost`). The owner's local set-up. A page elsewhere that
   * rebinds its own name to 127.0.0.1 reaches us from a loopback peer, but under its own
   * name: that is not this machine (decision 029).
   */
  local: boolean
  https: boolean
  /** `scheme://host[:port]` as the browser sees this site; compared with `Origin`. */
  origin: string
}

const peers = new WeakMap<Request, string>()

/** Called once per request by the fetch handler (or a test) with the socket's address. */
export const rememberPeer = (request: Request, address: string | undefined) => {
  if (address) peers.set(request, address)
}

/** The socket's own address as recorded (undefined in a test that gave none). */
export const peerOf = (request: Request): string | undefined => peers.get(request)

const firstValue = (header: string | null) => header?.split(',')[0]?.trim() || null

/** Whether the browser reached us over HTTPS; cheap (no URL object) when no proxy is trusted. */
export function isHttps(request: Request, trustProxy: boolean): boolean {
  if (!trustProxy) return request.url.startsWith('https:')
  return clientOf(request, true).https
}

/** A loopback address (127.0.0.0/8, ::1, or IPv4 loopback mapped into IPv6). */
export const isLoopback = (address: string) => /^(?:127\.|::ffff:127\.)/i.test(address) || address === '::1' || address === 'local'

/**
 * A name only this machine answers to, as WHATWG URL normalises a host (Bun builds
 * `request.url` that way: '127.1' and '2130706433' read 127.0.0.1, 'LOCALHOST' localhost,
 * '[0:0:0:0:0:0:0:1]' [::1], '[::ffff:127.0.0.1]' [::ffff:7f00:1]): `localhost` (also as the
 * absolute `localhost.`), 127.0.0.0/8, `[::1]`, IPv4 loopback mapped into IPv6. No DNS name
 * anyone can register is one of them, so no page elsewhere can be served under one. Subdomains
 * of localhost are left out on purpose: not every resolver keeps them local.
 */
export const isLoopbackHost = (hostname: string) =>
  hostname === 'localhost' || hostname === 'localhost.' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(hostname)

/**
 * The key a limit counts an address under: IPv4 as it is (also when mapped into IPv6), IPv6
 * by its first 64 bits ('2001:db8:1:2::/64'), so a client cannot dodge a limit by rotating
 * through the 2^64 addresses its provider gave it.
 */
export function limitKeyOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1] ?? address
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]?.split('::') ?? []
  const left = head ? head.split(':') : []
  const right = address.includes('::') && tail ? tail.split(':') : []
  const groups = address.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`
}

export function clientOf(request: Request, trustProxy: boolean): Client {
  const url = new URL(request.url)
  const peer = peers.get(request) ?? 'local'
  if (!trustProxy) {
    // A loopback peer that passes on someone else's request (a proxy left without TRUST_PROXY) is not this machine.
    const forwarded = request.headers.has('x-forwarded-for') || request.headers.has('forwarded')
    return { address: limitKeyOf(peer), local: isLoopback(peer) && !forwarded && isLoopbackHost(url.hostname), https: url.protocol === 'https:', origin: url.origin }
  }

  const proto = firstValue(request.headers.get('x-forwarded-proto'))?.toLowerCase()
  const https = proto ? proto === 'https' : url.protocol === 'https:'
  const host = firstValue(request.headers.get('x-forwarded-host')) ?? url.host
  let origin = url.origin
  let hostname = url.hostname
  try {
    const forwarded = new URL(`${https ? 'https' : 'http'}://${host}`)
    origin = forwarded.origin
    hostname = forwarded.hostname
  } catch {
    // A malformed forwarded host: keep the socket's view for the origin, and it names no loopback host.
    hostname = ''
  }
  // The right-most X-Forwarded-For entry is the one our proxy appended (the address it saw);
  // entries to its left come from the client and can be anything.
  const address = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || peer
  return { address: limitKeyOf(address), local: isLoopback(address) && isLoopbackHost(hostname), https, origin }
}
