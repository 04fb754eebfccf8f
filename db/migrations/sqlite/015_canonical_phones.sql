-- 015: every stored customer phone in its one canonical form (issue #39), the rule of
-- canonicalPhone in src/shared/phone.ts: separators (spaces, tabs, dashes, dots, parentheses)
-- removed, an international prefix (+, 011, 00) taken off, 8 digits are Guatemala's (502 put in
-- front), and the result is 9 to 15 digits not starting with 0. What is not a phone (a cashier's
-- 'sin numero') is left as it was. Per-phone promotion limits and the customers list compare
-- this column by equality, so its index (orders_customer_phone) keeps serving them.
--
-- An UPDATE of existing rows, and still a migration that only adds (decision 031): it changes no
-- column, type or constraint, and every value keeps meaning the same number. An older release
-- still running during the roll reads the column as it always did (formatPhone and telHref read
-- digits) and compares it in the very form it stores for the storefront (502 and 8 digits), so it
-- now also sees the point of sale's '5555-1234' as that customer. Idempotent: run again it
-- changes nothing, so a later release may repeat it for rows an older instance wrote meanwhile.
UPDATE orders
SET customer_phone = p.canonical
FROM (
  SELECT id, CASE WHEN length(n) = 8 THEN '502' || n ELSE n END AS canonical
  FROM (
    SELECT id, CASE
        WHEN s GLOB '+*' THEN substr(s, 2)
        WHEN s GLOB '011*' THEN substr(s, 4)
        WHEN s GLOB '00*' THEN substr(s, 3)
        ELSE s
      END AS n
    FROM (
      SELECT id, replace(replace(replace(replace(replace(replace(replace(replace(customer_phone, ' ', ''), char(9), ''), char(10), ''), char(13), ''), '-', ''), '.', ''), '(', ''), ')', '') AS s
      FROM orders
      WHERE customer_phone <> ''
    )
    WHERE length(s) > 1 AND substr(s, 1, 1) GLOB '[0-9+]' AND substr(s, 2) NOT GLOB '*[^0-9]*'
  )
) AS p
WHERE orders.id = p.id
  AND length(p.canonical) BETWEEN 9 AND 15
  AND p.canonical NOT GLOB '*[^0-9]*'
  AND p.canonical NOT GLOB '0*'
  AND orders.customer_phone <> p.canonical;
