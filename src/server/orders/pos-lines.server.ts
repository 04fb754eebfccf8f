/**
 * A point-of-sale order's lines as stored (POST /api/orders). A line's `price` is the cashier's
 * unit price, as before; a line that names option groups' choices (issue #32) is checked and
 * priced by the checkout's own rule (shared/pricing.ts, priceOptions): the options must be of
 * the product's groups, within each group's min and max (400 naming the group), and available
 * (409 'Ya no tenemos …'). Their prices at the line's size (Mediano when it names none) are
 * the menu's, added to the unit price, and their names and prices are frozen on the line.
 * A line without `options` is the cashier's business, as free-text lines are.
 */
import type { OptionGroup } from '../../shared/options'
import { orderTotalProblem, priceOptions } from '../../shared/pricing'
import type { OrderData, OrderLine, Product } from '../../shared/schemas'
import { HttpError, MESSAGES } from '../http/errors.server'
import type { RefusalReason } from '../observability/telemetry.server'

type PosItem = OrderData['items'][number]

/** A line's options refused: 400 (what a correct client never sends) or 409 (the menu changed), with the reason counted. */
export class PosLineRefusal extends HttpError {
  constructor(
    status: 400 | 409,
    message: string,
    readonly reason: RefusalReason,
    issues?: { path: string; message: string }[],
  ) {
    super(status, message, issues)
  }
}

/** The product ids the lines with options name (what must be read to price them). */
export const productsWithOptions = (items: readonly PosItem[]): number[] => items.flatMap((item) => (item.options !== undefined && item.productId ? [item.productId] : []))

/** 400 before anything is read: a line with options must say which product they are of. */
export function refuseOptionsWithoutProduct(items: readonly PosItem[]): void {
  const index = items.findIndex((item) => item.options !== undefined && item.productId === undefined)
  if (index >= 0) {
    const message = 'Una línea con opciones debe indicar su producto (productId)'
    throw new PosLineRefusal(400, MESSAGES.invalidData, 'invalid', [{ path: `items.${index}.productId`, message }])
  }
}

/**
 * The stored lines: each with its lineTotal, and options priced by the menu where named. Lines
 * that add up past money's bound (pricing's orderTotalProblem: Q100,000) are a 400, as the
 * checkout's: each field is bounded by the schema, their sum only here, once options are priced.
 */
export function posLines(items: readonly PosItem[], products: ReadonlyMap<number, Product>, optionGroups: ReadonlyMap<number, OptionGroup>): OrderLine[] {
  const lines = items.map((item, index) => posLine(item, index, products, optionGroups))
  const over = orderTotalProblem(lines.reduce((sum, line) => sum + line.lineTotal, 0))
  if (over) throw new PosLineRefusal(400, over, 'invalid', [{ path: 'items', message: over }])
  return lines
}

function posLine({ options: choices, ...item }: PosItem, index: number, products: ReadonlyMap<number, Product>, optionGroups: ReadonlyMap<number, OptionGroup>): OrderLine {
  if (choices === undefined || item.productId === undefined) return { ...item, lineTotal: item.price * item.quantity }
  const product = products.get(item.productId)
  if (!product) throw new PosLineRefusal(409, `Línea ${index + 1}: el producto #${item.productId} ya no existe`, 'gone')
  const priced = priceOptions(optionGroups, product, choices, item.size ?? 'mediano')
  if (!priced.ok) {
    const { kind, message, reason } = priced.refusal
    throw kind === 'invalid' ? new PosLineRefusal(400, message, reason, [{ path: `items.${index}.options`, message }]) : new PosLineRefusal(409, message, reason)
  }
  const price = item.price + priced.options.reduce((sum, o) => sum + o.price, 0)
  return { ...item, price, lineTotal: price * item.quantity, ...(priced.options.length > 0 ? { options: priced.options } : {}) }
}
