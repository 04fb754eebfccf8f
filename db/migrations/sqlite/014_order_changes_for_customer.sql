-- 014: what the customer may read of an edit (issue #39). An edit's `summary` is the staff's
-- (the notes and the reason included); `customer_summary` is what the tracking page and the
-- restaurant's notice may say of it: the lines, fulfilment, time and total, never the staff's
-- notes, reason or name. NULL: the edit changed nothing the customer is told of (a notes edit),
-- or it was recorded before this column (then the customer is told nothing of it).
ALTER TABLE order_changes ADD COLUMN customer_summary TEXT;
-- The view gains it in its changes (SQLite has no CREATE OR REPLACE VIEW): order_view is of this
-- release too, so no running instance reads it yet (expand-only.ts).
DROP VIEW order_view;
CREATE VIEW order_view AS
  SELECT orders.*,
    (SELECT json_group_array(json_object('promotionId', d.promotion_id, 'name', d.name, 'code', d.code, 'amount', d.amount))
       FROM (SELECT * FROM order_discounts WHERE order_id = orders.id ORDER BY position) AS d) AS discounts,
    (SELECT json_group_array(json_object('at', c.at, 'by', c.changed_by, 'summary', c.summary, 'customerSummary', c.customer_summary))
       FROM (SELECT * FROM order_changes WHERE order_id = orders.id ORDER BY position) AS c) AS changes
  FROM orders;
