-- 016: eating at the table (issue #45). A table has a name ('Mesa 5') and a random token its QR
-- carries (never its number); renewing the token refuses the old one from then on. `bill_since`
-- is when its bill was last closed ('Cerrar mesa'): the bill is its orders placed after it.
CREATE TABLE dining_tables (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  token TEXT NOT NULL UNIQUE,
  bill_since TEXT,
  created_at TEXT NOT NULL
);
-- Which table an order was placed from, and its name then (a renamed or deleted table does not
-- rename old orders). Its own table, not a column of `orders`: a released version reads `orders`
-- (decision 031), and `orders.fulfilment` is checked to 'pickup'/'delivery' by 003's constraint,
-- so a table order is stored as 'pickup' and read as 'mesa' through this row (decision 044).
CREATE TABLE order_tables (
  order_id INTEGER PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  table_id INTEGER NOT NULL,
  table_name TEXT NOT NULL
);
CREATE INDEX order_tables_table ON order_tables (table_id, order_id);
-- The view gains the table (SQLite has no CREATE OR REPLACE VIEW): order_view is of this
-- release too, so no running instance reads it yet (expand-only.ts).
DROP VIEW order_view;
CREATE VIEW order_view AS
  SELECT orders.*,
    (SELECT json_group_array(json_object('promotionId', d.promotion_id, 'name', d.name, 'code', d.code, 'amount', d.amount))
       FROM (SELECT * FROM order_discounts WHERE order_id = orders.id ORDER BY position) AS d) AS discounts,
    (SELECT json_group_array(json_object('at', c.at, 'by', c.changed_by, 'summary', c.summary, 'customerSummary', c.customer_summary))
       FROM (SELECT * FROM order_changes WHERE order_id = orders.id ORDER BY position) AS c) AS changes,
    ot.table_id AS table_id,
    ot.table_name AS table_name
  FROM orders LEFT JOIN order_tables ot ON ot.order_id = orders.id;
