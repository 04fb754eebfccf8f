/**
 * DOMAIN set: the server is its own HTTPS front (decision 027).
 *
 *   PORT (80)         answers the CA's HTTP-01 challenge; every other request gets a 308 to the
 *                     same path over HTTPS. Until the first certificate exists it serves the shop
 *                     itself, so a CA that is down or refusing never takes the restaurant offline.
 *   HTTPS_PORT (443)  the app, with the certificate kept in DATA_DIR/certs.
 *
 * A certificate is ordered when none is kept (or the kept one is for another name or CA) and
 * renewed 30 days before it expires. A renewed certificate is swapped in without a restart: a
 * new HTTPS listener binds beside the old one (SO_REUSEPORT) and the old one stops taking
 * connections, finishing the requests and streams it has. Failures are logged in Spanish and
 * retried with backoff (renewal.server.ts).
 */
import type { Config, HttpsConfig } from '../config.server'
import { type Handler, type Listening, MAX_REQUEST_BODY_BYTES, serveOn, shownHost } from '../listen/listen.server'
import type { ChallengeAnswers } from './acme-order.server'
import { type StoredCertificate, accountKey, readCertificate, writeCertificate } from './certificate-files.server'
import { nextCheckInMs, renewalDueAt, retryDelayMs, spokenDate, spokenDelay } from './renewal.server'

const CHALLENGE_PATH = '/.well-known/acme-challenge/'

type Log = (line: string) => void

/** The origin the redirects point at: https://DOMAIN, with the port only when it is not 443. */
export function httpsOrigin(https: HttpsConfig, port = https.port): string {
  return `https://${https.domain}${port === 443 ? '' : `:${port}`}`
}

/**
 * What the plain port answers: the CA's challenge; then, once HTTPS is up, a 308 to the same
 * path and query over HTTPS (308 keeps the method and body, unlike 301); before that, the app.
 */
export function answerPlainRequest(request: Request, answers: ChallengeAnswers, redirectTo: string | null, app: () => Response | Promise<Response>) {
  const url = request.url
  // Bun gives a bare path when the Host header is not a host name; the redirect ignores Host anyway.
  const pathAndQuery = url.startsWith('/') ? url : url.slice(url.indexOf('/', url.indexOf('//') + 2))
  if (pathAndQuery.startsWith(CHALLENGE_PATH)) {
    const answer = answers.get(pathAndQuery.slice(CHALLENGE_PATH.length))
    if (answer) return new Response(answer, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })
    return new Response('No encontrado', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
  }
  if (redirectTo === null) return app()
  return new Response(null, { status: 308, headers: { location: `${redirectTo}${pathAndQuery}`, 'cache-control': 'no-store' } })
}

/**
 * `onFirstCertificate`: called once the first certificate this data folder ever had is served.
 * main.ts ends every session then: any cookie made before it travelled in clear (decision 029).
 */
export type AutoHttpsHooks = {
  onFirstCertificate?: () => Promise<void>
  /** Called whenever a certificate is put in use (kept from before, new, or renewed): the metrics' expiry. */
  onCertificateInUse?: (notAfter: Date) => void
}

export function startAutoHttps(
  config: Config,
  https: HttpsConfig,
  handle: Handler,
  log: Log = console.log,
  warn: Log = console.error,
  hooks: AutoHttpsHooks = {},
): Listening {
  const answers: ChallengeAnswers = new Map()
  /** The newest certificate kept, and the one the HTTPS port serves (they differ only while a port would not open). */
  let certificate: StoredCertificate | null = null
  let served: StoredCertificate | null = null
  let secure: ReturnType<typeof Bun.serve> | null = null
  let securePort = https.port
  /** Replaced HTTPS listeners still finishing their own connections (an order board's stream can stay for hours). */
  const draining = new Set<ReturnType<typeof Bun.serve>>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let failures = 0
  let stopped = false

  const plain = serveOn(config.port, {
    hostname: config.host,
    maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
    fetch: (request, server) => answerPlainRequest(request, answers, secure ? httpsOrigin(https, securePort) : null, () => handle(request, server)),
  })

  /** Serves `next` from now on: a new listener on the same port first, then the old one lets go. */
  const install = (next: StoredCertificate) => {
    const previous = secure
    secure = serveOn(securePort, {
      hostname: config.host,
      reusePort: true,
      maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
      tls: { key: next.key, cert: next.chain },
      fetch: (request, server) => handle(request, server),
    })
    securePort = secure.port ?? securePort
    served = next
    hooks.onCertificateInUse?.(new Date(next.notAfter))
    if (previous) {
      draining.add(previous)
      void previous.stop().finally(() => draining.delete(previous))
    }
  }

  const schedule = (ms: number) => {
    clearTimeout(timer)
    if (!stopped) timer = setTimeout(() => void renewIfDue(), ms)
  }

  /** Fresh certificates are kept even when their port would not open, so a retry never orders another. */
  const renewIfDue = async () => {
    const dueAt = certificate ? renewalDueAt(certificate) : new Date(0)
    if (Date.now() < dueAt.getTime()) {
      if (certificate && served !== certificate) return serveOrRetry(certificate)
      return schedule(nextCheckInMs(dueAt, new Date()))
    }
    const renewing = certificate
    log(
      renewing
        ? `HTTPS: renovando el certificado de ${https.domain} (vence el ${spokenDate(renewing.notAfter)})…`
        : `HTTPS: pidiendo un certificado para ${https.domain} a ${https.directoryUrl}…`,
    )
    const started = performance.now()
    let stored: StoredCertificate
    try {
      const { createAccountKey, orderCertificate } = await import('./acme-order.server')
      const ordered = await orderCertificate(https, plain.port ?? config.port, await accountKey(https, createAccountKey), answers)
      stored = writeCertificate(https, ordered.key, ordered.chain)
    } catch (error) {
      if (stopped) return
      const wait = retryDelayMs(++failures)
      const reason = error instanceof Error ? error.message : String(error)
      warn(
        renewing
          ? `HTTPS: no se pudo renovar el certificado de ${https.domain}: ${reason}. El actual sigue en uso (vence el ${spokenDate(renewing.notAfter)}). Se reintenta en ${spokenDelay(wait)}.`
          : `HTTPS: no se pudo obtener el certificado para ${https.domain}: ${reason}. Se reintenta en ${spokenDelay(wait)}; mientras tanto la tienda responde por HTTP en el puerto ${plain.port}.`,
      )
      return schedule(wait)
    }
    if (stopped) return
    certificate = stored
    failures = 0
    const got = `en ${((performance.now() - started) / 1000).toFixed(1)} s (vence el ${spokenDate(stored.notAfter)})`
    serveOrRetry(stored, () =>
      renewing
        ? `HTTPS: certificado renovado ${got}; las conexiones nuevas ya lo usan, sin reiniciar.`
        : `HTTPS: certificado obtenido ${got}; sirviendo ${httpsOrigin(https, securePort)}`,
    )
    if (!renewing && hooks.onFirstCertificate) {
      await hooks.onFirstCertificate().catch((error: unknown) => warn(`HTTPS: no se pudieron cerrar las sesiones anteriores: ${error instanceof Error ? error.message : error}`))
    }
  }

  /** Puts `next` on the HTTPS port; if the port will not open (taken since the start), says so and tries again later. */
  const serveOrRetry = (next: StoredCertificate, line?: () => string) => {
    try {
      install(next)
      if (line) log(line())
      failures = 0
      schedule(nextCheckInMs(renewalDueAt(next), new Date()))
    } catch (error) {
      const wait = retryDelayMs(++failures)
      warn(`HTTPS: el certificado está listo pero no se pudo abrir el puerto ${securePort}: ${error instanceof Error ? error.message : String(error)}. Se reintenta en ${spokenDelay(wait)}.`)
      schedule(wait)
    }
  }

  const kept = readCertificate(https)
  certificate = kept.certificate
  try {
    if (kept.certificate) install(kept.certificate)
    // No certificate yet: make sure now that the HTTPS port will open, rather than after the order.
    else void serveOn(securePort, { hostname: config.host, fetch: () => new Response(null) }).stop(true)
  } catch (error) {
    void plain.stop(true)
    throw error
  }
  if (kept.certificate) {
    log(`HTTPS: usando el certificado guardado de ${https.domain} (vence el ${spokenDate(kept.certificate.notAfter)}; se renueva desde el ${spokenDate(renewalDueAt(kept.certificate))})`)
  } else if (kept.why) {
    warn(`HTTPS: ${kept.why}; se pedirá uno nuevo.`)
  }
  void renewIfDue()

  return {
    urls: [`http://${shownHost(config.host)}:${plain.port}`, httpsOrigin(https, securePort)],
    stop: async (force) => {
      stopped = true
      clearTimeout(timer)
      await Promise.all([plain, secure, ...draining].map((server) => server?.stop(force)))
    },
  }
}
