-- 009: the footer's newsletter (POST /api/subscribers).
--   email         trimmed and lower-cased by the application: UNIQUE makes one address one row
--   consented_at  ISO-8601 UTC time the customer agreed (the first time; a repeat keeps it)
--   subscribers_consented_at  the admin's list, newest first, a page at a time
CREATE TABLE subscribers (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  consented_at TEXT NOT NULL
);
CREATE INDEX subscribers_consented_at ON subscribers (consented_at);
