/**
 * The server's sockets. Without DOMAIN: one plain HTTP listener on HOST:PORT (behind a proxy, or
 * for trying it out). With DOMAIN: https/auto-https.server.ts, which answers the same interface.
 */
import { type Config, ConfigError } from '../config.server'
import { MAX_UPLOAD_BODY_BYTES } from '../uploads/limits.server'
import type { Peer } from '../http/fetch-handler.server'

export type Handler = (request: Request, peer: Peer) => Response | Promise<Response>

export type Listening = {
  /** Where to reach it, for the start-up line: the plain URL first (tests read its port). */
  urls: string[]
  /** Stops taking connections; resolves when the requests in flight are done (`force`: cut them). */
  stop(force?: boolean): Promise<void>
}

/** Room for the largest upload plus its multipart envelope; the upload route enforces the real limit. */
export const MAX_REQUEST_BODY_BYTES = MAX_UPLOAD_BODY_BYTES + 1024 * 1024

/** "localhost" for the wildcard addresses: what the owner types in a browser on the box. */
export function shownHost(host: string): string {
  return host === '0.0.0.0' || host === '::' ? 'localhost' : host
}

/** Bun.serve, with the two reasons an owner meets for a port that will not open said in Spanish. */
export function serveOn(port: number, options: Omit<Parameters<typeof Bun.serve>[0], 'port'>): ReturnType<typeof Bun.serve> {
  try {
    return Bun.serve({ ...options, port } as Parameters<typeof Bun.serve>[0])
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'EADDRINUSE') throw new ConfigError(`El puerto ${port} ya está en uso (¿otro programa, u otra copia de chilaquiles, lo tiene abierto?)`)
    if (code === 'EACCES') {
      throw new ConfigError(
        `Sin permiso para abrir el puerto ${port}: los puertos menores que 1024 requieren la capacidad CAP_NET_BIND_SERVICE ` +
          '(AmbientCapabilities en la unidad de systemd, o: sudo setcap cap_net_bind_service=+ep ./chilaquiles)',
      )
    }
    throw error
  }
}

export function listenPlain(config: Config, handle: Handler): Listening {
  const server = serveOn(config.port, {
    hostname: config.host,
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    fetch: (request, bunServer) => handle(request, bunServer),
  })
  return {
    urls: [`http://${shownHost(config.host)}:${server.port}`],
    stop: (force) => server.stop(force),
  }
}
