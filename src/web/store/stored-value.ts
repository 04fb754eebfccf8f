/**
 * A value kept in localStorage and read by components through useSyncExternalStore:
 * the cart and the checkout details each are one. The server snapshot is the initial
 * value, so the server render and the first client render agree; the stored value
 * appears right after hydration. A value another tab writes is taken over.
 * Storage that is missing, denied (privacy mode) or full never breaks the page.
 */
import { useSyncExternalStore } from 'react'

export type StoredValue<T> = {
  use: () => T
  get: () => T
  set: (next: T) => void
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null // access denied (privacy mode, sandboxed frame)
  }
}

/** `parse` must accept anything (null, corrupt JSON, an older format) and return a usable value. */
export function storedValue<T>(key: string, parse: (raw: string | null) => T, initial: T): StoredValue<T> {
  let current = initial
  let loaded = false
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }

  const get = (): T => {
    if (!loaded) {
      loaded = true
      try {
        current = parse(storage()?.getItem(key) ?? null)
      } catch {
        current = initial
      }
    }
    return current
  }

  const set = (next: T) => {
    current = next
    loaded = true
    try {
      storage()?.setItem(key, JSON.stringify(next))
    } catch {
      /* quota or privacy mode: the value still works for this visit */
    }
    notify()
  }

  const onStorage = (event: StorageEvent) => {
    if (event.key !== key) return
    current = parse(event.newValue)
    notify()
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    if (listeners.size === 1) window.addEventListener('storage', onStorage)
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0) window.removeEventListener('storage', onStorage)
    }
  }

  const getServerSnapshot = () => initial
  return { use: () => useSyncExternalStore(subscribe, get, getServerSnapshot), get, set }
}
