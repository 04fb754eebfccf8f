/**
 * What the server counts for an operator (GET /metrics, decision 032), behind one small
 * interface the routes call without knowing whether anyone is counting.
 *
 * With METRICS_TOKEN unset (the default) every call is a no-op and prom-client is never
 * loaded: importing it costs ~25 ms and a few MB, which a start that answers in ~20 ms
 * should not pay for a feature it does not use. With it set, main.ts loads the Prometheus
 * implementation (prometheus.server.ts) before it listens.
 */
import type { OrderSource } from '../../shared/schemas'

/** Why a storefront order was refused: the label of `chq_orders_refused_total`. */
export const REFUSAL_REASONS = ['closed', 'gone', 'unavailable', 'minimum', 'invalid', 'slot', 'portions', 'window', 'promotion', 'rate_limited'] as const
export type RefusalReason = (typeof REFUSAL_REASONS)[number]

/** A database pool's use at one moment (PostgreSQL; SQLite has one connection and no pool). */
export type PoolUse = { size: number; inUse: number; waiting: number }

/** What is read when Prometheus scrapes, not counted as it happens. */
export type TelemetrySources = {
  openStreams?: () => number
  pool?: () => PoolUse
}

export interface Telemetry {
  readonly enabled: boolean
  /** One answered request: its method, declared route (never the raw URL), status and time to the response's head. */
  request(method: string, route: string, status: number, seconds: number): void
  orderPlaced(source: OrderSource): void
  orderRefused(reason: RefusalReason): void
  /** One database query's time (Kysely's log). */
  query(seconds: number): void
  /** A lookup in the answer cache (page-cache.server.ts). */
  cacheLookup(hit: boolean): void
  backupSucceeded(at: Date): void
  /** The certificate in use (a new one, a renewal, or the one kept from before) expires at `notAfter`. */
  certificateInUse(notAfter: Date): void
  readFrom(sources: TelemetrySources): void
  /** The text Prometheus reads, and its content type. */
  exposition(): Promise<{ body: string; contentType: string }>
}

const nothing = () => {}

/** METRICS_TOKEN unset: nothing is counted. */
export const NO_TELEMETRY: Telemetry = {
  enabled: false,
  request: nothing,
  orderPlaced: nothing,
  orderRefused: nothing,
  query: nothing,
  cacheLookup: nothing,
  backupSucceeded: nothing,
  certificateInUse: nothing,
  readFrom: nothing,
  exposition: async () => ({ body: '', contentType: 'text/plain' }),
}

/** The Prometheus implementation, loaded only when metrics are on. */
export async function createTelemetry(enabled: boolean): Promise<Telemetry> {
  if (!enabled) return NO_TELEMETRY
  const { PrometheusTelemetry } = await import('./prometheus.server')
  return new PrometheusTelemetry()
}
