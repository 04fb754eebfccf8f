-- 007 (SQLite 011): portions per day. See the SQLite file.
ALTER TABLE product_menu ADD COLUMN daily_limit INTEGER;
-- A product as this release reads it: its row and what product_menu adds (NULL when none).
CREATE VIEW product_view AS
  SELECT products.*, product_menu.menu_category, product_menu.windows, product_menu.daily_limit
  FROM products LEFT JOIN product_menu ON product_menu.product_id = products.id;
