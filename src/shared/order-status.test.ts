import { describe, expect, test } from 'bun:test'
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus, canMove, isFinalStatus, isOrderStatus, moveRefusal, nextStatuses, statusLabel } from './order-status'

/** Every allowed move; every other (from, to) pair, including staying put, is refused. */
const ALLOWED: [OrderStatus, OrderStatus][] = [
  ['pending', 'confirmed'],
  ['confirmed', 'preparing'],
  ['preparing', 'ready'],
  ['ready', 'delivered'],
  ['pending', 'cancelled'],
  ['confirmed', 'cancelled'],
  ['preparing', 'cancelled'],
  ['ready', 'cancelled'],
]
const allowed = new Set(ALLOWED.map(([a, b]) => `${a}>${b}`))

describe('order status rule', () => {
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const ok = allowed.has(`${from}>${to}`)
      test(`${from} -> ${to}: ${ok ? 'allowed' : 'refused'}`, () => {
        expect(canMove(from, to)).toBe(ok)
        expect(nextStatuses(from).includes(to)).toBe(ok)
      })
    }
  }

  test('next statuses: the step forward first, then cancelled; none from a final state', () => {
    expect(nextStatuses('pending')).toEqual(['confirmed', 'cancelled'])
    expect(nextStatuses('ready')).toEqual(['delivered', 'cancelled'])
    expect(nextStatuses('delivered')).toEqual([])
    expect(nextStatuses('cancelled')).toEqual([])
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual(['delivered', 'cancelled'])
  })

  test('Spanish labels and refusal text', () => {
    expect(Object.values(ORDER_STATUS_LABELS)).toEqual(['Pendiente', 'Confirmado', 'En preparación', 'Listo', 'Entregado', 'Cancelado'])
    expect(moveRefusal('ready', 'pending')).toBe('No se puede pasar de "Listo" a "Pendiente"')
    expect(moveRefusal('ready', 'pending', 'delivery')).toBe('No se puede pasar de "En camino" a "Pendiente"')
  })

  test("one word for one moment: a delivery that is ready is 'En camino' (board and customer alike), anything else 'Listo'", () => {
    expect(ORDER_STATUSES.map((s) => statusLabel(s, 'delivery'))).toEqual(['Pendiente', 'Confirmado', 'En preparación', 'En camino', 'Entregado', 'Cancelado'])
    expect(ORDER_STATUSES.map((s) => statusLabel(s, 'pickup'))).toEqual(Object.values(ORDER_STATUS_LABELS))
    expect(statusLabel('ready', null)).toBe('Listo') // a point-of-sale order: how it leaves is not recorded
  })

  test('isOrderStatus', () => {
    expect(isOrderStatus('confirmed')).toBe(true)
    expect(isOrderStatus('Pendiente')).toBe(false)
    expect(isOrderStatus(undefined)).toBe(false)
  })
})
