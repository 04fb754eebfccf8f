import { describe, expect, test } from 'bun:test'
import { deliveryPromise, estimateMinutes } from './delivery-estimate'

describe('the delivery promise comes from the zones', () => {
  test('a zone\'s free-text estimate in minutes', () => {
    expect(estimateMinutes('30-45 min')).toEqual([30, 45])
    expect(estimateMinutes('45 minutos')).toEqual([45, 45])
    expect(estimateMinutes('1 hora')).toEqual([60, 60])
    expect(estimateMinutes('1-2 hrs')).toEqual([60, 120])
    expect(estimateMinutes('pronto')).toBeNull()
    expect(estimateMinutes(null)).toBeNull()
  })

  test('the range from the quickest zone to the slowest; none delivering: no promise', () => {
    expect(deliveryPromise([{ estimatedTime: '30-45 min' }, { estimatedTime: '45-60 min' }, { estimatedTime: null }])).toBe('Entrega en 30-60 min')
    expect(deliveryPromise([{ estimatedTime: '40 min' }])).toBe('Entrega en 40 min')
    expect(deliveryPromise([{ estimatedTime: null }])).toBe('Entrega a domicilio')
    expect(deliveryPromise([])).toBeNull()
  })
})
