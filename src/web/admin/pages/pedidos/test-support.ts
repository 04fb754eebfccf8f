/** Orders, a fake orders API, an EventSource and WebAudio for the board's tests (not shipped: only tests import it). */
import { emptySummary, isUpcoming, type OrderSummary } from '@/shared/order-list'
import type { OrderStatus } from '@/shared/order-status'
import type { Order } from '@/shared/schemas'
import { DEFAULT_ORDER_SETTINGS, type OrderSettings, RUSH_MINUTES, preparationAt } from '@/shared/order-slots'
import { STORE_TIMEZONE } from '@/shared/store-hours'
import { json, mockFetch } from '../../test/render'

let nextId = 1
/** An order as GET /api/orders answers it; every field can be overridden. */
export function order(over: Partial<Order> = {}): Order {
  const id = nextId++
  const createdAt = over.createdAt ?? '2026-11-23T18:00:00.000Z'
  return {
    id,
    number: id,
    source: 'storefront',
    status: 'pending',
    statusHistory: [{ status: over.status ?? 'pending', at: createdAt }],
    customerName: 'Ana',
    customerPhone: '',
    fulfilment: 'pickup',
    zoneId: null,
    zoneName: null,
    zoneEstimatedTime: null,
    scheduledFor: null,
    trackingToken: null,
    address: null,
    addressReference: null,
    payment: 'efectivo',
    cashAmount: null,
    items: [{ productId: 1, name: 'Horchata', size: 'mediano', quantity: 1, price: 20, lineTotal: 20, customization: null }],
    subtotal: 20,
    deliveryFee: 0,
  discounts: [],
  changes: [],
    total: 20,
    notes: null,
    createdAt,
    ...over,
  }
}

// Written here, not taken from the board's code, so that the tests check the board against the contract.
const storeDay = new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIMEZONE, year: 'numeric', month: '2-digit', day: '2-digit' })

/** GET /api/orders as shared/order-list.ts says the server answers it: newest first, `status`, `from`/`to`, `before`, `limit` (100, at most 500). */
export function answerOrderList(orders: readonly Order[], search: URLSearchParams): Order[] {
  const limit = Math.min(Number(search.get('limit') ?? 100), 500)
  const before = search.get('before')
  const asked = search.getAll('status').flatMap((s) => s.split(','))
  const statuses = asked.length ? asked : undefined
  const from = search.get('from')
  const to = search.get('to')
  return [...orders]
    .sort((a, b) => b.number - a.number)
    .filter((o) => before === null || o.number < Number(before))
    .filter((o) => !statuses || statuses.includes(o.status))
    .filter((o) => {
      const day = storeDay.format(new Date(o.createdAt))
      return (!from || day >= from) && (!to || day <= to)
    })
    .slice(0, limit)
}

/**
 * GET /api/orders/summary over `orders` ('Completados Hoy': delivered on the restaurant's today;
 * apart, the active orders for later not due yet with that preparation time).
 */
export function summaryOf(orders: readonly Order[], now = new Date(), preparationMinutes = DEFAULT_ORDER_SETTINGS.preparationMinutes): OrderSummary {
  const summary = emptySummary()
  summary.total = orders.length
  for (const o of orders) {
    summary.byStatus[o.status]++
    if (['pending', 'confirmed', 'preparing', 'ready'].includes(o.status) && isUpcoming(o.scheduledFor, now, preparationMinutes)) {
      summary.upcoming++
      summary.upcomingByStatus[o.status]++
    }
    const delivered = o.statusHistory.findLast((h) => h.status === 'delivered')
    if (o.status === 'delivered' && delivered && storeDay.format(new Date(delivered.at)) === storeDay.format(now)) summary.completedToday++
  }
  return summary
}

/**
 * The orders API over a list the test changes: GET /api/orders (answerOrderList), GET
 * /api/orders/summary (summaryOf, or `summary` when given, to tell the counters' source
 * apart), PATCH /api/orders/:id/status, GET /api/order-settings and 'Más tiempo' (PUT
 * /api/order-settings/rush, which the summary follows). `gets()` lists the GET addresses asked, in order.
 */
export function serveOrders(initial: Order[], options: { summary?: OrderSummary; other?: (req: Request) => Response | undefined } = {}) {
  let orders = initial
  let settings: OrderSettings = DEFAULT_ORDER_SETTINGS
  const api = mockFetch(async (req) => {
    const { pathname, searchParams } = new URL(req.url)
    const move = /^\/api\/orders\/(\d+)\/status$/.exec(pathname)
    if (req.method === 'PATCH' && move) {
      const { status } = (await req.json()) as { status: OrderStatus }
      const id = Number(move[1])
      orders = orders.map((o) => (o.id === id ? { ...o, status, statusHistory: [...o.statusHistory, { status, at: new Date().toISOString() }] } : o))
      return json(orders.find((o) => o.id === id))
    }
    if (req.method === 'PUT' && pathname === '/api/order-settings/rush') {
      const { extraMinutes } = (await req.json()) as { extraMinutes: number }
      settings = { ...settings, rush: extraMinutes > 0 ? { extraMinutes, until: new Date(Date.now() + RUSH_MINUTES * 60_000).toISOString() } : null }
      return json(settings)
    }
    const now = new Date()
    if (req.method === 'GET' && pathname === '/api/orders/summary') return json(options.summary ?? summaryOf(orders, now, preparationAt(settings, now)))
    if (req.method === 'GET' && pathname === '/api/orders') return json(answerOrderList(orders, searchParams))
    if (req.method === 'GET' && pathname === '/api/order-settings') return json(settings)
    return options.other?.(req) ?? json({ message: 'no' }, 404)
  })
  return {
    calls: api.calls,
    restore: api.restore,
    /** The GET addresses asked so far (path and query string). */
    gets: () => api.calls.filter((c) => c.method === 'GET').map((c) => c.url),
    /** A new order, as the checkout or a point of sale records it. */
    add: (o: Order) => {
      orders = [o, ...orders]
    },
    /** An order staff changed on another device (issue #34). */
    edit: (id: number, over: Partial<Order>) => {
      orders = orders.map((o) => (o.id === id ? { ...o, ...over } : o))
    },
    /** An order moved by someone else (another board, a point of sale). */
    move: (id: number, status: OrderStatus) => {
      orders = orders.map((o) => (o.id === id ? { ...o, status, statusHistory: [...o.statusHistory, { status, at: new Date().toISOString() }] } : o))
    },
  }
}

/** A stand-in for the browser's EventSource: the test opens it and sends events. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static instances: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super()
    FakeEventSource.instances.push(this)
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
  open() {
    this.readyState = FakeEventSource.OPEN
    this.dispatchEvent(new Event('open'))
  }
  /** A network drop: the browser will reconnect (readyState CONNECTING). */
  drop() {
    this.readyState = FakeEventSource.CONNECTING
    this.dispatchEvent(new Event('error'))
  }
  send(data: unknown) {
    this.dispatchEvent(new MessageEvent('order', { data: JSON.stringify(data) }))
  }
}

/** A stand-in for WebAudio that counts the notes the chime plays. */
export class FakeAudioContext {
  static notes = 0
  state = 'running'
  currentTime = 0
  destination = {}
  resume = async () => {}
  createOscillator = () => ({ type: '', frequency: { value: 0 }, connect: () => {}, start: () => FakeAudioContext.notes++, stop: () => {} })
  createGain = () => ({ gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} }, connect: () => {} })
}

