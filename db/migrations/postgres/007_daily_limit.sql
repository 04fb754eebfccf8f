-- 007 (SQLite 011): portions per day. See the SQLite file.
ALTER TABLE products ADD COLUMN daily_limit INTEGER;
