/**
 * Imperative toasts (shadcn/ui-style): `toast({ title, description })` from
 * anywhere, `useToast()` in components. At most one toast is visible; a
 * dismissed toast is removed from memory after TOAST_REMOVE_DELAY.
 */
import { useEffect, useState, type ReactNode } from 'react'

const TOAST_LIMIT = 1
const TOAST_REMOVE_DELAY = 1_000_000

type ToastVariant = 'default' | 'destructive'

type ToastInput = {
  title?: ReactNode
  description?: ReactNode
  variant?: ToastVariant
  action?: ReactNode
  duration?: number
}

type ToasterToast = ToastInput & {
  id: string
  open: boolean
  onOpenChange: (open: boolean) => void
}

type State = { toasts: ToasterToast[] }

let count = 0
const nextId = () => String((count = (count + 1) % Number.MAX_SAFE_INTEGER))

const listeners = new Set<(state: State) => void>()
let memoryState: State = { toasts: [] }
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>()

function setState(next: State) {
  memoryState = next
  for (const listener of listeners) listener(memoryState)
}

function scheduleRemoval(id: string) {
  if (removeTimeouts.has(id)) return
  const timeout = setTimeout(() => {
    removeTimeouts.delete(id)
    setState({ toasts: memoryState.toasts.filter((t) => t.id !== id) })
  }, TOAST_REMOVE_DELAY)
  removeTimeouts.set(id, timeout)
}

function dismiss(id?: string) {
  for (const t of memoryState.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id)
  setState({
    toasts: memoryState.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
  })
}

export function toast(input: ToastInput) {
  const id = nextId()
  const update = (next: ToastInput) =>
    setState({ toasts: memoryState.toasts.map((t) => (t.id === id ? { ...t, ...next } : t)) })
  const entry: ToasterToast = {
    ...input,
    id,
    open: true,
    onOpenChange: (open) => {
      if (!open) dismiss(id)
    },
  }
  setState({ toasts: [entry, ...memoryState.toasts].slice(0, TOAST_LIMIT) })
  return { id, dismiss: () => dismiss(id), update }
}

export function useToast() {
  const [state, setLocal] = useState<State>(memoryState)
  useEffect(() => {
    listeners.add(setLocal)
    // A toast raised between the first render and this subscription (the toaster mounts lazily,
    // once the page is idle) would otherwise be missed until the next one.
    setLocal(memoryState)
    return () => {
      listeners.delete(setLocal)
    }
  }, [])
  return { ...state, toast, dismiss }
}

/** Test helper: forget every toast at once. */
export function resetToasts() {
  for (const t of removeTimeouts.values()) clearTimeout(t)
  removeTimeouts.clear()
  setState({ toasts: [] })
}
