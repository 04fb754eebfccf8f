-- 018: a deleted dish's id is never given to a new one. `products.id` was a plain INTEGER PRIMARY
-- KEY, and SQLite gives a new row the largest id + 1: delete the newest dish, add another, and the
-- new one took the old id. Order lines keep the product id (no foreign key: a dish may be deleted,
-- its orders stay), so the new dish inherited the old one's sales in Reportes, its portions sold
-- today, its link (/?producto=<id>) and 'Repetir pedido' on customers' phones. PostgreSQL's
-- identity never reuses a value; SQLite needs AUTOINCREMENT, which only a rebuilt table can take.
--
-- Rebuilt with the same columns, in the same order, keeping every row and id (an older build
-- reads it exactly as before). The sequence starts past the largest id any order line names, so
-- the ids of dishes deleted before this migration are not given again either.
-- DROP TABLE deletes the rows first, and product_menu's ON DELETE CASCADE would take its rows
-- with them (foreign keys cannot be switched off inside the migration's transaction): they are
-- kept aside and put back. The view over both is dropped and made again as it was.
CREATE TABLE products_autoincrement (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('chilaquiles', 'bebidas', 'postres', 'extras')),
  price INTEGER NOT NULL CHECK (price >= 0),
  price_grande INTEGER CHECK (price_grande IS NULL OR price_grande >= 0),
  sauce TEXT,
  image TEXT,
  available INTEGER NOT NULL DEFAULT 1 CHECK (available IN (0, 1)),
  display_order INTEGER NOT NULL DEFAULT 0,
  available_sauces TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(available_sauces) AND json_type(available_sauces) = 'array'),
  base_ingredient_ids TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(base_ingredient_ids) AND json_type(base_ingredient_ids) = 'array'),
  extra_ingredient_ids TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(extra_ingredient_ids) AND json_type(extra_ingredient_ids) = 'array')
);
INSERT INTO products_autoincrement (id, name, description, category, price, price_grande, sauce, image, available, display_order, available_sauces, base_ingredient_ids, extra_ingredient_ids)
  SELECT id, name, description, category, price, price_grande, sauce, image, available, display_order, available_sauces, base_ingredient_ids, extra_ingredient_ids FROM products;

CREATE TEMP TABLE product_menu_kept AS SELECT * FROM product_menu;
DROP VIEW product_view;
DROP TABLE products;
ALTER TABLE products_autoincrement RENAME TO products;
CREATE INDEX products_menu_order ON products (category, display_order, id);
INSERT INTO product_menu SELECT * FROM product_menu_kept;
DROP TABLE temp.product_menu_kept;
CREATE VIEW product_view AS
  SELECT products.*, product_menu.menu_category, product_menu.windows, product_menu.daily_limit, product_menu.option_group_ids
  FROM products LEFT JOIN product_menu ON product_menu.product_id = products.id;

-- The next id: past every dish and every id an order line names.
INSERT INTO sqlite_sequence (name, seq) SELECT 'products', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'products');
UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT max(id) FROM products), 0), coalesce((SELECT max(product_id) FROM order_lines), 0)) WHERE name = 'products';
