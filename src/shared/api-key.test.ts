import { describe, expect, test } from 'bun:test'
import { displayApiKey } from './api-key'

describe('displayApiKey', () => {
  test('first 20 characters, ..., last 8', () => {
    const key = `chq_${'a'.repeat(16)}${'b'.repeat(20)}${'c'.repeat(8)}`
    expect(displayApiKey(key)).toBe(`chq_${'a'.repeat(16)}...${'c'.repeat(8)}`)
  })

  test('the shortened form is kept as it is (the same function may run on both sides)', () => {
    const shown = displayApiKey(`${'x'.repeat(40)}12345678`)
    expect(displayApiKey(shown)).toBe(shown)
  })

  test('a key of 28 characters or fewer has nothing to hide', () => {
    expect(displayApiKey('k'.repeat(28))).toBe('k'.repeat(28))
    expect(displayApiKey('k'.repeat(29))).toBe(`${'k'.repeat(20)}...${'k'.repeat(8)}`)
  })
})
