import { isHttps, rememberPeer } from './client.server'
import { withSecurityHeaders } from './security-headers.server'

type Handles = { fetch: (request: Request) => Response | Promise<Response> }

/**
 * The server's fetch function around the Elysia app: records the socket's peer
 * address (client.server.ts), runs the app, then finishes every response in one
 * place (security headers). main.ts gives it to Bun.serve; tests call it directly.
 * A cached answer that the app returns synchronously stays synchronous.
 */
export function createFetchHandler(app: Handles, options: { trustProxy: boolean }) {
  const finish = (request: Request) => (response: Response) => withSecurityHeaders(response, isHttps(request, options.trustProxy))
  return (request: Request, peerAddress?: string): Response | Promise<Response> => {
    rememberPeer(request, peerAddress)
    const answer = app.fetch(request)
    return answer instanceof Promise ? answer.then(finish(request)) : finish(request)(answer)
  }
}
