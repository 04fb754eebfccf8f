-- 011: portions per day (issue #31).
--   products.daily_limit  at most this many units a restaurant day in the orders not cancelled
--                         (an order for later on its day); NULL: no limit. The count reads the
--                         day's orders from orders_store_day / orders_scheduled_for and their
--                         lines by order_lines' primary key (order_id, position): its cost is
--                         the day's orders, never the history, so no new index.
ALTER TABLE products ADD COLUMN daily_limit INTEGER;
