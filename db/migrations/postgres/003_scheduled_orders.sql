-- 003 (SQLite 007): orders for later (decision 024).
--   orders.scheduled_for   "YYYY-MM-DDTHH:MM" in the restaurant's time zone, or NULL for as soon
--                          as possible; indexed to count a slot's orders inside the checkout's
--                          transaction
ALTER TABLE orders ADD COLUMN scheduled_for TEXT;
CREATE INDEX orders_scheduled_for ON orders (scheduled_for);
