import { describe, expect, test } from 'bun:test'
import type { Order, OrderStatus } from '@/shared/schemas'
import { order } from './test-support'
import { customerText, formatOrderTime, fulfilmentText, isActive, nextDueAt, type OrderHistory, paymentText, splitScheduled, storeToday, withNewestPage, withOlderPage } from './order-board'

// 23:30 on 23 November in Guatemala (UTC-6): already the 24th in UTC.
const NOW = new Date('2026-11-24T05:30:00.000Z')

describe('active orders', () => {
  test('active: received and not yet delivered or cancelled', () => {
    const statuses: OrderStatus[] = ['pending', 'confirmed', 'preparing', 'ready', 'delivered', 'cancelled']
    expect(statuses.map((status) => isActive(order({ status })))).toEqual([true, true, true, true, false, false])
  })

  test("the restaurant's today, whatever the laptop's zone", () => {
    expect(storeToday(NOW)).toBe('2026-11-23')
  })
})

/** Orders numbered `from` down to `to`, newest first. */
const numbered = (from: number, to: number): Order[] => Array.from({ length: from - to + 1 }, (_, i) => order({ number: from - i }))
const numbers = (h: OrderHistory) => h.orders.map((o) => o.number)

describe("the 'Todos' pages", () => {
  test('a first page shorter than the page size is everything: nothing more to ask', () => {
    const h = withNewestPage(numbered(3, 1), 5)
    expect(numbers(h)).toEqual([3, 2, 1])
    expect(h.more).toBe(false)
    expect(withNewestPage([], 5)).toEqual({ orders: [], more: false })
  })

  test('a full first page may have more below it', () => {
    const h = withNewestPage(numbered(10, 6), 5)
    expect(numbers(h)).toEqual([10, 9, 8, 7, 6])
    expect(h.more).toBe(true)
  })

  test("a refetched first page keeps the older pages 'Mostrar más' loaded when it reaches down to them", () => {
    const loaded: OrderHistory = { orders: numbered(10, 1), more: true }
    const moved = order({ number: 8, status: 'ready' })
    const h = withNewestPage([...numbered(12, 9), moved, ...numbered(7, 7)], 6, loaded)
    expect(numbers(h)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
    expect(h.orders[4]).toBe(moved) // the first page's copy wins
    expect(h.more).toBe(true)
  })

  test('the first page ending right after the newest loaded order still joins; one further does not', () => {
    const loaded: OrderHistory = { orders: numbered(10, 6), more: true }
    expect(numbers(withNewestPage(numbered(15, 11), 5, loaded))).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6])
    // More than a page arrived since: order 11 would be missing between the pages, so the older ones are let go.
    const apart = withNewestPage(numbered(16, 12), 5, loaded)
    expect(numbers(apart)).toEqual([16, 15, 14, 13, 12])
    expect(apart.more).toBe(true)
  })

  test("'Mostrar más' adds the page below the last order; a short page ends the list", () => {
    const first: OrderHistory = { orders: numbered(10, 6), more: true }
    const second = withOlderPage(first, numbered(5, 1), 6, 5)
    expect(numbers(second)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
    expect(second.more).toBe(true)
    expect(withOlderPage(second, [], 1, 5).more).toBe(false)
  })

  test('an older page that no longer joins (the list was reset meanwhile) is dropped', () => {
    const reset: OrderHistory = { orders: numbered(20, 16), more: true }
    expect(withOlderPage(reset, numbered(5, 1), 6, 5)).toBe(reset)
  })
})

describe('texts', () => {
  test('time in es-GT on the restaurant clock: the hour today, the day and hour before', () => {
    expect(formatOrderTime('2026-11-24T02:35:00.000Z', NOW)).toBe('20:35')
    expect(formatOrderTime('2026-11-22T15:05:00.000Z', NOW)).toBe('22 nov, 9:05')
    expect(formatOrderTime('nonsense', NOW)).toBe('—')
  })

  test('pickup, delivery with its zone, or the point of sale', () => {
    expect(fulfilmentText(order())).toBe('Recoger en el local')
    expect(fulfilmentText(order({ fulfilment: 'delivery', zoneName: 'Zona 10' }))).toBe('A domicilio · Zona 10')
    expect(fulfilmentText(order({ fulfilment: null, source: 'pos' }))).toBe('Punto de venta')
  })

  test('payment: cash with change or exact, other methods by name, none for a POS order', () => {
    expect(paymentText(order({ payment: 'efectivo', cashAmount: 100, total: 95 }))).toBe('Efectivo · paga con Q100 (cambio Q5)')
    expect(paymentText(order({ payment: 'efectivo', cashAmount: 95, total: 95 }))).toBe('Efectivo · paga con Q95 (exacto)')
    expect(paymentText(order({ payment: 'efectivo', cashAmount: null }))).toBe('Efectivo')
    expect(paymentText(order({ payment: 'transferencia' }))).toBe('Transferencia')
    expect(paymentText(order({ payment: null }))).toBeNull()
  })

  test('a customer who gave no name', () => {
    expect(customerText(order({ customerName: null }))).toBe('Cliente sin nombre')
  })
})

describe('orders for later on the board', () => {
  const at = (gt: string) => Date.parse(`${gt}:00-06:00`)
  test("wait under 'Programados' until due within the preparation time, then lead 'Activos', soonest first", () => {
    const asap = order({ number: 10 })
    const later = order({ number: 8, scheduledFor: '2026-11-23T19:30' })
    const sooner = order({ number: 9, scheduledFor: '2026-11-23T19:00' })
    const tomorrow = order({ number: 7, scheduledFor: '2026-11-24T08:00' })
    const list = [asap, sooner, later, tomorrow]
    const early = splitScheduled(list, at('2026-11-23T18:00'), 20)
    expect(early.active.map((o) => o.number)).toEqual([10])
    expect(early.upcoming.map((o) => o.number)).toEqual([9, 8, 7])
    const nearly = splitScheduled(list, at('2026-11-23T18:40'), 20) // 19:00 − 20 min
    expect(nearly.active.map((o) => o.number)).toEqual([9, 10])
    expect(nearly.upcoming.map((o) => o.number)).toEqual([8, 7])
    const rush = splitScheduled(list, at('2026-11-23T18:40'), 50) // 'Más tiempo' brings 19:30 in too
    expect(rush.active.map((o) => o.number)).toEqual([9, 8, 10])
  })

  test('the board wakes when the soonest order for later becomes due, and the split moves then, not a minute later', () => {
    const sooner = order({ number: 9, scheduledFor: '2026-11-23T19:00' })
    const later = order({ number: 8, scheduledFor: '2026-11-23T19:30' })
    const due = nextDueAt([sooner, later], 20)
    expect(due).toBe(at('2026-11-23T18:40'))
    expect(nextDueAt([], 20)).toBeNull()
    expect(splitScheduled([sooner], (due ?? 0) - 1, 20).upcoming).toHaveLength(1)
    expect(splitScheduled([sooner], due ?? 0, 20).active).toHaveLength(1)
  })
})
