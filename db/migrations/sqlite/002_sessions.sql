-- Sessions stored on the server: the cookie carries a random token; this table
-- keeps only its HMAC (keyed with SESSION_SECRET), so neither a copy of the
-- database nor a backup yields a usable cookie. Logout deletes the row, which
-- makes a copied cookie worthless at once.
CREATE TABLE sessions (
  -- Public id, shown in Mi Perfil; never accepted as a credential.
  id TEXT PRIMARY KEY NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  last_used_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  user_agent TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);
