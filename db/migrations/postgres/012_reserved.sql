-- 012: PLACEHOLDER of the push branch (issue #43) for the number another branch reserved.
-- Drop this file and its line in index.ts when that branch's 012 lands; it does nothing.
SELECT 1;
