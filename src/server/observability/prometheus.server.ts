/**
 * The metrics in Prometheus' text format, kept by prom-client (a registry per server, so
 * tests can make many). Names follow Prometheus' conventions: seconds and bytes, `_total`
 * counters, an application prefix `chq_`; the process metrics are prom-client's defaults.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { ORDER_SOURCES, type OrderSource } from '../../shared/schemas'
import { type PoolUse, REFUSAL_REASONS, type RefusalReason, type Telemetry, type TelemetrySources } from './telemetry.server'

/** Request times: from a cached page (sub-millisecond) to a slow report or photo (seconds). */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const QUERY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

const UNDER_BUN_MEANINGLESS = ['nodejs_active_handles', 'nodejs_active_handles_total', 'nodejs_active_requests', 'nodejs_active_requests_total', 'nodejs_active_resources', 'nodejs_active_resources_total']

export class PrometheusTelemetry implements Telemetry {
  readonly enabled = true
  readonly registry = new Registry()
  #sources: TelemetrySources = {}

  readonly #requests = new Counter({ name: 'chq_http_requests_total', help: 'Requests answered, by method, declared route and status.', labelNames: ['method', 'route', 'status'] as const, registers: [this.registry] })
  readonly #requestSeconds = new Histogram({ name: 'chq_http_request_duration_seconds', help: 'Time from the request to the response head, by method and declared route.', labelNames: ['method', 'route'] as const, buckets: REQUEST_BUCKETS, registers: [this.registry] })
  readonly #placed = new Counter({ name: 'chq_orders_placed_total', help: 'Orders stored, by source (storefront, pos).', labelNames: ['source'] as const, registers: [this.registry] })
  readonly #refused = new Counter({ name: 'chq_orders_refused_total', help: 'Storefront orders refused, by reason.', labelNames: ['reason'] as const, registers: [this.registry] })
  readonly #querySeconds = new Histogram({ name: 'chq_db_query_duration_seconds', help: 'Database query time, as the server waits for it.', buckets: QUERY_BUCKETS, registers: [this.registry] })
  readonly #cache = new Counter({ name: 'chq_cache_lookups_total', help: 'Lookups in the answer cache, by result (hit, miss).', labelNames: ['result'] as const, registers: [this.registry] })
  // Registered when first known: a 0 ("1970") would read as a backup or certificate long overdue.
  #lastBackup: Gauge | undefined
  #certificate: Gauge | undefined

  constructor() {
    collectDefaultMetrics({ register: this.registry })
    // libuv's handles and requests mean nothing under Bun (always 0), and their gauges' `_total`
    // names fail `promtool check metrics`: left out.
    for (const name of UNDER_BUN_MEANINGLESS) this.registry.removeSingleMetric(name)
    // Every source and reason from 0, so a rate is defined from the first scrape.
    for (const source of ORDER_SOURCES) this.#placed.inc({ source }, 0)
    for (const reason of REFUSAL_REASONS) this.#refused.inc({ reason }, 0)
    const sources = () => this.#sources
    new Gauge({
      name: 'chq_order_event_streams',
      help: 'Event streams open on this instance (boards and tracking pages).',
      registers: [this.registry],
      collect() {
        this.set(sources().openStreams?.() ?? 0)
      },
    })
  }

  /** PostgreSQL's pool, registered once there is one (SQLite has none). */
  #registerPool(read: () => PoolUse): void {
    const gauge = (name: string, help: string, pick: (use: PoolUse) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(pick(read()))
        },
      })
    gauge('chq_db_pool_connections', 'Connections this instance may use for queries (PostgreSQL).', (u) => u.size)
    gauge('chq_db_pool_connections_in_use', 'Connections running a query or transaction now (PostgreSQL).', (u) => u.inUse)
    gauge('chq_db_pool_waiting', 'Queries waiting for a free connection now (PostgreSQL).', (u) => u.waiting)
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.#requests.inc({ method, route, status: String(status) })
    this.#requestSeconds.observe({ method, route }, seconds)
  }

  orderPlaced(source: OrderSource): void {
    this.#placed.inc({ source })
  }

  orderRefused(reason: RefusalReason): void {
    this.#refused.inc({ reason })
  }

  query(seconds: number): void {
    this.#querySeconds.observe(seconds)
  }

  cacheLookup(hit: boolean): void {
    this.#cache.inc({ result: hit ? 'hit' : 'miss' })
  }

  backupSucceeded(at: Date): void {
    this.#lastBackup ??= new Gauge({ name: 'chq_backup_last_success_timestamp_seconds', help: 'When the last scheduled backup was written (Unix time).', registers: [this.registry] })
    this.#lastBackup.set(at.getTime() / 1000)
  }

  certificateInUse(notAfter: Date): void {
    this.#certificate ??= new Gauge({ name: 'chq_certificate_expiry_timestamp_seconds', help: 'When the HTTPS certificate in use expires (Unix time).', registers: [this.registry] })
    this.#certificate.set(notAfter.getTime() / 1000)
  }

  readFrom(sources: TelemetrySources): void {
    if (sources.pool && !this.#sources.pool) this.#registerPool(sources.pool)
    this.#sources = { ...this.#sources, ...sources }
  }

  async exposition(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType }
  }
}
