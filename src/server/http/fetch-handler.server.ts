import { negotiateCached } from '../cache/page-cache.server'
import type { PublicReads } from '../cache/public-reads.server'
import { isHttps, peerOf, rememberPeer } from './client.server'
import { compressResponse, withoutBody } from './compression.server'
import { MESSAGES, jsonError } from './errors.server'
import { urlRefusal } from './request-path.server'
import { withSecurityHeaders } from './security-headers.server'

type Handles = { fetch: (request: Request) => Response | Promise<Response>; routes?: readonly { method: string; path: string }[] }

/** The app, or how to make it on first use (main.ts: an import of app.ts, so start-up does not evaluate it). */
export type AppSource = Handles | (() => Handles | Promise<Handles>)

/** The socket's address, or where to read it (the Bun server) only when the app needs it. */
export type Peer = string | undefined | { requestIP(request: Request): { address: string } | null }

export type FetchHandlerOptions = {
  trustProxy: boolean
  /** The fast path (cache/public-reads.server.ts): anonymous cached reads answered before the app. */
  publicReads?: PublicReads
  /** With an `app` made on first use: make it right after the fast path's first answer instead. */
  makeAppAfterFirstAnswer?: boolean
  /** Called once the app is made (main.ts: its routes label the requests, observability/). */
  onAppMade?: (app: Handles) => void
}

/**
 * The server's fetch function around the Elysia app: returns the fast path's answers
 * (cache/public-reads.server.ts, finished there the same way, reading the URL once),
 * records the socket's peer address (client.server.ts) for everything else, runs the app,
 * then finishes every response in one place (encoding, 304, HEAD, security headers).
 * main.ts gives it to Bun.serve; tests call it directly. A cached answer that the app
 * returns synchronously stays synchronous.
 *
 * `app` may be a function: it is called once, on the first request the fast path does
 * not answer, and every request waits for the same app (decision 016).
 */
export function createFetchHandler(app: AppSource, options: FetchHandlerOptions) {
  let ready: Handles | undefined = typeof app === 'function' ? undefined : app
  let making: Promise<Handles> | undefined
  const make = app as () => Handles | Promise<Handles>
  /** The app, made once (a failed making is retried by the next call). */
  const appMade = (): Promise<Handles> =>
    (making ??= Promise.resolve()
      .then(make)
      .then(
        (made) => {
          options.onAppMade?.(made)
          return (ready = made)
        },
        (error: unknown) => {
          making = undefined
          throw error
        },
      ))
  const appFetch = (request: Request): Response | Promise<Response> => (ready ? ready.fetch(request) : appMade().then((made) => made.fetch(request)))
  /**
   * `makeAppAfterFirstAnswer`: the app is made in the event loop's next turn after the
   * fast path's first answer, so the first answer waits for nothing and the first page
   * a visitor asks for a moment later does not wait for the app either.
   */
  let warm = options.makeAppAfterFirstAnswer === true && !ready
  const warmUp = () => {
    setTimeout(() => appMade().catch(() => {}), 0) // a failure is retried, and reported, by the next request
  }

  /**
   * Every response, last: a cached answer gets its encoding or a 304 (page-cache.server.ts),
   * any other text answer is compressed when it pays (compression.server.ts), then the
   * security headers. A HEAD is answered as the GET it asks about (Elysia answers some
   * HEADs itself, with the plain length, and 404s others): the GET's headers and
   * Content-Length for the negotiated encoding, no body.
   */
  const finish =
    (request: Request, headRetry = true) =>
    (response: Response): Response | Promise<Response> => {
      if (headRetry && request.method === 'HEAD') {
        const get = new Request(request.url, { method: 'GET', headers: request.headers })
        rememberPeer(get, peerOf(request))
        const again = appFetch(get)
        const complete = (answer: Response) => finish(request, false)(answer)
        return again instanceof Promise ? again.then(complete) : complete(again)
      }
      const negotiated = negotiateCached(request, response) ?? compressResponse(request, response)
      return negotiated instanceof Promise ? negotiated.then(secure(request)) : secure(request)(negotiated)
    }
  /** The security headers; a HEAD's body dropped. */
  const secure =
    (request: Request) =>
    (answer: Response): Response | Promise<Response> => {
      const out = withSecurityHeaders(answer, isHttps(request, options.trustProxy))
      return request.method === 'HEAD' ? withoutBody(out) : out
    }
  const { publicReads } = options
  return (request: Request, peer?: Peer): Response | Promise<Response> => {
    // Before anything reads the path: only URLs the router reads as they are (decision 028).
    const refusal = urlRefusal(request.url)
    if (refusal) return withSecurityHeaders(jsonError(400, refusal === 'host' ? MESSAGES.badHost : MESSAGES.nulCharacter), request.url.startsWith('https:'))
    const fast = publicReads?.(request) // already finished (public-reads.server.ts)
    if (fast) {
      if (warm) {
        warm = false
        if (fast instanceof Promise) fast.then(warmUp, warmUp)
        else warmUp()
      }
      return fast
    }
    rememberPeer(request, typeof peer === 'object' ? (peer.requestIP(request)?.address ?? undefined) : peer)
    const answer = appFetch(request)
    return answer instanceof Promise ? answer.then(finish(request)) : finish(request)(answer)
  }
}
