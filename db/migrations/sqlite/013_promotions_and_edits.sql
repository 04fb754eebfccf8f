-- 013: promotions (issue #33) and orders that change after they are placed (issue #34).
-- Nothing is added to `orders`: an older release caches its `SELECT * FROM orders` plans on
-- PostgreSQL and a new column would break it during a rolling upgrade (decision 031). What an
-- order gains lives in tables of its own, read through `order_view`.
--
-- promotions        the owner's promotions. `code` is upper-case (matched case-insensitively),
--                   NULL for an automatic one; `terms` is the JSON of the rest (kind, value, buy,
--                   free, appliesTo, minSubtotal, fulfilment, startsOn, endsOn, windows, maxUses,
--                   maxUsesPerPhone): one document the shared rule reads whole.
-- order_discounts   the discounts an order was given, names and amounts as they were. A use of a
--                   promotion is a row here whose order is not cancelled: counting them under
--                   the order's lock gives the last use once, and a cancelled order gives it back.
-- order_changes     each edit of a placed order: when, who and a Spanish summary.
CREATE TABLE promotions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  code TEXT UNIQUE,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  terms TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE order_discounts (
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  promotion_id INTEGER,
  name TEXT NOT NULL,
  code TEXT,
  amount INTEGER NOT NULL,
  PRIMARY KEY (order_id, position)
);
CREATE INDEX order_discounts_promotion ON order_discounts (promotion_id, order_id);
CREATE TABLE order_changes (
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  at TEXT NOT NULL,
  changed_by TEXT,
  summary TEXT NOT NULL,
  PRIMARY KEY (order_id, position)
);
-- An order as this release reads it: its row, its discounts and its changes (JSON lists, oldest first).
CREATE VIEW order_view AS
  SELECT orders.*,
    (SELECT json_group_array(json_object('promotionId', d.promotion_id, 'name', d.name, 'code', d.code, 'amount', d.amount))
       FROM (SELECT * FROM order_discounts WHERE order_id = orders.id ORDER BY position) AS d) AS discounts,
    (SELECT json_group_array(json_object('at', c.at, 'by', c.changed_by, 'summary', c.summary))
       FROM (SELECT * FROM order_changes WHERE order_id = orders.id ORDER BY position) AS c) AS changes
  FROM orders;
