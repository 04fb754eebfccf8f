/**
 * What an edit of a placed order changed, in the Spanish the staff and the customer read
 * (issue #34): 'Agregó 1 Horchata (Mediano); quitó Cebolla de Chilaquiles Clásicos; total Q85 → Q105'.
 * Pure and zod-free: the server records it in the order's `changes`, the board shows it.
 *
 * Lines are matched by what the customer chose (product, size, sauce, removed, extras, options),
 * so a quantity change reads as such; a plate of the same product and size whose choices changed
 * reads as what was added to it or taken from it.
 */
import { SIZE_LABELS, type Size } from './cart'
import { FULFILMENT_LABELS, type OrderFulfilment } from './checkout'
import { formatQ } from './money'
import type { OrderLine } from './schemas/order'

/** The parts of an order an edit may change. */
export type EditableOrder = {
  items: readonly OrderLine[]
  fulfilment: OrderFulfilment | null
  zoneName: string | null
  address: string | null
  scheduledFor: string | null
  notes: string | null
  total: number
}

const ids = (xs: readonly { id: number }[] | undefined) => (xs ?? []).map((x) => x.id).sort((a, b) => a - b).join(',')

/** A line's identity: the same product, size and choices (its quantity and price aside). */
export function lineIdentity(line: Pick<OrderLine, 'productId' | 'name' | 'size' | 'customization' | 'options'>): string {
  const c = line.customization
  const options = (line.options ?? []).map((o) => `${o.groupId}.${o.optionId}`).sort().join(',')
  const custom = c ? [c.sauce?.id ?? '', c.sauceOnSide ? 1 : 0, ids(c.removed), ids(c.extras)].join('|') : ''
  return [line.productId ?? `pos:${line.name}`, line.size ?? '', custom, options].join(':')
}

const plate = (line: Pick<OrderLine, 'name' | 'size'>) => (line.size ? `${line.name} (${SIZE_LABELS[line.size as Size]})` : line.name)

/** What became of one plate whose choices changed: 'quitó Cebolla de Chilaquiles Clásicos', 'cambió la salsa de …'. */
function choicesChanged(before: OrderLine, after: OrderLine): string[] {
  const said: string[] = []
  const b = before.customization
  const a = after.customization
  const name = before.name
  const diff = <T extends { id: number; name: string }>(from: readonly T[] = [], to: readonly T[] = []) => ({
    gone: from.filter((x) => !to.some((y) => y.id === x.id)).map((x) => x.name),
    come: to.filter((x) => !from.some((y) => y.id === x.id)).map((x) => x.name),
  })
  if ((b?.sauce?.id ?? null) !== (a?.sauce?.id ?? null)) said.push(`cambió la salsa de ${name} a ${a?.sauce?.name ?? 'ninguna'}`)
  if ((b?.sauceOnSide ?? false) !== (a?.sauceOnSide ?? false)) said.push(a?.sauceOnSide ? `pidió la salsa por aparte en ${name}` : `quitó la salsa por aparte de ${name}`)
  const removed = diff(b?.removed, a?.removed)
  if (removed.come.length) said.push(`quitó ${removed.come.join(', ')} de ${name}`)
  if (removed.gone.length) said.push(`volvió a poner ${removed.gone.join(', ')} en ${name}`)
  const extras = diff(b?.extras, a?.extras)
  if (extras.come.length) said.push(`agregó ${extras.come.join(', ')} a ${name}`)
  if (extras.gone.length) said.push(`quitó el extra ${extras.gone.join(', ')} de ${name}`)
  const options = diff(
    (before.options ?? []).map((o) => ({ id: o.optionId, name: `${o.group}: ${o.name}` })),
    (after.options ?? []).map((o) => ({ id: o.optionId, name: `${o.group}: ${o.name}` })),
  )
  if (options.come.length || options.gone.length) said.push(`cambió ${name}: ${[...options.gone.map((o) => `sin ${o}`), ...options.come].join(', ')}`)
  if (before.quantity !== after.quantity) said.push(`cambió ${plate(after)} de ${before.quantity} a ${after.quantity}`)
  return said
}

/**
 * One edit in words: `summary` is the staff's (everything, the notes and the reason included);
 * `forCustomer` is what the customer's tracking page and the restaurant's notice may say: what
 * changed in the order (lines, fulfilment and zone, time, total), never the staff's notes, the
 * reason or who (DESIGN "When the order changes in the chat", issue #39). Null when the edit
 * changed nothing the customer is told of (a notes edit).
 */
export type ChangeWords = { summary: string; forCustomer: string | null }

const sentence = (parts: readonly string[]) => {
  const text = parts.join('; ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** What changed between `before` and `after`, for the staff and for the customer, or null when nothing did. */
export function describeChange(before: EditableOrder, after: EditableOrder, reason?: string | null): ChangeWords | null {
  /** What the customer may read too: the lines, the fulfilment and zone (the time is added below). */
  const said: string[] = []
  const left = [...before.items]
  const added: OrderLine[] = []
  for (const line of after.items) {
    const i = left.findIndex((old) => lineIdentity(old) === lineIdentity(line))
    if (i >= 0) {
      const [old] = left.splice(i, 1)
      if (old && old.quantity !== line.quantity) said.push(`cambió ${plate(line)} de ${old.quantity} a ${line.quantity}`)
    } else added.push(line)
  }
  // A plate whose choices changed: one gone and one come of the same product and size.
  for (const line of [...added]) {
    const i = left.findIndex((old) => old.productId !== undefined && old.productId === line.productId && old.size === line.size)
    if (i < 0) continue
    const [old] = left.splice(i, 1)
    added.splice(added.indexOf(line), 1)
    if (old) said.push(...choicesChanged(old, line))
  }
  for (const line of added) said.push(`agregó ${line.quantity} ${plate(line)}`)
  for (const line of left) said.push(`quitó ${line.quantity} ${plate(line)}`)

  if (before.fulfilment !== after.fulfilment && after.fulfilment !== null) {
    said.push(after.fulfilment === 'delivery' ? `cambió a envío a domicilio${after.zoneName ? ` (${after.zoneName})` : ''}` : `cambió a ${FULFILMENT_LABELS.pickup.toLowerCase()}`)
  } else if (after.fulfilment === 'delivery' && before.zoneName !== after.zoneName) said.push(`cambió la zona a ${after.zoneName ?? 'ninguna'}`)
  // The staff's own, left out of the customer's words (the address is never on the tracking page).
  const address = after.fulfilment === 'delivery' && (before.address ?? '') !== (after.address ?? '') ? ['cambió la dirección'] : []
  const time = before.scheduledFor === after.scheduledFor ? [] : [after.scheduledFor ? `cambió la hora a ${after.scheduledFor.slice(11, 16)} del ${after.scheduledFor.slice(8, 10)}/${after.scheduledFor.slice(5, 7)}` : 'cambió a lo antes posible']
  const notes = (before.notes ?? '') === (after.notes ?? '') ? [] : [after.notes ? `cambió las notas: "${after.notes}"` : 'quitó las notas']
  const staffParts = [...said, ...address, ...time, ...notes]
  const customerParts = [...said, ...time]
  if (staffParts.length === 0) return null
  const total = before.total !== after.total ? [`total ${formatQ(before.total)} → ${formatQ(after.total)}`] : []
  const staff = sentence([...staffParts, ...total])
  return { summary: reason ? `${staff} (${reason})` : staff, forCustomer: customerParts.length > 0 ? sentence([...customerParts, ...total]) : null }
}

/** 'Agregó 1 Horchata (Mediano); quitó …; total Q85 → Q105 (reason)': the staff's words, or null when nothing changed. */
export function changeSummary(before: EditableOrder, after: EditableOrder, reason?: string | null): string | null {
  return describeChange(before, after, reason)?.summary ?? null
}

/** A line as the checkout names it (ids only): what an edit sends. */
export type EditItem = {
  productId: number
  size: Size
  quantity: number
  customization?: { sauceId?: number | null; sauceOnSide: boolean; removedIngredientIds: number[]; extraIds: number[] } | null
  options?: readonly { groupId: number; optionId: number }[]
}

/** The identity of a line the checkout's way, equal to lineIdentity of the recorded line it names. */
export function itemIdentity(item: EditItem): string {
  const c = item.customization
  const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b).join(',')
  const options = (item.options ?? []).map((o) => `${o.groupId}.${o.optionId}`).sort().join(',')
  const custom = c ? [c.sauceId ?? '', c.sauceOnSide ? 1 : 0, sorted(c.removedIngredientIds), sorted(c.extraIds)].join('|') : ''
  return [item.productId, item.size, custom, options].join(':')
}

/** A recorded storefront line as the checkout names it (null for a point-of-sale line without a product). */
export function itemOf(line: OrderLine): EditItem | null {
  if (line.productId === undefined || line.size === undefined) return null
  const c = line.customization
  return {
    productId: line.productId,
    size: line.size,
    quantity: line.quantity,
    customization: c ? { sauceId: c.sauce?.id ?? null, sauceOnSide: c.sauceOnSide, removedIngredientIds: c.removed.map((r) => r.id), extraIds: c.extras.map((e) => e.id) } : null,
    options: (line.options ?? []).map(({ groupId, optionId }) => ({ groupId, optionId })),
  }
}
