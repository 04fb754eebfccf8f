/**
 * The order event bus and the server-sent-events stream on top of it
 * (GET /api/orders/events, see orders.route.ts). One bus per app (app.ts creates it,
 * main.ts closes it at shutdown); the checkout and the POS/status routes publish,
 * every open stream receives, on every instance: an event goes through the store's
 * `orders` channel (SQLite: this process; PostgreSQL: NOTIFY, so a board streaming from
 * another instance hears it too). When the link to PostgreSQL comes back after a loss,
 * every stream is ended: the boards reconnect and refetch, so nothing missed is lost.
 *
 * A stream ends, and its subscriber is removed, when:
 *  - the client goes away (the request's signal aborts, or the body is cancelled);
 *  - the principal that opened it is no longer allowed (logout, a deleted or disabled
 *    key), checked at every heartbeat;
 *  - the client stops reading (more than MAX_QUEUED chunks waiting);
 *  - the server shuts down (`shutdown`): a graceful Bun.serve stop waits for every
 *    response in flight, and an event stream never finishes by itself; a stream asked
 *    for after that answers 503 at once (a browser reconnecting over a kept-alive
 *    connection would otherwise hold the stop for ever);
 *  - the link to the other instances came back after a loss (`closeAll`).
 *
 * Two pools of open streams, each with its own cap (decision 015): the staff's (the board, a
 * point-of-sale: signed in or with a key) and the public's (tracking pages, an open
 * storefront). A crowd of anonymous streams fills the public pool only: the kitchen's board
 * still opens, and still hears the next order.
 *
 * The heartbeat (an SSE comment) is sent every 5 s, not the 25-30 s usual elsewhere:
 * Bun.serve closes a connection idle for 10 s (its default `idleTimeout`), and a
 * quiet stream is idle. One timer for the whole bus sends it (issue #44: 10,000 open
 * tracking pages must not be 10,000 timers), and an event goes to its order's streams by id.
 */
import { ORDER_EVENT_NAME, type OrderEvent, type OrderEventType } from '../../shared/order-events'
import { parseOrderEvent } from '../../shared/order-events'
import type { Order } from '../../shared/schemas'
import type { Store } from '../db/database.server'
import { jsonError } from '../http/errors.server'

const TOO_MANY_OPEN_STREAMS = 'Hay demasiadas conexiones en vivo abiertas; la página se actualizará en unos segundos'

/** Below Bun.serve's default idle timeout (10 s), with room for its timer's coarseness. */
export const HEARTBEAT_MS = 5_000

/** A client that leaves this many chunks unread is dropped (about 13 minutes of heartbeats). */
const MAX_QUEUED = 100

/**
 * Public streams one instance holds at most by default (tracking pages and open storefronts):
 * the setting MAX_EVENT_STREAMS (config.server.ts) changes it. Past it a new public stream gets
 * 503 instead of the instance's memory. Sized by memory (decision 043): an open stream costs
 * the instance 10-15 KB of RSS (its socket, request, response and queue; measured over real
 * sockets by scripts/bench-viral.ts), so 10,000 keep an instance within 300 MB.
 */
export const MAX_OPEN_STREAMS = 10_000

/**
 * Room kept for the staff's streams (boards, dashboards, points of sale), which no public
 * stream may take: far above a restaurant's open boards; only a signed-in person or a key
 * opens one, and each ends with its session.
 */
export const STAFF_STREAMS = 100

/** Which room a stream takes: the staff's (the board: signed in or a key) or the public's. */
export type StreamPool = 'staff' | 'public'

/** How long a browser waits before reconnecting after the stream drops (the SSE `retry:` field). */
export const RECONNECT_MS = 3_000

const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  // A reverse proxy (nginx) must pass each event on at once, not buffer the answer.
  'x-accel-buffering': 'no',
} as const

/** A stream narrowed to some events (a customer's tracking page: its own order), ended after one. */
export type StreamOptions = {
  /** The one order this stream follows (a tracking page): only that order's events are handed to it. */
  orderId?: number
  /** Whose room the stream takes (default: the public's; only a route that checked a session or key says 'staff'). */
  pool?: StreamPool
  /** Of the events it is handed, those it sends (the storefront's: new and cancelled orders). */
  only?: (event: OrderEvent) => boolean
  /** Ends the stream right after this event is sent (a final status: nothing more will come). */
  endAfter?: (event: OrderEvent) => boolean
  /** What every `data:` line says instead of the event (encoded once per stream): the storefront's stream says nothing of the order. */
  data?: string
  /** Called once when the stream ends, for whatever reason. */
  onEnd?: () => void
}

/** One open stream as the bus sees it: where it is routed and how it is told things. */
type Stream = {
  /** Its heartbeat slice (see `heartbeat`). */
  slice: number
  /** The order it follows (a tracking page), or undefined: it hears every order (a board, a storefront). */
  orderId: number | undefined
  send: (event: OrderEvent, wire: Uint8Array) => void
  ping: () => void
  close: () => void
}

/**
 * The heartbeat's one timer ticks HEARTBEAT_SLICES times per `heartbeatMs`, each tick pinging
 * one slice of the streams: 10,000 streams are 1,250 small writes a second, not 10,000 at once
 * every 5 s. A stream joins the slice just pinged, so its first ping comes one period later.
 */
export const HEARTBEAT_SLICES = 8

export type OrderEvents = ReturnType<typeof createOrderEvents>

/**
 * `store`: where events travel between instances (none: this bus alone, for unit tests).
 * `maxPublicStreams`: MAX_EVENT_STREAMS; `staffStreams`: the staff's own room.
 *
 * What an open stream costs here (issue #44): no timer of its own (one for the bus, see
 * HEARTBEAT_SLICES), a place in one Set of its order (`byOrder`) or of the streams that hear
 * every order (`everyOrder`), and a place in one heartbeat slice. An event is handed to the
 * streams of its order and to the every-order ones only, never tested against the others, and
 * the sets are walked as they are, not copied (a stream that ends meanwhile leaves its set,
 * which a Set's iteration allows).
 */
export function createOrderEvents(options: { store?: Store; heartbeatMs?: number; maxPublicStreams?: number; staffStreams?: number } = {}) {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS
  const caps: Record<StreamPool, number> = { public: options.maxPublicStreams ?? MAX_OPEN_STREAMS, staff: options.staffStreams ?? STAFF_STREAMS }
  const open: Record<StreamPool, number> = { public: 0, staff: 0 }
  const byOrder = new Map<number, Set<Stream>>()
  const everyOrder = new Set<Stream>()
  const slices = Array.from({ length: HEARTBEAT_SLICES }, () => new Set<Stream>())
  const encoder = new TextEncoder()
  const PING = encoder.encode(': ping\n\n')
  let stopping = false
  let offered = 0
  const sliceMs = heartbeatMs / HEARTBEAT_SLICES
  /** The last slice pinged, counted on the clock (not in ticks: a busy loop's late ticks must not add up past the idle timeout). */
  let tick = Math.floor(performance.now() / sliceMs)
  let timer: ReturnType<typeof setInterval> | undefined

  /** Runs while any stream is open; none open, no timer (a test's bus, a quiet instance). */
  const heartbeat = () => {
    const due = Math.floor(performance.now() / sliceMs)
    // A late tick pings every slice it owes (at most all of them once).
    tick = Math.max(tick, due - HEARTBEAT_SLICES)
    while (tick < due) {
      tick++
      for (const stream of slices[tick % HEARTBEAT_SLICES] as Set<Stream>) stream.ping()
    }
  }

  const deliver = (event: OrderEvent) => {
    // Encoded once for every stream that sends the event as it is (the staff's and the tracking pages').
    const wire = encoder.encode(`event: ${ORDER_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`)
    const following = byOrder.get(event.id)
    if (following) {
      offered += following.size
      for (const stream of following) stream.send(event, wire)
    }
    offered += everyOrder.size
    for (const stream of everyOrder) stream.send(event, wire)
  }
  const closeAll = () => {
    for (const slice of slices) for (const stream of slice) stream.close()
  }
  const { store } = options
  const ready = store
    ? store.listen(
        'orders',
        (payload) => {
          const event = parseOrderEvent(payload)
          if (event) deliver(event)
        },
        closeAll,
      )
    : Promise.resolve()

  const subscribe = (stream: Stream): (() => void) => {
    if (stream.orderId === undefined) everyOrder.add(stream)
    else {
      const following = byOrder.get(stream.orderId)
      if (following) following.add(stream)
      else byOrder.set(stream.orderId, new Set([stream]))
    }
    if (timer === undefined) {
      tick = Math.floor(performance.now() / sliceMs)
      timer = setInterval(heartbeat, sliceMs)
    }
    slices[stream.slice]?.add(stream)
    return () => {
      slices[stream.slice]?.delete(stream)
      if (stream.orderId === undefined) everyOrder.delete(stream)
      else {
        const following = byOrder.get(stream.orderId)
        following?.delete(stream)
        if (following?.size === 0) byOrder.delete(stream.orderId)
      }
      if (open.public + open.staff === 0) {
        clearInterval(timer)
        timer = undefined
      }
    }
  }

  return {
    /** Resolves once this bus hears the other instances (PostgreSQL's LISTEN acknowledged). */
    ready,

    /**
     * Tells every open stream, on every instance, about an order (after the write committed).
     * Never fails the request that made the change: a lost event costs a board nothing that
     * its next event or reconnection does not repair.
     */
    async publish(type: OrderEventType, order: Pick<Order, 'id' | 'number' | 'status'>, table?: OrderEvent['table']): Promise<void> {
      const event: OrderEvent = table ? { type, id: order.id, number: order.number, status: order.status, table } : { type, id: order.id, number: order.number, status: order.status }
      if (!store) return deliver(event)
      await store.notify('orders', JSON.stringify(event)).catch((error: unknown) => {
        console.error('No se pudo avisar del pedido a los tableros:', error instanceof Error ? error.message : error)
      })
    },

    /** Open streams right now (tests prove none is left behind). */
    get size(): number {
      return open.public + open.staff
    },

    /** Open streams of one pool right now. */
    sizeOf: (pool: StreamPool): number => open[pool],

    /** Streams events have been handed to so far (tests prove an event reaches only its order's streams). */
    get offered(): number {
      return offered
    },

    /** Whether the heartbeat's one timer is running (tests: one for any number of streams, none when idle). */
    get beating(): boolean {
      return timer !== undefined
    },

    /** Ends every open stream (the link to the other instances came back: boards refetch). */
    closeAll,

    /** Server shutdown: ends every open stream; a stream asked for from now on is 503 at once. */
    shutdown() {
      stopping = true
      closeAll()
    },

    /**
     * The text/event-stream answer for one client: `retry:` and a comment at once (so
     * the browser sees the stream open), then one `event: order` per published event and
     * a heartbeat comment every `heartbeatMs`. `stillAllowed` is asked at each heartbeat; when
     * it cannot say (the database is down) the stream stays open. A public stream's `retry:` is
     * spread over 3-6 s, so that pages dropped together (an instance restarting) do not all
     * come back in the same second.
     */
    stream(signal: AbortSignal, stillAllowed?: () => Promise<boolean>, options: StreamOptions = {}): Response {
      if (stopping) return new Response(null, { status: 503, headers: { 'cache-control': 'no-store', 'retry-after': '5' } })
      const pool = options.pool ?? 'public'
      if (open[pool] >= caps[pool]) return jsonError(503, TOO_MANY_OPEN_STREAMS, undefined, { 'retry-after': '30' })
      // Counted from here to the stream's end (the body is started at once, and `end` runs once).
      open[pool]++
      let end = () => {}
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          let live = true
          let unsubscribe = () => {}
          end = () => {
            if (!live) return
            live = false
            open[pool]--
            options.onEnd?.()
            unsubscribe()
            signal.removeEventListener('abort', end)
            try {
              controller.close()
            } catch {
              // already errored or cancelled
            }
          }
          const write = (bytes: Uint8Array) => {
            if (!live) return
            if ((controller.desiredSize ?? 0) < -MAX_QUEUED) return end()
            try {
              controller.enqueue(bytes)
            } catch {
              end()
            }
          }
          if (signal.aborted) return end()
          const { only, endAfter } = options
          // A stream with its own data line sends the same bytes for every event: encoded here, once.
          const fixed = options.data === undefined ? null : encoder.encode(`event: ${ORDER_EVENT_NAME}\ndata: ${options.data}\n\n`)
          unsubscribe = subscribe({
            slice: tick % HEARTBEAT_SLICES,
            orderId: options.orderId,
            send: (event, wire) => {
              if (only && !only(event)) return
              write(fixed ?? wire)
              if (endAfter?.(event)) end()
            },
            ping: stillAllowed
              ? () => {
                  stillAllowed().then(
                    (allowed) => (allowed ? write(PING) : end()),
                    () => write(PING),
                  )
                }
              : () => write(PING),
            close: () => end(),
          })
          signal.addEventListener('abort', end, { once: true })
          const retry = pool === 'staff' ? RECONNECT_MS : RECONNECT_MS + Math.floor(Math.random() * RECONNECT_MS)
          write(encoder.encode(`retry: ${retry}\n: conectado\n\n`))
        },
        cancel() {
          end()
        },
      })
      return new Response(body, { headers: EVENT_STREAM_HEADERS })
    },

    /** A HEAD: the stream's headers, nothing subscribed (Elysia would otherwise run the GET and wait for its end). */
    head(): Response {
      return new Response(null, { headers: EVENT_STREAM_HEADERS })
    },
  }
}
