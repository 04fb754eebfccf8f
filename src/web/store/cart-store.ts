/**
 * The storefront's cart: the pure rules of src/shared/cart.ts held in one module
 * variable, persisted to localStorage under `cart`, read by components through
 * useSyncExternalStore. The server snapshot is the empty cart, so SSR and the
 * first client render agree and the badge appears right after hydration.
 */
import { useSyncExternalStore } from 'react'
import { addItem, clearCart, emptyCart, parseCart, removeItem, setQuantity, type AddInput, type Cart } from '../../shared/cart'

const CART_STORAGE_KEY = 'cart'

let current: Cart = emptyCart
let loaded = false
const listeners = new Set<() => void>()

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null // access denied (privacy mode, sandboxed frame)
  }
}

function load() {
  if (loaded) return
  loaded = true
  try {
    current = parseCart(storage()?.getItem(CART_STORAGE_KEY) ?? null)
  } catch {
    current = emptyCart
  }
}

function commit(next: Cart) {
  current = next
  try {
    storage()?.setItem(CART_STORAGE_KEY, JSON.stringify(next))
  } catch {
    /* quota or privacy mode: the cart still works for this visit */
  }
  for (const listener of listeners) listener()
}

function getSnapshot(): Cart {
  load()
  return current
}

const getServerSnapshot = (): Cart => emptyCart

/** Another tab changed the cart: take its value. */
function onStorage(event: StorageEvent) {
  if (event.key !== CART_STORAGE_KEY) return
  current = parseCart(event.newValue)
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (listeners.size === 1) window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) window.removeEventListener('storage', onStorage)
  }
}

export function useCart(): Cart {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
}

export const cartActions = {
  add: (input: AddInput) => commit(addItem(getSnapshot(), input)),
  setQuantity: (key: string, quantity: number) => commit(setQuantity(getSnapshot(), key, quantity)),
  remove: (key: string) => commit(removeItem(getSnapshot(), key)),
  clear: () => commit(clearCart()),
}
