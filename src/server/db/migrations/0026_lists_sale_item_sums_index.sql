-- Custom SQL migration file (issues 14 and 16): the sale detail report's totals/ over a date range reads the
-- lines of the range's sales through sale_item_sums_idx, made by 0025 with the columns these sums read
-- (quantity, discount, total_price, cost_price) in the leaf: each sale's lines an index-only scan, so the
-- planner takes a nested loop from the sales instead of a hash join over every line of the table (1M lines
-- for a month's 68k). Kept here, a no-op where 0025 ran, so that the list's sums never lose it.
CREATE INDEX IF NOT EXISTS "sale_item_sums_idx" ON "sale_item" USING btree ("sale_id") INCLUDE ("item_id", "quantity", "discount", "total_price", "cost_price");
