/**
 * The board rings until someone acts (issue #43): while an order is pending (due now, neither
 * confirmed nor cancelled) the new order's chime plays again every 20 s, and the tab's title
 * counts them ('(2) Pedidos nuevos'), so a board behind the point of sale still shows it.
 * 'Silenciar 5 min' pauses the sound (not the title) for a rush; the choice lasts across a
 * reload (localStorage). The Sonido switch off (order-cue.ts) keeps it silent too.
 */
import { useEffect, useState, useSyncExternalStore } from 'react'
import { playNewOrderChime } from './order-cue'

const RING_EVERY_MS = 20_000
const SILENCE_MS = 5 * 60_000
const SILENCE_STORAGE_KEY = 'pedidos-silencio-hasta'

const listeners = new Set<() => void>()

function readSilencedUntil(): number {
  try {
    return Number(localStorage.getItem(SILENCE_STORAGE_KEY)) || 0
  } catch {
    return 0
  }
}

let silencedUntil = typeof window === 'undefined' ? 0 : readSilencedUntil()

function setSilencedUntil(until: number): void {
  silencedUntil = until
  try {
    if (until > 0) localStorage.setItem(SILENCE_STORAGE_KEY, String(until))
    else localStorage.removeItem(SILENCE_STORAGE_KEY)
  } catch {
    // storage blocked: the pause lasts while the page is open
  }
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

const isSilenced = (now = Date.now()): boolean => silencedUntil > now

/** [the time the pause ends (0: none), silence for 5 minutes, end the pause]. */
export function useSilence(): [number, () => void, () => void] {
  const until = useSyncExternalStore(subscribe, () => silencedUntil, () => 0)
  // The pause's end re-renders the board (the button goes back to 'Silenciar 5 min').
  const [, tick] = useState(0)
  useEffect(() => {
    if (until <= Date.now()) return
    const timer = setTimeout(() => tick((n) => n + 1), until - Date.now() + 50)
    return () => clearTimeout(timer)
  }, [until])
  return [until > Date.now() ? until : 0, () => setSilencedUntil(Date.now() + SILENCE_MS), () => setSilencedUntil(0)]
}

const waitingTitle = (waiting: number): string => `(${waiting}) ${waiting === 1 ? 'Pedido nuevo' : 'Pedidos nuevos'}`

/** Rings every 20 s and counts in the title while `waiting` orders are pending. */
export function useRinging(waiting: number): void {
  useEffect(() => {
    if (waiting === 0) return
    const before = document.title
    document.title = waitingTitle(waiting)
    return () => {
      document.title = before
    }
  }, [waiting])

  const ringing = waiting > 0
  useEffect(() => {
    if (!ringing) return
    const timer = setInterval(() => {
      if (!isSilenced()) playNewOrderChime()
    }, RING_EVERY_MS)
    return () => clearInterval(timer)
  }, [ringing])
}
