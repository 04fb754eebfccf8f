-- 012: option groups for any product (issue #32, DESIGN "The menu as the restaurant has it").
-- option_groups      a choice a dish asks for ('Leche', '¿Qué proteína?'): `min` 0 is optional,
--                    1 or more 'Obligatorio'; `max` 1 is 'Elige 1', more 'Elige hasta N'.
-- options            a group's choices, in `position` order. Carts, order lines and the admin's
--                    edits name an option by its id, so ids are never reused (AUTOINCREMENT): an
--                    old cart naming a deleted option is told it is gone, never given another.
--   price            whole quetzales added at Mediano (and at Grande when price_grande is NULL)
--   available        0: 'Agotado' (staff may switch it); is_default: chosen when the drawer opens
-- product_menu.option_group_ids  JSON [groupId, ...]: the groups a product asks for, in order
--                    (product_menu is a table of this release: decision 031). Deleting a group
--                    that a product still names is refused (409), so these ids stay whole.
CREATE TABLE option_groups (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  min INTEGER NOT NULL DEFAULT 0 CHECK (min >= 0),
  max INTEGER NOT NULL DEFAULT 1 CHECK (max >= 1 AND max >= min),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE options (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  group_id INTEGER NOT NULL REFERENCES option_groups (id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  name TEXT NOT NULL,
  price INTEGER NOT NULL DEFAULT 0 CHECK (price >= 0),
  price_grande INTEGER CHECK (price_grande IS NULL OR price_grande >= 0),
  available INTEGER NOT NULL DEFAULT 1 CHECK (available IN (0, 1)),
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1))
);
CREATE INDEX options_group ON options (group_id, position);
ALTER TABLE product_menu ADD COLUMN option_group_ids TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(option_group_ids) AND json_type(option_group_ids) = 'array');
-- The view gains the column (SQLite has no CREATE OR REPLACE VIEW): product_view is of this
-- release too, so no running instance reads it yet (expand-only.ts).
DROP VIEW product_view;
CREATE VIEW product_view AS
  SELECT products.*, product_menu.menu_category, product_menu.windows, product_menu.daily_limit, product_menu.option_group_ids
  FROM products LEFT JOIN product_menu ON product_menu.product_id = products.id;
