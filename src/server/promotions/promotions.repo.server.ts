/**
 * The owner's promotions (issue #33; migration sqlite 013 / postgres 009). A row keeps what is
 * searched by (name, the code, active) in columns and the rest of the terms as one JSON document,
 * which the shared rule (shared/promotions.ts) reads whole.
 *
 * A USE of a promotion is a row of `order_discounts` whose order is not cancelled: nothing is
 * counted up or down when an order is placed or cancelled, so a cancelled order gives its use
 * back by itself, and the count read under the order's lock (the checkout calls `usesOf` there)
 * is exact on either engine and across instances.
 *
 * The code is unique (upper-case, so case-insensitively): the UNIQUE column is the one rule, so
 * two owners saving 'MARTES' at once get one promotion and one 409, on either engine.
 * No runtime import of Kysely here (rows.server.ts): only its expression builder.
 */
import { type PromotionNames, type PromotionUses, normalizePromoCode } from '../../shared/promotions'
import type { Promotion, PromotionData, PromotionWithUses } from '../../shared/schemas/promotion'
import { canonicalPhone } from '../../shared/phone'
import type { ServiceWindow } from '../../shared/service-windows'
import { menuMemo } from '../cache/menu-memo.server'
import type { PageCache } from '../cache/page-cache.server'
import type { Db } from '../db/database.server'
import { asNumber, flag } from '../db/rows.server'
import type { PromotionsTable } from '../db/tables.server'

/** What `terms` holds: the promotion but its name, code and active flag. */
type Terms = Omit<PromotionData, 'name' | 'code' | 'active'>

const termsOf = (data: PromotionData): Terms => {
  const { name: _name, code: _code, active: _active, ...terms } = data
  return terms
}

const KINDS: readonly Promotion['kind'][] = ['percent', 'amount', 'freeDelivery', 'buyXgetY']
const FULFILMENTS: readonly Promotion['fulfilment'][] = ['any', 'pickup', 'delivery']

const intOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null)
const dateOrNull = (v: unknown): string | null => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null)
const list = <T>(v: unknown, keep: (x: unknown) => x is T): T[] => (Array.isArray(v) ? v.filter(keep) : [])
const isWindow = (w: unknown): w is ServiceWindow =>
  typeof w === 'object' && w !== null && Array.isArray((w as ServiceWindow).days) && typeof (w as ServiceWindow).from === 'string' && typeof (w as ServiceWindow).to === 'string'

/**
 * A row as the rule reads it. `terms` was written from the validated schema by this module
 * only; it is still read field by field, so a document written before a field existed reads
 * with that field's default (as the schema would give it) rather than breaking the checkout.
 */
export function toPromotion(row: Pick<PromotionsTable, 'name' | 'code' | 'terms'> & { id: number; active: number }): Promotion {
  let raw: Record<string, unknown> = {}
  try {
    const parsed: unknown = JSON.parse(row.terms)
    if (typeof parsed === 'object' && parsed !== null) raw = parsed as Record<string, unknown>
  } catch {
    // An unreadable document reads as an empty one: the promotion takes nothing off (value null).
  }
  const appliesTo = (typeof raw.appliesTo === 'object' && raw.appliesTo !== null ? raw.appliesTo : {}) as Record<string, unknown>
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    active: row.active === 1,
    kind: KINDS.find((k) => k === raw.kind) ?? 'percent',
    value: intOrNull(raw.value),
    buy: intOrNull(raw.buy),
    free: intOrNull(raw.free),
    appliesTo: {
      categories: list(appliesTo.categories, (x): x is string => typeof x === 'string'),
      productIds: list(appliesTo.productIds, (x): x is number => Number.isInteger(x)),
    },
    minSubtotal: intOrNull(raw.minSubtotal),
    fulfilment: FULFILMENTS.find((f) => f === raw.fulfilment) ?? 'any',
    startsOn: dateOrNull(raw.startsOn),
    endsOn: dateOrNull(raw.endsOn),
    windows: list(raw.windows, isWindow).map((w) => ({ days: w.days.filter(Number.isInteger), from: w.from, to: w.to })),
    maxUses: intOrNull(raw.maxUses),
    maxUsesPerPhone: intOrNull(raw.maxUsesPerPhone),
  }
}

const columns = (data: PromotionData) => ({ name: data.name, code: data.code, active: flag(data.active), terms: JSON.stringify(termsOf(data)) })

/**
 * The database refused a row because a UNIQUE value is taken (the code: the table's only
 * unique column besides its id). SQLite: SQLITE_CONSTRAINT_UNIQUE; PostgreSQL: SQLSTATE 23505,
 * which Bun's client gives as `errno` (as db/unavailable.server.ts reads the others).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, errno } = error as { code?: unknown; errno?: unknown }
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || errno === '23505'
}

/** Every promotion, by id. */
export async function listPromotions(db: Db): Promise<Promotion[]> {
  return (await db.selectFrom('promotions').selectAll().orderBy('id').execute()).map(toPromotion)
}

/** The active promotions, by id: what the checkout and the quote give the rule (ONE query). */
export async function activePromotions(db: Db): Promise<Promotion[]> {
  return (await db.selectFrom('promotions').selectAll().where('active', '=', 1).orderBy('id').execute()).map(toPromotion)
}

/**
 * The active promotions, kept in memory as long as the page cache holds (cache/menu-memo.server.ts):
 * what a checkout, its quote and the code's guard (code-guesses.server.ts) read, with no query.
 * Without a cache (a caller in a transaction), read.
 */
export const activePromotionsKept = (db: Db, cache?: PageCache): Promise<Promotion[]> =>
  cache ? menuMemo(cache, 'checkout:promotions', () => activePromotions(db)) : activePromotions(db)

export async function getPromotion(db: Db, id: number): Promise<Promotion | null> {
  const row = await db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toPromotion(row) : null
}

/** The promotion of a code as typed (matched upper-case, as stored), active or not. */
export async function promotionByCode(db: Db, code: string): Promise<Promotion | null> {
  const row = await db.selectFrom('promotions').selectAll().where('code', '=', normalizePromoCode(code)).executeTakeFirst()
  return row ? toPromotion(row) : null
}

/**
 * Every promotion with its uses (orders not cancelled that were given it), by id: ONE query,
 * the promotions joined to their counts grouped in the database, whatever their number.
 */
export async function listPromotionsWithUses(db: Db): Promise<PromotionWithUses[]> {
  const rows = await db
    .selectFrom('promotions as p')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('order_discounts as d')
          .innerJoin('orders as o', 'o.id', 'd.order_id')
          .where('o.status', '!=', 'cancelled')
          .where('d.promotion_id', 'is not', null)
          .select((e) => ['d.promotion_id', e.fn.countAll<number | string>().as('uses')])
          .groupBy('d.promotion_id')
          .as('u'),
      (join) => join.onRef('u.promotion_id', '=', 'p.id'),
    )
    .select(['p.id', 'p.name', 'p.code', 'p.active', 'p.terms', 'u.uses'])
    .orderBy('p.id')
    .execute()
  return rows.map((r) => ({ ...toPromotion(r), uses: asNumber(r.uses) }))
}

export type SaveOutcome = { kind: 'saved'; promotion: Promotion } | { kind: 'duplicate' } | { kind: 'notFound' }

/** Inserts, or `duplicate` when the code is taken (the UNIQUE column decides, also for two saves at once). */
export async function createPromotion(db: Db, data: PromotionData, now: Date): Promise<SaveOutcome> {
  const at = now.toISOString()
  try {
    const row = await db
      .insertInto('promotions')
      .values({ ...columns(data), created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow()
    return { kind: 'saved', promotion: toPromotion(row) }
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'duplicate' }
    throw error
  }
}

/** Replaces a promotion's terms; `duplicate` when its new code is another's. */
export async function updatePromotion(db: Db, id: number, data: PromotionData, now: Date): Promise<SaveOutcome> {
  try {
    const row = await db
      .updateTable('promotions')
      .set({ ...columns(data), updated_at: now.toISOString() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
    return row ? { kind: 'saved', promotion: toPromotion(row) } : { kind: 'notFound' }
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'duplicate' }
    throw error
  }
}

/**
 * Removes a promotion. The orders it was given keep their discount rows (name, code and amount
 * as they were, so receipts and reports still add up); their `promotion_id` names an id that is
 * never given again (both engines' ids only grow).
 */
export async function deletePromotion(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('promotions').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** The categories (slugs) and products (ids) of `appliesTo` that do not exist: a promotion names only what the menu has. */
export async function missingTargets(db: Db, appliesTo: Promotion['appliesTo']): Promise<{ categories: string[]; productIds: number[] }> {
  const [categories, products] = await Promise.all([
    appliesTo.categories.length ? db.selectFrom('categories').select('slug').where('slug', 'in', appliesTo.categories).execute() : [],
    appliesTo.productIds.length ? db.selectFrom('products').select('id').where('id', 'in', appliesTo.productIds).execute() : [],
  ])
  const slugs = new Set(categories.map((c) => c.slug))
  const ids = new Set(products.map((p) => p.id))
  return { categories: appliesTo.categories.filter((c) => !slugs.has(c)), productIds: appliesTo.productIds.filter((id) => !ids.has(id)) }
}

/** The names the Spanish descriptions use ('2x1 en bebidas') for what `promotions` name: one query per table, only when named. */
export async function promotionNames(db: Db, promotions: readonly Promotion[]): Promise<PromotionNames> {
  const slugs = [...new Set(promotions.flatMap((p) => p.appliesTo.categories))]
  const ids = [...new Set(promotions.flatMap((p) => p.appliesTo.productIds))]
  const [categories, products] = await Promise.all([
    slugs.length ? db.selectFrom('categories').select(['slug', 'name']).where('slug', 'in', slugs).execute() : [],
    ids.length ? db.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).execute() : [],
  ])
  return { categories: new Map(categories.map((c) => [c.slug, c.name])), products: new Map(products.map((p) => [p.id, p.name])) }
}

/**
 * What the checkout counts, under the order's lock, for the promotions with a cap: the uses in
 * all of those with `maxUses` (never more than the cap, plus cancelled ones: its cost is bounded
 * by the cap, not by the history) and this phone's uses of those with `maxUsesPerPhone` (read
 * from the customer's own orders through orders_customer_phone). At most two queries, none for
 * a promotion without a cap; `excludeOrderId` aside (an edited order does not count itself).
 */
export async function capsUsed(
  db: Db,
  promotions: readonly Pick<Promotion, 'id' | 'maxUses' | 'maxUsesPerPhone'>[],
  phone: string | null,
  excludeOrderId?: number,
): Promise<Map<number, PromotionUses>> {
  // Compared in the one canonical form the orders keep (shared/phone.ts), by equality: the index serves it.
  // An edited order's phone stored before that form (an older instance's) is read as its canonical form too.
  phone = phone ? (canonicalPhone(phone) ?? phone) : null
  const totalIds = promotions.filter((p) => p.maxUses !== null).map((p) => p.id)
  const phoneIds = phone ? promotions.filter((p) => p.maxUsesPerPhone !== null).map((p) => p.id) : []
  const live = (ids: number[]) => {
    let query = db.selectFrom('order_discounts as d').innerJoin('orders as o', 'o.id', 'd.order_id').where('d.promotion_id', 'in', ids).where('o.status', '!=', 'cancelled')
    if (excludeOrderId !== undefined) query = query.where('o.id', '!=', excludeOrderId)
    return query
  }
  const [totals, byPhone] = await Promise.all([
    totalIds.length ? live(totalIds).select((eb) => ['d.promotion_id', eb.fn.countAll<number | string>().as('n')]).groupBy('d.promotion_id').execute() : [],
    phoneIds.length && phone
      ? live(phoneIds).where('o.customer_phone', '=', phone).select((eb) => ['d.promotion_id', eb.fn.countAll<number | string>().as('n')]).groupBy('d.promotion_id').execute()
      : [],
  ])
  const uses = new Map<number, PromotionUses>()
  const entry = (id: number) => uses.get(id) ?? uses.set(id, { total: 0, byPhone: 0 }).get(id)!
  for (const r of totals) if (r.promotion_id !== null) entry(r.promotion_id).total = asNumber(r.n)
  for (const r of byPhone) if (r.promotion_id !== null) entry(r.promotion_id).byPhone = asNumber(r.n)
  return uses
}

/**
 * Why a dish or a category cannot be deleted while a promotion names it (issue #39), or null
 * when none does. A promotion names dishes by id: the storefront would read '2x1 en #11' (and before
 * SQLite's migration 018 the next dish took a deleted one's id, so '2x1 en Ponche' became '2x1 en
 * Cerveza'). Paused and expired ones count too: switched
 * on again, they would mean what they mean then. Every promotion is read (a restaurant has tens).
 */
export async function promotionsNamingRefusal(db: Db, target: { productId: number } | { category: string }): Promise<string | null> {
  const names = (await listPromotions(db))
    .filter((p) => ('productId' in target ? p.appliesTo.productIds.includes(target.productId) : p.appliesTo.categories.includes(target.category)))
    .map((p) => `'${p.name}'`)
  if (names.length === 0) return null
  const [what, it] = 'productId' in target ? ['este producto', 'quítalo'] : ['esta categoría', 'quítala']
  const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')} y ${names.length - 3} más` : names.join(', ')
  return names.length === 1
    ? `La promoción ${shown} incluye ${what}; ${it} de ella o bórrala antes`
    : `Las promociones ${shown} incluyen ${what}; ${it} de ellas o bórralas antes`
}
