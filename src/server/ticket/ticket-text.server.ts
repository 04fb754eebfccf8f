/**
 * The kitchen ticket's words, one place for both the markup (ticket-page.server.tsx) and
 * the page-length estimate (ticket-layout.server.ts), so the strip is measured on the very
 * text that is printed.
 */
import { SIZE_LABELS } from '../../shared/cart'
import { fulfilmentText } from '../../shared/order-display'
import { optionPhrases } from '../../shared/options'
import { scheduledLabel } from '../../shared/order-slots'
import type { Order, OrderDiscount, OrderLine } from '../../shared/schemas'
import { STORE_TIMEZONE } from '../../shared/store-hours'
import { clockTime } from '../../shared/tracking'

const dayOf = new Intl.DateTimeFormat('es-GT', { timeZone: STORE_TIMEZONE, weekday: 'short', day: 'numeric', month: 'short' })

/** "19:22 · lun, 23 nov": when the order came in, on the restaurant's clock. */
export const orderTime = (order: Order): string => `${clockTime(order.createdAt)} · ${dayOf.format(new Date(order.createdAt))}`

/** "PARA: MAÑANA 8:15" for an order for later, else null. */
export const scheduledLine = (order: Order): string | null =>
  order.scheduledFor ? `PARA: ${scheduledLabel(order.scheduledFor, new Date(order.createdAt)).toUpperCase()}` : null

/** 'A DOMICILIO · Zona 10', 'PARA RECOGER', or 'PUNTO DE VENTA' (a POS order records no delivery). */
export function deliveryHeading(order: Order): string {
  if (order.fulfilment === 'delivery') return `A DOMICILIO · ${order.zoneName ?? ''}`.trimEnd()
  if (order.fulfilment === 'pickup') return 'PARA RECOGER'
  return fulfilmentText(order).toUpperCase()
}

/** "2 x Chilaquiles Clásicos (Grande)". */
export const lineTitle = (line: OrderLine): string => `${line.quantity} x ${line.name}${line.size ? ` (${SIZE_LABELS[line.size]})` : ''}`

/** What the cook changes on a plate, one printed line each; `strong` for what to leave out. */
export type LineDetail = { key: string; text: string; strong: boolean }

export function lineDetails(line: OrderLine): LineDetail[] {
  const c = line.customization
  const details: LineDetail[] = []
  if (c?.sauce) details.push({ key: 'salsa', text: `Salsa: ${c.sauce.name}${c.sauceOnSide ? ' (aparte)' : ''}`, strong: false })
  else if (c?.sauceOnSide) details.push({ key: 'salsa', text: 'Salsa (aparte)', strong: false })
  for (const r of c?.removed ?? []) details.push({ key: `sin-${r.id}`, text: `SIN ${r.name}`, strong: true })
  for (const e of c?.extras ?? []) details.push({ key: `extra-${e.id}`, text: `+ ${e.name}`, strong: false })
  // Option groups (issue #32), as ordered: 'Leche: Almendra (+Q5)', one line per group.
  for (const [i, phrase] of optionPhrases(line.options ?? []).entries()) details.push({ key: `opcion-${i}`, text: phrase, strong: false })
  if (line.notes) details.push({ key: 'nota', text: `Nota: ${line.notes}`, strong: false })
  return details
}

/**
 * A ticket printed again after staff changed the order (issue #34): 'MODIFICADO 12:10' and what
 * the last change did, so the kitchen sees at a glance that this paper replaces the first one.
 * Null for an order never changed.
 */
export function modifiedNotice(order: Pick<Order, 'changes'>): { heading: string; summary: string } | null {
  const last = order.changes.at(-1)
  return last ? { heading: `MODIFICADO ${clockTime(last.at)}`, summary: last.summary } : null
}

/** 'Descuento (MARTES)': a promotion given (issue #33), by its code, or its name when it has none; as the chat text says it. */
export const discountLabel = (discount: Pick<OrderDiscount, 'code' | 'name'>): string => `Descuento (${discount.code ?? discount.name})`
