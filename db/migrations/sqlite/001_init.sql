-- 001: every entity of SPEC section 3.
-- Ids are SQLite integers except users (uuid text). Id lists of products are JSON
-- text arrays of integer ingredient ids (docs/decisions/001-integer-ids-and-json-lists.md).
-- Timestamps are ISO-8601 UTC text written by the application.

CREATE TABLE users (
  id TEXT PRIMARY KEY NOT NULL,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  uses_default_password INTEGER NOT NULL DEFAULT 0 CHECK (uses_default_password IN (0, 1)),
  -- Raised on every password change; a session token carrying an older value is refused.
  session_version INTEGER NOT NULL DEFAULT 1,
  password_changed_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE ingredients (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('base', 'extra', 'salsa')),
  price INTEGER NOT NULL DEFAULT 0 CHECK (price >= 0),
  category TEXT NOT NULL DEFAULT 'topping' CHECK (category IN ('base', 'proteina', 'topping', 'salsa', 'salsa_extra')),
  available INTEGER NOT NULL DEFAULT 1 CHECK (available IN (0, 1)),
  image TEXT,
  description TEXT
);
CREATE INDEX ingredients_type ON ingredients (type);

CREATE TABLE products (
  id INTEGER PRIMARY KEY,
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
CREATE INDEX products_menu_order ON products (category, display_order, id);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  customer_name TEXT NOT NULL,
  customer_phone TEXT NOT NULL DEFAULT '',
  items TEXT NOT NULL CHECK (json_valid(items) AND json_type(items) = 'array'),
  total INTEGER NOT NULL CHECK (total >= 0),
  status TEXT NOT NULL DEFAULT 'pending',
  notes TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX orders_created_at ON orders (created_at);

CREATE TABLE settings (
  key TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE coverage_zones (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  delivery_cost INTEGER NOT NULL DEFAULT 0 CHECK (delivery_cost >= 0),
  estimated_time TEXT,
  available INTEGER NOT NULL DEFAULT 1 CHECK (available IN (0, 1))
);

CREATE TABLE api_keys (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  -- SHA-256 (hex) of the full key; the key itself is never stored.
  key_hash TEXT NOT NULL UNIQUE,
  -- First 20 characters + '...' + last 8, for lists.
  key_display TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
