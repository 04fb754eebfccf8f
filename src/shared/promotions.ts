/**
 * Promotions (issue #33, DESIGN "Selling more"): the one rule that says what discounts an order
 * gets, or why the code typed does not apply. Pure, no zod: the checkout, the quote, the point of
 * sale and the edit call it on the server right after pricing the lines (pricing.ts), and the
 * storefront calls it for the figure it shows before the quote answers. The input schema is
 * shared/schemas/promotion.ts; decisions in docs/decisions/036-promotions.md.
 *
 * What an order gets: the code typed (at most one; one that does not apply is refused with its
 * reason, in Spanish), the ONE automatic promotion on the lines that gives most on the order's
 * lines as ordered (ties: the lowest id; one whose conditions do not hold is skipped without a
 * word), and a free delivery (the code's, else the first automatic one that holds).
 * They apply one after another, each on what the ones before left (DESIGN "Selling more",
 * issue #39/#40): units given free first (buy-X-get-Y), then percentages and amounts, then free
 * delivery; the code goes first among promotions of one kind. A unit given free is free once: a
 * second buy-X-get-Y counts only the units still paid for, and a percentage takes a share of
 * what is left to pay, never of what was given away.
 * Everything is whole quetzales: a percentage is rounded down on what it applies to and spread
 * over those lines in proportion (each share rounded down, the remainder on the largest line);
 * an amount is spread likewise, capped at what it applies to; a buy-X-get-Y gives away the
 * cheapest eligible units, `free` of every `buy` as bought. No line goes below 0, so the total
 * never goes below the delivery fee charged, and the discounts never add up to more than the
 * subtotal and the fee.
 *
 * The order's time is a wall-clock minute on the restaurant's clock (since 1970-01-01 local),
 * the one service-windows.ts judges windows with (`orderMinute`: `scheduledFor`, or now plus
 * the preparation time), so a promotion's windows read exactly as a dish's, past midnight included.
 */
import type { OrderFulfilment } from './checkout'
import { formatQ } from './money'
import { type ServiceWindow, inWindows, sundayWeekday } from './service-windows'
import { MINUTES_PER_DAY, dateOfDay, dayNumber, formatTime, minutesOf } from './store-hours'

export const PROMOTION_KINDS = ['percent', 'amount', 'freeDelivery', 'buyXgetY'] as const
export const PROMOTION_FULFILMENTS = ['any', 'pickup', 'delivery'] as const
/** A code as stored: 3-20 of A-Z 0-9, upper-case. */
export const PROMO_CODE = /^[A-Z0-9]{3,20}$/
/** What a person typed as a code, as it is matched: trimmed, upper-case. */
export const normalizePromoCode = (typed: string): string => typed.trim().toUpperCase()

/** The switched-on promotion whose code `typed` is (any case, spaces around), or null: the checkout's, the quote's and the guard's one lookup. */
export function promotionOfCode(promotions: readonly Promotion[], typed: string | null | undefined): Promotion | null {
  const code = typed == null ? '' : normalizePromoCode(typed)
  if (code === '') return null
  return promotions.find((p) => p.active && p.code !== null && normalizePromoCode(p.code) === code) ?? null
}

export type PromotionKind = (typeof PROMOTION_KINDS)[number]
export type PromotionFulfilment = (typeof PROMOTION_FULFILMENTS)[number]

/** Whether a promotion limits its uses (in all or per phone): only then are its uses counted, under the order's lock. */
export const hasCap = (p: Pick<Promotion, 'maxUses' | 'maxUsesPerPhone'>): boolean => p.maxUses !== null || p.maxUsesPerPhone !== null

/** A promotion as the rule reads it (schemas/promotion.ts validates it; its output fits this type). */
export type Promotion = {
  id: number
  name: string
  /** Upper-case; null: automatic. */
  code: string | null
  kind: PromotionKind
  value: number | null
  buy: number | null
  free: number | null
  appliesTo: { categories: string[]; productIds: number[] }
  minSubtotal: number | null
  fulfilment: PromotionFulfilment
  startsOn: string | null
  endsOn: string | null
  windows: ServiceWindow[]
  maxUses: number | null
  maxUsesPerPhone: number | null
  active: boolean
}

/** A priced line as the rule needs it: pricing's `OrderLine` plus its product's category. */
export type PromotionLine = {
  /** Absent on a point-of-sale line typed by hand: such a line counts only for whole-order promotions. */
  productId?: number | null
  /** The product's category slug. */
  category?: string | null
  /** Unit price (whole Q). */
  price: number
  quantity: number
  /** price × quantity */
  lineTotal: number
}

/** A promotion's uses so far, by orders not cancelled: in all, and by this order's phone. */
export type PromotionUses = { total: number; byPhone: number }

export type PromotionsInput = {
  lines: readonly PromotionLine[]
  /** The delivery fee priced (0 for a pickup). */
  deliveryFee: number
  fulfilment: OrderFulfilment
  /** The order's time: a wall-clock minute since 1970-01-01 on the restaurant's clock (service-windows' `orderMinute`). */
  at: number
  /** The customer's phone (digits), or null when none was given. */
  phone: string | null
  /** The code typed, as typed (blank: none). */
  code: string | null
  /** The promotions in force; inactive ones are ignored, so all of them may be given. */
  promotions: readonly Promotion[]
  /** Uses by promotion id; a promotion absent here has none. */
  uses: ReadonlyMap<number, PromotionUses>
}

export type PromotionDiscount = {
  promotionId: number
  name: string
  code: string | null
  kind: PromotionKind
  /** sum(perLine) + onDelivery, > 0. */
  amount: number
  /** What it takes off each line, in the order of `lines`. */
  perLine: number[]
  /** What it takes off the delivery fee. */
  onDelivery: number
}

export type PromotionTotals = {
  /** The lines before discounts. */
  subtotal: number
  /** Taken off the lines (never more than the subtotal). */
  itemsDiscount: number
  /** Taken off the delivery fee. */
  deliveryDiscount: number
  /** itemsDiscount + deliveryDiscount: the sum of the discounts' amounts. */
  discount: number
  /** The fee charged: the fee priced minus deliveryDiscount. */
  deliveryFee: number
  /** subtotal - itemsDiscount + deliveryFee (= subtotal + fee priced - discount), never below deliveryFee. */
  total: number
}

/** Why a code is refused, for the operator's counts; the message is what the customer reads. */
export type PromotionRefusalReason = 'unknown' | 'expired' | 'notYet' | 'window' | 'fulfilment' | 'minimum' | 'exhausted' | 'phoneRequired' | 'used'
export type PromotionRefusal = { reason: PromotionRefusalReason; message: string }

export type PromotionsResult =
  | {
      ok: true
      /** The code accepted (upper-case), even when it takes nothing off this cart yet (a 2x1 with one drink); null: none typed. */
      code: string | null
      /** In the order applied (units given free, then percentages and amounts, then free delivery; the code first within a kind); only those that take something. */
      discounts: PromotionDiscount[]
      totals: PromotionTotals
    }
  | { ok: false; refusal: PromotionRefusal }

// ---------------------------------------------------------------- Spanish words

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'] as const
const DAY_ONE = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] as const
const DAY_MANY = ['domingos', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábados'] as const
/** The Spanish week starts on Monday: positions of 0-6 (0 = domingo) in it. */
const weekPosition = (day: number) => (day + 6) % 7

const list = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`)

/** '1 de diciembre' ('1 de diciembre de 2027' when not the year of `from`). */
export function spanishDate(date: string, from?: string): string {
  const month = MONTHS[Number(date.slice(5, 7)) - 1] ?? ''
  const day = `${Number(date.slice(8, 10))} de ${month}`
  const otherYear = from !== undefined && from.slice(0, 4) !== date.slice(0, 4)
  return otherYear ? `${day} de ${date.slice(0, 4)}` : day
}

/** 'los martes', 'los sábados y domingos', 'de lunes a viernes', 'todos los días'. */
function daysPhrase(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => weekPosition(a) - weekPosition(b))
  if (sorted.length === 7) return 'todos los días'
  const first = sorted[0] ?? 0
  const last = sorted[sorted.length - 1] ?? 0
  const run = sorted.length >= 3 && weekPosition(last) - weekPosition(first) === sorted.length - 1
  if (run) return `de ${DAY_ONE[first]} a ${DAY_ONE[last]}`
  return `los ${list(sorted.map((d) => DAY_MANY[d] ?? ''))}`
}

/** A window that covers the whole day says only its days. */
const allDay = (w: ServiceWindow) => {
  const from = minutesOf(w.from)
  const to = minutesOf(w.to)
  return from === 0 && (to > from ? to - from : to + MINUTES_PER_DAY - from) >= MINUTES_PER_DAY - 1
}

/** 'los martes de 15:00 a 18:00', 'de lunes a viernes de 7:00 a 11:00 y los sábados'; windows with the same hours share their days. */
export function windowsPhrase(windows: readonly ServiceWindow[]): string {
  const groups: { hours: string; days: number[] }[] = []
  for (const w of windows) {
    const hours = allDay(w) ? '' : ` de ${formatTime(w.from)} a ${formatTime(w.to)}`
    const group = groups.find((g) => g.hours === hours)
    if (group) group.days.push(...w.days)
    else groups.push({ hours, days: [...w.days] })
  }
  return list(groups.map((g) => `${daysPhrase(g.days)}${g.hours}`))
}

/** 'bebidas' from 'Bebidas'; an acronym or a name like 'BBQ' stays. */
const lowerFirst = (name: string) => (/^\p{Lu}\p{Ll}/u.test(name) ? name.charAt(0).toLocaleLowerCase('es') + name.slice(1) : name)

/** Names for the storefront's words; a slug or an id stands in for a name not given. */
export type PromotionNames = { categories?: ReadonlyMap<string, string>; products?: ReadonlyMap<number, string> }

const restricted = (p: Promotion) => p.appliesTo.categories.length > 0 || p.appliesTo.productIds.length > 0

function targetPhrase(p: Promotion, names: PromotionNames): string {
  if (!restricted(p)) return 'todo el pedido'
  const categories = p.appliesTo.categories.map((slug) => lowerFirst(names.categories?.get(slug) ?? slug))
  const products = p.appliesTo.productIds.map((id) => names.products?.get(id) ?? `#${id}`)
  return list([...categories, ...products])
}

/** What it gives: '2x1 en bebidas', '10% en todo el pedido', 'Q20 de descuento en postres', 'Envío gratis'. */
export function promotionSummary(p: Promotion, names: PromotionNames = {}): string {
  const target = targetPhrase(p, names)
  switch (p.kind) {
    case 'percent':
      return `${p.value ?? 0}% en ${target}`
    case 'amount':
      return `${formatQ(p.value ?? 0)} de descuento en ${target}`
    case 'buyXgetY': {
      const buy = p.buy ?? 2
      return `${buy}x${buy - (p.free ?? 1)} en ${target}`
    }
    case 'freeDelivery':
      return restricted(p) ? `Envío gratis al pedir ${target}` : 'Envío gratis'
  }
}

/** The storefront's line: '2x1 en bebidas los martes', '10% en todo el pedido', 'Envío gratis desde Q150'. */
export function promotionDescription(p: Promotion, names: PromotionNames = {}): string {
  const parts = [promotionSummary(p, names)]
  if (p.kind !== 'freeDelivery' && p.fulfilment === 'delivery') parts.push('a domicilio')
  if (p.fulfilment === 'pickup') parts.push('al recoger en el local')
  if (p.minSubtotal !== null && p.minSubtotal > 0) parts.push(`desde ${formatQ(p.minSubtotal)}`)
  if (p.windows.length > 0) parts.push(windowsPhrase(p.windows))
  return parts.join(' ')
}

/** 'Código MARTES aplicado: 2x1 en bebidas'. */
export function codeAppliedText(p: Promotion, names: PromotionNames = {}): string {
  return codeLinkTitle(p.code ?? '', promotionSummary(p, names), true)
}

/** A code's link: 'Código MARTES aplicado: 2x1 en bebidas' when the cart gets it now, else 'Código MARTES: 2x1 en bebidas'. */
export const codeLinkTitle = (code: string, summary: string, applied: boolean): string => `Código ${code}${applied ? ' aplicado' : ''}: ${summary}`

/**
 * Whether a promotion can be had at some time of `date` (the landing page's 'in force today'):
 * active, within its dates, and on one of its windows' days when it has windows. Uses and the
 * cart's conditions are the rule's business at the checkout.
 */
export function inForceOn(p: Promotion, date: string): boolean {
  const day = dayNumber(date)
  if (!p.active || day === null) return false
  if (p.startsOn !== null && date < p.startsOn) return false
  if (p.endsOn !== null && date > p.endsOn) return false
  return p.windows.length === 0 || p.windows.some((w) => w.days.includes(sundayWeekday(day)))
}

// ---------------------------------------------------------------- conditions

type Context = { subtotal: number; date: string; input: PromotionsInput }

/** Its dates and hours at minute `at` (on the restaurant day `date`): null when it can be had then. */
function whenProblem(p: Promotion, date: string, at: number): PromotionRefusal | null {
  if (p.endsOn !== null && date > p.endsOn) return { reason: 'expired', message: 'Ese código ya venció' }
  if (p.startsOn !== null && date < p.startsOn) return { reason: 'notYet', message: `Ese código vale desde el ${spanishDate(p.startsOn, date)}` }
  if (!inWindows(p.windows, at)) return { reason: 'window', message: `Ese código vale ${windowsPhrase(p.windows)}` }
  return null
}

/**
 * What of a code's conditions fails at minute `at` whatever the cart (a link's code, before
 * anything is in the cart: issue 40): its dates, its hours, its uses in all (`usesSoFar`). Null:
 * a cart that meets the rest (a minimum, pickup or delivery, a phone) gets it then. The same
 * words as the cart's refusal.
 */
export function codeProblemAt(p: Promotion, at: number, usesSoFar: number): PromotionRefusal | null {
  const when = whenProblem(p, dateOfDay(Math.floor(at / MINUTES_PER_DAY)), at)
  if (when) return when
  return p.maxUses !== null && usesSoFar >= p.maxUses ? { reason: 'exhausted', message: 'Ese código ya se agotó' } : null
}

/** Whether `typed` names an active code limited per phone: the cart then says the WhatsApp is required for it. */
export function codeNeedsPhone(promotions: readonly Promotion[], typed: string | null): boolean {
  return promotionOfCode(promotions, typed)?.maxUsesPerPhone != null
}

/** Served at the restaurant: picked up, or eaten at a table. */
const atTheRestaurant = (fulfilment: OrderFulfilment) => fulfilment === 'pickup' || fulfilment === 'mesa'

/** Null when `p`'s conditions hold for the order, else why not (the messages are a code's). */
function conditionProblem(p: Promotion, { subtotal, date, input }: Context): PromotionRefusal | null {
  const when = whenProblem(p, date, input.at)
  if (when) return when
  const deliveryOnly = p.fulfilment === 'delivery' || p.kind === 'freeDelivery'
  if (deliveryOnly && input.fulfilment !== 'delivery') return { reason: 'fulfilment', message: 'Ese código es solo para entregas a domicilio' }
  // An order at a table (issue #45) is served at the restaurant, like a pickup: a promotion for
  // 'pickup' (no delivery to pay for) applies to it, one for 'delivery' never (decision 044).
  if (p.fulfilment === 'pickup' && !atTheRestaurant(input.fulfilment)) return { reason: 'fulfilment', message: 'Ese código es solo para recoger en el local' }
  if (p.minSubtotal !== null && subtotal < p.minSubtotal) return { reason: 'minimum', message: `Ese código pide un pedido mínimo de ${formatQ(p.minSubtotal)}` }
  const uses = input.uses.get(p.id) ?? { total: 0, byPhone: 0 }
  if (p.maxUses !== null && uses.total >= p.maxUses) return { reason: 'exhausted', message: 'Ese código ya se agotó' }
  if (p.maxUsesPerPhone !== null) {
    if (!input.phone) return { reason: 'phoneRequired', message: 'Ese código pide tu WhatsApp' }
    if (uses.byPhone >= p.maxUsesPerPhone) return { reason: 'used', message: 'Ya usaste este código' }
  }
  return null
}

// ---------------------------------------------------------------- amounts

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)

/** Whether a line counts for `p`: every line when it names nothing, else those of its categories or products. */
function eligible(p: Promotion, line: PromotionLine): boolean {
  if (!restricted(p)) return true
  return (line.category != null && p.appliesTo.categories.includes(line.category)) || (line.productId != null && p.appliesTo.productIds.includes(line.productId))
}

/**
 * `amount` (at most sum(rooms)) over the lines in proportion to `rooms`, each share rounded
 * down; the remainder goes to the largest line, and what it has no room for to the next
 * largest (ties: the earlier line), so no share exceeds its room.
 */
export function spread(amount: number, rooms: readonly number[]): number[] {
  const base = sum(rooms)
  if (amount >= base) return [...rooms]
  if (amount <= 0 || base <= 0) return rooms.map(() => 0)
  const shares = rooms.map((room) => Math.floor((amount * room) / base))
  let rest = amount - sum(shares)
  const largestFirst = rooms.map((_, i) => i).sort((a, b) => (rooms[b] ?? 0) - (rooms[a] ?? 0) || a - b)
  for (const i of largestFirst) {
    if (rest === 0) break
    const give = Math.min(rest, (rooms[i] ?? 0) - (shares[i] ?? 0))
    shares[i] = (shares[i] ?? 0) + give
    rest -= give
  }
  return shares
}

/**
 * What is left of the order as promotions apply one after another: each line's amount still to
 * pay (`rooms`), its units already given free (`freed`: a unit is free once), and the fee.
 */
type Left = { rooms: number[]; freed: number[]; fee: number }

/** What one promotion takes: off each line, off the fee, and the units it gives free. */
type Taken = { perLine: number[]; onDelivery: number; units: number[] }

/**
 * `buy`-for-(`buy` - `free`): of every `buy` eligible units still paid for, `free` are given away,
 * the cheapest ones (ties: the earlier line). Units an earlier promotion gave free are neither
 * counted nor given again.
 */
function freeUnits(p: Promotion, lines: readonly PromotionLine[], left: Left): { perLine: number[]; units: number[] } {
  const buy = p.buy ?? 0
  const free = p.free ?? 0
  const perLine = lines.map(() => 0)
  const units = lines.map(() => 0)
  if (buy < 1 || free < 1) return { perLine, units }
  const paid = (i: number, line: PromotionLine) => Math.max(0, line.quantity - (left.freed[i] ?? 0))
  const counted = lines.map((line, i) => ({ line, i })).filter(({ line, i }) => eligible(p, line) && paid(i, line) > 0)
  let toGive = Math.floor(sum(counted.map(({ line, i }) => paid(i, line))) / buy) * free
  for (const { line, i } of counted.sort((a, b) => a.line.price - b.line.price || a.i - b.i)) {
    if (toGive === 0) break
    const given = Math.min(toGive, paid(i, line))
    units[i] = given
    perLine[i] = Math.min(given * line.price, left.rooms[i] ?? 0)
    toGive -= given
  }
  return { perLine, units }
}

/** What `p` takes off each line and off the fee, given what earlier discounts left. */
function take(p: Promotion, lines: readonly PromotionLine[], left: Left, fulfilment: OrderFulfilment): Taken {
  const none = lines.map(() => 0)
  const eligibleRooms = lines.map((line, i) => (eligible(p, line) ? (left.rooms[i] ?? 0) : 0))
  const base = sum(eligibleRooms)
  switch (p.kind) {
    case 'percent':
      return { perLine: spread(Math.floor((base * (p.value ?? 0)) / 100), eligibleRooms), onDelivery: 0, units: none }
    case 'amount':
      return { perLine: spread(Math.min(p.value ?? 0, base), eligibleRooms), onDelivery: 0, units: none }
    case 'buyXgetY':
      return { ...freeUnits(p, lines, left), onDelivery: 0 }
    case 'freeDelivery': {
      const applies = fulfilment === 'delivery' && lines.some((line) => eligible(p, line))
      return { perLine: none, onDelivery: applies ? Math.max(0, left.fee) : 0, units: none }
    }
  }
}

/** When a kind applies: units given free first, then percentages and amounts, then free delivery. */
const STAGE: Record<PromotionKind, number> = { buyXgetY: 0, percent: 1, amount: 1, freeDelivery: 2 }

const discountOf = (p: Promotion, taken: Taken): PromotionDiscount => ({
  promotionId: p.id,
  name: p.name,
  code: p.code,
  kind: p.kind,
  amount: sum(taken.perLine) + taken.onDelivery,
  perLine: taken.perLine,
  onDelivery: taken.onDelivery,
})

/** The discounts an order gets, or why its code is refused. Pure: the same input always gives the same answer. */
export function applyPromotions(input: PromotionsInput): PromotionsResult {
  const { lines, fulfilment } = input
  const subtotal = sum(lines.map((l) => l.lineTotal))
  const context: Context = { subtotal, date: dateOfDay(Math.floor(input.at / MINUTES_PER_DAY)), input }
  const active = input.promotions.filter((p) => p.active).sort((a, b) => a.id - b.id)
  const fresh = (): Left => ({ rooms: lines.map((l) => Math.max(0, l.lineTotal)), freed: lines.map(() => 0), fee: Math.max(0, input.deliveryFee) })

  const typed = input.code == null ? '' : normalizePromoCode(input.code)
  let code: Promotion | null = null
  if (typed !== '') {
    code = promotionOfCode(active, typed)
    if (!code) return { ok: false, refusal: { reason: 'unknown', message: 'Ese código no existe' } }
    const problem = conditionProblem(code, context)
    if (problem) return { ok: false, refusal: problem }
  }

  // The automatic one on the lines that gives most, judged on the lines as ordered (DESIGN).
  const automatic = active.filter((p) => p.code === null && conditionProblem(p, context) === null)
  let best: { promotion: Promotion; amount: number } | null = null
  for (const p of automatic) {
    if (p.kind === 'freeDelivery') continue
    const amount = sum(take(p, lines, fresh(), fulfilment).perLine)
    if (amount > (best?.amount ?? 0)) best = { promotion: p, amount }
  }

  // In the order they apply: by kind's stage; the code first within a stage (sort is stable).
  const queue = [code, best?.promotion ?? null].filter((p): p is Promotion => p !== null && p.kind !== 'freeDelivery')
  queue.sort((a, b) => STAGE[a.kind] - STAGE[b.kind])
  // The fee is taken once: by the code, else by the first automatic free delivery that applies.
  if (code?.kind === 'freeDelivery') queue.push(code)
  else queue.push(...automatic.filter((p) => p.kind === 'freeDelivery'))

  const left = fresh()
  const discounts: PromotionDiscount[] = []
  for (const p of queue) {
    if (p.kind === 'freeDelivery' && left.fee <= 0) continue
    const taken = take(p, lines, left, fulfilment)
    const discount = discountOf(p, taken)
    if (discount.amount <= 0) continue
    taken.perLine.forEach((amount, i) => {
      left.rooms[i] = (left.rooms[i] ?? 0) - amount
      left.freed[i] = (left.freed[i] ?? 0) + (taken.units[i] ?? 0)
    })
    left.fee -= discount.onDelivery
    discounts.push(discount)
  }

  const itemsDiscount = sum(discounts.map((d) => sum(d.perLine)))
  const deliveryDiscount = sum(discounts.map((d) => d.onDelivery))
  const deliveryFee = Math.max(0, input.deliveryFee) - deliveryDiscount
  return {
    ok: true,
    code: code === null ? null : typed,
    discounts,
    totals: { subtotal, itemsDiscount, deliveryDiscount, discount: itemsDiscount + deliveryDiscount, deliveryFee, total: subtotal - itemsDiscount + deliveryFee },
  }
}
