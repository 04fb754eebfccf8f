-- 017: web push to the staff's devices (issue #43, decision 042). New tables only (decision 031).
--   push_subscriptions   one row per device's push subscription (its endpoint: what the browser's
--                        push service gave), owned by the staff account that turned avisos on
--                        there; registering the endpoint again updates the row (another account
--                        signing in on that device takes it over). Removed when the push service
--                        answers 404/410, and when the account is disabled, deleted or its
--                        password changes.
--   push_claims          which instance sends a push that every instance might: the reminder of
--                        an order for later is sent by the one that inserts (order_id, 'reminder').
-- The VAPID keys live in instance_state (key 'vapid_keys'), made by the first instance to start.
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
