/**
 * Printing an order's kitchen ticket from the board (decision 023): the ticket page
 * (server-rendered for the paper set in Configuración) loads in a hidden same-origin frame
 * and the browser's print runs on it, so the board stays where it is. A kiosk Chromium
 * started with --kiosk-printing prints it on the default printer without a dialog.
 *
 * 'Imprimir pedidos nuevos automáticamente' is this device's choice, kept in localStorage,
 * and so is the list of orders it already printed: a reload, a reconnection or a second
 * event for the same order never prints it twice.
 *
 * 'Volver a imprimir los pedidos modificados' (issue #34, off until the owner turns it on) goes
 * with it: an order staff changed prints again (the ticket then reads 'MODIFICADO'), once per
 * change, so the kitchen's paper follows the chat.
 */
import { useSyncExternalStore } from 'react'
import { billTicketPath, ticketPath } from '@/shared/admin-routes'

const AUTO_KEY = 'pedidos-imprimir-automatico'
const PRINTED_KEY = 'pedidos-impresos'
const REPRINT_KEY = 'pedidos-reimprimir-modificados'
/** The changes already printed, as 'id:version' (the version: how many changes the order had). */
const REPRINTED_KEY = 'pedidos-modificados-impresos'
/** Order ids remembered as printed (the newest ones; older orders will not arrive as new). */
const PRINTED_KEPT = 200

export function printTicket(orderId: number): void {
  printPage(ticketPath(orderId), `Ticket del pedido ${orderId}`)
}

/** A table's bill (issue #45), printed the same way from the board's bill dialog. */
export function printBill(tableId: number): void {
  printPage(billTicketPath(tableId), `Cuenta de la mesa ${tableId}`)
}

function printPage(path: string, title: string): void {
  const frame = document.createElement('iframe')
  frame.title = title
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden'
  frame.src = path
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
let reprintChanged = read(REPRINT_KEY) === 'si'
const notify = () => {
  for (const listener of listeners) listener()
}
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function setAutoPrint(on: boolean): void {
  autoPrint = on
  write(AUTO_KEY, on ? 'si' : null)
  notify()
}

export function useAutoPrint(): boolean {
  return useSyncExternalStore(subscribe, () => autoPrint, () => false)
}

/** 'Volver a imprimir los pedidos modificados': off by default; it prints only while auto-print is on too. */
export function setReprintChanged(on: boolean): void {
  reprintChanged = on
  write(REPRINT_KEY, on ? 'si' : null)
  notify()
}

export function useReprintChanged(): boolean {
  return useSyncExternalStore(subscribe, () => reprintChanged, () => false)
}

function storedList<T>(key: string, keep: (v: unknown) => v is T): T[] {
  try {
    const value: unknown = JSON.parse(read(key) ?? '[]')
    return Array.isArray(value) ? value.filter(keep) : []
  } catch {
    return []
  }
}

const printedIds = () => storedList(PRINTED_KEY, (v): v is number => Number.isInteger(v))

/** A new order arrived: printed once on this device when the switch is on. True when it printed. */
export function autoPrintNewOrder(orderId: number, print: (id: number) => void = printTicket): boolean {
  if (!autoPrint) return false
  const printed = printedIds()
  if (printed.includes(orderId)) return false
  write(PRINTED_KEY, JSON.stringify([...printed, orderId].slice(-PRINTED_KEPT)))
  print(orderId)
  return true
}

/**
 * Order `orderId` was changed by staff (its `version`: how many changes it has now): printed again
 * on this device when both switches are on, once per change. True when it printed.
 */
export function autoPrintChangedOrder(orderId: number, version: number, print: (id: number) => void = printTicket): boolean {
  if (!autoPrint || !reprintChanged) return false
  const key = `${orderId}:${version}`
  const printed = storedList(REPRINTED_KEY, (v): v is string => typeof v === 'string')
  if (printed.includes(key)) return false
  write(REPRINTED_KEY, JSON.stringify([...printed, key].slice(-PRINTED_KEPT)))
  print(orderId)
  return true
}
