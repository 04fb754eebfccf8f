-- 011: portions per day (issue #31).
--   product_menu.daily_limit  at most this many units a restaurant day in the orders not cancelled
--                         (an order for later on its day); NULL: no limit. The count reads the
--                         day's orders from orders_store_day / orders_scheduled_for and their
--                         lines by order_lines' primary key (order_id, position): its cost is
--                         the day's orders, never the history, so no new index.
ALTER TABLE product_menu ADD COLUMN daily_limit INTEGER;
-- A product as this release reads it: its row and what product_menu adds (NULL when none).
CREATE VIEW product_view AS
  SELECT products.*, product_menu.menu_category, product_menu.windows, product_menu.daily_limit
  FROM products LEFT JOIN product_menu ON product_menu.product_id = products.id;
