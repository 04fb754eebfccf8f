import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { currentVersion, migrate, openDatabase } from '../../src/server/db/sqlite.server'
import { type Migration, migrations, postgresMigrations } from './index'

const dirs: string[] = []
const tempDb = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chq-mig-'))
  dirs.push(dir)
  return path.join(dir, 'test.db')
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('migrations', () => {
  test('each engine\'s embedded list matches the .sql files of its folder, numbered 1..N', () => {
    for (const [folder, list] of [
      ['sqlite', migrations],
      ['postgres', postgresMigrations],
    ] as const) {
      const files = readdirSync(path.join(import.meta.dir, folder)).filter((f) => f.endsWith('.sql')).sort()
      expect(list.map((m) => `${m.name}.sql`)).toEqual(files)
      list.forEach((m, i) => {
        expect(m.version).toBe(i + 1)
        expect(m.name.startsWith(String(i + 1).padStart(3, '0'))).toBe(true)
        expect(m.sql.length).toBeGreaterThan(0)
      })
    }
  })

  test('a fresh database gets every table, WAL, foreign keys and a busy timeout', () => {
    const db = openDatabase(tempDb())
    const result = migrate(db)
    expect(result.applied).toEqual(migrations.map((m) => m.name))
    const tables = db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all().map((r) => r.name)
    for (const t of ['users', 'products', 'ingredients', 'orders', 'settings', 'coverage_zones', 'api_keys', 'schema_migrations']) {
      expect(tables).toContain(t)
    }
    expect(db.query<{ journal_mode: string }, []>('PRAGMA journal_mode').get()?.journal_mode).toBe('wal')
    expect(db.query<{ foreign_keys: number }, []>('PRAGMA foreign_keys').get()?.foreign_keys).toBe(1)
    expect(db.query<{ timeout: number }, []>('PRAGMA busy_timeout').get()?.timeout).toBe(5000)
    db.close()
  })

  test('running again applies nothing', () => {
    const db = openDatabase(':memory:')
    migrate(db)
    expect(migrate(db).applied).toEqual([])
    expect(currentVersion(db)).toBe(migrations.length)
  })

  test('a newer build with an extra migration upgrades a database at version N without losing rows', () => {
    const file = tempDb()
    const old = openDatabase(file)
    migrate(old, migrations)
    old.run(`INSERT INTO products (name, description, category, price, available_sauces) VALUES ('Chilaquiles Clásicos', 'Con crema', 'chilaquiles', 35, '[1,2]')`)
    old.run(`INSERT INTO settings (key, value, updated_at) VALUES ('whatsapp_number', '50212345678', '2024-01-01T00:00:00Z')`)
    old.close()

    const next: Migration = {
      version: migrations.length + 1,
      name: `${String(migrations.length + 1).padStart(3, '0')}_product_spicy_level`,
      sql: 'ALTER TABLE products ADD COLUMN spicy_level INTEGER NOT NULL DEFAULT 0; CREATE INDEX products_spicy ON products (spicy_level);',
    }
    const db = openDatabase(file)
    expect(migrate(db, [...migrations, next]).applied).toEqual([next.name])
    const row = db.query<{ name: string; price: number; available_sauces: string; spicy_level: number }, []>('SELECT * FROM products').get()
    expect(row).toMatchObject({ name: 'Chilaquiles Clásicos', price: 35, available_sauces: '[1,2]', spicy_level: 0 })
    expect(db.query<{ value: string }, []>('SELECT value FROM settings').get()?.value).toBe('50212345678')
    expect(currentVersion(db)).toBe(next.version)
    db.close()
  })

  test('003 keeps every order of a version-2 database and backfills number, source, subtotal and status history', () => {
    const file = tempDb()
    const old = openDatabase(file)
    migrate(old, migrations.slice(0, 2))
    expect(currentVersion(old)).toBe(2)
    // Rows as the version-2 code wrote them (orders.repo before 003), with a gap in the ids.
    const insert = old.prepare(
      'INSERT INTO orders (id, customer_name, customer_phone, items, total, status, notes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    const items = JSON.stringify([{ productId: 1, name: 'Chilaquiles Clásicos', size: 'grande', quantity: 2, price: 45 }])
    insert.run(1, 'Ana López', '50255551234', items, 90, 'pending', null, '2026-01-01T10:00:00.000Z')
    insert.run(2, 'Luis', '', '[{"name":"Horchata","quantity":1,"price":20}]', 20, 'delivered', 'Sin hielo', '2026-01-02T11:00:00.000Z')
    insert.run(7, 'Marta', '', '[]', 0, 'cancelled', null, '2026-01-03T12:00:00.000Z')
    old.close()

    const db = openDatabase(file)
    expect(migrate(db, migrations.slice(0, 3)).applied).toEqual(['003_orders_checkout'])
    type Row = Record<string, string | number | null>
    const rows = db.query<Row, []>('SELECT * FROM orders ORDER BY id').all()
    expect(rows.map((r) => [r.id, r.number, r.source, r.status, r.subtotal, r.delivery_fee, r.total])).toEqual([
      [1, 1, 'pos', 'pending', 90, 0, 90],
      [2, 2, 'pos', 'delivered', 20, 0, 20],
      [7, 7, 'pos', 'cancelled', 0, 0, 0],
    ])
    expect(rows[0]).toMatchObject({ customer_name: 'Ana López', customer_phone: '50255551234', items, notes: null, created_at: '2026-01-01T10:00:00.000Z' })
    expect(rows[1]).toMatchObject({ customer_name: 'Luis', notes: 'Sin hielo', fulfilment: null, zone_id: null, payment: null, cash_amount: null })
    expect(rows.map((r) => JSON.parse(String(r.status_history)))).toEqual([
      [{ status: 'pending', at: '2026-01-01T10:00:00.000Z' }],
      [{ status: 'delivered', at: '2026-01-02T11:00:00.000Z' }],
      [{ status: 'cancelled', at: '2026-01-03T12:00:00.000Z' }],
    ])
    // Numbers stay unique, and the indexes exist again after the rebuild.
    expect(() => db.run(`INSERT INTO orders (number, items, subtotal, total, created_at) VALUES (7, '[]', 0, 0, 'x')`)).toThrow()
    const indexes = db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders' ORDER BY name").all()
    expect(indexes.map((i) => i.name)).toEqual(['orders_created_at', 'orders_number'])
    db.close()
  })

  test('004 keeps every zone of a version-3 database; they get no minimum order, and a negative one is refused', () => {
    const file = tempDb()
    const old = openDatabase(file)
    migrate(old, migrations.slice(0, 3))
    old.run(`INSERT INTO coverage_zones (id, name, delivery_cost, estimated_time, available) VALUES (3, 'Zona 10', 15, '30 min', 1), (9, 'Mixco', 25, NULL, 0)`)
    old.close()

    const db = openDatabase(file)
    expect(migrate(db, migrations.slice(0, 4)).applied).toEqual(['004_zone_minimum_order'])
    expect(db.query('SELECT id, name, delivery_cost, estimated_time, available, minimum_order FROM coverage_zones ORDER BY id').all()).toEqual([
      { id: 3, name: 'Zona 10', delivery_cost: 15, estimated_time: '30 min', available: 1, minimum_order: null },
      { id: 9, name: 'Mixco', delivery_cost: 25, estimated_time: null, available: 0, minimum_order: null },
    ])
    db.run('UPDATE coverage_zones SET minimum_order = 100 WHERE id = 3')
    expect(() => db.run('UPDATE coverage_zones SET minimum_order = -1 WHERE id = 3')).toThrow()
    db.close()
  })

  test('a failing migration is rolled back whole and the database stays at the previous version', () => {
    const db = openDatabase(':memory:')
    migrate(db)
    const bad: Migration = { version: migrations.length + 1, name: 'broken', sql: 'CREATE TABLE half_done (id INTEGER); SELECT * FROM no_such_table;' }
    expect(() => migrate(db, [...migrations, bad])).toThrow()
    expect(currentVersion(db)).toBe(migrations.length)
    expect(db.query("SELECT name FROM sqlite_master WHERE name = 'half_done'").all()).toEqual([])
  })

  test('a database from a newer build is refused, not damaged', () => {
    const db = openDatabase(':memory:')
    migrate(db)
    db.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 'x')")
    expect(() => migrate(db)).toThrow(/más nueva/)
  })

  test('gaps in the numbering are refused', () => {
    const db = openDatabase(':memory:')
    expect(() => migrate(db, [{ version: 2, name: '002_x', sql: 'SELECT 1' }])).toThrow(/consecutivas/)
  })

  test('JSON list columns refuse text that is not a JSON array', () => {
    const db = openDatabase(':memory:')
    migrate(db)
    expect(() =>
      db.run(`INSERT INTO products (name, description, category, price, available_sauces) VALUES ('x', 'y', 'chilaquiles', 1, 'not json')`),
    ).toThrow()
  })

  test('008 gives old orders their restaurant day and flat lines, and old users the admin role', () => {
    const file = tempDb()
    const old = openDatabase(file)
    migrate(old, migrations.slice(0, 7))
    old.run(`INSERT INTO orders (id, number, source, status, status_history, items, subtotal, total, created_at) VALUES
      (1, 1, 'pos', 'delivered', '[]', '[{"name":"Horchata","quantity":2,"price":20}]', 40, 40, '2026-01-02T05:30:00.000Z'),
      (2, 2, 'storefront', 'pending', '[]', '[{"productId":3,"name":"Chilaquiles","quantity":1,"price":45,"lineTotal":45},{"productId":5,"name":"Flan","quantity":3,"price":35,"lineTotal":105}]', 150, 150, '2026-01-02T06:30:00.000Z')`)
    old.run(`INSERT INTO users (id, username, password_hash, password_changed_at, created_at) VALUES ('u1', 'admin', 'x', '2026-01-01', '2026-01-01')`)
    old.close()

    const db = openDatabase(file)
    expect(migrate(db, migrations.slice(0, 8)).applied).toEqual(['008_business'])
    // 05:30Z is 23:30 of the 1st in Guatemala; 06:30Z is 00:30 of the 2nd.
    expect(db.query('SELECT id, store_day FROM orders ORDER BY id').all()).toEqual([
      { id: 1, store_day: '2026-01-01' },
      { id: 2, store_day: '2026-01-02' },
    ])
    expect(db.query('SELECT order_id, position, product_id, name, quantity, line_total FROM order_lines ORDER BY order_id, position').all()).toEqual([
      { order_id: 1, position: 0, product_id: null, name: 'Horchata', quantity: 2, line_total: 40 },
      { order_id: 2, position: 0, product_id: 3, name: 'Chilaquiles', quantity: 1, line_total: 45 },
      { order_id: 2, position: 1, product_id: 5, name: 'Flan', quantity: 3, line_total: 105 },
    ])
    expect(db.query('SELECT role, active FROM users').all()).toEqual([{ role: 'admin', active: 1 }])
    db.close()
  })

  test('009 adds the newsletter\'s subscribers to a version-8 database: one row per address', () => {
    const file = tempDb()
    const old = openDatabase(file)
    migrate(old, migrations.slice(0, 8))
    old.run(`INSERT INTO coverage_zones (name, delivery_cost) VALUES ('Zona 10', 15)`)
    old.close()

    const db = openDatabase(file)
    expect(migrate(db, migrations.slice(0, 9)).applied).toEqual(['009_subscribers'])
    expect(db.query('SELECT name FROM coverage_zones').all()).toEqual([{ name: 'Zona 10' }])
    db.run(`INSERT INTO subscribers (email, consented_at) VALUES ('ana@correo.com', '2026-11-20T16:00:00.000Z')`)
    expect(() => db.run(`INSERT INTO subscribers (email, consented_at) VALUES ('ana@correo.com', '2026-11-21T16:00:00.000Z')`)).toThrow()
    expect(() => db.run(`INSERT INTO subscribers (email) VALUES ('luis@correo.com')`)).toThrow()
    db.close()
  })

  test('012 gives every product of a version-11 database no option groups, through the recreated product_view', () => {
    const file = tempDb()
    const old = openDatabase(file)
    migrate(old, migrations.slice(0, 11))
    old.run(`INSERT INTO products (id, name, description, category, price) VALUES (1, 'Café de olla', 'Con canela', 'bebidas', 25), (2, 'Flan', 'De cajeta', 'postres', 40)`)
    old.run(`INSERT INTO product_menu (product_id, menu_category, windows, daily_limit) VALUES (1, NULL, NULL, 12)`)
    old.close()

    const db = openDatabase(file)
    expect(migrate(db, migrations.slice(0, 12)).applied).toEqual(['012_option_groups'])
    // A product with a product_menu row gets '[]'; one without reads NULL (the repository reads both as none).
    expect(db.query('SELECT id, daily_limit, option_group_ids FROM product_view ORDER BY id').all()).toEqual([
      { id: 1, daily_limit: 12, option_group_ids: '[]' },
      { id: 2, daily_limit: null, option_group_ids: null },
    ])
    expect(() => db.run(`UPDATE product_menu SET option_group_ids = 'x' WHERE product_id = 1`)).toThrow()
    db.run(`INSERT INTO option_groups (name, min, max, created_at, updated_at) VALUES ('Leche', 1, 1, 'x', 'x')`)
    expect(() => db.run(`INSERT INTO option_groups (name, min, max, created_at, updated_at) VALUES ('Mal', 2, 1, 'x', 'x')`)).toThrow()
    db.run(`INSERT INTO options (group_id, position, name, price) VALUES (1, 0, 'Entera', 0), (1, 1, 'Almendra', 5)`)
    expect(() => db.run(`INSERT INTO options (group_id, name, price) VALUES (1, 'Negativa', -1)`)).toThrow()
    // Ids are never reused: an old cart naming a deleted option must not get another.
    db.run('DELETE FROM options WHERE id = 2')
    db.run(`INSERT INTO options (group_id, position, name) VALUES (1, 1, 'Avena')`)
    expect(db.query('SELECT id, name FROM options ORDER BY id').all()).toEqual([
      { id: 1, name: 'Entera' },
      { id: 3, name: 'Avena' },
    ])
    // A group's options go with it.
    db.run('DELETE FROM option_groups WHERE id = 1')
    expect(db.query('SELECT count(*) AS n FROM options').get()).toEqual({ n: 0 })
    db.close()
  })

  test("018 rebuilds products so no id is given twice: rows, menu rows and the view kept, the next id past every dish and every order line", () => {
    const file = tempDb()
    const old = openDatabase(file)
    migrate(old, migrations.slice(0, 17))
    old.run(`INSERT INTO products (id, name, description, category, price, price_grande, available_sauces) VALUES (1, 'Café de olla', 'Con canela', 'bebidas', 25, 30, '[2]'), (3, 'Flan', 'De cajeta', 'postres', 40, NULL, '[]')`)
    old.run(`INSERT INTO product_menu (product_id, menu_category, windows, daily_limit, option_group_ids) VALUES (1, 'desayunos', NULL, 12, '[]'), (3, NULL, NULL, NULL, '[]')`)
    // Dish 7 was deleted before this migration; its orders still name it (no order row needed here).
    old.run('PRAGMA foreign_keys = OFF')
    old.run(`INSERT INTO order_lines (order_id, position, product_id, name, quantity, line_total) VALUES (1, 0, 7, 'Tamal', 2, 30)`)
    old.run('PRAGMA foreign_keys = ON')
    old.close()

    const db = openDatabase(file)
    expect(migrate(db).applied).toEqual(['018_products_ids_never_reused'])
    expect(db.query('SELECT id, name, price, price_grande, available_sauces, menu_category, daily_limit FROM product_view ORDER BY id').all()).toEqual([
      { id: 1, name: 'Café de olla', price: 25, price_grande: 30, available_sauces: '[2]', menu_category: 'desayunos', daily_limit: 12 },
      { id: 3, name: 'Flan', price: 40, price_grande: null, available_sauces: '[]', menu_category: null, daily_limit: null },
    ])
    const add = (name: string) => db.query<{ id: number }, [string]>(`INSERT INTO products (name, description, category, price) VALUES (?, 'x', 'postres', 10) RETURNING id`).get(name)?.id
    expect(add('Arroz con leche')).toBe(8)
    // The newest deleted, then another added: a new id, not the deleted one.
    db.run('DELETE FROM products WHERE id = 8')
    expect(add('Rellenitos')).toBe(9)
    // The menu row still goes with its dish, and the constraints are the same.
    db.run('DELETE FROM products WHERE id = 1')
    expect(db.query('SELECT product_id FROM product_menu ORDER BY product_id').all()).toEqual([{ product_id: 3 }])
    expect(() => db.run(`INSERT INTO products (name, description, category, price) VALUES ('Malo', 'x', 'postres', -1)`)).toThrow()
    expect(db.query<{ n: number }, []>(`SELECT count(*) AS n FROM sqlite_master WHERE name = 'products_menu_order'`).get()?.n).toBe(1)
    db.close()
  })

  test('018 on a database with no dishes and no orders: the first dish is 1', () => {
    const db = openDatabase(':memory:')
    migrate(db)
    expect(db.query<{ id: number }, []>(`INSERT INTO products (name, description, category, price) VALUES ('Uno', 'x', 'postres', 10) RETURNING id`).get()?.id).toBe(1)
  })

  test('005 keeps every order of a version-4 database: the next number follows the highest, status_at is the last change', () => {
    const file = tempDb()
    const old = openDatabase(file)
    migrate(old, migrations.slice(0, 4))
    old.run(`INSERT INTO orders (id, number, source, status, status_history, items, subtotal, total, created_at) VALUES
      (1, 4, 'pos', 'delivered', '[{"status":"pending","at":"2026-01-01T10:00:00.000Z"},{"status":"delivered","at":"2026-01-01T11:30:00.000Z"}]', '[]', 10, 10, '2026-01-01T10:00:00.000Z'),
      (2, 9, 'storefront', 'pending', '[]', '[]', 20, 20, '2026-01-02T10:00:00.000Z')`)
    old.close()

    const db = openDatabase(file)
    expect(migrate(db, migrations.slice(0, 5)).applied).toEqual(['005_shared_state'])
    expect(db.query('SELECT id, status_at FROM orders ORDER BY id').all()).toEqual([
      { id: 1, status_at: '2026-01-01T11:30:00.000Z' },
      { id: 2, status_at: '2026-01-02T10:00:00.000Z' },
    ])
    expect(db.query('SELECT name, value FROM counters ORDER BY name').all()).toEqual([
      { name: 'order_number', value: 9 },
      { name: 'public_cache', value: 0 },
    ])
    for (const t of ['attempts', 'instance_state', 'photos']) expect(db.query('SELECT name FROM sqlite_master WHERE name = ?').get(t)).toEqual({ name: t })
    db.close()
  })
})
