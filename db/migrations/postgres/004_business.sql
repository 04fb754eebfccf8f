-- 004 (SQLite 008): knowing the business (decision 025). See the SQLite file for each column.
ALTER TABLE orders ADD COLUMN store_day TEXT NOT NULL DEFAULT '';
UPDATE orders SET store_day = to_char((created_at::timestamptz) AT TIME ZONE 'America/Guatemala', 'YYYY-MM-DD');
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
  SELECT o.id, (j.ordinality - 1)::integer, (j.value ->> 'productId')::integer, COALESCE(j.value ->> 'name', ''),
         COALESCE((j.value ->> 'quantity')::integer, 0),
         COALESCE((j.value ->> 'lineTotal')::integer, COALESCE((j.value ->> 'price')::integer, 0) * COALESCE((j.value ->> 'quantity')::integer, 0))
  FROM orders o, jsonb_array_elements(o.items::jsonb) WITH ORDINALITY AS j(value, ordinality);
CREATE INDEX order_lines_product ON order_lines (product_id);

ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'staff'));
ALTER TABLE users ADD COLUMN active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1));

-- The row the user writes lock (the last active administrator is checked under it, on every instance).
INSERT INTO counters (name, value) VALUES ('users', 0);
