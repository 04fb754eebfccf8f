-- 005: what several instances (or one restarted) must find in the database, and
-- what the order board counts without reading every order (decision 019).
--   orders.status_at   when the status last changed: 'Completados Hoy' counts the
--                      orders delivered since the restaurant's midnight from an index;
--                      old rows take the time of their last history entry
--   counters           the next order number (one row locked per order: unique numbers
--                      on several instances too) and the public pages' cache generation
--   attempts           login / password / setup / checkout attempt limits
--   instance_state     the generated session secret (PostgreSQL: shared by the instances)
--   photos             uploaded photos (used on PostgreSQL; SQLite keeps DATA_DIR/uploads)

ALTER TABLE orders ADD COLUMN status_at TEXT NOT NULL DEFAULT '';
UPDATE orders SET status_at = COALESCE(json_extract(status_history, '$[#-1].at'), created_at);
CREATE INDEX orders_status ON orders (status, status_at);

CREATE TABLE counters (
  name TEXT PRIMARY KEY NOT NULL,
  value INTEGER NOT NULL
);
INSERT INTO counters (name, value) VALUES
  ('order_number', (SELECT COALESCE(MAX(number), 0) FROM orders)),
  ('public_cache', 0);

CREATE TABLE attempts (
  key TEXT PRIMARY KEY NOT NULL,
  hits TEXT NOT NULL DEFAULT '[]',
  expires_at INTEGER NOT NULL
);
CREATE INDEX attempts_expires ON attempts (expires_at);

CREATE TABLE instance_state (
  key TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
);

CREATE TABLE photos (
  name TEXT PRIMARY KEY NOT NULL,
  content_type TEXT NOT NULL,
  bytes BLOB NOT NULL,
  created_at TEXT NOT NULL
);
