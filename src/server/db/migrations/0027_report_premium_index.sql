-- Custom SQL migration file (issue 14 dashboard): the installment sales. The dashboard's installments card and
-- the sale-premium report read the installment sales (is_premium, not deleted) in date order: without an
-- index that is a scan of every sale (333k at 1M sale lines: 600 ms cold on PGlite) for the few that are.
CREATE INDEX IF NOT EXISTS "sale_premium_idx" ON "sale" USING btree ("input_date", "id") WHERE "is_premium" AND "deleted_at" IS NULL;
