import { describe, expect, test } from 'bun:test'
import type { Order, OrderStatus } from '@/shared/schemas'
import { order } from './test-support'
import { customerText, formatOrderTime, fulfilmentText, isActive, orderCounters, paymentText } from './order-board'

const delivered = (at: string): Order => order({ status: 'delivered', createdAt: '2026-11-22T12:00:00.000Z', statusHistory: [{ status: 'pending', at: '2026-11-22T12:00:00.000Z' }, { status: 'delivered', at }] })

// 23:30 on 23 November in Guatemala (UTC-6): already the 24th in UTC.
const NOW = new Date('2026-11-24T05:30:00.000Z')

describe('counters', () => {
  test("'Pedidos Pendientes' counts pending; 'En Proceso' confirmed, preparing and ready; finished ones neither", () => {
    const statuses: OrderStatus[] = ['pending', 'pending', 'confirmed', 'preparing', 'ready', 'cancelled', 'delivered']
    const c = orderCounters(statuses.map((status) => order({ status })), NOW)
    expect(c.pending).toBe(2)
    expect(c.inProgress).toBe(3)
  })

  test("'Completados Hoy' counts orders delivered on the restaurant's today (Guatemala), by the time they were delivered", () => {
    const orders = [
      delivered('2026-11-23T07:00:00.000Z'), // 01:00 on the 23rd in Guatemala: today
      delivered('2026-11-24T05:00:00.000Z'), // 23:00 on the 23rd: today
      delivered('2026-11-23T05:00:00.000Z'), // 23:00 on the 22nd: yesterday
    ]
    expect(orderCounters(orders, NOW)).toEqual({ pending: 0, inProgress: 0, completedToday: 2 })
  })

  test('no orders: all zero', () => {
    expect(orderCounters([], NOW)).toEqual({ pending: 0, inProgress: 0, completedToday: 0 })
  })

  test('active: received and not yet delivered or cancelled', () => {
    const statuses: OrderStatus[] = ['pending', 'confirmed', 'preparing', 'ready', 'delivered', 'cancelled']
    expect(statuses.map((status) => isActive(order({ status })))).toEqual([true, true, true, true, false, false])
  })
})

describe('texts', () => {
  test('time in es-GT on the restaurant clock: the hour today, the day and hour before', () => {
    expect(formatOrderTime('2026-11-24T02:35:00.000Z', NOW)).toMatch(/^8:35\sp\.\sm\.$/)
    expect(formatOrderTime('2026-11-22T15:05:00.000Z', NOW)).toMatch(/^22 nov,? 9:05\sa\.\sm\.$/)
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
