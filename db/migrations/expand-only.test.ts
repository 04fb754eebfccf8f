/**
 * Migrations only add (decision 031): an older release keeps running beside a newer one
 * while an upgrade rolls through the instances. A migration that must remove or change
 * something says so (`contracts: true`) and ships in a later release than the one that
 * stopped using it; an older release refuses to start on a database it has contracted.
 */
import { describe, expect, test } from 'bun:test'
import { contractions, tablesCreated, tablesGainingColumns } from './expand-only'
import { RELEASED, type Migration, migrations, postgresMigrations } from './index'

describe('migrations only add', () => {
  test('every migration of both engines not marked `contracts` only adds', () => {
    for (const m of [...migrations, ...postgresMigrations]) {
      if (m.contracts) continue
      expect({ migration: m.name, contracts: contractions(m.sql) }).toEqual({ migration: m.name, contracts: [] })
    }
  })

  test('a migration newer than the last release adds columns only to tables created after it (an older release\'s cached SELECT * plans)', () => {
    const check = (list: Migration[], released: number) => {
      const releasedTables = new Set(list.filter((m) => m.version <= released).flatMap((m) => tablesCreated(m.sql)))
      return list.filter((m) => m.version > released).flatMap((m) => tablesGainingColumns(m.sql).filter((t) => releasedTables.has(t)).map((t) => `${m.name}: ${t}`))
    }
    expect(check(migrations, RELEASED.sqlite)).toEqual([])
    expect(check(postgresMigrations, RELEASED.postgres)).toEqual([])
    // What it catches: a column added to `products`, which the last release reads with SELECT *.
    const added: Migration = { version: 99, name: '099_products_column', sql: 'ALTER TABLE products ADD COLUMN daily_limit INTEGER;' }
    expect(check([...migrations, added], RELEASED.sqlite)).toEqual(['099_products_column: products'])
    expect(tablesGainingColumns('ALTER TABLE product_menu ADD COLUMN daily_limit INTEGER; CREATE TABLE x (id int)')).toEqual(['product_menu'])
    // A view gains columns by being recreated (SQLite) or replaced (PostgreSQL): the same rule holds for views.
    const view = 'CREATE VIEW menu_view AS SELECT * FROM products;'
    const regrown = 'DROP VIEW menu_view; CREATE VIEW menu_view AS SELECT products.*, 1 AS extra FROM products;'
    const released: Migration = { version: 1, name: '001_view', sql: view }
    expect(check([released, { version: 2, name: '002_view_grows', sql: regrown }], 1)).toEqual(['002_view_grows: menu_view'])
    expect(check([released, { version: 2, name: '002_view_replaced', sql: view.replace('CREATE', 'CREATE OR REPLACE') }], 1)).toEqual(['002_view_replaced: menu_view'])
    expect(check([released, { version: 2, name: '002_view_grows', sql: regrown }], 0)).toEqual([])
  })

  test('the check catches what contracts, and lets additions and backfills through', () => {
    expect(contractions('ALTER TABLE orders DROP COLUMN notes;')).toHaveLength(1)
    expect(contractions('ALTER TABLE orders RENAME COLUMN notes TO note;')).toHaveLength(1)
    expect(contractions('ALTER TABLE orders ALTER COLUMN total TYPE bigint;')).toHaveLength(1)
    expect(contractions('ALTER TABLE orders ALTER COLUMN notes SET NOT NULL;').length).toBeGreaterThan(0)
    expect(contractions('ALTER TABLE orders ADD COLUMN channel TEXT NOT NULL;')).toHaveLength(1)
    expect(contractions('DROP TABLE photos; DELETE FROM orders;')).toHaveLength(2)
    expect(contractions('ALTER TABLE orders ADD CONSTRAINT positive CHECK (total >= 0);')).toHaveLength(1)
    expect(contractions('DROP VIEW product_view;')).toHaveLength(1)
    // Dropped and created again in one migration: the view gains columns (checked against RELEASED above).
    expect(contractions('DROP VIEW product_view; CREATE VIEW product_view AS SELECT * FROM products;')).toEqual([])
    expect(
      contractions(`-- a new option table; drop nothing
        CREATE TABLE option_groups (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        ALTER TABLE orders ADD COLUMN changes TEXT NOT NULL DEFAULT '[]';
        ALTER TABLE products ADD COLUMN section_id INTEGER;
        CREATE INDEX orders_changes ON orders (changes);
        UPDATE orders SET changes = '[]';`),
    ).toEqual([])
  })
})
