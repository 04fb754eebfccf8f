/**
 * Printing an order's kitchen ticket from the board (decision 023): the ticket page
 * (server-rendered for the paper set in Configuración) loads in a hidden same-origin frame
 * and the browser's print runs on it, so the board stays where it is. A kiosk Chromium
 * started with --kiosk-printing prints it on the default printer without a dialog.
 *
 * 'Imprimir pedidos nuevos automáticamente' is this device's choice, kept in localStorage,
 * and so is the list of orders it already printed: a reload, a reconnection or a second
 * event for the same order never prints it twice.
 */
import { useSyncExternalStore } from 'react'
import { ticketPath } from '@/shared/admin-routes'

const AUTO_KEY = 'pedidos-imprimir-automatico'
const PRINTED_KEY = 'pedidos-impresos'
/** Order ids remembered as printed (the newest ones; older orders will not arrive as new). */
const PRINTED_KEPT = 200

export function printTicket(orderId: number): void {
  const frame = document.createElement('iframe')
  frame.title = `Ticket del pedido ${orderId}`
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden'
  frame.src = ticketPath(orderId)
  frame.addEventListener('load', () => {
    const win = frame.contentWindow
    if (!win) return frame.remove()
    win.addEventListener('afterprint', () => frame.remove(), { once: true })
    win.focus()
    win.print()
    setTimeout(() => frame.remove(), 60_000) // a browser that sends no afterprint
  })
  document.body.append(frame)
}

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}
const write = (key: string, value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    // storage blocked: the choice lasts while the page is open
  }
}

const listeners = new Set<() => void>()
let autoPrint = read(AUTO_KEY) === 'si'

export function setAutoPrint(on: boolean): void {
  autoPrint = on
  write(AUTO_KEY, on ? 'si' : null)
  for (const listener of listeners) listener()
}

export function useAutoPrint(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => autoPrint,
    () => false,
  )
}

function printedIds(): number[] {
  try {
    const value: unknown = JSON.parse(read(PRINTED_KEY) ?? '[]')
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : []
  } catch {
    return []
  }
}

/** A new order arrived: printed once on this device when the switch is on. True when it printed. */
export function autoPrintNewOrder(orderId: number, print: (id: number) => void = printTicket): boolean {
  if (!autoPrint) return false
  const printed = printedIds()
  if (printed.includes(orderId)) return false
  write(PRINTED_KEY, JSON.stringify([...printed, orderId].slice(-PRINTED_KEPT)))
  print(orderId)
  return true
}
