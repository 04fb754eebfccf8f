-- 010 (SQLite 014): what the customer may read of an edit (issue #39). See the SQLite file.
ALTER TABLE order_changes ADD COLUMN customer_summary TEXT;
-- Same columns, in the same order: only what `changes` holds grows.
CREATE OR REPLACE VIEW order_view AS
  SELECT orders.*,
    COALESCE((SELECT json_agg(json_build_object('promotionId', d.promotion_id, 'name', d.name, 'code', d.code, 'amount', d.amount) ORDER BY d.position)
       FROM order_discounts d WHERE d.order_id = orders.id)::text, '[]') AS discounts,
    COALESCE((SELECT json_agg(json_build_object('at', c.at, 'by', c.changed_by, 'summary', c.summary, 'customerSummary', c.customer_summary) ORDER BY c.position)
       FROM order_changes c WHERE c.order_id = orders.id)::text, '[]') AS changes
  FROM orders;
