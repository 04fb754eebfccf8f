-- 008: knowing the business (decision 025).
--   orders.store_day   the restaurant's calendar day of the order ("YYYY-MM-DD", America/Guatemala),
--                      written with the order: reports group and filter by it from an index,
--                      whatever the server's zone. Old rows: created_at minus 6 hours
--                      (Guatemala keeps UTC-6 all year, no daylight saving since 2006)
--   order_lines        one row per line (product, name, quantity, line total) beside the
--                      order's JSON: 'per product' is a grouped query on both engines
--   users.role         'admin' (everything) or 'staff' (the board, 'Agotado'); existing: admin
--   users.active       0: cannot sign in, sessions ended
--   orders_customer_phone  customers are the orders grouped by phone
ALTER TABLE orders ADD COLUMN store_day TEXT NOT NULL DEFAULT '';
UPDATE orders SET store_day = substr(datetime(created_at, '-6 hours'), 1, 10);
CREATE INDEX orders_store_day ON orders (store_day);
CREATE INDEX orders_customer_phone ON orders (customer_phone, created_at);

CREATE TABLE order_lines (
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  product_id INTEGER,
  name TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  line_total INTEGER NOT NULL,
  PRIMARY KEY (order_id, position)
);
INSERT INTO order_lines (order_id, position, product_id, name, quantity, line_total)
  SELECT o.id, CAST(j.key AS INTEGER), json_extract(j.value, '$.productId'), COALESCE(json_extract(j.value, '$.name'), ''),
         COALESCE(json_extract(j.value, '$.quantity'), 0),
         COALESCE(json_extract(j.value, '$.lineTotal'), COALESCE(json_extract(j.value, '$.price'), 0) * COALESCE(json_extract(j.value, '$.quantity'), 0))
  FROM orders o, json_each(o.items) j;
CREATE INDEX order_lines_product ON order_lines (product_id);

ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'staff'));
ALTER TABLE users ADD COLUMN active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1));

-- The row the user writes lock (the last active administrator is checked under it, on every instance).
INSERT INTO counters (name, value) VALUES ('users', 0);
