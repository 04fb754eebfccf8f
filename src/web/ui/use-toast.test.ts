import { afterEach, describe, expect, test } from 'bun:test'
import { act, renderHook } from '@testing-library/react'
import { resetToasts, toast, TOAST_LIMIT, TOAST_REMOVE_DELAY, useToast } from './use-toast'

afterEach(resetToasts)

describe('toast store', () => {
  test('keeps at most one toast (the newest)', () => {
    const { result } = renderHook(() => useToast())
    act(() => {
      toast({ title: 'uno' })
      toast({ title: 'dos' })
    })
    expect(TOAST_LIMIT).toBe(1)
    expect(result.current.toasts.map((t) => t.title)).toEqual(['dos'])
  })

  test('dismiss closes it; removal waits 1,000,000 ms', () => {
    const { result } = renderHook(() => useToast())
    act(() => {
      toast({ title: 'hola' }).dismiss()
    })
    expect(result.current.toasts[0]?.open).toBe(false)
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000)
  })
})
