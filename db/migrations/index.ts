/**
 * Every migration of both engines, embedded as text so the compiled binary carries
 * them (no directory is read at run time). Add a file NNN_name.sql to the engine's
 * folder and one line here; versions must be consecutive. A change of schema is made
 * for both engines (decision 019): SQLite's list tells the history of existing files,
 * PostgreSQL's starts at the schema of SQLite's 005. db/migrations/migrations.test.ts
 * checks the lists against the folders.
 */
import s001 from './sqlite/001_init.sql' with { type: 'text' }
import s002 from './sqlite/002_sessions.sql' with { type: 'text' }
import s003 from './sqlite/003_orders_checkout.sql' with { type: 'text' }
import s004 from './sqlite/004_zone_minimum_order.sql' with { type: 'text' }
import s005 from './sqlite/005_shared_state.sql' with { type: 'text' }
import s006 from './sqlite/006_order_tracking.sql' with { type: 'text' }
import s007 from './sqlite/007_scheduled_orders.sql' with { type: 'text' }
import s008 from './sqlite/008_business.sql' with { type: 'text' }
import s009 from './sqlite/009_subscribers.sql' with { type: 'text' }
import s010 from './sqlite/010_categories.sql' with { type: 'text' }
import s011 from './sqlite/011_daily_limit.sql' with { type: 'text' }
import s012 from './sqlite/012_option_groups.sql' with { type: 'text' }
import s013 from './sqlite/013_promotions_and_edits.sql' with { type: 'text' }
import s014 from './sqlite/014_order_changes_for_customer.sql' with { type: 'text' }
import s015 from './sqlite/015_canonical_phones.sql' with { type: 'text' }
import s016 from './sqlite/016_dining_tables.sql' with { type: 'text' }
import s017 from './sqlite/017_push.sql' with { type: 'text' }
import s018 from './sqlite/018_products_ids_never_reused.sql' with { type: 'text' }
import p001 from './postgres/001_init.sql' with { type: 'text' }
import p002 from './postgres/002_order_tracking.sql' with { type: 'text' }
import p003 from './postgres/003_scheduled_orders.sql' with { type: 'text' }
import p004 from './postgres/004_business.sql' with { type: 'text' }
import p005 from './postgres/005_subscribers.sql' with { type: 'text' }
import p006 from './postgres/006_categories.sql' with { type: 'text' }
import p007 from './postgres/007_daily_limit.sql' with { type: 'text' }
import p008 from './postgres/008_option_groups.sql' with { type: 'text' }
import p009 from './postgres/009_promotions_and_edits.sql' with { type: 'text' }
import p010 from './postgres/010_order_changes_for_customer.sql' with { type: 'text' }
import p011 from './postgres/011_canonical_phones.sql' with { type: 'text' }
import p012 from './postgres/012_dining_tables.sql' with { type: 'text' }
import p013 from './postgres/013_push.sql' with { type: 'text' }

/**
 * `contracts`: the migration removes or changes what an older release reads or writes (a
 * dropped or renamed table or column, a new constraint on old rows). Every other migration
 * only adds, and an older release keeps running beside it while an upgrade rolls through the
 * instances (decision 031; expand-only.test.ts holds the rule).
 */
export type Migration = { version: number; name: string; sql: string; contracts?: true }

/**
 * The last version of each engine's migrations that a release shipped (the release of
 * PREVIOUS_RELEASE in test/smoke/release.ts): a newer migration may add columns only to tables
 * created after these (expand-only.test.ts, decision 031). Raise them when a release is cut.
 */
export const RELEASED = { sqlite: 8, postgres: 4 } as const

export const migrations: Migration[] = [
  { version: 1, name: '001_init', sql: s001 },
  { version: 2, name: '002_sessions', sql: s002 },
  // Rebuilt `orders` (SQLite cannot change a column): from before PostgreSQL and several instances.
  { version: 3, name: '003_orders_checkout', sql: s003, contracts: true },
  { version: 4, name: '004_zone_minimum_order', sql: s004 },
  { version: 5, name: '005_shared_state', sql: s005 },
  { version: 6, name: '006_order_tracking', sql: s006 },
  { version: 7, name: '007_scheduled_orders', sql: s007 },
  { version: 8, name: '008_business', sql: s008 },
  { version: 9, name: '009_subscribers', sql: s009 },
  { version: 10, name: '010_categories', sql: s010 },
  { version: 11, name: '011_daily_limit', sql: s011 },
  { version: 12, name: '012_option_groups', sql: s012 },
  { version: 13, name: '013_promotions_and_edits', sql: s013 },
  { version: 14, name: '014_order_changes_for_customer', sql: s014 },
  // Rewrites customer phones to their canonical form: an UPDATE that only adds (issue #39, the file says why).
  { version: 15, name: '015_canonical_phones', sql: s015 },
  // Tables and their orders (issue #45).
  { version: 16, name: '016_dining_tables', sql: s016 },
  // Web push: the staff's devices and the reminder's claim (issue #43).
  { version: 17, name: '017_push', sql: s017 },
  // Rebuilt `products` with AUTOINCREMENT (SQLite reused a deleted dish's id): the same columns and
  // rows, so nothing an older build reads changes; marked because the rebuild drops and renames.
  // SQLite only: PostgreSQL's identity never reuses a value.
  { version: 18, name: '018_products_ids_never_reused', sql: s018, contracts: true },
]

export const postgresMigrations: Migration[] = [
  { version: 1, name: '001_init', sql: p001 },
  { version: 2, name: '002_order_tracking', sql: p002 },
  { version: 3, name: '003_scheduled_orders', sql: p003 },
  { version: 4, name: '004_business', sql: p004 },
  { version: 5, name: '005_subscribers', sql: p005 },
  { version: 6, name: '006_categories', sql: p006 },
  { version: 7, name: '007_daily_limit', sql: p007 },
  { version: 8, name: '008_option_groups', sql: p008 },
  { version: 9, name: '009_promotions_and_edits', sql: p009 },
  { version: 10, name: '010_order_changes_for_customer', sql: p010 },
  { version: 11, name: '011_canonical_phones', sql: p011 },
  { version: 12, name: '012_dining_tables', sql: p012 },
  { version: 13, name: '013_push', sql: p013 },
]
