/**
 * Every migration, embedded as text so the compiled binary carries them
 * (no directory is read at run time). Add a file NNN_name.sql and one line here;
 * versions must be consecutive. db/migrations/migrations.test.ts checks the list
 * against the folder.
 */
import m001 from './001_init.sql' with { type: 'text' }
import m002 from './002_sessions.sql' with { type: 'text' }
import m003 from './003_orders_checkout.sql' with { type: 'text' }
import m004 from './004_zone_minimum_order.sql' with { type: 'text' }

export type Migration = { version: number; name: string; sql: string }

export const migrations: Migration[] = [
  { version: 1, name: '001_init', sql: m001 },
  { version: 2, name: '002_sessions', sql: m002 },
  { version: 3, name: '003_orders_checkout', sql: m003 },
  { version: 4, name: '004_zone_minimum_order', sql: m004 },
]
