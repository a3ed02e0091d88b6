-- Sale list (GET /api/sale/, DESIGN section 6: a page over 1M sales under 50 ms p95). Each index serves a
-- filter with the list's `id` tie-break, so a page reads 50 index entries instead of sorting the filtered set.
-- The expressions must stay written as in src/server/modules/sale/sale.lists.ts (saleList).
CREATE INDEX IF NOT EXISTS "sale_branch_id_idx" ON "sale" USING btree ("branch_id", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sale_input_date_idx" ON "sale" USING btree ("input_date", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sale_net_price_idx" ON "sale" USING btree (("total_price" - "discount"), "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sale_payment_status_idx" ON "sale" USING btree ((case when "paid_amount" >= ("total_price" - "discount") then 'paid' when "paid_amount" > 0 then 'partial_paid' else 'unpaid' end), "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sale_invoice_no_text_idx" ON "sale" USING btree (("invoice_no"::text) text_pattern_ops);
