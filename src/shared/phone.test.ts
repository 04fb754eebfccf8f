import { describe, expect, test } from 'bun:test'
import { canonicalPhone, formatPhone, telHref } from './phone'

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

describe('one canonical form for a customer’s phone (issue #39 item 9)', () => {
  test('every way of writing a Guatemalan number is 502 and its 8 digits', () => {
    for (const typed of ['55551234', '5555 1234', '5555-1234', '5555.1234', '(502) 5555-1234', '+502 5555 1234', '+50255551234', '502 5555 1234', '0050255551234', '00 502 5555-1234', '011 502 5555 1234', ' 5555\t1234 '])
      expect([typed, canonicalPhone(typed)]).toEqual([typed, '50255551234'])
  })

  test('an international number keeps its country code and digits, whatever its prefix', () => {
    for (const typed of ['+1 (415) 555-0100', '1 (415) 555 0100', '0014155550100', '011 1 415 555 0100']) expect(canonicalPhone(typed)).toBe('14155550100')
    expect(canonicalPhone('+52 1 55 1234 5678')).toBe('5215512345678')
  })

  test('what is not a phone is null: too short or long, letters, a country code starting with 0', () => {
    for (const typed of ['', '5555', '1234567', '+', '00', '0123456789', '1234567890123456', 'cinco 5555 1234', '5555 1234 ext 2', '+502+55551234'])
      expect([typed, canonicalPhone(typed)]).toEqual([typed, null])
  })

  test('the canonical form is its own canonical form', () => {
    for (const typed of ['55551234', '+1 415 555 0100', '0050255551234', '5215512345678']) {
      const once = canonicalPhone(typed)
      expect(once === null ? null : canonicalPhone(once)).toBe(once)
    }
  })
})
