-- 004: a delivery zone may require a minimum order (whole quetzales, the subtotal
-- before the delivery fee); NULL means none. Existing zones get NULL: nothing
-- that was delivered before is refused after the upgrade.
ALTER TABLE coverage_zones ADD COLUMN minimum_order INTEGER CHECK (minimum_order IS NULL OR minimum_order >= 0);
