import { describe, expect, test } from 'bun:test'
import { formatPhone, telHref } from './phone'

describe('a stored number', () => {
  test('dials internationally: tel:+ and its digits with the country code', () => {
    expect(telHref('50212345678')).toBe('tel:+50212345678')
    expect(telHref('5215512345678')).toBe('tel:+5215512345678')
  })

  test('reads as +502 1234 5678 (any other country: + and its digits)', () => {
    expect(formatPhone('50212345678')).toBe('+502 1234 5678')
    expect(formatPhone('5215512345678')).toBe('+5215512345678')
  })
})
