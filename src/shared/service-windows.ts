/**
 * Windows: a dish served only at some hours (issue #31, DESIGN "The menu as the restaurant
 * has it"). The one rule of whether a dish can be had at the time an order is for, beside the
 * opening hours (store-hours.ts) and the slots (order-slots.ts, which call it). Used by the
 * checkout and the point-of-sale order (refusal 409), GET /api/order-slots?products= (slots
 * that do not suit the cart) and the storefront (the card's hours, the cart's refusal).
 * Pure, no zod: it ships in the landing bundle.
 *
 * A window is `{ days, from, to }`: `days` 0-6 (0 = domingo) are the days the range starts on;
 * `[from, to)` on the restaurant's wall clock, `to` exclusive; `to` at or before `from` ends
 * the next day (22:00-02:00). No windows: whenever the restaurant is open. A product's own
 * windows (not null) replace its category's. Closed dates and the pause are the opening
 * hours' and the slots' business: this rule only says whether the dish is served then.
 */
import { MINUTES_PER_DAY, STORE_TIMEZONE, dayNumber, formatTime, minutesOf, wallMinute } from './store-hours'
import { type OrderSettings, preparationAt, splitScheduledFor } from './order-slots'

export type ServiceWindow = { days: number[]; from: string; to: string }
export type WhenUnavailable = 'show' | 'hide'

/** What the rule needs of a category (GET /api/categories answers more). */
export type WindowedCategory = { slug: string; name: string; windows: ServiceWindow[]; whenUnavailable: WhenUnavailable }
/** What the rule needs of a product. */
export type WindowedProduct = { name: string; category: string; windows?: ServiceWindow[] | null }

export const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6] as const
export const DAY_SHORT = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'] as const

/** 0 = domingo of a local day number (1970-01-01 was a Thursday). */
export const sundayWeekday = (day: number): number => (((day + 4) % 7) + 7) % 7

/** The windows in force for a product: its own when set, else its category's, else none. */
export function windowsOf(product: WindowedProduct, category: WindowedCategory | undefined): ServiceWindow[] {
  return product.windows ?? category?.windows ?? []
}

/** Whether wall-clock minute `at` (since 1970-01-01 local) falls inside one of `windows` (none: always). */
export function inWindows(windows: readonly ServiceWindow[], at: number): boolean {
  if (windows.length === 0) return true
  const day = Math.floor(at / MINUTES_PER_DAY)
  for (const w of windows) {
    const from = minutesOf(w.from)
    const to = minutesOf(w.to)
    const length = to > from ? to - from : to + MINUTES_PER_DAY - from
    // The range of `day` and the one of the day before (which may spill past midnight).
    for (const start of [day, day - 1]) {
      if (!w.days.includes(sundayWeekday(start))) continue
      const open = start * MINUTES_PER_DAY + from
      if (at >= open && at < open + length) return true
    }
  }
  return false
}

/**
 * How many minutes after `at` the first of `windowLists` turns on or off, looking at most
 * `horizon` minutes ahead (null: none within it). The landing page is server-rendered at one
 * minute with the dishes outside their hours already hidden or marked; it is kept only until
 * one of them would read differently.
 */
export function minutesUntilWindowsChange(windowLists: readonly (readonly ServiceWindow[])[], at: number, horizon: number): number | null {
  const lists = windowLists.filter((w) => w.length > 0)
  if (lists.length === 0) return null
  const now = lists.map((w) => inWindows(w, at))
  for (let ahead = 1; ahead <= horizon; ahead++) {
    if (lists.some((w, i) => inWindows(w, at + ahead) !== now[i])) return ahead
  }
  return null
}

/** The wall-clock minute an order is for: its `scheduledFor`, or now plus the preparation time. */
export function orderMinute(
  when: { scheduledFor?: string | null; now: Date; settings: OrderSettings },
  timeZone: string = STORE_TIMEZONE,
): number {
  const parts = when.scheduledFor ? splitScheduledFor(when.scheduledFor) : null
  const day = parts ? dayNumber(parts.date) : null
  if (parts && day !== null) return day * MINUTES_PER_DAY + minutesOf(parts.time)
  return wallMinute(when.now, timeZone) + preparationAt(when.settings, when.now)
}

const ranges = (windows: readonly ServiceWindow[]) => {
  const seen: string[] = []
  for (const w of windows) {
    const r = `de ${formatTime(w.from)} a ${formatTime(w.to)}`
    if (!seen.includes(r)) seen.push(r)
  }
  return seen.join(' y ')
}

const daysText = (windows: readonly ServiceWindow[]) => {
  const days = [...new Set(windows.flatMap((w) => w.days))].sort((a, b) => a - b)
  if (days.length === 7) return ''
  return ` (${days.map((d) => DAY_SHORT[d] ?? '').join(', ')})`
}

/** 'Disponible de 7:00 a 11:00', 'Disponible de 7:00 a 11:00 (sáb, dom)'; '' without windows. */
export function windowsLabel(windows: readonly ServiceWindow[]): string {
  return windows.length ? `Disponible ${ranges(windows)}${daysText(windows)}` : ''
}

/** 'Los desayunos' from 'Desayunos', 'Las bebidas' from 'Bebidas'; other names as they are. */
const subject = (name: string) => {
  const lower = name.toLocaleLowerCase('es')
  if (/as$/.test(lower)) return { text: `Las ${lower}`, plural: true }
  if (/s$/.test(lower)) return { text: `Los ${lower}`, plural: true }
  return { text: name, plural: false }
}

/** The refusal: 'Los desayunos se sirven de 7:00 a 11:00; elige otra hora' (the product's name when the windows are its own). */
export function windowRefusal(product: WindowedProduct, category: WindowedCategory | undefined): string {
  const own = product.windows != null
  const windows = windowsOf(product, category)
  const who = own || !category ? { text: product.name, plural: false } : subject(category.name)
  return `${who.text} se ${who.plural ? 'sirven' : 'sirve'} ${ranges(windows)}${daysText(windows)}; elige otra hora`
}

/** Null when `product` is served at minute `at`, else the Spanish reason. */
export function windowProblem(product: WindowedProduct, category: WindowedCategory | undefined, at: number): string | null {
  return inWindows(windowsOf(product, category), at) ? null : windowRefusal(product, category)
}

/**
 * The first line of an order served outside its hours at minute `at`, as the refusal
 * (409 'Los desayunos se sirven de 7:00 a 11:00; elige otra hora'), or null. Lines whose
 * product is unknown are pricing's business (gone), not this rule's.
 */
export function orderWindowsRefusal(
  lines: readonly { productId?: number | null }[],
  products: ReadonlyMap<number, WindowedProduct>,
  categories: ReadonlyMap<string, WindowedCategory>,
  at: number,
): string | null {
  for (const line of lines) {
    const product = line.productId == null ? undefined : products.get(line.productId)
    if (!product) continue
    const problem = windowProblem(product, categories.get(product.category), at)
    if (problem) return problem
  }
  return null
}

/** The slots of `date` with every time outside one of `products`' windows marked unavailable (GET /api/order-slots?products=). */
export function markOutsideWindows<S extends { time: string; available: boolean }>(
  date: string,
  slots: S[],
  products: readonly WindowedProduct[],
  categories: ReadonlyMap<string, WindowedCategory>,
): S[] {
  const day = dayNumber(date)
  if (day === null || products.length === 0) return slots
  const windows = products.map((p) => windowsOf(p, categories.get(p.category))).filter((w) => w.length > 0)
  if (windows.length === 0) return slots
  return slots.map((slot) => {
    const at = day * MINUTES_PER_DAY + minutesOf(slot.time)
    return slot.available && !windows.every((w) => inWindows(w, at)) ? { ...slot, available: false } : slot
  })
}
