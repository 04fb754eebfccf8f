-- 002 (SQLite 006): after the tap (decision 023).
--   orders.tracking_token        the random key of the customer's tracking page (/pedido/<token>);
--                                older orders have none and cannot be followed
--   orders.zone_estimated_time   the zone's 'Tiempo estimado' when ordered (kept if the zone
--                                changes), shown on the tracking page
ALTER TABLE orders ADD COLUMN tracking_token TEXT;
ALTER TABLE orders ADD COLUMN zone_estimated_time TEXT;
CREATE UNIQUE INDEX orders_tracking_token ON orders (tracking_token);
