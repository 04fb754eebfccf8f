/**
 * The tables as the query builder sees them: one description for both engines
 * (db/migrations/sqlite and db/migrations/postgres make them; decision 019).
 * Both store the same column types, so one set of queries reads the same values:
 *   - flags are INTEGER 0/1, never a boolean column;
 *   - times are ISO-8601 UTC text written by the application (text order = time order);
 *   - lists and documents are JSON text, parsed by the repositories;
 *   - ids are integers the database assigns (users and sessions: text uuids).
 */
import type { Generated } from 'kysely'
import type { ProductCategory } from '../../shared/menu'
import type { Fulfilment, IngredientCategory, IngredientType, OrderSource, OrderStatus, PaymentMethod } from '../../shared/schemas'

type Flag = 0 | 1

export interface UsersTable {
  id: string
  username: string
  password_hash: string
  uses_default_password: Generated<Flag>
  session_version: Generated<number>
  password_changed_at: string
  created_at: string
  role: Generated<'admin' | 'staff'>
  active: Generated<Flag>
}

export interface SessionsTable {
  id: string
  token_hash: string
  user_id: string
  created_at: string
  last_used_at: string
  expires_at: string
  user_agent: Generated<string>
}

export interface IngredientsTable {
  id: Generated<number>
  name: string
  type: IngredientType
  price: Generated<number>
  category: Generated<IngredientCategory>
  available: Generated<Flag>
  image: string | null
  description: string | null
}

export interface ProductsTable {
  id: Generated<number>
  name: string
  description: string
  /** One of the four the migration 001 CHECK allows; the owner's own slugs are in menu_category. */
  category: ProductCategory
  price: number
  price_grande: number | null
  sauce: string | null
  image: string | null
  available: Generated<Flag>
  display_order: Generated<number>
  available_sauces: Generated<string>
  base_ingredient_ids: Generated<string>
  extra_ingredient_ids: Generated<string>
}

/**
 * What a product gains in issue #31, in a table of its own (migrations sqlite 010-011 / postgres
 * 006-007): a new column of `products` would break an older release's cached `SELECT *` plans
 * during a rolling upgrade (decision 031).
 */
export interface ProductMenuTable {
  product_id: number
  /** The category when it is not one of the old CHECK's four; NULL: `products.category`. */
  menu_category: string | null
  /** JSON service windows; NULL: the category's. */
  windows: string | null
  /** Portions per day; NULL: no limit. */
  daily_limit: number | null
  /** JSON [groupId, ...]: the option groups the product asks for, in order (migration sqlite 012 / postgres 008). */
  option_group_ids: Generated<string>
}

/**
 * Products are read through `product_view` under the name `products` (its row and what
 * product_menu adds), so a query says `products.menu_category` as if it were one table; they
 * are written to both tables (products.repo.server.ts).
 */
export const PRODUCTS = 'product_view as products' as const

/** `product_view`: a product row with its product_menu columns (NULL when it has none). Read only. */
export interface ProductViewTable extends ProductsTable {
  menu_category: string | null
  windows: string | null
  daily_limit: number | null
  /** NULL for a product without a product_menu row. */
  option_group_ids: string | null
}

/** Option groups (issue #32; migration sqlite 012 / postgres 008): 'Leche', '¿Qué proteína?'. */
export interface OptionGroupsTable {
  id: Generated<number>
  name: string
  min: Generated<number>
  max: Generated<number>
  created_at: string
  updated_at: string
}

/** A group's options, in `position` order; ids are never reused (carts and orders name them). */
export interface OptionsTable {
  id: Generated<number>
  group_id: number
  position: Generated<number>
  name: string
  /** Whole quetzales at Mediano (and at Grande when price_grande is NULL). */
  price: Generated<number>
  price_grande: number | null
  available: Generated<Flag>
  is_default: Generated<Flag>
}

/** The owner's menu categories (migration sqlite 010 / postgres 006). */
export interface CategoriesTable {
  slug: string
  name: string
  description: Generated<string>
  display_order: Generated<number>
  visible: Generated<Flag>
  windows: Generated<string>
  when_unavailable: Generated<'show' | 'hide'>
}

export interface OrdersTable {
  id: Generated<number>
  number: number
  source: OrderSource
  status: OrderStatus
  status_history: string
  /** When the status last changed (the creation for a new order): 'Completados Hoy' reads it. */
  status_at: string
  customer_name: string | null
  customer_phone: string
  fulfilment: Fulfilment | null
  zone_id: number | null
  zone_name: string | null
  address: string | null
  address_reference: string | null
  payment: PaymentMethod | null
  cash_amount: number | null
  items: string
  subtotal: number
  delivery_fee: number
  total: number
  notes: string | null
  created_at: string
  /** The tracking page's key (/pedido/<token>); null on orders placed before it existed. */
  tracking_token: string | null
  /** The zone's 'Tiempo estimado' when ordered. */
  zone_estimated_time: string | null
  /** "YYYY-MM-DDTHH:MM" (restaurant time) of an order for later; null: as soon as possible. */
  scheduled_for: string | null
  /** The restaurant's calendar day of the order (reports group by it). */
  store_day: string
}

/**
 * An order as this release reads it (migration sqlite 013 / postgres 009): its row, and its
 * discounts and changes as JSON lists (issues #33, #34), from tables of their own (decision 031).
 */
export interface OrderViewTable extends Omit<OrdersTable, 'id'> {
  id: number
  /** JSON [{ promotionId, name, code, amount }], in order. */
  discounts: string
  /** JSON [{ at, by, summary }], oldest first. */
  changes: string
  /** The table it was placed from (issue #45; migration sqlite 016 / postgres 012), or null. */
  table_id: number | null
  table_name: string | null
}

/** A table of the dining room (issue #45): its QR carries `token`; its bill starts after `bill_since`. */
export interface DiningTablesTable {
  id: Generated<number>
  name: string
  active: Generated<Flag>
  token: string
  bill_since: string | null
  created_at: string
}

/** The table an order was placed from, with the table's name at the time (issue #45). */
export interface OrderTablesTable {
  order_id: number
  table_id: number
  table_name: string
}

/** The owner's promotions (issue #33): `terms` is the JSON of everything but name, code and active. */
export interface PromotionsTable {
  id: Generated<number>
  name: string
  /** Upper-case; NULL for an automatic promotion. */
  code: string | null
  active: Generated<Flag>
  terms: string
  created_at: string
  updated_at: string
}

/** The discounts an order was given, names and amounts as they were: a row of an order not cancelled is a use. */
export interface OrderDiscountsTable {
  order_id: number
  position: number
  promotion_id: number | null
  name: string
  code: string | null
  amount: number
}

/** Each edit of a placed order (issue #34). */
export interface OrderChangesTable {
  order_id: number
  position: number
  at: string
  changed_by: string | null
  summary: string
  /** What the customer may read of it (no notes, reason or name); null: nothing (migration sqlite 014 / postgres 010). */
  customer_summary: string | null
}

/** One row per order line, beside the order's JSON: reports group by product in SQL. */
export interface OrderLinesTable {
  order_id: number
  position: number
  product_id: number | null
  name: string
  quantity: number
  line_total: number
}

export interface SettingsTable {
  key: string
  value: string
  updated_at: string
}

export interface CoverageZonesTable {
  id: Generated<number>
  name: string
  delivery_cost: number
  estimated_time: string | null
  available: Generated<Flag>
  minimum_order: number | null
}

export interface ApiKeysTable {
  id: Generated<number>
  name: string
  key_hash: string
  key_display: string
  active: Generated<Flag>
  created_at: string
  last_used_at: string | null
}

/** The footer's newsletter: one row per address (stored trimmed and lower-cased). */
export interface SubscribersTable {
  id: Generated<number>
  email: string
  /** When the customer consented (ISO-8601 UTC); a repeat keeps the first. */
  consented_at: string
}

/** Named counters: the next order number (`order_number`), the public pages' cache generation. */
export interface CountersTable {
  name: string
  value: number
}

/** Attempt limits (login, password change, setup, checkout): one row per key, its recent attempts as JSON ms. */
export interface AttemptsTable {
  key: string
  hits: string
  /** Epoch ms after which the row holds nothing recent (pruned). */
  expires_at: number
}

/** Values the instances must share: the generated session secret. */
export interface InstanceStateTable {
  key: string
  value: string
}

/** Uploaded photos kept in the database (PostgreSQL: every instance serves them). */
export interface PhotosTable {
  name: string
  content_type: string
  bytes: Uint8Array
  created_at: string
}

/** A staff device's push subscription (issue #43; migration sqlite 017 / postgres 013): one per endpoint. */
export interface PushSubscriptionsTable {
  endpoint: string
  user_id: string
  p256dh: string
  auth: string
  user_agent: Generated<string>
  created_at: string
  updated_at: string
}

/** A push every instance might send, claimed by the one that inserts the row (the reminder of an order for later). */
export interface PushClaimsTable {
  order_id: number
  kind: string
  claimed_at: string
}

export interface SchemaMigrationsTable {
  version: number
  name: string
  applied_at: string
}

export interface Tables {
  users: UsersTable
  sessions: SessionsTable
  ingredients: IngredientsTable
  products: ProductsTable
  product_menu: ProductMenuTable
  product_view: ProductViewTable
  categories: CategoriesTable
  option_groups: OptionGroupsTable
  options: OptionsTable
  orders: OrdersTable
  order_view: OrderViewTable
  order_lines: OrderLinesTable
  promotions: PromotionsTable
  order_discounts: OrderDiscountsTable
  order_changes: OrderChangesTable
  dining_tables: DiningTablesTable
  order_tables: OrderTablesTable
  settings: SettingsTable
  coverage_zones: CoverageZonesTable
  api_keys: ApiKeysTable
  subscribers: SubscribersTable
  counters: CountersTable
  attempts: AttemptsTable
  instance_state: InstanceStateTable
  photos: PhotosTable
  push_subscriptions: PushSubscriptionsTable
  push_claims: PushClaimsTable
  schema_migrations: SchemaMigrationsTable
}
