/** Orders, an EventSource and WebAudio for the board's tests (not shipped: only tests import it). */
import type { Order } from '@/shared/schemas'

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
    address: null,
    addressReference: null,
    payment: 'efectivo',
    cashAmount: null,
    items: [{ productId: 1, name: 'Horchata', size: 'mediano', quantity: 1, price: 20, lineTotal: 20, customization: null }],
    subtotal: 20,
    deliveryFee: 0,
    total: 20,
    notes: null,
    createdAt,
    ...over,
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

