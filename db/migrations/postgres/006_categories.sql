-- 006 (SQLite 010): the menu's categories are the owner's. See the SQLite file for each column.
CREATE TABLE categories (
  slug TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  display_order INTEGER NOT NULL DEFAULT 0,
  visible INTEGER NOT NULL DEFAULT 1 CHECK (visible IN (0, 1)),
  windows TEXT NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(windows::jsonb) = 'array'),
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
