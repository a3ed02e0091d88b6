-- Custom SQL migration file (issue 14): the sale detail ordered by profit walks sale_item_profit_idx from the top
-- and probes each line's sale for the filter (a month: about 3,700 entries for page 5 at 1M lines). With the
-- sale id in the leaf the walk reads the index alone instead of every line's heap row (PGlite, 1M lines:
-- 12 -> 1 ms of the page's 68 ms).
DROP INDEX IF EXISTS "sale_item_profit_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sale_item_profit_idx" ON "sale_item" USING btree ("profit", "id") INCLUDE ("sale_id");
