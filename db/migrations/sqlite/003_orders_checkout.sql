-- 003: orders placed from the storefront (POST /api/checkout) next to the
-- point-of-sale ones. The table is rebuilt (SQLite cannot add NOT NULL / UNIQUE
-- columns to rows that exist), keeping every row and its id:
--   number          short sequential number shared by both sources; old rows get their id
--                   (unique, and MAX(number) + 1 continues after them)
--   source          'pos' for every old row: the storefront recorded none before this
--   status_history  [{status, at}] oldest first; old rows start with their status at created_at
--   subtotal        old rows: their total (no delivery fee was recorded)
--   customer_name   may now be NULL (a storefront customer need not give one)
-- The status list gains 'confirmed' (shared/order-status.ts); the column keeps no
-- CHECK, as in 001, so a value written by hand never stops this migration.

CREATE TABLE orders_new (
  id INTEGER PRIMARY KEY,
  number INTEGER NOT NULL CHECK (number > 0),
  source TEXT NOT NULL DEFAULT 'pos' CHECK (source IN ('storefront', 'pos')),
  status TEXT NOT NULL DEFAULT 'pending',
  status_history TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(status_history) AND json_type(status_history) = 'array'),
  customer_name TEXT,
  customer_phone TEXT NOT NULL DEFAULT '',
  fulfilment TEXT CHECK (fulfilment IS NULL OR fulfilment IN ('pickup', 'delivery')),
  -- No foreign key: a zone may be deleted later; its name stays with the order.
  zone_id INTEGER,
  zone_name TEXT,
  address TEXT,
  address_reference TEXT,
  payment TEXT CHECK (payment IS NULL OR payment IN ('efectivo', 'tarjeta', 'transferencia')),
  cash_amount INTEGER CHECK (cash_amount IS NULL OR cash_amount >= 0),
  items TEXT NOT NULL CHECK (json_valid(items) AND json_type(items) = 'array'),
  subtotal INTEGER NOT NULL CHECK (subtotal >= 0),
  delivery_fee INTEGER NOT NULL DEFAULT 0 CHECK (delivery_fee >= 0),
  total INTEGER NOT NULL CHECK (total >= 0),
  notes TEXT,
  created_at TEXT NOT NULL
);

INSERT INTO orders_new (id, number, source, status, status_history, customer_name, customer_phone, items, subtotal, delivery_fee, total, notes, created_at)
SELECT id, id, 'pos', status, json_array(json_object('status', status, 'at', created_at)), customer_name, customer_phone, items, total, 0, total, notes, created_at
FROM orders;

DROP TABLE orders;
ALTER TABLE orders_new RENAME TO orders;

CREATE UNIQUE INDEX orders_number ON orders (number);
CREATE INDEX orders_created_at ON orders (created_at);
