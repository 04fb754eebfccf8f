import { negotiateCached } from '../cache/page-cache.server'
import { clientOf, isHttps, rememberPeer } from './client.server'
import { compressResponse, withoutBody } from './compression.server'
import { withSecurityHeaders } from './security-headers.server'

type Handles = { fetch: (request: Request) => Response | Promise<Response> }

/**
 * The server's fetch function around the Elysia app: records the socket's peer
 * address (client.server.ts), runs the app, then finishes every response in one
 * place (security headers). main.ts gives it to Bun.serve; tests call it directly.
 * A cached answer that the app returns synchronously stays synchronous.
 */
export function createFetchHandler(app: Handles, options: { trustProxy: boolean }) {
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
        const peer = clientOf(request, false).address
        rememberPeer(get, peer === 'local' ? undefined : peer)
        const again = app.fetch(get)
        const complete = (answer: Response) => finish(request, false)(answer)
        return again instanceof Promise ? again.then(complete) : complete(again)
      }
      const secure = (answer: Response) => {
        const out = withSecurityHeaders(answer, isHttps(request, options.trustProxy))
        return request.method === 'HEAD' ? withoutBody(out) : out
      }
      const negotiated = negotiateCached(request, response) ?? compressResponse(request, response)
      return negotiated instanceof Promise ? negotiated.then(secure) : secure(negotiated)
    }
  return (request: Request, peerAddress?: string): Response | Promise<Response> => {
    rememberPeer(request, peerAddress)
    const answer = app.fetch(request)
    return answer instanceof Promise ? answer.then(finish(request)) : finish(request)(answer)
  }
}
