import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test'
import { act, renderHook } from '@testing-library/react'
import { useLayoutEffect } from 'react'
import { resetToasts, toast, useToast } from './use-toast'

/** SPEC 9: a dismissed notification is removed from memory after 1,000,000 ms. */
const REMOVE_AFTER_MS = 1_000_000

beforeEach(() => {
  jest.useFakeTimers()
})

afterEach(() => {
  resetToasts()
  jest.useRealTimers()
})

describe('toast store', () => {
  test('at most one toast at a time: a new one replaces the visible one', () => {
    const { result } = renderHook(() => useToast())
    act(() => {
      toast({ title: 'uno' })
    })
    expect(result.current.toasts.map((t) => [t.title, t.open])).toEqual([['uno', true]])
    act(() => {
      toast({ title: 'dos' })
      toast({ title: 'tres' })
    })
    expect(result.current.toasts.map((t) => [t.title, t.open])).toEqual([['tres', true]])
  })

  test('dismiss closes it at once; it leaves memory only after the removal delay', () => {
    const { result } = renderHook(() => useToast())
    act(() => {
      toast({ title: 'hola' }).dismiss()
    })
    expect(result.current.toasts.map((t) => [t.title, t.open])).toEqual([['hola', false]])
    act(() => {
      jest.advanceTimersByTime(REMOVE_AFTER_MS - 1)
    })
    expect(result.current.toasts).toHaveLength(1)
    act(() => {
      jest.advanceTimersByTime(1)
    })
    expect(result.current.toasts).toEqual([])
  })

  test('closing from the component (onOpenChange false) is a dismiss; dismiss() with no id closes all', () => {
    const { result } = renderHook(() => useToast())
    act(() => {
      toast({ title: 'a' })
    })
    act(() => {
      result.current.toasts[0]?.onOpenChange(false)
    })
    expect(result.current.toasts[0]?.open).toBe(false)
    act(() => {
      toast({ title: 'b' })
    })
    act(() => {
      result.current.dismiss()
    })
    expect(result.current.toasts.map((t) => [t.title, t.open])).toEqual([['b', false]])
  })

  test('a repeated dismiss does not restart the removal timer', () => {
    const { result } = renderHook(() => useToast())
    let handle: ReturnType<typeof toast> | undefined
    act(() => {
      handle = toast({ title: 'x' })
      handle.dismiss()
    })
    act(() => {
      jest.advanceTimersByTime(REMOVE_AFTER_MS / 2)
      handle?.dismiss()
      jest.advanceTimersByTime(REMOVE_AFTER_MS / 2)
    })
    expect(result.current.toasts).toEqual([])
  })

  test('update changes the open toast in place', () => {
    const { result } = renderHook(() => useToast())
    act(() => {
      toast({ title: 'Guardando' }).update({ title: 'Guardado', variant: 'destructive' })
    })
    expect(result.current.toasts.map((t) => [t.title, t.variant, t.open])).toEqual([['Guardado', 'destructive', true]])
  })
})

describe('a toast raised while the toaster mounts', () => {
  test('is shown: raised after the first render, before the subscription (a layout effect runs in between)', () => {
    const { result } = renderHook(() => {
      const state = useToast()
      // Layout effects run after render and before any useEffect: the window the lazy toaster leaves.
      useLayoutEffect(() => {
        toast({ title: 'Inicio de sesión exitoso' })
      }, [])
      return state
    })
    expect(result.current.toasts.map((t) => t.title)).toEqual(['Inicio de sesión exitoso'])
  })
})
