-- 013 (SQLite 017): web push to the staff's devices (issue #43). See the SQLite file for each column.
CREATE TABLE push_subscriptions (
  endpoint TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  user_agent TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

CREATE TABLE push_claims (
  order_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  claimed_at TEXT NOT NULL,
  PRIMARY KEY (order_id, kind)
);
