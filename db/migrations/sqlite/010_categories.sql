-- 010: the menu's categories are the owner's (issue #31, DESIGN "The menu as the restaurant has it").
--   slug              a-z0-9-, 2-40 characters, fixed once created (products name it)
--   name              the tab's label; description: the admin's line under it
--   display_order     the tabs' order (then slug)
--   visible           1: a tab on the landing page
--   windows           JSON [{ days: [0-6], from: "HH:MM", to: "HH:MM" }]; [] = whenever open
--   when_unavailable  'show' (on the menu, not addable, with its hours) or 'hide'
-- product_menu         what a product gains (issue #31), in a table of its own rather than new
--   columns of `products`: an older release caches its `SELECT * FROM products` plans on
--   PostgreSQL, and a new column changes their result type ("cached plan must not change
--   result type"), so adding one would break it during a rolling upgrade (decision 031).
--   menu_category  the product's category when it is not one of the four the old CHECK on
--                  products.category allows (that CHECK stays); NULL: products.category.
--   windows        JSON like above, or NULL: the category's.
CREATE TABLE categories (
  slug TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  display_order INTEGER NOT NULL DEFAULT 0,
  visible INTEGER NOT NULL DEFAULT 1 CHECK (visible IN (0, 1)),
  windows TEXT NOT NULL DEFAULT '[]',
  when_unavailable TEXT NOT NULL DEFAULT 'show' CHECK (when_unavailable IN ('show', 'hide'))
);
INSERT INTO categories (slug, name, description, display_order, visible) VALUES
  ('chilaquiles', 'Chilaquiles', 'Platillo principal', 0, 1),
  ('bebidas', 'Bebidas', 'Refrescos y aguas', 1, 1),
  ('postres', 'Postres', 'Dulces tradicionales', 2, 1),
  ('extras', 'Extras', 'Complementos', 3, 0);
CREATE TABLE product_menu (
  product_id INTEGER PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  menu_category TEXT,
  windows TEXT
);
