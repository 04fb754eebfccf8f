/**
 * What 'Editar pedido' may still add (issue #40): the storefront's own judgement, so staff are
 * not offered what 'Guardar' would refuse. A dish is 'Agotado por hoy' when switched off or
 * when its portions of the day are gone; outside its hours at the time the order is for
 * (shared/service-windows.ts: its own windows, else its category's) it says when it is served
 * ('Disponible de 7:00 a 11:00') and cannot be added, as on the storefront's card. Pure; the
 * clock, the settings and the portions left come from use-edit-availability.ts.
 */
import { type ServiceWindow, type WindowedCategory, inWindows, windowsLabel, windowsOf } from '@/shared/service-windows'
import { itemOf } from '@/shared/order-changes'
import type { Order, Product } from '@/shared/schemas'
import type { EditorLine } from './order-edit-lines'

/** What the editor knows of the menu at the order's time. */
export type MenuMoment = {
  categories: ReadonlyMap<string, WindowedCategory>
  /** The wall-clock minute the order is for (shared/service-windows.ts orderMinute), or null while unknown. */
  at: number | null
  /** The portions left on the order's day of a product limited per day; undefined: no limit, or not known. */
  left: (productId: number) => number | undefined
}

export type AddState =
  | { kind: 'addable'; hours: string | null; left: number | undefined }
  | { kind: 'soldOut' }
  | { kind: 'outsideHours'; hours: string }

/** The windows a product is served in: its own, else its category's (none: whenever open). */
const windowsFor = (product: Pick<Product, 'name' | 'category' | 'windows'>, moment: MenuMoment): ServiceWindow[] => windowsOf(product, moment.categories.get(product.category))

/** Whether `product` can be added to the order now, and what its row says. */
export function addState(product: Pick<Product, 'id' | 'name' | 'category' | 'windows' | 'available'>, moment: MenuMoment): AddState {
  const left = moment.left(product.id)
  if (!product.available || (left !== undefined && left <= 0)) return { kind: 'soldOut' }
  const windows = windowsFor(product, moment)
  const hours = windowsLabel(windows) || null
  if (hours && moment.at !== null && !inWindows(windows, moment.at)) return { kind: 'outsideHours', hours }
  return { kind: 'addable', hours, left }
}

const unitsOf = (items: readonly { productId?: number | null; quantity: number }[], productId: number) =>
  items.reduce((sum, item) => (item.productId === productId ? sum + item.quantity : sum), 0)

/**
 * A line asking more of a product limited per day than is left (the server counts only what the
 * edit adds to the order: its lines of that product, added up, beyond what the order had), in
 * the cart's words; null when it fits or nothing is known.
 */
export function portionsProblem(line: EditorLine, lines: readonly EditorLine[], order: Pick<Order, 'items'>, moment: MenuMoment): string | null {
  const productId = line.item.productId
  const left = moment.left(productId)
  if (left === undefined) return null
  const had = unitsOf(order.items.map(itemOf).filter((i) => i !== null), productId)
  const more = unitsOf(lines.map((l) => l.item), productId) - had
  if (more <= Math.max(0, left)) return null
  if (left <= 0) return 'Agotado por hoy. Baja la cantidad para guardar.'
  return `${left === 1 ? 'Solo queda 1 más' : `Solo quedan ${left} más`} hoy. Baja la cantidad para guardar.`
}
